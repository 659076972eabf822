package sized

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Candidate is a digit (1..N) in a cell (0..N×N-1): a placement or an
// elimination.
type Candidate struct {
	Cell  int
	Digit int
}

// Step is one application of a technique on a Board's state: what it
// places and eliminates, and what justifies it, as techniques.Step says
// for classic grids.
type Step struct {
	// Technique is the technique's key in the registry of package
	// techniques ("x-wing").
	Technique string
	// Name is the name shown to people, the registry's, with the variant
	// where the classic steps give one ("Unique Rectangle type 1").
	Name string
	// Rating is the step's rating on Sudoku Explainer's scale, the one the
	// registry gives the technique.
	Rating sudoku.Rating

	Placements   []Candidate
	Eliminations []Candidate

	// Cells, Houses and Digits are the pattern that justifies the step;
	// Houses are numbered as sudoku.Shape.HouseName numbers them, Digits
	// is a mask (bit d for digit d).
	Cells  []int
	Houses []int
	Digits uint32
	// Detail describes the pattern in the words of the classic steps,
	// cells and houses named as the shape names them: "12 in r3,r14
	// c5,c10".
	Detail string
	// Shape is the shape of the board the step was found on, which names
	// its cells and houses.
	Shape sudoku.Shape
	// Regions is a jigsaw's layout (each cell's region 0..N-1, as
	// sudoku.Board.Regions), nil for the boxes: houses 2N..3N-1 are then
	// its regions, named "region K". It is shared with the state's
	// tables: read only.
	Regions []uint8
}

// String describes the step on one line, as techniques.Step.String does:
// "X-Wing: 12 in r3,r14 c5,c10 ==> r7c5<>12, r9c10<>12".
func (st *Step) String() string {
	var b strings.Builder
	b.WriteString(st.Name)
	if st.Detail != "" {
		b.WriteString(": ")
		b.WriteString(st.Detail)
	}
	b.WriteString(" ==> ")
	b.WriteString(st.Effects())
	return b.String()
}

// Effects lists the step's placements and eliminations: "r10c2=13",
// "r5c3<>7, r5c16<>7,12" (eliminations of one cell grouped, their digits
// separated by commas on boards over 9x9, where they may have two
// figures; on smaller boards written together, "r2c4<>25", as the classic
// steps write them). The other candidates of a cell it places go without
// saying.
func (st *Step) Effects() string {
	var parts []string
	placed := map[int]bool{}
	for _, p := range st.Placements {
		parts = append(parts, fmt.Sprintf("%s=%d", st.Shape.CellName(p.Cell), p.Digit))
		placed[p.Cell] = true
	}
	var order []int
	byCell := map[int]uint32{}
	for _, e := range st.Eliminations {
		if placed[e.Cell] {
			continue
		}
		if _, ok := byCell[e.Cell]; !ok {
			order = append(order, e.Cell)
		}
		byCell[e.Cell] |= 1 << e.Digit
	}
	for _, c := range order {
		ds := digitList(byCell[c])
		if st.Shape.N() <= 9 {
			ds = strings.ReplaceAll(ds, ",", "") // as the classic steps: "r2c4<>25"
		}
		parts = append(parts, fmt.Sprintf("%s<>%s", st.Shape.CellName(c), ds))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// HouseNames names the step's houses as the shape does: "row 12",
// "block 3".
func (st *Step) HouseNames() []string {
	names := make([]string, len(st.Houses))
	for i, h := range st.Houses {
		names[i] = sudoku.Board{Shape: st.Shape, Regions: st.Regions}.HouseName(h)
	}
	return names
}

// Places reports whether the step places a digit.
func (st *Step) Places() bool { return len(st.Placements) > 0 }

// ApplyTo carries out the step on s: its eliminations, then its
// placements.
func (st *Step) ApplyTo(s *State) {
	for _, e := range st.Eliminations {
		s.Eliminate(e.Cell, e.Digit)
	}
	for _, p := range st.Placements {
		s.Place(p.Cell, p.Digit)
	}
}

// digitList writes the digits of a mask with commas: "2,6,12".
func digitList(m uint32) string {
	var parts []string
	for ; m != 0; m &= m - 1 {
		parts = append(parts, strconv.Itoa(bits.TrailingZeros32(m)))
	}
	return strings.Join(parts, ",")
}

// cellList names cells compactly: "r2c4,r2c12".
func (t *tables) cellList(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = t.shape.CellName(c)
	}
	return strings.Join(names, ",")
}

// technique is what the registry says of a technique: its name and its
// ratings.
type technique struct {
	key  string
	name string
	min  sudoku.Rating
	max  sudoku.Rating
}

// lookup returns the registry's entry for a key; the ladder names only
// keys the registry has, which TestLadderKeys checks.
func lookup(key string) technique {
	t, ok := techniques.Lookup(key)
	if !ok {
		panic("sized: technique " + key + " is not in the registry")
	}
	return technique{key: t.Key, name: t.Name, min: t.Ratings.Min, max: t.Ratings.Max}
}

// step starts a step of technique t rated r, on the state's shape.
func (s *State) step(t technique, r sudoku.Rating) *Step {
	return &Step{Technique: t.key, Name: t.name, Rating: r, Shape: s.Shape, Regions: s.t.regions}
}
