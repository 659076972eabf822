package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

// killerFlags are generate's flags for killers.
func killerFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "cage-size", Usage: "with --variant killer: cages of `MIN-MAX` cells (1 allows cages of one cell)", DefaultText: "2-6; 1-4 with --size 4, 6 or 8"},
		&ucli.IntFlag{Name: "givens", Usage: "with --variant killer: give `N` cells their digit", DefaultText: "none"},
	}
}

// killerGenerate reports whether generate makes killers: --variant names
// killer.
func killerGenerate(c *ucli.Context) bool {
	for name := range strings.SplitSeq(c.String("variant"), ",") {
		if strings.TrimSpace(name) == "killer" {
			return true
		}
	}
	return false
}

// killerFlagsAllowed are the flags that go with --variant killer.
var killerFlagsAllowed = map[string]bool{
	"level": true, "rating": true, "budget": true,
	"variant": true, "cage-size": true, "givens": true, "count": true, "seed": true, "format": true, "output": true,
	"with-solution": true, "dedupe": true, "workers": true, "start-index": true, "max-tries": true, "timeout": true,
	"quiet": true, "config": true,
}

// killerRun is what runGenerateKiller reads from its flags.
type killerRun struct {
	opt    generate.KillerOptions
	run    generate.RunOptions
	format string
	seed   uint64
	// target is --level or --rating: the killers kept are graded by the
	// killer techniques of cfg (generate.GradedKillers).
	target generate.KillerTarget
	cfg    *config.Config
}

// readKiller reads and checks the flags of generate --variant killer.
func readKiller(c *ucli.Context) (*killerRun, error) {
	if err := noArgs(c); err != nil {
		return nil, err
	}
	if c.IsSet("level") && c.IsSet("rating") {
		return nil, sudoku.Invalidf("--level and --rating: give one")
	}
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if c.IsSet(name) && !killerFlagsAllowed[name] {
			return nil, sudoku.Invalidf("--%s does not go with --variant killer: killers take --level or --rating, --cage-size, --givens, --count, --seed, --format line|json, --with-solution, --workers and the run's flags", name)
		}
	}
	cfg, err := loadConfig(c)
	if err != nil {
		return nil, err
	}
	var names []string
	for name := range strings.SplitSeq(c.String("variant"), ",") {
		if name = strings.TrimSpace(name); name != "killer" {
			names = append(names, name)
		}
	}
	if slices.Contains(names, "jigsaw") {
		return nil, sudoku.Invalidf("--variant %s: jigsaw killers are not made yet", c.String("variant"))
	}
	base, err := sudoku.ParseRules(strings.Join(names, ","), "")
	if err != nil {
		return nil, fmt.Errorf("--variant: %w", err)
	}
	r := &killerRun{format: formatOf(c, cfg.Output.Generate), seed: c.Uint64("seed")}
	if r.format != "line" && r.format != "json" {
		if c.IsSet("format") {
			return nil, sudoku.Invalidf("--format %s does not go with --variant killer: killers are written as line or json", r.format)
		}
		r.format = "line"
	}
	if !c.IsSet("seed") {
		r.seed = uint64(time.Now().UnixNano())
	}
	r.opt = generate.KillerOptions{Rules: base, Seed: r.seed, Givens: c.Int("givens"), MaxTries: c.Int("max-tries")}
	if c.IsSet("cage-size") {
		if r.opt.MinCage, r.opt.MaxCage, err = generate.ParseCageSize(c.String("cage-size")); err != nil {
			return nil, fmt.Errorf("--cage-size: %w", err)
		}
	}
	if g := r.opt.Givens; g < 0 || g > 80 {
		return nil, sudoku.Invalidf("--givens %d: a killer has 0 to 80 givens", g)
	}
	count, err := positive(c, "count")
	if err != nil {
		return nil, err
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return nil, err
	}
	if _, err := positive(c, "max-tries"); err != nil {
		return nil, err
	}
	if c.Duration("timeout") < 0 {
		return nil, sudoku.Invalidf("--timeout must not be negative")
	}
	start := c.Int("start-index")
	if start < 0 {
		return nil, sudoku.Invalidf("--start-index must not be negative, got %d", start)
	}
	if c.IsSet("dedupe") && c.String("dedupe") != "exact" && c.String("dedupe") != "" {
		return nil, sudoku.Invalidf("--dedupe %s does not go with --variant killer: killers are deduplicated exactly (--dedupe exact)", c.String("dedupe"))
	}
	r.run = generate.RunOptions{Count: count, Workers: workers, Start: start, Dedupe: c.IsSet("dedupe")}
	if c.IsSet("level") {
		r.target.Level = c.String("level")
	}
	if c.IsSet("rating") {
		r.target.Rating = c.String("rating")
	}
	if _, err := generate.KillerBand(cfg, r.target); err != nil {
		if c.IsSet("level") {
			return nil, fmt.Errorf("--level: %w", err)
		}
		return nil, fmt.Errorf("--rating: %w", err)
	}
	r.cfg = cfg
	return r, nil
}

