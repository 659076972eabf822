package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/batch"
)

// mergeParts merges indexed shard outputs as `sudokit merge` does.
func mergeParts(t *testing.T, parts []string) string {
	t.Helper()
	var in []batch.MergeInput
	for k, p := range parts {
		in = append(in, batch.MergeInput{Name: fmt.Sprintf("shard %d", k), R: strings.NewReader(p)})
	}
	var out strings.Builder
	if _, err := batch.Merge(context.Background(), &out, in); err != nil {
		t.Fatalf("merge: %v", err)
	}
	return out.String()
}

// withoutTimes blanks the values that change from run to run: the time
// fields of JSON and the time column of CSV.
func withoutTimes(s string) string {
	return timings.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasPrefix(m, ",") {
			return ",0" + m[len(m)-1:] // the time column of CSV output
		}
		return m[:strings.Index(m, ":")+1] + "0"
	})
}

// TestShardsMerge checks that the outputs of --shard K/N, merged, are the
// output of one run without --shard, byte for byte (times aside), for
// N = 1, 2, 3 and 7, every row-per-line and multi-line format, with bad
// lines, a file that does not open (no row, no index) and the exit codes.
func TestShardsMerge(t *testing.T) {
	input := filepath.Join("testdata", "golden", "grade-input.txt")
	files := []string{input, filepath.Join(t.TempDir(), "missing.txt"), filepath.Join("testdata", "golden", "solve-input.txt")}
	tests := []struct {
		cmd     string
		formats []string
		files   []string
	}{
		{"solve", []string{"line", "grid", "json", "csv", "sdk"}, files},
		{"grade", []string{"line", "se", "csv", "json", "candidates", "pm729"}, []string{input}},
		{"hint", []string{"text", "json"}, []string{input}},
		{"canon", []string{"line", "json", "csv"}, files},
	}
	for _, tt := range tests {
		for _, format := range tt.formats {
			args := append([]string{tt.cmd, "-q", "-f", format}, tt.files...)
			wantCode, want, _ := runApp(t, "", args...)
			for _, n := range []int{1, 2, 3, 7} {
				t.Run(fmt.Sprintf("%s-%s-%d", tt.cmd, format, n), func(t *testing.T) {
					var parts []string
					for k := range n {
						code, out, stderr := runApp(t, "", append(args, "--shard", fmt.Sprintf("%d/%d", k, n))...)
						if code != wantCode && !(code == 0 && n > 1) {
							t.Errorf("shard %d/%d: exit code %d, unsharded %d; stderr:\n%s", k, n, code, wantCode, stderr)
						}
						parts = append(parts, out)
					}
					if got := mergeParts(t, parts); withoutTimes(got) != withoutTimes(want) {
						t.Errorf("merged shards differ from one run:\n--- merged\n%s--- one run\n%s", got, want)
					}
				})
			}
		}
	}
}

// TestShardFromEnv checks that the environment form picks the shard an
// array job's task is given, and that a missing or bad variable is a usage
// error.
func TestShardFromEnv(t *testing.T) {
	input := filepath.Join("testdata", "golden", "grade-input.txt")
	_, want, _ := runApp(t, "", "grade", "-q", "-f", "se", "--shard", "2/3", input)
	t.Setenv("SUDOKIT_TEST_TASK", "2")
	t.Setenv("SUDOKIT_TEST_TASKS", "3")
	for _, spec := range []string{"SUDOKIT_TEST_TASK/3", "SUDOKIT_TEST_TASK/SUDOKIT_TEST_TASKS"} {
		if _, got, stderr := runApp(t, "", "grade", "-q", "-f", "se", "--shard-from-env", spec, input); got != want {
			t.Errorf("--shard-from-env %s:\n%s\nwant\n%s\nstderr: %s", spec, got, want, stderr)
		}
	}
	// Without -f, grade's default (a table, which does not split) gives
	// way to line in a shard.
	lineCode, line, _ := runApp(t, "", "grade", "-q", "-f", "line", "--shard", "2/3", input)
	if code, got, stderr := runApp(t, "", "grade", "-q", "--shard", "2/3", input); code != lineCode || got != line {
		t.Errorf("grade --shard without -f: exit %d\n%s\nwant -f line's (exit %d)\n%s\nstderr: %s", code, got, lineCode, line, stderr)
	}
	bad := []struct{ args, message string }{
		{"--shard-from-env SUDOKIT_TEST_UNSET/3", "SUDOKIT_TEST_UNSET is not set"},
		{"--shard-from-env SUDOKIT_TEST_TASK/2", "K must be from 0 to 1"},
		{"--shard-from-env SUDOKIT_TEST_TASK", "want VAR/N"},
		{"--shard 3/3", "K must be from 0 to 2"},
		{"--shard 1/0", "N must be at least 1"},
		{"--shard x/2", "whole numbers"},
		{"--shard 1/2 --shard-from-env SUDOKIT_TEST_TASK/3", "give one"},
		{"--shard 1/2 --summary", "--summary does not go with --shard"},
		{"--shard 1/2 -f table", "format table ends with lines of its own"},
	}
	for _, b := range bad {
		code, _, stderr := runApp(t, "", append(append([]string{"grade"}, strings.Fields(b.args)...), input)...)
		if code != 2 || !strings.Contains(stderr, b.message) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", b.args, code, stderr, b.message)
		}
	}
}

