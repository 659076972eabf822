package config

import (
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

var known = Schema{
	Techniques: []string{"hidden-single", "x-wing", "skyscraper"},
	Formats:    map[string][]string{"solve": {"line", "json"}, "grade": {"table", "csv"}, "generate": {"line"}},
}

func mustDefault(t *testing.T) *Config {
	t.Helper()
	cfg, err := Parse(defaultYAML, "config.yaml", nil, Schema{})
	if err != nil {
		t.Fatalf("the built-in config.yaml does not parse: %v", err)
	}
	return cfg
}

func TestDefaultConfig(t *testing.T) {
	cfg := mustDefault(t)
	if got := strings.Join(cfg.LevelNames(), ","); got != "easy,medium,hard,fiendish,diabolical" {
		t.Errorf("levels %s", got)
	}
	tests := []struct {
		er   sudoku.Rating
		want string
	}{{1.0, "easy"}, {1.5, "easy"}, {1.7, "medium"}, {2.5, "medium"}, {2.6, "hard"}, {4.0, "hard"},
		{4.2, "fiendish"}, {6.0, "fiendish"}, {6.2, "diabolical"}, {11.0, "diabolical"},
		{4.6 + 0.1, "fiendish"}, {1.5000000000000002, "easy"}}
	for _, tt := range tests {
		if got := cfg.Level(tt.er); got != tt.want {
			t.Errorf("Level(%v) = %s, want %s", tt.er, got, tt.want)
		}
	}
	if got := cfg.Level(sudoku.RatingBeyond); got != "diabolical" {
		t.Errorf("Level(20.0) = %q", got)
	}
	for _, tt := range []struct {
		level, want string
	}{{"easy", "1.0-1.5"}, {"medium", "1.6-2.5"}, {"hard", "2.6-4.0"}, {"diabolical", "6.1+"}} {
		if rr, ok := cfg.LevelRange(tt.level); !ok || rr.String() != tt.want {
			t.Errorf("LevelRange(%s) = %v, %v; want %s", tt.level, rr, ok, tt.want)
		}
	}
	if _, ok := cfg.LevelRange("impossible"); ok {
		t.Error("LevelRange of an unknown level")
	}
	if !cfg.Techniques["x-wing"] || cfg.Techniques["skyscraper"] {
		t.Errorf("default techniques: x-wing %v, skyscraper %v", cfg.Techniques["x-wing"], cfg.Techniques["skyscraper"])
	}
	if cfg.Output.Grade != "table" || cfg.Output.Solve != "line" {
		t.Errorf("output %+v", cfg.Output)
	}
}

func TestParseMerges(t *testing.T) {
	base := mustDefault(t)
	cfg, err := Parse([]byte("techniques:\n  skyscraper: true\noutput:\n  grade: csv\n"), "my.yaml", base, known)
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Techniques["skyscraper"] || !cfg.Techniques["x-wing"] {
		t.Errorf("techniques not merged: %v", cfg.Techniques)
	}
	if cfg.Output.Grade != "csv" || cfg.Output.Solve != "line" {
		t.Errorf("output not merged: %+v", cfg.Output)
	}
	if len(cfg.Levels) != 5 {
		t.Errorf("levels lost: %v", cfg.LevelNames())
	}
	if base.Techniques["skyscraper"] {
		t.Error("Parse changed its base")
	}
	cfg, err = Parse([]byte("levels:\n  - name: gentle\n    max: 2\n  - name: tough\n"), "my.yaml", base, known)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cfg.LevelNames(), ","); got != "gentle,tough" || cfg.Level(2.6) != "tough" {
		t.Errorf("levels %s, Level(2.6) = %s", got, cfg.Level(2.6))
	}
	if _, err := Parse(nil, "empty.yaml", base, known); err != nil {
		t.Errorf("empty file: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	base := mustDefault(t)
	tests := []struct {
		name, yaml, want string
	}{
		{"unknown key", "levels:\n  - name: a\noutputs:\n  grade: csv\n", `my.yaml:3: unknown key "outputs" (did you mean "output"?); known keys: levels, killer, techniques, budget, output`},
		{"unknown nested key", "output:\n  grade: csv\n  colour: red\n", `my.yaml:3: unknown key "colour" under output; known keys: solve, grade, generate`},
		{"unknown key in a level", "levels:\n  - name: a\n    maximum: 3\n", `my.yaml:3: unknown key "maximum" in a level (did you mean "max"?)`},
		{"wrong type", "levels:\n  - name: a\n    max: lots\n", "my.yaml:3: cannot unmarshal !!str `lots` into sudoku.Rating"},
		{"wrong type for a technique", "techniques:\n  x-wing: maybe\n", "my.yaml:2: cannot unmarshal !!str `maybe` into bool"},
		{"unknown technique", "techniques:\n  x-wing: true\n  skyscrapper: true\n", `my.yaml:3: unknown technique "skyscrapper" (did you mean "skyscraper"?)`},
		{"unknown output format", "output:\n  grade: nosuch\n", `my.yaml:2: output.grade: unknown format "nosuch" (want one of table, csv)`},
		{"negative budget", "budget: -1s\n", `my.yaml:1: budget must not be negative`},
		{"bad yaml", "levels: [\n", "my.yaml:1: did not find expected node content"},
		{"level without max", "levels:\n  - name: a\n  - name: b\n    max: 3\n", `my.yaml:2: levels: "a" needs a max`},
		{"levels out of order", "levels:\n  - name: a\n    max: 3\n  - name: b\n    max: 2\n  - name: c\n", `my.yaml:4: levels: "b" has max 2.0, not above the previous level's 3.0`},
		{"duplicate level", "levels:\n  - name: a\n    max: 3\n  - name: a\n", `my.yaml:4: levels: "a" appears twice`},
		{"nameless level", "levels:\n  - max: 3\n  - name: b\n", "my.yaml:2: levels: level 1 has no name"},
		{"no levels", "levels: []\n", "levels: at least one level is needed"},
		{"unknown size", "sizes:\n  \"4\":\n    levels: [{name: a}]\n  \"7\":\n    levels: [{name: a}]\n", `my.yaml:4: sizes: unknown size "7" (want one of 4, 6, 8, 10, 12, 16, 25)`},
		{"size 9", "sizes:\n  \"9\":\n    levels: [{name: a}]\n", `my.yaml:2: sizes: 9x9's levels are the top-level levels, not sizes.9`},
		{"unknown key under a size", "sizes:\n  \"6\":\n    level:\n      - name: a\n", `my.yaml:3: unknown key "level" under sizes.6 (did you mean "levels"?); known keys: levels`},
		{"unknown key in a size's level", "sizes:\n  \"6\":\n    levels:\n      - name: a\n        maxi: 2\n", `my.yaml:5: unknown key "maxi" in a level under sizes.6 (did you mean "max"?)`},
		{"size's levels out of order", "sizes:\n  \"16\":\n    levels:\n      - name: a\n        max: 3\n      - name: b\n        max: 3\n      - name: c\n", `my.yaml:6: sizes.16.levels: "b" has max 3.0, not above the previous level's 3.0`},
		{"size's level without max", "sizes:\n  \"16\":\n    levels:\n      - name: a\n      - name: b\n", `my.yaml:4: sizes.16.levels: "a" needs a max`},
		{"size without levels", "sizes:\n  \"12\": {}\n", `my.yaml:2: sizes.12.levels: at least one level is needed`},
		{"size's levels of the wrong type", "sizes:\n  \"12\":\n    levels: easy\n", "my.yaml:3: cannot unmarshal !!str `easy` into []config.Level"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.yaml), "my.yaml", base, known)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want it to contain %q", err, tt.want)
			}
			if !errors.Is(err, sudoku.ErrInvalid) {
				t.Errorf("err = %v: not of kind sudoku.ErrInvalid", err)
			}
		})
	}
	_, err := Parse([]byte("techniques:\n  skyscrapper: true\n"), "my.yaml", base, known)
	if !errors.Is(err, ErrUnknownTechnique) || strings.Contains(err.Error(), "sudokit") {
		t.Errorf("unknown technique: %v, want ErrUnknownTechnique, in words that name no command", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "nosuch.yaml"), Schema{}); !errors.Is(err, sudoku.ErrInvalid) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of a missing file: %v, want an error of kind sudoku.ErrInvalid that wraps fs.ErrNotExist", err)
	}
}

