package cli

import (
	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/techniques"
)

func configCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "config",
		Usage: "print the configuration: the built-in config.yaml, or it with --config's file on top",
		Description: `Without --config, prints the built-in config.yaml with its comments; copy it,
edit it, and pass it to any command with --config FILE: keys you leave out
keep their built-in values. With --config, checks the file (unknown keys,
unknown techniques or formats, wrong types and levels out of order are
errors that name the line) and prints the merged result.

Examples:
   sudokit config -o my.yaml
   sudokit config --config my.yaml
   sudokit grade --config my.yaml testdata/puzzles/norvig-easy50.txt`,
		Flags: []ucli.Flag{configFlag(), outputFlag()},
		Action: func(c *ucli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			cfg, err := loadConfig(c)
			if err != nil {
				return err
			}
			data := config.DefaultYAML()
			if c.IsSet("config") {
				if data, err = cfg.Marshal(); err != nil {
					return err
				}
			}
			return writeAll(newSession(c), c.String("output"), data)
		},
	}
}

func techniquesCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "techniques",
		Usage: "list the techniques: the keys config.yaml, --require and the usage tables use, names, SE ratings",
		Description: `Lists every technique once, in the order Sudoku Explainer tries them when
rating, then the extras (techniques beyond SE's, which never change the
rating): its key (the name config.yaml, generate --require, the usage tables,
--explain and JSON use), its name, its family, its ratings on SE's scale,
where it comes from (SE, SukE: Sukaku Explainer's two for non-consecutive,
extra), the rules it applies under (all: classic, every variant and jigsaw;
classic; non-consecutive), whether it is on in the configuration, and the
other names its steps carry
(as --explain, the hardest technique and hints name them: "Turbot Fish" is a
forcing chain; a name followed by a variant, "Unique Rectangle type 2", is
not listed).

Formats: table (default), markdown, csv, json (one object per technique).

Examples:
   sudokit techniques
   sudokit techniques -f json
   sudokit techniques --config config.yaml`,
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "table", Usage: "output `FORMAT`: table, markdown, csv, json"},
			outputFlag(),
			configFlag(),
		},
		Action: func(c *ucli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			cfg, err := loadConfig(c)
			if err != nil {
				return err
			}
			on := map[string]bool{}
			for _, t := range techniques.All() {
				on[t.Key] = cfg.TechniqueOn(t.Key, t.SE)
			}
			s := newSession(c)
			dest, err := s.open(c.String("output"), false)
			if err != nil {
				return err
			}
			defer dest.abort()
			if err := export.WriteTechniques(dest, c.String("format"), techniques.All(), on); err != nil {
				return err
			}
			return dest.commit(true)
		},
	}
}
