// Package config reads sudokit's configuration: named difficulty levels,
// which techniques are on, and output defaults. Decoding is strict: an
// unknown key, a wrong type or an inconsistent value is an error that names
// the file and line.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Config is the whole configuration.
type Config struct {
	Levels     []Level         `yaml:"levels"`
	Techniques map[string]bool `yaml:"techniques"`
	Output     Output          `yaml:"output"`
	// Budget bounds the time spent grading one puzzle; a puzzle over it is
	// reported as not rated (0: no limit).
	Budget time.Duration `yaml:"budget"`
}

// Level is a named band of the SE rating: every ER up to Max (the last level
// has no Max).
type Level struct {
	Name string   `yaml:"name"`
	Max  *float64 `yaml:"max,omitempty"`
}

// Output holds the default output formats.
type Output struct {
	Solve string `yaml:"solve"`
	Grade string `yaml:"grade"`
}

// Error is a configuration problem at a place in a file.
type Error struct {
	File string
	Line int // 0 when unknown
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Parse decodes data (named file in errors) on top of base, which may be
// nil: maps merge key by key, lists and scalars given in data replace base's.
// known lists the technique keys that may appear under techniques.
func Parse(data []byte, file string, base *Config, known []string) (*Config, error) {
	cfg := &Config{Techniques: map[string]bool{}}
	if base != nil {
		cfg.Levels = slices.Clone(base.Levels)
		for k, v := range base.Techniques {
			cfg.Techniques[k] = v
		}
		cfg.Output = base.Output
		cfg.Budget = base.Budget
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(file, err)
	}
	if len(root.Content) == 0 { // empty file: nothing to change
		return cfg, cfg.validate(file, nil)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var levels []Level
	over := struct {
		Levels     *[]Level        `yaml:"levels"`
		Techniques map[string]bool `yaml:"techniques"`
		Output     *Output         `yaml:"output"`
		Budget     *time.Duration  `yaml:"budget"`
	}{Levels: &levels, Techniques: cfg.Techniques, Output: &cfg.Output, Budget: &cfg.Budget}
	if err := dec.Decode(&over); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlError(file, err)
	}
	if levels != nil {
		cfg.Levels = levels
	}
	doc := root.Content[0]
	if err := checkTechniques(file, doc, known); err != nil {
		return nil, err
	}
	return cfg, cfg.validate(file, doc)
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

func checkTechniques(file string, doc *yaml.Node, known []string) error {
	t := child(doc, "techniques")
	if t == nil || known == nil {
		return nil
	}
	for i := 0; i+1 < len(t.Content); i += 2 {
		k := t.Content[i]
		if !slices.Contains(known, k.Value) {
			return &Error{File: file, Line: k.Line, Msg: fmt.Sprintf("unknown technique %q (known: %s)", k.Value, strings.Join(known, ", "))}
		}
	}
	return nil
}

// validate checks the levels: at least one, names unique and non-empty,
// maxima increasing, and only the last without a max.
func (c *Config) validate(file string, doc *yaml.Node) error {
	line := func(i int) int {
		if l := child(doc, "levels"); l != nil && i < len(l.Content) {
			return l.Content[i].Line
		}
		return 0
	}
	if len(c.Levels) == 0 {
		return &Error{File: file, Line: line(0), Msg: "levels: at least one level is needed"}
	}
	if c.Budget < 0 {
		l := 0
		if b := child(doc, "budget"); b != nil {
			l = b.Line
		}
		return &Error{File: file, Line: l, Msg: "budget must not be negative"}
	}
	seen := map[string]bool{}
	prev := -1.0
	for i, l := range c.Levels {
		last := i == len(c.Levels)-1
		switch {
		case l.Name == "":
			return &Error{File: file, Line: line(i), Msg: fmt.Sprintf("levels: level %d has no name", i+1)}
		case seen[l.Name]:
			return &Error{File: file, Line: line(i), Msg: fmt.Sprintf("levels: %q appears twice", l.Name)}
		case l.Max == nil && !last:
			return &Error{File: file, Line: line(i), Msg: fmt.Sprintf("levels: %q needs a max (only the last level may omit it)", l.Name)}
		case l.Max != nil && *l.Max <= prev:
			return &Error{File: file, Line: line(i), Msg: fmt.Sprintf("levels: %q has max %g, not above the previous level's %g", l.Name, *l.Max, prev)}
		}
		seen[l.Name] = true
		if l.Max != nil {
			prev = *l.Max
		}
	}
	return nil
}

// Level returns the name of the level holding rating er (a rating in SE's
// float64 form; compared in tenths as SE prints it).
func (c *Config) Level(er float64) string {
	tenths := int((er + 0.05) * 10)
	for _, l := range c.Levels {
		if l.Max == nil || tenths <= int((*l.Max+0.05)*10) {
			return l.Name
		}
	}
	return c.Levels[len(c.Levels)-1].Name
}

// LevelFrom returns the level of a puzzle whose ER is only known to be at
// least min (a puzzle beyond the implemented techniques), or "" when several
// levels could hold it.
func (c *Config) LevelFrom(min float64) string {
	name := c.Level(min)
	if name != c.Levels[len(c.Levels)-1].Name {
		return ""
	}
	return name
}

// LevelRange returns the ER range of a level: (lo, hi], hi < 0 meaning no
// upper bound.
func (c *Config) LevelRange(name string) (lo, hi float64, ok bool) {
	lo = -1
	for _, l := range c.Levels {
		if l.Name == name {
			if l.Max == nil {
				return lo, -1, true
			}
			return lo, *l.Max, true
		}
		if l.Max != nil {
			lo = *l.Max
		}
	}
	return 0, 0, false
}

// LevelNames lists the levels, easiest first.
func (c *Config) LevelNames() []string {
	out := make([]string, len(c.Levels))
	for i, l := range c.Levels {
		out[i] = l.Name
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