// TestGenerateParts checks that consecutive --start-index ranges,
// concatenated, and --shard K/N outputs, merged, are one run's output,
// for several seeds, levels, formats and worker counts.
func TestGenerateParts(t *testing.T) {
	tests := []struct {
		seed, level, format string
	}{
		{"1", "easy", "line"},
		{"42", "medium", "csv"},
		{"7", "hard", "grid"},
		{"9", "easy", "json"},
	}
	for _, tt := range tests {
		t.Run(tt.seed+"-"+tt.level+"-"+tt.format, func(t *testing.T) {
			base := []string{"generate", "-q", "--seed", tt.seed, "--level", tt.level, "-f", tt.format}
			run := func(extra ...string) string {
				t.Helper()
				code, out, stderr := runApp(t, "", append(base, extra...)...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", extra, code, stderr)
				}
				return withoutTimes(out)
			}
			whole := run("-n", "8", "-j", "2")
			cat := run("-n", "3", "-j", "1", "--start-index", "0") + run("-n", "1", "-j", "3", "--start-index", "3") +
				run("-n", "4", "-j", "2", "--start-index", "4")
			if cat != whole {
				t.Errorf("start-index ranges concatenated:\n%s\none run:\n%s", cat, whole)
			}
			for _, n := range []int{1, 3, 7} {
				var parts []string
				for k := range n {
					parts = append(parts, run("-n", "8", "-j", fmt.Sprint(1+k%2), "--shard", fmt.Sprintf("%d/%d", k, n)))
				}
				if got := mergeParts(t, parts); got != whole {
					t.Errorf("%d shards merged:\n%s\none run:\n%s", n, got, whole)
				}
			}
		})
	}
	for _, args := range [][]string{{"--start-index", "2", "--dedupe"}, {"--shard", "0/2", "--summary"}, {"--start-index", "-1"}} {
		if code, _, stderr := runApp(t, "", append([]string{"generate", "-q", "-n", "2", "--seed", "1"}, args...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2; stderr %s", args, code, stderr)
		}
	}
}

// TestMergeCommand checks sudokit merge on files: order of arguments, a
// missing shard (exit 1, rows written, the gap named), a part given twice
// and a file that is no shard output (exit 2).
func TestMergeCommand(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join("testdata", "golden", "grade-input.txt")
	_, want, _ := runApp(t, "", "grade", "-q", "-f", "se", input)
	var names []string
	for k := range 3 {
		name := filepath.Join(dir, fmt.Sprintf("part%d", k))
		if code, _, stderr := runApp(t, "", "grade", "-q", "-f", "se", "--shard", fmt.Sprintf("%d/3", k), "-o", name, input); code > 1 {
			t.Fatalf("shard %d: %s", k, stderr)
		}
		names = append(names, name)
	}
	out := filepath.Join(dir, "all.txt")
	if code, _, stderr := runApp(t, "", "merge", "-o", out, names[2], names[0], names[1]); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != want {
		t.Errorf("merged file:\n%s\nwant\n%s", got, want)
	}
	code, got, stderr := runApp(t, "", "merge", names[0], names[2])
	if code != 1 || !strings.Contains(stderr, "rows 1, 4, 7 are missing") || strings.Count(got, "\n") != 5 {
		t.Errorf("merge without shard 1: exit %d, %d lines, stderr %q", code, strings.Count(got, "\n"), stderr)
	}
	if code, _, stderr := runApp(t, "", "merge", names[0], names[0]); code != 2 || !strings.Contains(stderr, "row 0 is also in") {
		t.Errorf("a part twice: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := runApp(t, "", "merge", input); code != 2 || !strings.Contains(stderr, "does not start with a row index") {
		t.Errorf("not a shard output: exit %d, stderr %q", code, stderr)
	}
	// A shard cut short: its closing line is missing.
	whole, _ := os.ReadFile(names[1])
	lines := strings.SplitAfter(string(whole), "\n")
	cut := filepath.Join(dir, "cut")
	os.WriteFile(cut, []byte(strings.Join(lines[:len(lines)-2], "")), 0o644)
	if code, _, stderr := runApp(t, "", "merge", "-o", filepath.Join(dir, "none"), names[0], cut, names[2]); code != 2 || !strings.Contains(stderr, "has no closing line") {
		t.Errorf("a part cut short: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "none")); err == nil {
		t.Errorf("a failed merge left its output file")
	}
	// A shard of another split.
	other := filepath.Join(dir, "other")
	runApp(t, "", "grade", "-q", "-f", "se", "--shard", "1/2", "-o", other, input)
	if code, _, stderr := runApp(t, "", "merge", names[0], other); code != 2 || !strings.Contains(stderr, "parts of different runs") {
		t.Errorf("parts of two runs: exit %d, stderr %q", code, stderr)
	}
}
