package export

import "testing"

// TestWithoutRatings checks that grading the line format's output again
// replaces the ratings and level of the earlier run, whether they came as
// SE's "ED=ER/EP/ED level" or as a level alone (generate --size's lines),
// and that a label without them is kept whole.
func TestWithoutRatings(t *testing.T) {
	levels := []string{"easy", "medium", "hard", "beginner"}
	for _, tc := range []struct{ label, want string }{
		{"ED=1.5/1.2/1.2 easy 3:0", "3:0"},
		{"ED=1.5/1.2/1.2 unsolvable my label", "my label"},
		{"ED=1.5/1.2/1.2 3:0", "3:0"},
		{"medium 3:0 size=6", "3:0 size=6"},
		{"beginner 1:2", "1:2"},
		{"my medium puzzle", "my medium puzzle"},
		{"", ""},
	} {
		if got := withoutRatings(tc.label, levels); got != tc.want {
			t.Errorf("withoutRatings(%q) = %q, want %q", tc.label, got, tc.want)
		}
	}
}
