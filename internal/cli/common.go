package cli

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	ucli "github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// The flags several commands share are built by these functions, fresh
// for each command, so that one flag means the same everywhere.

func formatFlag(job export.Job, def string) *ucli.StringFlag {
	f := &ucli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: def,
		Usage: "output `FORMAT`: " + strings.Join(export.Formats(job), ", "), DefaultText: def}
	if configuredFormat(job) {
		f.DefaultText = def + ", or output." + job.String() + " in config.yaml"
	}
	return f
}

// builtinConfig is the built-in configuration, parsed once: the flags of
// several commands read it as the app is built, and each parse costs about
// half a millisecond. Read it, never change it.
var builtinConfig = sync.OnceValue(config.Default)

// configuredFormat reports whether config.yaml holds a default format for
// the job's command: output.solve, output.grade and output.generate.
func configuredFormat(job export.Job) bool {
	out := builtinConfig().Output
	return map[export.Job]string{export.Solve: out.Solve, export.Grade: out.Grade, export.Generate: out.Generate}[job] != ""
}

func outputFlag() *ucli.StringFlag {
	return &ucli.StringFlag{Name: "output", Aliases: []string{"o"}, TakesFile: true,
		Usage: "write the rows to `FILE` (- for standard output); the file appears whole, and an interrupted run keeps the rows done"}
}

func configFlag() *ucli.StringFlag {
	return &ucli.StringFlag{Name: "config", TakesFile: true,
		Usage: "read settings from `FILE`, on top of the built-in config.yaml (sudokit config prints it)"}
}

func workersFlag(what string) *ucli.IntFlag {
	return &ucli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(),
		Usage: what + " on `N` goroutines (the output order stays the input order)", DefaultText: "all cores"}
}

func budgetFlag() *ucli.DurationFlag {
	return &ucli.DurationFlag{Name: "budget",
		Usage:       "`DURATION` allowed to grade one puzzle, such as 10s (0: no limit); a puzzle over it is reported, not rated",
		DefaultText: "budget in config.yaml, " + seconds(builtinConfig().Budget)}
}

// seconds writes a duration as config.yaml does: "60s", "0.5s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

func quietFlag() *ucli.BoolFlag {
	return &ucli.BoolFlag{Name: "quiet", Aliases: []string{"q"},
		Usage: "print nothing on standard error but errors: no progress bar, no notes"}
}

func summaryFlag(what string) *ucli.BoolFlag {
	return &ucli.BoolFlag{Name: "summary",
		Usage: "print the batch summary (" + what + ") on standard output instead of the rows; the rows still go to -o FILE (-o - for both)"}
}

// groupByFlag is --group-by; its usage names the one value, `level`.
func groupByFlag(usage string) *ucli.StringFlag {
	return &ucli.StringFlag{Name: "group-by", Usage: usage}
}

// schema is what a configuration may name: the techniques of the registry
// and the commands' formats.
func schema() config.Schema {
	return config.Schema{Techniques: techniques.Keys(), Formats: map[string][]string{
		"solve": export.Formats(export.Solve), "grade": export.Formats(export.Grade), "generate": export.Formats(export.Generate)}}
}

// loadConfig returns the configuration of the command: the built-in one
// with --config's file on top, and --budget when given.
func loadConfig(c *ucli.Context) (*config.Config, error) {
	cfg, err := config.Load(c.String("config"), schema())
	if err != nil {
		return nil, err
	}
	if c.IsSet("budget") {
		if cfg.Budget = c.Duration("budget"); cfg.Budget < 0 {
			return nil, sudoku.Invalidf("--budget must not be negative")
		}
	}
	return cfg, nil
}

// formatOf returns the output format: --format, else the configured
// default of the command. A shard, whose rows go to a merge, writes line
// where that default is the table (which does not split).
func formatOf(c *ucli.Context, configured string) string {
	if c.IsSet("format") {
		return c.String("format")
	}
	format := c.String("format")
	if configured != "" {
		format = configured
	}
	if format == "table" && (c.IsSet("shard") || c.IsSet("shard-from-env")) {
		return "line"
	}
	return format
}

// positive reads an int flag that must be at least 1.
func positive(c *ucli.Context, name string) (int, error) {
	n := c.Int(name)
	if n < 1 {
		return 0, sudoku.Invalidf("--%s must be at least 1, got %d", name, n)
	}
	return n, nil
}

// groupByLevel reads --group-by, whose only value is "level".
func groupByLevel(c *ucli.Context) (bool, error) {
	if !c.IsSet("group-by") {
		return false, nil
	}
	return true, oneOf("group-by", c.String("group-by"), groupByValues)
}

// isTerminal reports whether w is a terminal (a character device that
// answers terminal requests; /dev/null does not).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// terminalWidth is the width of w when it is a terminal, else 0.
func terminalWidth(w any) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return width
}