// runGenerateKiller makes killers (generate --variant killer) and writes
// them as lines or JSON rows, which solve reads back.
func runGenerateKiller(c *ucli.Context) error {
	r, err := readKiller(c)
	if err != nil {
		return err
	}
	gen, err := generate.GradedKillers(r.cfg, r.opt, r.target)
	if err != nil {
		return err
	}
	s := newSession(c)
	if !c.IsSet("seed") {
		s.note("--seed %d", r.seed) // the seed drawn: it makes the same puzzles again
	}
	return writeGenerated(s, r.run, gen.Tries, gen.Run, func(p generate.KillerPuzzle) (string, error) {
		return r.row(p, c.Bool("with-solution"))
	}, "raise --max-tries or widen --cage-size")
}

// killerCage is a cage in a killer's JSON row, as solve reads it.
type killerCage struct {
	Sum   int      `json:"sum"`
	Cells []string `json:"cells"`
}

// killerRow is the JSON row of a killer.
type killerRow struct {
	Seed     uint64       `json:"seed"`
	Index    int          `json:"index"`
	Puzzle   string       `json:"puzzle"`
	Solution string       `json:"solution,omitempty"`
	Variant  []string     `json:"variant"`
	Cages    []killerCage `json:"cages"`
	Givens   int          `json:"givens"`
	Status   string       `json:"status,omitempty"`
	ER       string       `json:"er,omitempty"`
	EP       string       `json:"ep,omitempty"`
	ED       string       `json:"ed,omitempty"`
	Level    string       `json:"level,omitempty"`
	Tries    int          `json:"tries"`
}

// row writes a killer as a line (the givens, the solution when asked, the
// rules' label "variant=killer cages=ARROWS" and seed:index) or as a JSON
// row.
func (r *killerRun) row(p generate.KillerPuzzle, withSolution bool) (string, error) {
	graded := p.Result
	if r.format == "json" {
		row := killerRow{Seed: p.Seed, Index: p.Index, Puzzle: p.Grid.String(), Variant: p.Rules.Variants(), Givens: p.Grid.Givens(), Tries: p.Tries}
		if graded != nil {
			se := graded.SE()
			row.Status, row.ER, row.EP, row.ED, row.Level = graded.Status.String(), se.ER.String(), se.EP.String(), se.ED.String(), graded.Level
		}
		if withSolution {
			row.Solution = p.Solution.String()
		}
		for _, cage := range p.Rules.Cages() {
			k := killerCage{Sum: cage.Sum}
			for _, c := range cage.Cells {
				k.Cells = append(k.Cells, sudoku.CellName(c))
			}
			row.Cages = append(row.Cages, k)
		}
		b, err := json.Marshal(row)
		return string(b) + "\n", err
	}
	fields := []string{p.Grid.String()}
	if withSolution {
		fields = append(fields, p.Solution.String())
	}
	fields = append(fields, p.Rules.Label())
	if graded != nil {
		fields = append(fields, "ED="+graded.SE().String(), graded.Level)
	}
	fields = append(fields, fmt.Sprintf("%d:%d", p.Seed, p.Index))
	return strings.Join(fields, " ") + "\n", nil
}
