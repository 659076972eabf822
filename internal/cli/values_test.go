package cli

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/sudoku"
)

// openFlags take values that no list holds (numbers, durations, ranges,
// text), so completion offers none.
var openFlags = []string{"count", "rating", "clues", "seed", "start-index", "max-tries", "timeout", "budget", "workers",
	"title", "margin", "gutter", "bleed", "image-size", "dpi", "shard", "shard-from-env", "spec", "addr", "allow-host",
	"max-solutions", "cage-size", "givens"}

// TestCompletionValuesAreAccepted walks every flag of every command: a
// flag that takes a value offers values or file names unless it is open;
// every value it offers passes the command's checks (the command runs on
// an empty input, or generate with a 1 ms timeout, and no usage error
// comes back); and where the set is closed, a value it does not offer is
// refused with a usage error naming the flag.
func TestCompletionValuesAreAccepted(t *testing.T) {
	app := newApp(nil, io.Discard, io.Discard)
	dir := t.TempDir()
	checked := 0
	for _, cmd := range app.Commands {
		if cmd.Hidden || cmd.Name == "serve" {
			continue // serve would listen; its flags are open
		}
		for _, f := range cmd.Flags {
			if !takesValue(f) {
				continue
			}
			name := f.Names()[0]
			offered := completions(app, []string{cmd.Name, "--" + name, ""})
			if slices.Equal(offered, []string{":files"}) {
				continue
			}
			if len(offered) == 0 {
				if !slices.Contains(openFlags, name) {
					t.Errorf("%s --%s offers no value", cmd.Name, name)
				}
				continue
			}
			for _, v := range offered {
				if err := runWith(dir, cmd.Name, name, v); errors.Is(err, sudoku.ErrInvalid) {
					t.Errorf("%s --%s %s is offered but refused: %v", cmd.Name, name, v, err)
				}
				checked++
			}
			if choice := choiceOf(cmd.Name, name, config.Default()); choice.closed {
				err := runWith(dir, cmd.Name, name, "zz-not-offered")
				if !errors.Is(err, sudoku.ErrInvalid) || !strings.Contains(err.Error(), "zz-not-offered") {
					t.Errorf("%s --%s zz-not-offered: got %v, want a usage error naming the value", cmd.Name, name, err)
				}
			}
		}
	}
	if checked < 80 {
		t.Errorf("only %d values checked", checked)
	}
}

// runWith runs a command with one flag's value, and what the flag needs
// to be checked: a command that reads puzzles gets an empty input, generate
// a 1 ms timeout; the outputs go to files in dir.
func runWith(dir, command, flag, value string) error {
	args := []string{"sudokit", command, "--" + flag, value}
	if flag == "variant" && value == "jigsaw" {
		args = append(args, "--regions", filepath.Join("testdata", "puzzles", "variants", "jigsaw.regions"))
	}
	switch command {
	case "generate":
		args = append(args, "--timeout", "1ms", "-q", "-o", filepath.Join(dir, "out.txt"))
		if flag == "group-by" {
			args = append(args, "--summary")
		}
		switch flag {
		case "spread":
			args = append(args, "--level", "easy")
		case "per-page", "page-size":
			args = append(args, "--pdf", filepath.Join(dir, "book.pdf"))
		}
	case "grade":
		if flag == "group-by" {
			args = append(args, "--summary")
		}
	case "transform":
		if flag != "spec" && flag != "random" {
			args = append(args, "--random")
		}
	case "print":
		out := filepath.Join(dir, "book")
		if flag == "format" && (value == "svg" || value == "png") {
			out = dir + string(filepath.Separator)
		}
		args = append(args, "-o", out)
	}
	return Run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard)
}

// TestCompletionOffersVisibleNames: help completes the commands help
// lists (not the hidden __complete), and a command's flags leave out the
// hidden ones (hint's deprecated --level).
func TestCompletionOffersVisibleNames(t *testing.T) {
	app := newApp(nil, io.Discard, io.Discard)
	helpWords := completions(app, []string{"help", ""})
	if slices.Contains(helpWords, "__complete") || !slices.Contains(helpWords, "grade") || slices.Contains(helpWords, "--version") {
		t.Errorf("help completes %v", helpWords)
	}
	flags := completions(app, []string{"hint", "-"})
	if slices.Contains(flags, "--level") || slices.Contains(flags, "-l") || !slices.Contains(flags, "--depth") {
		t.Errorf("hint completes the flags %v", flags)
	}
}

// TestBadFlagValues walks every flag of every command: a value that does
// not parse, or no value at all, gets a usage error naming the flag with
// its dashes, the value and what the flag takes, never the flag package's
// "invalid value ... for flag -x: parse error".
func TestBadFlagValues(t *testing.T) {
	app := newApp(nil, io.Discard, io.Discard)
	for _, cmd := range app.Commands {
		if cmd.Hidden {
			continue
		}
		for _, f := range cmd.Flags {
			name := f.Names()[0]
			var args []string
			switch f.(type) {
			case *ucli.StringFlag, *ucli.StringSliceFlag:
				if name == "dedupe" {
					continue // its value may be left out
				}
				args = []string{cmd.Name, "--" + name} // no value
			case *ucli.BoolFlag:
				if name == "help" {
					continue
				}
				args = []string{cmd.Name, "--" + name + "=zz"}
			default:
				args = []string{cmd.Name, "--" + name, "zz"}
			}
			var stderr strings.Builder
			err := Run(context.Background(), append([]string{"sudokit"}, args...), strings.NewReader(""), io.Discard, &stderr)
			if !errors.Is(err, sudoku.ErrInvalid) {
				t.Errorf("%s: got %v, want a usage error", strings.Join(args, " "), err)
				continue
			}
			msg := err.Error()
			if strings.Contains(msg, "parse error") || strings.Contains(msg, "flag -") || !strings.Contains(msg, "--"+name) {
				t.Errorf("%s: %q", strings.Join(args, " "), msg)
			}
			if !strings.Contains(msg, "want ") && !strings.Contains(msg, "needs a value: ") {
				t.Errorf("%s: %q does not say what the flag takes", strings.Join(args, " "), msg)
			}
		}
	}
}
