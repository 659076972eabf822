package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGenerateSeedNoted runs generate without --seed, reads the seed it
// notes, and runs it again with that seed: the bytes must be the same.
func TestGenerateSeedNoted(t *testing.T) {
	for _, format := range []string{"line", "se"} {
		args := []string{"generate", "-n", "3", "--level", "easy", "-f", format}
		code, first, stderr := runApp(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		m := regexp.MustCompile(`(?m)^sudokit: --seed ([0-9]+)$`).FindStringSubmatch(stderr)
		if m == nil {
			t.Fatalf("%s: no seed noted on standard error:\n%s", format, stderr)
		}
		code, again, stderr := runApp(t, "", append(args, "--seed", m[1], "-q")...)
		if code != 0 || again != first {
			t.Errorf("%s: --seed %s (exit %d, %s) made\n%s\nwhere the run that noted it made\n%s", format, m[1], code, stderr, again, first)
		}
	}
}

// TestGenerateSeedInOutputs checks that the formats with no label per
// puzzle carry the seed: a comment line in se, each game's note in
// OpenSudoku, the subject and the title page of the --pdf book.
func TestGenerateSeedInOutputs(t *testing.T) {
	_, se, _ := runApp(t, "", "generate", "-n", "2", "--seed", "42", "-f", "se", "-q")
	if !strings.HasPrefix(se, "# sudokit generate --seed 42\n") {
		t.Errorf("se output does not start with the seed:\n%s", se)
	}
	_, xml, _ := runApp(t, "", "generate", "-n", "2", "--seed", "42", "-f", "opensudoku", "-q")
	if !strings.Contains(xml, ` 42:0" />`) || !strings.Contains(xml, ` 42:1" />`) {
		t.Errorf("the games' notes do not carry seed:index:\n%s", xml)
	}
	pdf := filepath.Join(t.TempDir(), "book.pdf")
	if code, _, stderr := runApp(t, "", "generate", "-n", "2", "--seed", "42", "--pdf", pdf, "-o", os.DevNull, "-q"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("/Subject")) {
		t.Errorf("the PDF has no subject")
	}
	if pdftotext, err := exec.LookPath("pdftotext"); err == nil {
		out, err := exec.Command(pdftotext, "-l", "1", "-layout", pdf, "-").Output()
		if err != nil || !bytes.Contains(out, []byte("--seed 42")) {
			t.Errorf("the title page does not name the seed (%v):\n%s", err, out)
		}
		info, _ := exec.Command("pdfinfo", pdf).Output()
		if !bytes.Contains(info, []byte("--seed 42")) {
			t.Errorf("the PDF's subject does not name the seed:\n%s", info)
		}
	} else {
		t.Log("no pdftotext: the title page is not read")
	}
}
