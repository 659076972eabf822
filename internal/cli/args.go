package cli

import (
	"slices"
	"strings"

	ucli "github.com/urfave/cli/v2"
)

// interspersed moves a command's flags in front of its arguments, so that
// `sudokit grade puzzles.txt --summary` works: urfave/cli v2 stops reading
// flags at the first argument. A flag that takes a value keeps it; "--"
// ends the flags, and everything after it stays an argument.
func interspersed(app *ucli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	var cmd *ucli.Command
	i := 1
	for ; i < len(args); i++ {
		if !strings.HasPrefix(args[i], "-") || args[i] == "-" {
			cmd = app.Command(args[i])
			break
		}
	}
	// A command's subcommand (bank add) takes the flags.
	for cmd != nil && len(cmd.Subcommands) > 0 && i+1 < len(args) {
		sub := cmd.Command(args[i+1])
		if sub == nil {
			break
		}
		cmd, i = sub, i+1
	}
	if cmd == nil || cmd.SkipFlagParsing {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*ucli.BoolFlag)
		for _, name := range f.Names() {
			takesValue[name] = !isBool
		}
	}
	// --dedupe's value may be left out: it means exact.
	optional := map[string][]string{"dedupe": dedupeValues}
	out := append([]string(nil), args[:i+1]...)
	var positional []string
	rest := args[i+1:]
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		switch {
		case a == "--":
			positional = append(positional, rest[j+1:]...)
			j = len(rest)
		case a == "-" || !strings.HasPrefix(a, "-"):
			positional = append(positional, a)
		default:
			out = append(out, a)
			name := strings.TrimLeft(a, "-")
			if k := strings.IndexByte(name, '='); k >= 0 {
				continue // --flag=value
			}
			if values, ok := optional[name]; ok && takesValue[name] && (j+1 == len(rest) || !slices.Contains(values, rest[j+1])) {
				out[len(out)-1] += "=exact"
				continue
			}
			if takesValue[name] {
				if j+1 == len(rest) {
					// The last word is a flag that lacks its value: it
					// stays last, so that the parser says so.
					return out
				}
				j++
				out = append(out, rest[j])
			}
		}
	}
	if len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out
}
