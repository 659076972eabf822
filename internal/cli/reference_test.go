package cli

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/techniques"
)

// TestVocabulary ties the technique vocabulary together: config.yaml lists
// every technique of the registry once, in its order; the table of
// docs/grading.md is `sudokit techniques -f markdown`; every key is
// accepted by config.yaml and by generate --require; grade's usage tables
// use the same keys.
func TestVocabulary(t *testing.T) {
	keys := techniques.Keys()
	var doc yaml.Node
	if err := yaml.Unmarshal(config.DefaultYAML(), &doc); err != nil {
		t.Fatal(err)
	}
	var inConfig []string
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "techniques" {
			m := root.Content[i+1]
			for j := 0; j < len(m.Content); j += 2 {
				inConfig = append(inConfig, m.Content[j].Value)
			}
		}
	}
	if diff := cmp.Diff(keys, inConfig); diff != "" {
		t.Errorf("config.yaml's techniques differ from the registry (-registry +config.yaml):\n%s", diff)
	}

	_, table, _ := runApp(t, "", "techniques", "-f", "markdown")
	page := filepath.Join("docs", "grading.md")
	text, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(text), "<!-- techniques:")
	if !ok {
		t.Fatalf("%s has no technique table (<!-- techniques: ... -->)", page)
	}
	_, after, _ = strings.Cut(after, "\n")
	inDoc, _, _ := strings.Cut(after, "<!-- /techniques -->")
	if diff := cmp.Diff(table, inDoc); diff != "" {
		t.Errorf("the technique table of %s is not `sudokit techniques -f markdown` (-want +%s):\n%s", page, page, diff)
	}

	for _, k := range keys {
		if _, err := config.Parse([]byte("techniques:\n  "+k+": true\n"), "t.yaml", config.Default(), config.Schema{Techniques: keys}); err != nil {
			t.Errorf("config.yaml rejects %s: %v", k, err)
		}
		if _, err := generate.NewTarget(config.Default(), generate.TargetSpec{Require: []string{k}}); err != nil {
			t.Errorf("--require rejects %s: %v", k, err)
		}
	}
	_, out, _ := runApp(t, "", "grade", "-f", "json", filepath.Join("testdata", "puzzles", "qqwing-sample220.se121.txt"))
	used := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var row struct{ Usage map[string]any }
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatal(err)
		}
		for k := range row.Usage {
			used++
			if !slices.Contains(keys, k) {
				t.Errorf("grade's usage names %q, which is not a technique key", k)
			}
		}
	}
	if used == 0 {
		t.Error("no usage counted")
	}
}

// commandPages names the page of docs/ that holds each command's section
// ("## `sudokit COMMAND`") and its table of flags.
var commandPages = map[string]string{
	"solve":        "solve.md",
	"grade":        "grading.md",
	"techniques":   "grading.md",
	"hint":         "hint.md",
	"generate":     "generate.md",
	"print":        "books.md",
	"serve":        "assistant.md",
	"canon":        "isomorphs.md",
	"transform":    "isomorphs.md",
	"merge":        "scale.md",
	"config":       "commands.md",
	"completion":   "commands.md",
	"bank":         "bank.md",
	"bank add":     "bank.md",
	"bank find":    "bank.md",
	"bank pick":    "bank.md",
	"bank release": "bank.md",
	"bank print":   "bank.md",
	"bank stats":   "bank.md",
	"bank books":   "bank.md",
	"bank export":  "bank.md",
}

// docSection returns a page's section about a command, up to the next
// section of the same level.
func docSection(page, command string) string {
	_, after, ok := strings.Cut(page, "\n## `sudokit "+command+"`")
	if !ok {
		return ""
	}
	section, _, _ := strings.Cut(after, "\n## ")
	return section
}

// TestDocsFlags checks that the section on each command, in its page of
// docs/, names exactly the flags its --help lists, and that every command
// of sudokit --help has a page.
func TestDocsFlags(t *testing.T) {
	_, top, _ := runApp(t, "", "--help")
	_, commands, _ := strings.Cut(top, "\nCOMMANDS:\n")
	commands, _, _ = strings.Cut(commands, "\n\n")
	for _, line := range strings.Split(commands, "\n") {
		if name := strings.Fields(line)[0]; name != "help" && commandPages[name] == "" {
			t.Errorf("sudokit %s has no page in commandPages", name)
		}
	}
	flagRE := regexp.MustCompile(`--[a-z][a-z-]+`)
	helpRE := regexp.MustCompile(`(?m)^ +(--[a-z][a-z-]+)`)
	for _, cmd := range slices.Sorted(maps.Keys(commandPages)) {
		path := filepath.Join("docs", commandPages[cmd])
		doc, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		section := docSection(string(doc), cmd)
		if section == "" {
			t.Errorf("%s has no section on sudokit %s", path, cmd)
			continue
		}
		// Mentions of other commands' flags ("`generate --require`", an
		// example line "sudokit generate ... --pdf") belong to those.
		other := regexp.MustCompile("(`|(?m)^\\$? ?sudokit )(solve|grade|hint|generate|print|serve|merge|canon|transform|techniques|config|completion|bank)( [^`\n]*)")
		section = other.ReplaceAllStringFunc(section, func(m string) string {
			if strings.Contains(m, " "+cmd+" ") || strings.HasSuffix(m, " "+cmd) || strings.Contains(m, "`"+cmd+" ") {
				return m
			}
			return ""
		})
		// curl's own flags, in the API's examples.
		section = regexp.MustCompile(`(?m)^curl .*$`).ReplaceAllString(section, "")
		_, help, _ := runApp(t, "", append(strings.Fields(cmd), "--help")...)
		if strings.Contains(help, "\nCOMMANDS:\n") {
			continue // a command of subcommands (bank): their sections name the flags
		}
		var want []string
		for _, m := range helpRE.FindAllStringSubmatch(help, -1) {
			if m[1] != "--help" && !slices.Contains(want, m[1]) {
				want = append(want, m[1])
			}
		}
		var got []string
		for _, f := range flagRE.FindAllString(section, -1) {
			if !slices.Contains(got, f) {
				got = append(got, f)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("sudokit %s: the flags of %s differ from --help (-help +%s):\n%s", cmd, path, path, diff)
		}
	}
}

// TestReferenceDocs: docs/cli.md and docs/sudokit.1 are the reference the
// application writes of itself (Docs); remake them with
// go test -run TestReferenceDocs -update ./internal/cli
func TestReferenceDocs(t *testing.T) {
	md, man, err := Docs()
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"docs/cli.md": md, "docs/sudokit.1": man} {
		if *update {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s is out of date with the commands: remake it with go test -run TestReferenceDocs -update ./internal/cli", path)
		}
	}
	for _, cmd := range []string{"solve", "grade", "hint", "generate", "print", "serve", "merge", "canon", "transform", "techniques", "config", "completion"} {
		if !strings.Contains(md, "## "+cmd) {
			t.Errorf("docs/cli.md has no section on %s", cmd)
		}
	}
}
