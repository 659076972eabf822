package cli

import (
	"testing"

	"github.com/sudokit/sudokit/config"
)

// TestAllSEOn: the built-in seeds' ratings are used only while every SE
// technique is on (extras do not matter).
func TestAllSEOn(t *testing.T) {
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
		if got := allSEOn(cfg); got != tt.want {
			t.Errorf("%v: allSEOn %v, want %v", tt.set, got, tt.want)
		}
	}
}
