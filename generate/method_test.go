package generate

import (
	"testing"

	"github.com/sudokit/sudokit/config"
)

// TestMethodFor: a band that starts above 9.0 needs the vicinity search;
// any other target, random generation.
func TestMethodFor(t *testing.T) {
	cfg := config.Default()
	for _, tt := range []struct {
		spec TargetSpec
		want Method
	}{
		{TargetSpec{}, MethodRandom},
		{TargetSpec{Level: "easy"}, MethodRandom},
		{TargetSpec{Level: "diabolical"}, MethodRandom},
		{TargetSpec{Rating: "7.6+"}, MethodRandom},
		{TargetSpec{Rating: "8.5-9.5"}, MethodRandom},
		{TargetSpec{Rating: "9.0+"}, MethodRandom},
		{TargetSpec{Rating: "9.1"}, MethodVicinity},
		{TargetSpec{Rating: "9.8"}, MethodVicinity},
		{TargetSpec{Rating: "10.0+"}, MethodVicinity},
		{TargetSpec{Rating: "10.0+", Require: []string{"x-wing"}}, MethodVicinity},
	} {
		target, err := NewTarget(cfg, tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := MethodFor(target); got != tt.want {
			t.Errorf("%+v: %v, want %v", tt.spec, got, tt.want)
		}
	}
}

// TestHardestSeedsFor: the built-in seeds' ratings are given only while
// every SE technique is on (extras do not matter).
func TestHardestSeedsFor(t *testing.T) {
	for _, tt := range []struct {
		set  map[string]bool
		want bool
	}{
		{nil, true},
		{map[string]bool{"x-wing": false}, false},
		{map[string]bool{"nested-forcing-chains-4": false}, false},
		{map[string]bool{"x-wing": true, "skyscraper": true}, true},
	} {
		cfg := config.Default()
		for k, v := range tt.set {
			cfg.Techniques[k] = v
		}
		grids, ratings := HardestSeedsFor(cfg)
		if len(grids) != 375 || (ratings != nil) != tt.want || (tt.want && len(ratings) != len(grids)) {
			t.Errorf("%v: %d seeds, %d ratings (nil %v); want ratings %v", tt.set, len(grids), len(ratings), ratings == nil, tt.want)
		}
	}
}
