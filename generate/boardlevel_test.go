package generate_test

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

func TestPlanBoardLevel(t *testing.T) {
	band := func(s string) sudoku.RatingRange {
		rr, err := sudoku.ParseRatingRange(s)
		if err != nil {
			t.Fatal(err)
		}
		return rr
	}
	tests := []struct {
		name, band string
		want       generate.BoardLevelPlan
	}{
		{"easy", "1.0-1.5", generate.BoardLevelPlan{Dig: "easy"}},
		{"easy", "1.0+", generate.BoardLevelPlan{Dig: "easy"}},            // 4x4's only level
		{"medium", "1.6-2.5", generate.BoardLevelPlan{Dig: "medium"}},     // 9x9's band
		{"hard", "2.6+", generate.BoardLevelPlan{Dig: "hard"}},            // 6x6's last level
		{"hard", "2.6-4.0", generate.BoardLevelPlan{Dig: "hard"}},         // 9x9's band
		{"hard", "2.8", generate.BoardLevelPlan{Dig: "hard", Rate: true}}, // narrower than the digging
		{"easy", "1.0-1.2", generate.BoardLevelPlan{Dig: "easy", Rate: true}},
		{"hard", "5.0+", generate.BoardLevelPlan{Rate: true}}, // a renamed band the digging misses
		{"fiendish", "4.1-6.0", generate.BoardLevelPlan{Rate: true}},
		{"diabolical", "4.1+", generate.BoardLevelPlan{Rate: true}},
		{"beginner", "1.0-1.2", generate.BoardLevelPlan{Rate: true}},
	}
	for _, tt := range tests {
		if got := generate.PlanBoardLevel(tt.name, band(tt.band)); got != tt.want {
			t.Errorf("PlanBoardLevel(%s, %s) = %+v, want %+v", tt.name, tt.band, got, tt.want)
		}
	}
}

func TestIntersectRatings(t *testing.T) {
	tests := []struct {
		a, b, want string // want "" when they do not meet
	}{
		{"2.6-4.0", "3.0+", "3.0-4.0"},
		{"2.6+", "1.0-2.8", "2.6-2.8"},
		{"2.6+", "7.0+", "7.0+"},
		{"2.6-4.0", "4.0", "4.0"},
		{"2.6-4.0", "4.1+", ""},
		{"1.0-1.5", "1.6-2.5", ""},
	}
	for _, tt := range tests {
		a, _ := sudoku.ParseRatingRange(tt.a)
		b, _ := sudoku.ParseRatingRange(tt.b)
		got, ok := generate.IntersectRatings(a, b)
		if tt.want == "" {
			if ok {
				t.Errorf("IntersectRatings(%s, %s) = %v, want none", tt.a, tt.b, got)
			}
			continue
		}
		if !ok || got.String() != tt.want {
			t.Errorf("IntersectRatings(%s, %s) = %v, %v; want %s", tt.a, tt.b, got, ok, tt.want)
		}
	}
}

// TestBoardLevelsPerSize makes puzzles at every level of every size's
// levels in config.yaml as generate --size --level does (PlanBoardLevel,
// the grader filtering where the plan says), and checks that the grader
// at sizes puts each in that level: the bands are ones the generator
// reaches. (6x6's hard, by intersections, is slow: one puzzle.)
func TestBoardLevelsPerSize(t *testing.T) {
	if testing.Short() {
		t.Skip("makes puzzles at every level of every size")
	}
	cfg := config.Default()
	rate := func(b sudoku.Board) (sudoku.Rating, error) {
		res, err := grade.Board(context.Background(), b, grade.Options{Unique: true})
		if res.Status == grade.Beyond {
			return sudoku.RatingBeyond, err
		}
		return res.ER, err
	}
	for _, n := range []int{4, 6, 8, 10, 12, 16, 25} {
		levels := cfg.AtSize(n)
		for _, level := range levels.LevelNames() {
			count := 2
			if n == 6 && level == "hard" || n >= 16 {
				count = 1
			}
			band, _ := levels.LevelRange(level)
			plan := generate.PlanBoardLevel(level, band)
			opt := generate.BoardOptions{Shape: sudoku.ShapeOf(n), Seed: 11, Level: plan.Dig}
			if plan.Rate {
				opt.Rate, opt.Rating = rate, band
			}
			g, err := generate.NewBoards(opt)
			if err != nil {
				t.Fatal(err)
			}
			for i := range count {
				p, err := g.Puzzle(context.Background(), i)
				if err != nil {
					t.Fatalf("%dx%d %s: %v", n, n, level, err)
				}
				r, _ := rate(p.Board)
				if got := levels.Level(r); got != level {
					t.Errorf("%dx%d %s puzzle %d rates %v, which is %s", n, n, level, i, r, got)
				}
			}
		}
	}
}