func TestSizeLevels(t *testing.T) {
	cfg := mustDefault(t)
	tests := []struct {
		size   int
		levels string
		er     sudoku.Rating
		level  string
		band   string // of level
	}{
		{4, "easy", 1.2, "easy", "1.0+"},
		{4, "easy", sudoku.RatingBeyond, "easy", "1.0+"},
		{6, "easy,medium,hard", 7.1, "hard", "2.6+"},
		{6, "easy,medium,hard", 2.0, "medium", "1.6-2.5"},
		{8, "easy,medium,hard,fiendish,diabolical", 4.2, "fiendish", "4.1-6.0"},
		{10, "easy,medium,hard,fiendish,diabolical", 7.2, "diabolical", "6.1+"},
		{12, "easy,medium,hard,diabolical", 2.8, "hard", "2.6-4.0"},
		{16, "easy,medium,hard,diabolical", 4.5, "diabolical", "4.1+"},
		{25, "easy,medium,hard", 2.6, "hard", "2.6+"},
		{9, "easy,medium,hard,fiendish,diabolical", 2.6, "hard", "2.6-4.0"},
		{0, "easy,medium,hard,fiendish,diabolical", 6.2, "diabolical", "6.1+"},
	}
	for _, tt := range tests {
		at := cfg.AtSize(tt.size)
		if got := strings.Join(at.LevelNames(), ","); got != tt.levels {
			t.Errorf("AtSize(%d) levels %s, want %s", tt.size, got, tt.levels)
		}
		if got := at.Level(tt.er); got != tt.level {
			t.Errorf("AtSize(%d).Level(%v) = %s, want %s", tt.size, tt.er, got, tt.level)
		}
		if rr, ok := at.LevelRange(tt.level); !ok || rr.String() != tt.band {
			t.Errorf("AtSize(%d).LevelRange(%s) = %v, %v; want %s", tt.size, tt.level, rr, ok, tt.band)
		}
	}
	if cfg.AtSize(9) != cfg || strings.Join(cfg.LevelNames(), ",") != "easy,medium,hard,fiendish,diabolical" {
		t.Error("AtSize(9) is not the configuration itself, or AtSize changed it")
	}
	// A file that gives one size replaces that size's levels only.
	mine, err := Parse([]byte("sizes:\n  \"6\":\n    levels:\n      - name: tiny\n        max: 1.2\n      - name: big\n"), "my.yaml", cfg, known)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(mine.AtSize(6).LevelNames(), ","); got != "tiny,big" {
		t.Errorf("6x6 levels after the file: %s", got)
	}
	if got := strings.Join(mine.AtSize(16).LevelNames(), ","); got != "easy,medium,hard,diabolical" {
		t.Errorf("16x16 levels after a file that gives 6x6's: %s", got)
	}
	if got := strings.Join(cfg.AtSize(6).LevelNames(), ","); got != "easy,medium,hard" {
		t.Errorf("Parse changed its base's 6x6 levels: %s", got)
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	cfg := mustDefault(t)
	data, err := cfg.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse(data, "marshalled", nil, Schema{})
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if strings.Join(again.LevelNames(), ",") != strings.Join(cfg.LevelNames(), ",") || len(again.Techniques) != len(cfg.Techniques) ||
		strings.Join(again.AtSize(16).LevelNames(), ",") != strings.Join(cfg.AtSize(16).LevelNames(), ",") {
		t.Errorf("round trip lost data:\n%s", data)
	}
}

// TestKillerLevels: killers have levels of their own, with the names of
// the levels; a file that renames the levels without killer levels rates
// killers by its levels; killer levels of other names are an error.
func TestKillerLevels(t *testing.T) {
	base := mustDefault(t)
	k := base.ForKiller()
	if got := k.Level(2.1); got != "easy" {
		t.Errorf("killer level of 2.1 = %q, want easy", got)
	}
	if got := base.Level(2.1); got != "medium" {
		t.Errorf("classic level of 2.1 = %q, want medium", got)
	}
	if rr, ok := k.LevelRange("medium"); !ok || rr.Min.Tenths() != 24 || rr.Max.Tenths() != 27 {
		t.Errorf("killer medium = %v, want 2.4-2.7", rr)
	}
	if !slices.Equal(k.LevelNames(), base.LevelNames()) {
		t.Errorf("killer level names %v, want %v", k.LevelNames(), base.LevelNames())
	}
	cfg, err := Parse([]byte("levels:\n  - name: a\n    max: 3\n  - name: b\n"), "my.yaml", base, known)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.ForKiller().Level(2.5); got != "a" {
		t.Errorf("with new levels and no killer levels, 2.5 = %q, want a", got)
	}
	_, err = Parse([]byte("killer:\n  levels:\n    - name: easy\n      max: 2\n    - name: tough\n"), "my.yaml", base, known)
	if err == nil || !strings.Contains(err.Error(), "my.yaml:3: killer.levels: 2 levels, want the 5 of levels") {
		t.Errorf("err = %v, want the killer levels' count named", err)
	}
	_, err = Parse([]byte("killer:\n  levels:\n    - name: easy\n      max: 2\n    - name: tough\n      max: 3\n    - name: hard\n      max: 4\n    - name: fiendish\n      max: 5\n    - name: diabolical\n"), "my.yaml", base, known)
	if err == nil || !strings.Contains(err.Error(), `my.yaml:5: killer.levels: level 2 is "tough", want "medium"`) {
		t.Errorf("err = %v, want the misnamed killer level named", err)
	}
	_, err = Parse([]byte("killer:\n  level: []\n"), "my.yaml", base, known)
	if err == nil || !strings.Contains(err.Error(), `unknown key "level" under killer`) {
		t.Errorf("err = %v, want the unknown key named", err)
	}
}
