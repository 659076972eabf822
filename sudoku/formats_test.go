package sudoku

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// readFile reads every item of a file of testdata/formats.
func readFile(t *testing.T, name string) (puzzles []Puzzle, errs []error) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "formats", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for p, err := range NewReader(f, name).All() {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		puzzles = append(puzzles, p)
	}
	return puzzles, errs
}

// TestReadFormats reads a real example of each input format (their origins
// are in the files): how many puzzles, the givens of the first, whether it
// comes with pencil marks, and its label.
func TestReadFormats(t *testing.T) {
	tests := []struct {
		file   string
		n      int
		first  string // the first puzzle's digits
		marked bool   // it has pencil marks beyond its digits
		label  string
	}{
		// Fresh pencil marks: no candidate crossed out beyond the digits.
		{"simple-sudoku-candidates.txt", 1, ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4189.25.6.....8.3.", false, ""},
		{"sudopedia-pencilmarks.txt", 1, ".7.2.3.8.3457981262.8.4....4..5.98.2.5.8.4.9.8.......1........8.8.....7.62..87.15", false, ""},
		// A pencil-mark puzzle: no digit placed, candidates only.
		{"pencilmark-729.txt", 2, strings.Repeat(".", 81), true, ""},
		{"hodoku-givens.txt", 1, ".1....4.64.76...956..17..2...4..168...8..63...568......7..25..154...82.72.9...54.", false, ""},
		{"sudocue.sdk", 1, "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1", false,
			"author: Ruud; description: A random puzzle created by SudoCue; comment: Just start plugging in the numbers; " +
				"date: 03-08-2006; source: SudoCue; level: Easy; url: http://www.sudocue.net/"},
		{"porquerolles-hard.sdk", 1, ".....2..52.5...6...84....9.4..297..3.3.1.4.2.9..538..1.5....38...2...1.71..7.....", false, ""},
		{"hodoku-easy.opensudoku", 2, ".5......3........2..4..786..9.3....8.2786.....35.2........81.25..39.........7....", false, "Hodoku Easy"},
		{"one-cell-per-line.txt", 2, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			puzzles, errs := readFile(t, tt.file)
			if len(errs) > 0 || len(puzzles) != tt.n {
				t.Fatalf("%d puzzles, errors %v; want %d puzzles", len(puzzles), errs, tt.n)
			}
			p := puzzles[0]
			if got := p.Grid.String(); got != tt.first {
				t.Errorf("digits %s, want %s", got, tt.first)
			}
			if got := p.State().Marked(); got != tt.marked {
				t.Errorf("marked %v, want %v", got, tt.marked)
			}
			if p.Label != tt.label {
				t.Errorf("label %q, want %q", p.Label, tt.label)
			}
			for _, p := range puzzles {
				if err := p.State().Check(); err != nil {
					t.Errorf("line %d: %v", p.Line, err)
				}
			}
		})
	}
	// The second puzzle of the one-cell-per-line file is the first after
	// three pointing steps: pencil marks, in any order within a line.
	puzzles, _ := readFile(t, "one-cell-per-line.txt")
	st := puzzles[1].State()
	if !st.Marked() || st.Cands[5] != DigitSet(1, 9) || puzzles[1].Line != 89 {
		t.Errorf("second state: line %d, r1c6 %s, marked %v", puzzles[1].Line, st.Cands[5], st.Marked())
	}
}

// TestReadStates checks the candidate-state layouts on small cases, and
// that errors name the line and the cell.
func TestReadStates(t *testing.T) {
	empty := strings.Repeat("123456789\n", 81)
	state := NewState(mustParse(t, top1))
	noOne := state.Clone() // no 1 left in row 1
	for _, c := range Units[0] {
		noOne.Eliminate(int(c), 1)
	}
	groups := func(st *State) string {
		var b strings.Builder
		for i, d := range st.AllCandidates() {
			b.WriteString(d.String())
			if i%9 == 8 {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
		}
		return b.String()
	}
	grid := strings.Builder{}
	grid.WriteString(groups(state))
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"one cell per line, starting with 9 empty cells", empty, []string{"1 " + strings.Repeat(".", 81) + " marks"}},
		{"a candidate grid without borders", grid.String(), []string{"1 " + top1 + " marks"}},
		{"81 groups on one line", strings.ReplaceAll(grid.String(), "\n", " ") + "\n", []string{"1 " + top1 + " marks"}},
		{"a lone candidate in sudokit's notation", strings.Replace(grid.String(), "1679", "(1)", 1),
			[]string{"1 " + top1 + " marks", "cands r1c2 1"}},
		{"a 729 line", PM729(state) + " my label\n", []string{"1 " + top1 + " marks [my label]"}},
		{"a bad group", strings.Replace(grid.String(), "1679", "16a9", 1) + top1 + "\n",
			[]string{`error in.txt:1: unexpected character "16a9" in the candidates of r1c2`, "10 " + top1}},
		{"a cell with no candidate left", strings.Replace(grid.String(), "1679", "5", 1),
			[]string{"error in.txt:1: digit 5 repeated in row 1: r1c2 and r1c9"}},
		{"no place left for a digit", groups(noOne), []string{"error in.txt:1: no 1 left in row 1"}},
		{"too few cells", strings.Repeat("123456789\n", 20) + "\n" + top1 + "\n",
			[]string{"error in.txt:1: bad candidate grid: found 20 cells, want 81", "22 " + top1}},
		{"a bad 729 line", strings.Replace(PM729(state), "4", "5", 1) + "\n",
			[]string{"error in.txt:1: unexpected character '5' at column 4: r1c1 takes 4, '.' or '0' there"}},
		{"HoDoKu's borders around a grid", ".---------.\n" + strings.Repeat("| .  .  . | .  .  . | .  .  . |\n", 0) + toGrid(top1) + "'---------'\n",
			[]string{"2 " + top1}},
		{"sdk metadata", "#ARuud\n#LEasy\n# a comment\n" + top1 + "\n", []string{"4 " + top1 + " [author: Ruud; level: Easy]"}},
		{"OpenSudoku", "<?xml version=\"1.0\"?>\n<opensudoku><name>Pack</name>\n<game data=\"" + strings.ReplaceAll(top1, ".", "0") +
			"\"/><game data=\"12\"/></opensudoku>\n", []string{"3 " + top1 + " [Pack]", "error in.txt:3: bad OpenSudoku XML: a game's data is not 81 digits: \"12\""}},
		{"broken XML", "<opensudoku>\n<game data=\"" + strings.ReplaceAll(top1, ".", "0") + "\"\n", []string{`error in.txt:3: bad OpenSudoku XML: XML syntax error on line 3: unexpected EOF`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readStates(t, tt.input)
			for i, w := range tt.want {
				if i >= len(got) || !strings.HasPrefix(got[i], w) {
					t.Errorf("got %q, want %q", got, tt.want)
					break
				}
			}
		})
	}
}

