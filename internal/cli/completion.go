package cli

import (
	"fmt"
	"slices"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/sudoku"
)

// The shell scripts ask the hidden __complete command for the words that
// may come next; it knows the commands, their flags and the values those
// take, from the tables the flags' checks use (choiceOf). A first line
// ":files" asks the shell to complete file names instead.
var completionScripts = map[string]string{
	"bash": `# bash completion for sudokit: source <(sudokit completion bash)
_sudokit() {
	local cur="${COMP_WORDS[COMP_CWORD]}"
	local IFS=$'\n'
	local out=($(sudokit __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
	if [[ "${out[0]}" == ":files" ]]; then
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
	else
		COMPREPLY=("${out[@]}")
	fi
}
complete -F _sudokit sudokit
`,
	"zsh": `#compdef sudokit
# zsh completion for sudokit: source <(sudokit completion zsh), or save it as
# _sudokit in a directory of $fpath.
_sudokit() {
	local -a out
	out=("${(@f)$(sudokit __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
	if [[ "${out[1]}" == ":files" ]]; then
		_files
	else
		compadd -- "${out[@]}"
	fi
}
if [[ "${funcstack[1]}" == "_sudokit" ]]; then
	_sudokit "$@"
else
	compdef _sudokit sudokit
fi
`,
	"fish": `# fish completion for sudokit: sudokit completion fish | source, or save it
# as ~/.config/fish/completions/sudokit.fish
function __sudokit_complete
	set -l words (commandline -opc) (commandline -ct)
	set -l out (sudokit __complete $words[2..-1] 2>/dev/null)
	if test "$out[1]" = ":files"
		__fish_complete_path (commandline -ct)
	else
		printf '%s\n' $out
	end
end
complete -c sudokit -f -a '(__sudokit_complete)'
`,
}

func completionCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script: bash, zsh or fish",
		ArgsUsage: "bash|zsh|fish",
		Description: `Prints a script that completes sudokit's commands, flags and flag values
(formats, levels, hint depths, symmetries, methods, technique keys, paper
sizes, ...) and file names.

Examples:
   sudokit completion bash > sudokit.bash   # then: source sudokit.bash, in ~/.bashrc
   sudokit completion zsh > _sudokit        # then: put _sudokit in a directory of $fpath
   sudokit completion fish > sudokit.fish   # then: move it to ~/.config/fish/completions/`,
		Action: func(c *ucli.Context) error {
			if c.NArg() != 1 {
				return sudoku.Invalidf("completion takes one shell: bash, zsh or fish")
			}
			script, ok := completionScripts[c.Args().First()]
			if !ok {
				return sudoku.Invalidf("no completion for %q: want bash, zsh or fish", c.Args().First())
			}
			_, err := fmt.Fprint(c.App.Writer, script)
			return err
		},
	}
}

// completeCommand is the hidden command the scripts call: its arguments
// are the words of the command line after "sudokit", the last being the
// word under completion.
func completeCommand() *ucli.Command {
	return &ucli.Command{
		Name:            "__complete",
		Hidden:          true,
		SkipFlagParsing: true,
		// Its arguments are the words being completed: "help" among
		// them is not a request for this command's help.
		HideHelp: true,
		Action: func(c *ucli.Context) error {
			for _, w := range completions(c.App, c.Args().Slice()) {
				fmt.Fprintln(c.App.Writer, w)
			}
			return nil
		},
	}
}

// completions returns the words that may replace the last of words.
func completions(app *ucli.App, words []string) []string {
	if len(words) == 0 {
		words = []string{""}
	}
	cur := words[len(words)-1]
	var cmd *ucli.Command
	for i, w := range words[:len(words)-1] {
		if !strings.HasPrefix(w, "-") {
			cmd = app.Command(w)
			// A command of subcommands (bank): the subcommand named next,
			// else their names.
			for cmd != nil && len(cmd.Subcommands) > 0 {
				if i+1 == len(words)-1 {
					var names []string
					for _, sub := range cmd.Subcommands {
						if !sub.Hidden && sub.Name != "help" {
							names = append(names, sub.Name)
						}
					}
					return withPrefix(names, cur)
				}
				sub := cmd.Command(words[i+1])
				if sub == nil {
					return nil
				}
				cmd, i = sub, i+1
			}
			break
		}
	}
	if cmd == nil {
		return withPrefix(append(visibleCommands(app), "--help", "--version"), cur)
	}
	if len(words) >= 2 {
		if f := flagNamed(cmd, words[len(words)-2]); f != nil && takesValue(f) {
			return flagValues(cmd, f, words, cur)
		}
	}
	if strings.HasPrefix(cur, "-") {
		var out []string
		for _, f := range cmd.Flags {
			if hidden(f) {
				continue
			}
			for _, n := range f.Names() {
				out = append(out, dashes(n))
			}
		}
		return withPrefix(append(out, "--help"), cur)
	}
	switch cmd.Name {
	case "completion":
		return withPrefix([]string{"bash", "fish", "zsh"}, cur)
	case "help":
		return withPrefix(visibleCommands(app), cur)
	case "solve", "grade", "print":
		return []string{":files"}
	}
	return nil
}

// visibleCommands names the commands that help lists.
func visibleCommands(app *ucli.App) []string {
	var out []string
	for _, c := range app.Commands {
		if !c.Hidden {
			out = append(out, c.Name)
		}
	}
	return out
}

// flagNamed returns the command's flag written as word (-f, --format).
func flagNamed(cmd *ucli.Command, word string) ucli.Flag {
	name := strings.TrimLeft(word, "-")
	if name == "" || !strings.HasPrefix(word, "-") || strings.Contains(name, "=") {
		return nil
	}
	for _, f := range cmd.Flags {
		if slices.Contains(f.Names(), name) {
			return f
		}
	}
	return nil
}

func takesValue(f ucli.Flag) bool {
	_, isBool := f.(*ucli.BoolFlag)
	return !isBool
}

// hidden reports whether a flag is left out of help and completion (a
// deprecated spelling).
func hidden(f ucli.Flag) bool {
	v, ok := f.(ucli.VisibleFlag)
	return ok && !v.IsVisible()
}

// flagValues completes the value of flag f: the values choiceOf gives,
// the same that the flag's check accepts, with the level names of
// --config's file when the words give one.
func flagValues(cmd *ucli.Command, f ucli.Flag, words []string, cur string) []string {
	cfg := config.Default()
	for i, w := range words[:len(words)-1] {
		if w == "--config" && i+1 < len(words)-1 {
			if c, err := config.Load(words[i+1], config.Schema{}); err == nil {
				cfg = c
			}
		}
	}
	choice := choiceOf(cmd.Name, f.Names()[0], cfg)
	if choice.files {
		return []string{":files"}
	}
	if !choice.list {
		return withPrefix(choice.values, cur)
	}
	// A list separated by commas: complete its last item.
	done, last := "", cur
	if i := strings.LastIndexByte(cur, ','); i >= 0 {
		done, last = cur[:i+1], cur[i+1:]
	}
	var out []string
	for _, v := range withPrefix(choice.values, last) {
		out = append(out, done+v)
	}
	return out
}

// withPrefix keeps the words that start with prefix.
func withPrefix(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	return out
}
