package canon_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/sudoku"
)

// The canonical form of a puzzle, and the transformation that gives it.
func ExampleMinlex() {
	g, _ := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	form, t := canon.Minlex(g)
	fmt.Println(canon.Format(form))
	fmt.Println(t.Apply(g) == form)
	// Output:
	// 000000001000001023004050000000000500000600740380000000000002000007000600010008000
	// true
}

// Isomorphs have the same key: a rotated, relabelled copy is recognised.
func ExampleKey() {
	g, _ := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	t, _ := canon.ParseTransform("rot90,d=987654321")
	h := t.Apply(g)
	fmt.Println(h)
	fmt.Println(canon.Key(g) == canon.Key(h))
	// Output:
	// 95......6.....8.7.6.........84...3.....92......7..........6...2..3..4...........5
	// true
}

// Transforms read and print as specs; Random draws isomorphs.
func ExampleParseTransform() {
	t, err := canon.ParseTransform("transpose,mirror") // a quarter turn clockwise
	fmt.Println(t, err)
	_, err = canon.ParseTransform("r=031245678")
	fmt.Println(err)

	rng := rand.New(rand.NewPCG(1, 2))
	u := canon.Random(rng)
	back, _ := canon.ParseTransform(u.String())
	fmt.Println(back == u)
	// Output:
	// t,r=012345678,c=876543210,d=123456789 <nil>
	// bad transform spec: "r=031245678": rows 031245678: row 3 moved out of its band (positions 0-2 must hold one band, and row 0 is in another)
	// true
}

// A variant's puzzles are equivalent under its symmetry group: x keeps
// the quarter turn, and the key names the rules; a row swap that moves a
// diagonal is refused.
func ExampleGroupOf() {
	x, _ := sudoku.ParseRules("x", "")
	group, _ := canon.GroupOf(x)
	fmt.Println(group.Size())
	var g sudoku.Grid
	for i, c := range ".....1.53..............6.......4.........57....79.......539.......7..31.2..5...8." {
		if c != '.' {
			g[i] = uint8(c - '0')
		}
	}
	t, _ := canon.ParseTransform("rot90,d=987654321")
	fmt.Println(group.Key(g) == group.Key(t.Apply(g)))
	fmt.Println(group.Key(g))
	swap, _ := canon.ParseTransform("r=102345678")
	fmt.Println(group.Check(swap))
	// Output:
	// 96 362880
	// true
	// 000000000000000010000002300000004532000600400078030000000020005050000000030000097 variant=x
	// r=102345678,c=012345678,d=123456789 does not keep the rules of x: it moves diagonal 1 onto r1c2 r2c1 r3c3 r4c4 r5c5 r6c6 r7c7 r8c8 r9c9, which is no diagonal
}
