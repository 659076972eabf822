package grade

// TechniqueTotals sums one technique's use over a batch.
type TechniqueTotals struct {
	Puzzles int // puzzles whose path used it
	Usage
}

// Summary totals a batch of grades: statuses, levels and technique use.
type Summary struct {
	Puzzles    int
	ByStatus   map[Status]int
	ByLevel    map[string]int
	Techniques map[string]*TechniqueTotals
	// LevelTechniques splits Techniques by level.
	LevelTechniques map[string]map[string]*TechniqueTotals
	Unreadable      int // inputs that could not be read at all
	InputErrs       int // puzzles that could not be parsed
}

// NewSummary returns an empty summary.
func NewSummary() *Summary {
	return &Summary{ByStatus: map[Status]int{}, ByLevel: map[string]int{}, Techniques: map[string]*TechniqueTotals{},
		LevelTechniques: map[string]map[string]*TechniqueTotals{}}
}

// Add counts one result.
func (s *Summary) Add(r Result) {
	s.Puzzles++
	s.ByStatus[r.Status]++
	if r.Status == Rated || r.Status == Beyond {
		s.ByLevel[r.Level]++
	}
	graded := r.Status == Rated || r.Status == Beyond
	if graded && s.LevelTechniques[r.Level] == nil {
		s.LevelTechniques[r.Level] = map[string]*TechniqueTotals{}
	}
	for key, u := range r.Usage {
		add(s.Techniques, key, u)
		if graded {
			add(s.LevelTechniques[r.Level], key, u)
		}
	}
}

func add(m map[string]*TechniqueTotals, key string, u *Usage) {
	t := m[key]
	if t == nil {
		t = &TechniqueTotals{}
		m[key] = t
	}
	t.Puzzles++
	t.Steps += u.Steps
	t.Placements += u.Placements
	t.Eliminations += u.Eliminations
}

// OK reports whether every puzzle could be graded (rated, or beyond the
// techniques) and every input read.
func (s *Summary) OK() bool {
	return s.Unreadable == 0 && s.InputErrs == 0 && s.ByStatus[Rated]+s.ByStatus[Beyond] == s.Puzzles
}
