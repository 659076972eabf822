// Package config reads sudokit's configuration: named difficulty levels,
// which techniques are on, the time budget per puzzle, and output defaults.
// The default, config.yaml, is built into the package (the repository's
// top-level config.yaml is a link to it). Decoding is strict: an unknown
// key, a wrong type or an inconsistent value is an error that names the
// file and line.
package config

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/suggest"
)

// defaultYAML is config.yaml, built into the binary so that sudokit runs
// without any file.
//
//go:embed config.yaml
var defaultYAML []byte

// DefaultName names the built-in configuration in messages.
const DefaultName = "built-in config.yaml"

// Config is the whole configuration.
type Config struct {
	Levels []Level `yaml:"levels"`
	// Sizes holds the levels of the other sizes than 9x9, by size ("4",
	// "16"): see AtSize.
	Sizes map[string]SizeLevels `yaml:"sizes,omitempty"`
	// Killer holds the levels of killers, whose ratings come from the
	// killer techniques: the same names as Levels, bands of their own
	// (none: killers take Levels).
	Killer     Killer          `yaml:"killer"`
	Techniques map[string]bool `yaml:"techniques"`
	// Budget bounds the time spent grading one puzzle; a puzzle over it is
	// reported as not rated (0: no limit).
	Budget time.Duration `yaml:"budget"`
	Output Output        `yaml:"output"`
}

// Level is a named band of the SE rating: every ER up to Max (the last level
// may omit Max: it takes everything harder).
type Level struct {
	Name string         `yaml:"name"`
	Max  *sudoku.Rating `yaml:"max,omitempty"`
}

// Killer is the configuration of killers: their level table.
type Killer struct {
	Levels []Level `yaml:"levels"`
}

// SizeLevels holds the levels of one size other than 9x9: a 4x4 "hard" is
// not a 9x9 "hard", since what a generator reaches at each size differs.
type SizeLevels struct {
	Levels []Level `yaml:"levels"`
}

// Output holds each command's default output format.
type Output struct {
	Solve    string `yaml:"solve,omitempty"`
	Grade    string `yaml:"grade,omitempty"`
	Generate string `yaml:"generate,omitempty"`
}

// Schema lists the names a configuration may use beyond its own keys: the
// technique keys, and the output formats of each command (under output).
// A nil list is not checked.
type Schema struct {
	Techniques []string
	Formats    map[string][]string // "solve", "grade", "generate"
}

// Error is a configuration problem at a place in a file. It is of kind
// sudoku.ErrInvalid.
type Error struct {
	File string
	Line int // 0 when unknown
	Msg  string
	// Err is the kind of problem when a caller may sort on it
	// (ErrUnknownTechnique), else nil.
	Err error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Is makes every Error of kind sudoku.ErrInvalid.
func (e *Error) Is(target error) bool { return target == sudoku.ErrInvalid }

// Unwrap returns the kind of problem, if any.
func (e *Error) Unwrap() error { return e.Err }

// ErrUnknownTechnique is wrapped by the errors about a technique key that
// is not one of the known keys: in a configuration file (an *Error), in
// grade.New, in a generate target. It is of kind sudoku.ErrInvalid. The
// faces add where the keys are listed.
var ErrUnknownTechnique = sudoku.Invalidf("unknown technique")

// UnknownTechnique is the error of a technique key that is not one of
// known: `unknown technique "x-wingg" (did you mean "x-wing"?)`.
func UnknownTechnique(key string, known []string) error {
	if near := suggest.Nearest(key, known); near != "" {
		return fmt.Errorf("%w %q (did you mean %q?)", ErrUnknownTechnique, key, near)
	}
	return fmt.Errorf("%w %q", ErrUnknownTechnique, key)
}

// DefaultYAML returns the built-in config.yaml, comments included.
func DefaultYAML() []byte { return slices.Clone(defaultYAML) }

// Default returns the built-in configuration. It panics if the built-in
// file is broken, which the package's tests rule out.
func Default() *Config {
	cfg, err := Parse(defaultYAML, DefaultName, nil, Schema{})
	if err != nil {
		panic(err)
	}
	return cfg
}

// Load returns the built-in configuration with the file at path on top
// ("" for none), checked against schema. Its errors, a file that does not
// read included, are of kind sudoku.ErrInvalid.
func Load(path string, schema Schema) (*Config, error) {
	base, err := Parse(defaultYAML, DefaultName, nil, schema)
	if err != nil {
		return nil, err
	}
	if path == "" {
		return base, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, sudoku.Invalidf("config: %w", err)
	}
	return Parse(data, path, base, schema)
}

// keys lists the keys each mapping of the file may hold.
var keys = map[string][]string{
	"":       {"levels", "killer", "techniques", "budget", "output", "sizes"},
	"sizes":  {"levels"},
	"levels": {"name", "max"},
	"killer": {"levels"},
	"output": {"solve", "grade", "generate"},
}

// Parse decodes data (named file in errors) on top of base, which may be
// nil: maps merge key by key, lists and scalars given in data replace base's.
func Parse(data []byte, file string, base *Config, schema Schema) (*Config, error) {
	cfg := &Config{Techniques: map[string]bool{}}
	if base != nil {
		cfg.Levels = slices.Clone(base.Levels)
		for k, v := range base.Techniques {
			cfg.Techniques[k] = v
		}
		cfg.Output = base.Output
		cfg.Budget = base.Budget
		cfg.Sizes = maps.Clone(base.Sizes)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(file, err)
	}
	if len(root.Content) == 0 { // empty file: nothing to change
		return cfg, cfg.validate(file, nil, schema)
	}
	doc := root.Content[0]
	if err := checkKeys(file, doc, schema); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var levels []Level
	var sizes map[string]SizeLevels
	var killer Killer
	over := struct {
		Levels     *[]Level               `yaml:"levels"`
		Killer     *Killer                `yaml:"killer"`
		Techniques map[string]bool        `yaml:"techniques"`
		Budget     *time.Duration         `yaml:"budget"`
		Output     *Output                `yaml:"output"`
		Sizes      *map[string]SizeLevels `yaml:"sizes"`
	}{Levels: &levels, Killer: &killer, Techniques: cfg.Techniques, Output: &cfg.Output, Budget: &cfg.Budget, Sizes: &sizes}
	if err := dec.Decode(&over); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlError(file, err)
	}
	if levels != nil {
		cfg.Levels = levels
		if killer.Levels == nil && !slices.Equal(levelNames(cfg.Killer.Levels), levelNames(levels)) {
			// New levels without killer levels of their names: killers
			// take the new levels.
			cfg.Killer.Levels = nil
		}
	}
	if killer.Levels != nil {
		cfg.Killer.Levels = killer.Levels
	}
	for size, l := range sizes { // a size given replaces that size's levels
		if cfg.Sizes == nil {
			cfg.Sizes = map[string]SizeLevels{}
		}
		cfg.Sizes[size] = l
	}
	return cfg, cfg.validate(file, doc, schema)
}

