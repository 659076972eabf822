package cli

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/hint"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// The closed sets of values that the command line checks itself; the
// library checks the others (formats, levels, symmetries, technique keys,
// paper sizes, hint depths). Each list is the one source of its flag's
// check, its completion and its messages.
var (
	methodValues  = []string{"auto", "random", "vicinity"}
	spreadValues  = []string{"natural", "even"}
	dedupeValues  = []string{"exact", "isomorphs"}
	groupByValues = []string{"level"}
)

// commandJobs are the commands whose -f takes the row formats of a job.
var commandJobs = map[string]export.Job{"solve": export.Solve, "grade": export.Grade, "generate": export.Generate,
	"hint": export.Hint, "canon": export.Canon}

// flagChoice is what may follow a flag: values to offer, of which nothing
// else is accepted when closed; a list separated by commas; or a file name.
type flagChoice struct {
	values []string
	closed bool
	list   bool
	files  bool
}

// choiceOf returns what the flag of the command takes; cfg gives the level
// names.
func choiceOf(command, flag string, cfg *config.Config) flagChoice {
	switch flag {
	case "format":
		switch command {
		case "print":
			return flagChoice{values: book.Formats(), closed: true}
		case "techniques":
			return flagChoice{values: export.TechniqueFormats, closed: true}
		}
		if job, ok := commandJobs[command]; ok {
			return flagChoice{values: export.Formats(job), closed: true}
		}
	case "level":
		if command == "hint" {
			return flagChoice{values: hint.Depths(), closed: true} // the deprecated spelling of --depth
		}
		return flagChoice{values: cfg.LevelNames(), closed: true}
	case "depth":
		return flagChoice{values: hint.Depths(), closed: true}
	case "symmetry":
		return flagChoice{values: generate.SymmetryNames(), closed: true}
	case "require":
		return flagChoice{values: techniques.Keys(), closed: true, list: true}
	case "method":
		return flagChoice{values: methodValues, closed: true}
	case "spread":
		return flagChoice{values: spreadValues, closed: true}
	case "dedupe":
		return flagChoice{values: dedupeValues, closed: true}
	case "group-by":
		return flagChoice{values: groupByValues, closed: true}
	case "combinations":
		return flagChoice{values: book.CombinationNames, closed: true}
	case "page-size":
		// And WxH in mm or in, which no list holds.
		return flagChoice{values: book.Papers}
	case "per-page":
		var out []string
		for _, n := range book.Layouts {
			out = append(out, strconv.Itoa(n))
		}
		return flagChoice{values: out, closed: true}
	case "variant":
		return flagChoice{values: variantNames(command == "solve" || command == "print"), closed: true, list: true}
	case "size":
		return flagChoice{values: sizeValues(), closed: true}
	case "box":
		return flagChoice{values: boxValues(), closed: true}
	case "alphabet":
		return flagChoice{values: []string{"1-9A-Z", "0-F"}, closed: true}
	case "symbols":
		return flagChoice{values: symbolsValues, closed: true}
	case "output", "config", "pdf", "font", "from", "pattern", "regions", "bank":
		return flagChoice{files: true}
	}
	return flagChoice{}
}

// orList writes values as "a", "a or b", "a, b or c".
func orList(values []string) string {
	if len(values) <= 1 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

// oneOf checks that a flag's value is one of values (when it is given).
func oneOf(name, value string, values []string) error {
	for _, v := range values {
		if v == value {
			return nil
		}
	}
	return sudoku.Invalidf("--%s takes %s, not %q", name, orList(values), value)
}

// The flag package's messages about a flag's value, which urfave/cli
// passes on: "invalid value "many" for flag -count: parse error",
// "invalid boolean value "x" for -quiet: parse error", "flag needs an
// argument: -budget".
var (
	flagBadValue  = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+): (.+)$`)
	flagNoValue   = regexp.MustCompile(`^flag needs an argument: -(\S+)$`)
	flagUsageName = regexp.MustCompile("`([^`]+)`")
)

// flagValueError rewrites the flag package's message about a flag's value
// as a usage error that names the flag as typed, the value, and what the
// flag takes: `invalid value "many" for --count: want a whole number such
// as 10`. ok is false for any other message.
func flagValueError(c *ucli.Context, msg string) (err error, ok bool) {
	if m := flagBadValue.FindStringSubmatch(msg); m != nil {
		want := flagWant(c, m[2])
		if m[3] == "value out of range" {
			return sudoku.Invalidf("invalid value %q for %s: out of range, want %s", m[1], dashes(m[2]), want), true
		}
		return sudoku.Invalidf("invalid value %q for %s: want %s", m[1], dashes(m[2]), want), true
	}
	if m := flagNoValue.FindStringSubmatch(msg); m != nil {
		return sudoku.Invalidf("%s needs a value: %s", dashes(m[1]), flagWant(c, m[1])), true
	}
	return nil, false
}

// flagWant says what the flag named name (as typed, without dashes) takes.
func flagWant(c *ucli.Context, name string) string {
	var flag ucli.Flag
	for _, f := range commandFlags(c) {
		if slices.Contains(f.Names(), name) {
			flag = f
		}
	}
	if flag == nil {
		return "a value"
	}
	command := ""
	if c.Command != nil {
		command = c.Command.Name
	}
	choice := choiceOf(command, flag.Names()[0], config.Default())
	switch {
	case choice.files:
		return "a file name"
	case len(choice.values) > 0 && choice.closed:
		return orList(choice.values)
	}
	switch flag.(type) {
	case *ucli.IntFlag, *ucli.Int64Flag:
		return "a whole number such as 10"
	case *ucli.UintFlag, *ucli.Uint64Flag:
		return "a whole number, 0 or more, such as 42"
	case *ucli.Float64Flag:
		return "a number such as 0.5"
	case *ucli.DurationFlag:
		return "a duration such as 10s, 1m30s or 500ms"
	case *ucli.BoolFlag:
		return "true or false, or no value"
	}
	if d, ok := flag.(ucli.DocGenerationFlag); ok {
		if m := flagUsageName.FindStringSubmatch(d.GetUsage()); m != nil {
			return fmt.Sprintf("%s (see sudokit %s --help)", m[1], command)
		}
	}
	return "a value"
}
