package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"gopkg.in/yaml.v3"

	"github.com/sudokit/sudokit/internal/testenv"
)

// indexedJob is what docs/scale.md's Kubernetes manifests must hold for an
// Indexed Job that runs sudokit's shards.
type indexedJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Name  string   `yaml:"name"`
					Image string   `yaml:"image"`
					Args  []string `yaml:"args"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// fencedBlocks returns the bodies of a Markdown file's ```lang blocks.
func fencedBlocks(t *testing.T, path, lang string) []string {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, block := range strings.Split(string(doc), "```"+lang+"\n")[1:] {
		body, _, _ := strings.Cut(block, "```")
		out = append(out, body)
	}
	return out
}

// TestScaleManifest checks docs/scale.md's Kubernetes manifest: valid YAML
// with the fields an Indexed Job needs, the shard count equal to the
// completions, and then runs it: every task's args, with the index that
// Kubernetes substitutes and a smaller count, in-process, merged, must be
// the output of one run without shards.
func TestScaleManifest(t *testing.T) {
	blocks := fencedBlocks(t, filepath.Join("docs", "scale.md"), "yaml")
	if len(blocks) == 0 {
		t.Fatal("docs/scale.md has no yaml block")
	}
	for _, block := range blocks {
		var job indexedJob
		dec := yaml.NewDecoder(strings.NewReader(block))
		if err := dec.Decode(&job); err != nil {
			t.Fatalf("the manifest is not YAML: %v", err)
		}
		spec := job.Spec
		switch {
		case job.APIVersion != "batch/v1" || job.Kind != "Job" || job.Metadata.Name == "":
			t.Fatalf("apiVersion %q, kind %q, name %q: want batch/v1, Job and a name", job.APIVersion, job.Kind, job.Metadata.Name)
		case spec.CompletionMode != "Indexed" || spec.Completions < 1 || spec.Parallelism < 1:
			t.Fatalf("completionMode %q, completions %d, parallelism %d", spec.CompletionMode, spec.Completions, spec.Parallelism)
		case !slices.Contains([]string{"Never", "OnFailure"}, spec.Template.Spec.RestartPolicy):
			t.Fatalf("restartPolicy %q: a Job wants Never or OnFailure", spec.Template.Spec.RestartPolicy)
		case len(spec.Template.Spec.Containers) != 1 || spec.Template.Spec.Containers[0].Image == "":
			t.Fatalf("want one container with an image")
		}
		args := spec.Template.Spec.Containers[0].Args
		i := slices.Index(args, "--shard-from-env")
		if i < 0 || i+1 == len(args) || args[i+1] != fmt.Sprintf("JOB_COMPLETION_INDEX/%d", spec.Completions) {
			t.Fatalf("args %q: want --shard-from-env JOB_COMPLETION_INDEX/%d", args, spec.Completions)
		}

		// Run the Job: 100 tasks of a count of 300 instead of a million.
		dir := t.TempDir()
		var files []string
		task := func(k int) []string {
			var out []string
			for _, a := range args {
				a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", strconv.Itoa(k))
				a = strings.Replace(a, "/out/", dir+"/", 1)
				if a == "1000000" {
					a = "300"
				}
				out = append(out, a)
			}
			return out
		}
		for k := range spec.Completions {
			t.Setenv("JOB_COMPLETION_INDEX", strconv.Itoa(k))
			a := task(k)
			if code, _, stderr := runApp(t, "", a...); code != 0 {
				t.Fatalf("task %d: %q: exit %d: %s", k, a, code, stderr)
			}
			files = append(files, a[slices.Index(a, "-o")+1])
		}
		_, merged, stderr := runApp(t, "", append([]string{"merge"}, files...)...)
		one := slices.Delete(task(0), i, i+2)
		one = slices.Delete(one, slices.Index(one, "-o"), slices.Index(one, "-o")+2)
		_, want, _ := runApp(t, "", one...)
		if merged != want || strings.Count(want, "\n") != 300 {
			t.Errorf("the Job's merged output (%d lines; %s) differs from one run's (%d lines)",
				strings.Count(merged, "\n"), stderr, strings.Count(want, "\n"))
		}
	}
}

// TestScaleCommands runs docs/scale.md's shell lines, with smaller counts,
// in a directory with a bank of puzzles; the lines for a cluster's volume
// (/out, kubectl) are left to TestScaleManifest. GNU Parallel must be
// installed (CI installs it).
func TestScaleCommands(t *testing.T) {
	testenv.Program(t, "parallel", "apt-get install parallel")
	smaller := strings.NewReplacer("--count 1000000", "--count 250", "--count 1000", "--count 40", "l/1000", "l/7",
		"{}/100", "{}/10", "seq 0 99", "seq 0 9")
	var script strings.Builder
	n := 0
	for _, block := range fencedBlocks(t, filepath.Join("docs", "scale.md"), "sh") {
		for _, l := range strings.Split(strings.TrimSpace(block), "\n") {
			if strings.Contains(l, "/out/") || strings.HasPrefix(l, "kubectl") {
				continue
			}
			fmt.Fprintf(&script, "exec bash -c '%s'\n", strings.ReplaceAll(smaller.Replace(l), "'", "''"))
			n++
		}
	}
	// Each merged output has its rows, in order.
	script.WriteString("exec bash -c 'test $(wc -l < hard.txt) = 250 && test $(wc -l < bank.se) = 50'\n")
	script.WriteString("exec bash -c 'sudokit grade -q -f se bank.txt | cmp - bank.se'\n")
	if n < 5 {
		t.Fatalf("only %d commands in docs/scale.md", n)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "scale.txtar"), []byte(script.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	bank, err := os.ReadFile(filepath.Join("testdata", "puzzles", "norvig-easy50.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := regexp.MustCompile(`(?m)^[^#\n][^\n]*\n`).FindAllString(string(bank), -1)
	testscript.Run(t, testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			return os.WriteFile(filepath.Join(env.WorkDir, "bank.txt"), []byte(strings.Join(lines, "")), 0o644)
		},
	})
}
