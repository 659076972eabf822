package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/sys/unix"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"sudokit": main})
}

// TestScripts runs the command-line scripts in testdata/script: exit codes,
// error messages, stdin, flags.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// Scripts may use the project's puzzle files and format examples.
			wd, err := os.Getwd()
			if err != nil {
				return err
			}
			env.Setenv("PUZZLES", filepath.Join(wd, "testdata", "puzzles"))
			env.Setenv("FORMATS", filepath.Join(wd, "testdata", "formats"))
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){"terminal": cmdTerminal},
	})
}

// cmdTerminal is the scripts' "terminal [-cols N] PROG ARGS..." command: it
// runs a program in a pseudo-terminal of 160x50 (N columns with -cols), as
// a person would, puts the screen as the terminal shows it at the end on
// stdout, and what the program wrote, escape sequences and all, on stderr.
func cmdTerminal(ts *testscript.TestScript, neg bool, args []string) {
	cols := 160
	if len(args) > 1 && args[0] == "-cols" {
		n, err := strconv.Atoi(args[1])
		ts.Check(err)
		cols, args = n, args[2:]
	}
	if len(args) == 0 {
		ts.Fatalf("usage: terminal [-cols N] program [args...]")
	}
	if _, err := os.Stat("/dev/ptmx"); err != nil {
		ts.Fatalf("no pseudo-terminals here")
	}
	bin, err := exec.LookPath(args[0])
	ts.Check(err)
	raw, err := runInTerminal(bin, ts.MkAbs("."), cols, args[1:]...)
	ts.Stdout().Write([]byte(render(raw) + "\n"))
	ts.Stderr().Write(raw)
	if (err != nil) != neg {
		ts.Fatalf("%s: %v", args[0], err)
	}
}

// runInTerminal runs bin in dir with its three streams on a new
// pseudo-terminal of cols x 50 and returns what it wrote there, and how it
// exited.
func runInTerminal(bin, dir string, cols int, args ...string) ([]byte, error) {
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	defer ptmx.Close()
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		return nil, err
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		return nil, err
	}
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	if err := unix.IoctlSetWinsize(int(pts.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 50, Col: uint16(cols)}); err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	pts.Close()
	var out bytes.Buffer
	buf := make([]byte, 4096)
	for {
		k, err := ptmx.Read(buf)
		out.Write(buf[:k])
		if err != nil {
			break // EIO once the program has exited and closed the terminal
		}
	}
	return out.Bytes(), cmd.Wait()
}

// render plays terminal output onto a screen (text, CR, LF, cursor up,
// erase line and erase below) and returns the final screen's lines.
func render(b []byte) string {
	var lines [][]rune
	row, col := 0, 0
	ensure := func() {
		for len(lines) <= row {
			lines = append(lines, nil)
		}
	}
	s := []rune(string(b))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\r':
			col = 0
		case c == '\n':
			row++
			col = 0
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			j := i + 2
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == '?') {
				j++
			}
			if j == len(s) {
				i = j
				break
			}
			arg := 1
			fmt.Sscanf(string(s[i+2:j]), "%d", &arg)
			ensure()
			switch s[j] {
			case 'A':
				row = max(0, row-arg)
			case 'J':
				lines[row] = lines[row][:min(col, len(lines[row]))]
				lines = lines[:row+1]
			case 'K':
				lines[row] = lines[row][:min(col, len(lines[row]))]
			}
			i = j
		case c >= ' ':
			ensure()
			for len(lines[row]) < col {
				lines[row] = append(lines[row], ' ')
			}
			if col < len(lines[row]) {
				lines[row][col] = c
			} else {
				lines[row] = append(lines[row], c)
			}
			col++
		}
	}
	var out []string
	for _, l := range lines {
		out = append(out, strings.TrimRight(string(l), " "))
	}
	return strings.Join(out, "\n")
}

// TestDockerfile reads the Dockerfile: a Go stage builds a static binary,
// the final stage is an empty or distroless static base running as a
// non-root user with sudokit as its entrypoint.
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	var stages []string
	var user, entry, lastFrom string
	static := false
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch strings.ToUpper(f[0]) {
		case "FROM":
			lastFrom = f[1]
			stages = append(stages, f[1])
			user, entry = "", ""
		case "USER":
			user = f[1]
		case "ENTRYPOINT":
			entry = strings.Join(f[1:], " ")
		case "ENV", "RUN", "ARG":
			static = static || strings.Contains(line, "CGO_ENABLED=0")
		}
	}
	if len(stages) < 2 || !strings.HasPrefix(stages[0], "golang:") {
		t.Errorf("stages %v: want a golang build stage, then the final one", stages)
	}
	if lastFrom != "scratch" && !strings.HasPrefix(lastFrom, "gcr.io/distroless/static") {
		t.Errorf("final stage FROM %s: want scratch or distroless static", lastFrom)
	}
	if user == "" || user == "root" || user == "0" || strings.HasPrefix(user, "0:") {
		t.Errorf("final stage runs as %q: want a non-root user", user)
	}
	if entry != `["/sudokit"]` && entry != `["sudokit"]` {
		t.Errorf("ENTRYPOINT %s: want the sudokit binary", entry)
	}
	if !static {
		t.Error("the build does not set CGO_ENABLED=0: the binary would not be static")
	}
}