// readStates renders what a Reader returns: "line digits [marks] [label]",
// "cands cell digits" for a lone (1) candidate, or "error ...".
func readStates(t *testing.T, input string) []string {
	t.Helper()
	rd := NewReader(strings.NewReader(input), "in.txt")
	var out []string
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			out = append(out, "error "+err.Error())
			var ie *InputError
			if !errors.As(err, &ie) {
				return out
			}
			continue
		}
		s := itoa(p.Line) + " " + p.Grid.String()
		if p.Cands != nil {
			s += " marks"
		}
		if p.Label != "" {
			s += " [" + p.Label + "]"
		}
		out = append(out, s)
		if p.Cands != nil && p.Grid[1] == 0 && p.Cands[1].Count() == 1 {
			out = append(out, "cands r1c2 "+p.Cands[1].String())
		}
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0 || s == ""; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func mustParse(t *testing.T, s string) Grid {
	t.Helper()
	g, err := ParseGrid(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// toGrid writes a puzzle as 9 rows of HoDoKu's plain grid.
func toGrid(s string) string {
	var b strings.Builder
	for r := range 9 {
		b.WriteString("|")
		for c := range 9 {
			b.WriteString(" " + s[r*9+c:r*9+c+1] + " ")
			if c%3 == 2 {
				b.WriteString("|")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestReaderMemoryConstant reads 200,000 candidate states in each layout
// from an endless stream and checks that the heap does not grow with the
// number read: the Reader keeps nothing of a puzzle once it is returned.
func TestReaderMemoryConstant(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 200,000 states per layout")
	}
	st := NewState(mustParse(t, top1))
	st.Eliminate(1, 1)
	for _, layout := range []string{PM729(st) + "\n", FormatState(st) + "\n", strings.Repeat(top1+"\n", 3)} {
		rd := NewReader(&repeatReader{text: []byte(layout)}, "endless")
		var heap [2]uint64
		for i := 1; i <= 200_000; i++ {
			if _, err := rd.Next(); err != nil {
				t.Fatal(err)
			}
			if i == 20_000 || i == 200_000 {
				var m runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&m)
				heap[i/200_000] = m.HeapAlloc
			}
		}
		if heap[1] > heap[0]+256<<10 {
			t.Errorf("%.20q...: heap grew from %d to %d bytes between 20,000 and 200,000 states", layout, heap[0], heap[1])
		}
	}
}

// repeatReader repeats a text without end.
type repeatReader struct {
	text []byte
	at   int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.text[r.at:])
		n += c
		r.at = (r.at + c) % len(r.text)
	}
	return n, nil
}

// TestSDKMetadata checks that .sdk metadata read into a label is written
// back as the same lines, and that other labels become a description.
func TestSDKMetadata(t *testing.T) {
	tests := []struct{ meta, label, back string }{
		{"#ARuud\n#LEasy\n", "author: Ruud; level: Easy", "#ARuud\n#LEasy\n"},
		{"#Dfrom the paper\n", "description: from the paper", "#Dfrom the paper\n"},
		{"", "", ""},
	}
	for _, tt := range tests {
		p, err := NewReader(strings.NewReader(tt.meta+top1+"\n"), "in.sdk").Next()
		if err != nil {
			t.Fatal(err)
		}
		if p.Label != tt.label {
			t.Errorf("label of %q = %q, want %q", tt.meta, p.Label, tt.label)
		}
		if got := SDKMetadata(p.Label); got != tt.back {
			t.Errorf("SDKMetadata(%q) = %q, want %q", p.Label, got, tt.back)
		}
	}
	if got := SDKMetadata("ED=7.1 hard;\tfrom: somewhere"); got != "#DED=7.1 hard; from: somewhere\n" {
		t.Errorf("a plain label: %q", got)
	}
}