// yamlError turns a yaml.v3 error ("yaml: line 3: ...") into an *Error.
func yamlError(file string, err error) error {
	var te *yaml.TypeError
	msg := err.Error()
	if errors.As(err, &te) {
		msg = strings.Join(te.Errors, "; ")
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	line := 0
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
	}
	return &Error{File: file, Line: line, Msg: msg}
}

// child returns the value node of key in a mapping node, or nil.
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// checkKeys reports the first key the file may not hold, with the keys it
// may, before the decoder sees it (its own message names a Go type).
func checkKeys(file string, doc *yaml.Node, schema Schema) error {
	unknown := func(k *yaml.Node, where string, known []string) error {
		msg := fmt.Sprintf("unknown key %q%s", k.Value, where)
		if near := suggest.Nearest(k.Value, known); near != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", near)
		}
		return &Error{File: file, Line: k.Line, Msg: msg + "; known keys: " + strings.Join(known, ", ")}
	}
	check := func(n *yaml.Node, where string, known []string) error {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; !slices.Contains(known, k.Value) {
				return unknown(k, where, known)
			}
		}
		return nil
	}
	if err := check(doc, "", keys[""]); err != nil {
		return err
	}
	if l := child(doc, "levels"); l != nil && l.Kind == yaml.SequenceNode {
		for _, item := range l.Content {
			if err := check(item, " in a level", keys["levels"]); err != nil {
				return err
			}
		}
	}
	if s := child(doc, "sizes"); s != nil && s.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(s.Content); i += 2 {
			where := fmt.Sprintf(" under sizes.%s", s.Content[i].Value)
			if err := check(s.Content[i+1], where, keys["sizes"]); err != nil {
				return err
			}
			if l := child(s.Content[i+1], "levels"); l != nil && l.Kind == yaml.SequenceNode {
				for _, item := range l.Content {
					if err := check(item, " in a level"+where, keys["levels"]); err != nil {
						return err
					}
				}
			}
		}
	}
	killer := child(doc, "killer")
	if err := check(killer, " under killer", keys["killer"]); err != nil {
		return err
	}
	if l := child(killer, "levels"); l != nil && l.Kind == yaml.SequenceNode {
		for _, item := range l.Content {
			if err := check(item, " in a killer level", keys["levels"]); err != nil {
				return err
			}
		}
	}
	if err := check(child(doc, "output"), " under output", keys["output"]); err != nil {
		return err
	}
	if t := child(doc, "techniques"); t != nil && schema.Techniques != nil && t.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(t.Content); i += 2 {
			k := t.Content[i]
			if slices.Contains(schema.Techniques, k.Value) {
				continue
			}
			err := UnknownTechnique(k.Value, schema.Techniques)
			return &Error{File: file, Line: k.Line, Msg: err.Error(), Err: ErrUnknownTechnique}
		}
	}
	return nil
}

