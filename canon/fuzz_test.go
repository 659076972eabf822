package canon

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// FuzzMinlex reads a grid from the first 81 bytes ('0'-'9' and '.' as in
// puzzle files, any other byte % 13, where 10-12 are out of range and
// count as blank) and a transform from the seed. Minlex must not panic, must return a transform
// that maps the grid onto the form, and must give the same form for the
// transformed grid; on a grid that keeps the rules with 10 to 40 clues
// (where the brute force is quick) it must equal the brute force.
func FuzzMinlex(f *testing.F) {
	f.Add([]byte{}, uint64(0))
	f.Add([]byte("000000010400000000020000000000050407008000300001090000300400200050100000000806000"), uint64(1))
	f.Add([]byte("534678912672195348198342567859761423426853791713924856961537284287419635345286179"), uint64(2))
	f.Add([]byte("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"), uint64(3))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		var g sudoku.Grid
		for i := 0; i < 81 && i < len(data); i++ {
			switch b := data[i]; {
			case b >= '0' && b <= '9':
				g[i] = b - '0'
			case b == '.':
				g[i] = 0
			default:
				g[i] = b % 13
			}
		}
		form, tr := Minlex(g)
		if err := tr.Validate(); err != nil {
			t.Fatalf("%s: invalid transform %v: %v", Format(g), tr, err)
		}
		if got := tr.Apply(g); got != form {
			t.Fatalf("%s: transform %v gives %s, not the form %s", Format(g), tr, Format(got), Format(form))
		}
		if n := sanitize(g).Givens(); n >= 10 && n <= 40 && sanitize(g).Validate() == nil {
			if want := sudoku.Grid(bruteMinlex(sanitize(g))); form != want {
				t.Fatalf("%s: form %s, brute force %s", Format(g), Format(form), Format(want))
			}
		}
		u := Random(rand.New(rand.NewPCG(seed, seed>>32)))
		if got, _ := Minlex(u.Apply(g)); got != form {
			t.Fatalf("%s under %v: form %s, want %s", Format(g), u, Format(got), Format(form))
		}
	})
}
