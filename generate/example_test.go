package generate_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
)

// Generate reproducibly: the same seed and options give the same puzzles.
func ExampleGenerator_Puzzle() {
	cfg := config.Default()
	target, _ := generate.NewTarget(cfg, generate.TargetSpec{Level: "hard"})
	gen, _ := generate.New(cfg, generate.Options{Seed: 42, Symmetry: generate.Rot180, Target: target})
	for i := range 2 {
		p, err := gen.Puzzle(context.Background(), i)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.Grid, p.Result.Ratings, p.Result.Level)
	}
	// Output:
	// ....2385.....791.........79.6....531.8.....4.495....8.21.........895.....5423.... 3.4/1.2/1.2 hard
	// 37.5.....4...38..1.....965.......1.8.4.8.3.6.6.7.......932.....2..98...5.....1.24 2.6/1.2/1.2 hard
}