// validate checks the values: at least one level, names unique and
// non-empty, maxima increasing, only the last without a max; a budget that
// is not negative; output formats the commands know.
func (c *Config) validate(file string, doc *yaml.Node, schema Schema) error {
	line := func(n *yaml.Node) int {
		if n == nil {
			return 0
		}
		return n.Line
	}
	if err := validateLevels(file, "levels", c.Levels, child(doc, "levels")); err != nil {
		return err
	}
	if c.Budget < 0 {
		return &Error{File: file, Line: line(child(doc, "budget")), Msg: "budget must not be negative"}
	}
	if err := c.validateSizes(file, child(doc, "sizes")); err != nil {
		return err
	}
	if err := c.validateKiller(file, child(doc, "killer")); err != nil {
		return err
	}
	for _, o := range []struct{ cmd, format string }{{"solve", c.Output.Solve}, {"grade", c.Output.Grade}, {"generate", c.Output.Generate}} {
		known := schema.Formats[o.cmd]
		if o.format == "" || known == nil || slices.Contains(known, o.format) {
			continue
		}
		return &Error{File: file, Line: line(child(child(doc, "output"), o.cmd)),
			Msg: fmt.Sprintf("output.%s: unknown format %q (want one of %s)", o.cmd, o.format, strings.Join(known, ", "))}
	}
	return nil
}

// validateLevels checks a list of levels (named what in messages; node is
// its place in the file, or nil): at least one level, names unique and
// non-empty, maxima increasing, only the last without a max.
func validateLevels(file, what string, levels []Level, node *yaml.Node) error {
	levelLine := func(i int) int {
		switch {
		case node == nil:
			return 0
		case node.Kind == yaml.SequenceNode && i < len(node.Content):
			return node.Content[i].Line
		}
		return node.Line
	}
	if len(levels) == 0 {
		return &Error{File: file, Line: levelLine(0), Msg: what + ": at least one level is needed"}
	}
	seen := map[string]bool{}
	prev := sudoku.Rating(-1)
	for i, l := range levels {
		last := i == len(levels)-1
		switch {
		case l.Name == "":
			return &Error{File: file, Line: levelLine(i), Msg: fmt.Sprintf("%s: level %d has no name", what, i+1)}
		case seen[l.Name]:
			return &Error{File: file, Line: levelLine(i), Msg: fmt.Sprintf("%s: %q appears twice", what, l.Name)}
		case l.Max == nil && !last:
			return &Error{File: file, Line: levelLine(i), Msg: fmt.Sprintf("%s: %q needs a max (only the last level may omit it)", what, l.Name)}
		case l.Max != nil && prev >= 0 && l.Max.Tenths() <= prev.Tenths():
			return &Error{File: file, Line: levelLine(i), Msg: fmt.Sprintf("%s: %q has max %v, not above the previous level's %v", what, l.Name, *l.Max, prev)}
		}
		seen[l.Name] = true
		if l.Max != nil {
			prev = *l.Max
		}
	}
	return nil
}

