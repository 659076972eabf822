package cli

import (
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/hint"
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
			return flagChoice{values: export.BookFormats(), closed: true}
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
	case "page-size":
		// And WxH in mm or in, which no list holds.
		return flagChoice{values: export.BookPapers}
	case "per-page":
		var out []string
		for _, n := range export.BookPerPage {
			out = append(out, strconv.Itoa(n))
		}
		return flagChoice{values: out, closed: true}
	case "output", "config", "pdf", "font", "from", "pattern":
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
	return usagef("--%s takes %s, not %q", name, orList(values), value)
}
