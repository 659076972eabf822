package cli

import (
	"io"
	"slices"
	"strings"
	"testing"
)

// commandRules are the rule tables each command checks.
var commandRules = map[string][][]flagRule{
	"solve":     {solveRules, shardRules},
	"grade":     {gradeRules, shardRules},
	"hint":      {hintRules, shardRules},
	"canon":     {canonRules, shardRules},
	"transform": {transformRules},
	"print":     {printRules},
	"generate":  {generateRules, shardRules},
}

// TestFlagRulesNameFlags: every rule is about a flag of its command (a
// rule of a flag the command does not take would never apply), has a
// condition and words, and a rule of no one flag names the flags it is
// about. (The scripts of testdata/script break the rules one by one.)
func TestFlagRulesNameFlags(t *testing.T) {
	app := newApp(nil, io.Discard, io.Discard)
	for name, tables := range commandRules {
		cmd := app.Command(name)
		if cmd == nil {
			t.Fatalf("no command %s", name)
		}
		var flags []string
		for _, f := range cmd.Flags {
			flags = append(flags, f.Names()...)
		}
		for _, rules := range tables {
			for _, r := range rules {
				if r.needs == nil || r.why == "" {
					t.Errorf("%s: a rule of --%s without a condition or words", name, r.flag)
				}
				if r.flag != "" && !slices.Contains(flags, r.flag) {
					t.Errorf("%s: a rule of --%s, which %s does not take", name, r.flag, name)
				}
				if r.flag == "" && !strings.Contains(r.why, "--") && !strings.HasPrefix(r.why, "-f ") {
					t.Errorf("%s: the rule %q names no flag", name, r.why)
				}
			}
		}
	}
}