// sizeKeys are the sizes that sizes may hold: every size but 9, whose
// levels are the top-level ones.
func sizeKeys() []string {
	var out []string
	for _, s := range sudoku.Shapes() {
		if k := strconv.Itoa(s.N()); s.N() != 9 && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// validateSizes checks the levels of each size (node is sizes in the
// file, or nil): a size sudokit knows, other than 9, with levels as
// validateLevels wants them.
func (c *Config) validateSizes(file string, node *yaml.Node) error {
	known := sizeKeys()
	for _, size := range slices.Sorted(maps.Keys(c.Sizes)) {
		var key, value *yaml.Node
		if node != nil && node.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(node.Content); i += 2 {
				if node.Content[i].Value == size {
					key, value = node.Content[i], node.Content[i+1]
				}
			}
		}
		if !slices.Contains(known, size) {
			line := 0
			if key != nil {
				line = key.Line
			}
			msg := fmt.Sprintf("sizes: unknown size %q (want one of %s)", size, strings.Join(known, ", "))
			if size == "9" {
				msg = "sizes: 9x9's levels are the top-level levels, not sizes.9"
			}
			return &Error{File: file, Line: line, Msg: msg}
		}
		if err := validateLevels(file, "sizes."+size+".levels", c.Sizes[size].Levels, child(value, "levels")); err != nil {
			if e := err.(*Error); e.Line == 0 && value != nil {
				e.Line = value.Line
			}
			return err
		}
	}
	return nil
}

// validateKiller checks the killer levels (node is killer in the file, or
// nil): none, or a table as validateLevels wants it with the names of
// Levels, in their order.
func (c *Config) validateKiller(file string, node *yaml.Node) error {
	if c.Killer.Levels == nil {
		return nil
	}
	levels := child(node, "levels")
	if err := validateLevels(file, "killer.levels", c.Killer.Levels, levels); err != nil {
		return err
	}
	at := func(i int) int {
		switch {
		case levels != nil && levels.Kind == yaml.SequenceNode && i < len(levels.Content):
			return levels.Content[i].Line
		case levels != nil:
			return levels.Line
		}
		return 0
	}
	if len(c.Killer.Levels) != len(c.Levels) {
		return &Error{File: file, Line: at(0), Msg: fmt.Sprintf("killer.levels: %d levels, want the %d of levels (%s), with bands of their own",
			len(c.Killer.Levels), len(c.Levels), strings.Join(c.LevelNames(), ", "))}
	}
	for i, l := range c.Killer.Levels {
		if l.Name != c.Levels[i].Name {
			return &Error{File: file, Line: at(i), Msg: fmt.Sprintf("killer.levels: level %d is %q, want %q: killers have the levels of levels, with bands of their own",
				i+1, l.Name, c.Levels[i].Name)}
		}
	}
	return nil
}

// ForKiller returns the configuration with the killer levels in place of
// the levels: Level and LevelRange of the result rate killers. The level
// names are the same. A configuration whose file gave levels of other
// names and no killer levels rates killers by its levels.
func (c *Config) ForKiller() *Config {
	out := *c
	if c.Killer.Levels != nil {
		out.Levels = c.Killer.Levels
	}
	return &out
}

// levelNames lists the names of levels.
func levelNames(levels []Level) []string {
	out := make([]string, len(levels))
	for i, l := range levels {
		out[i] = l.Name
	}
	return out
}

// AtSize returns the configuration for puzzles of n x n cells: c itself
// for 9x9 (and for n 0, unknown), else c with the size's levels in place
// of 9x9's, so that Level, LevelRange and LevelNames speak of that size.
// A size without levels of its own keeps 9x9's.
func (c *Config) AtSize(n int) *Config {
	sl, ok := c.Sizes[strconv.Itoa(n)]
	if n == 9 || !ok || len(sl.Levels) == 0 {
		return c
	}
	out := *c
	out.Levels = sl.Levels
	return &out
}

// Level returns the name of the level holding rating r (compared in tenths,
// as SE prints ratings). A rating above every max falls in the last level.
func (c *Config) Level(r sudoku.Rating) string {
	for _, l := range c.Levels {
		if l.Max == nil || r.Tenths() <= l.Max.Tenths() {
			return l.Name
		}
	}
	return c.Levels[len(c.Levels)-1].Name
}

// LevelRange returns the ratings of a level: from just above the previous
// level's max (1.0 for the first) up to its own max (none for the last).
func (c *Config) LevelRange(name string) (sudoku.RatingRange, bool) {
	lo := sudoku.Rating(1.0)
	for _, l := range c.Levels {
		if l.Name == name {
			rr := sudoku.RatingRange{Min: lo}
			if l.Max != nil {
				rr.Max = *l.Max
			}
			return rr, true
		}
		if l.Max != nil {
			lo = sudoku.RatingOfTenths(l.Max.Tenths() + 1)
		}
	}
	return sudoku.RatingRange{}, false
}

// TechniqueOn reports whether the technique key is on: as set in the
// configuration, else by its default (se: Sudoku Explainer's techniques
// are on, the extras off).
func (c *Config) TechniqueOn(key string, se bool) bool {
	if on, ok := c.Techniques[key]; ok {
		return on
	}
	return se
}

// LevelNames lists the levels, easiest first.
func (c *Config) LevelNames() []string {
	out := make([]string, len(c.Levels))
	for i, l := range c.Levels {
		out[i] = l.Name
	}
	return out
}

// AllLevelNames returns the names of the 9x9 levels, then those of the
// other sizes' levels (config.yaml's sizes) not among them, each once: the
// words a graded row may carry as its level at any size.
func (c *Config) AllLevelNames() []string {
	out := c.LevelNames()
	for _, size := range slices.Sorted(maps.Keys(c.Sizes)) {
		for _, l := range c.Sizes[size].Levels {
			if !slices.Contains(out, l.Name) {
				out = append(out, l.Name)
			}
		}
	}
	return out
}

// Marshal returns the configuration as YAML.
func (c *Config) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return b.Bytes(), enc.Close()
}
