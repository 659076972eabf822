package sudoku

import (
	"slices"
	"strings"
)

// A puzzle's label may carry the rules of its grid, so that one file can
// mix variants and the rows sudokit writes read back under the rules they
// were made for. Two fields of the label, anywhere in it, separated from
// the rest by whitespace:
//
//	variant=NAME[,NAME]...   the variants, as ParseRules reads them
//	regions=LAYOUT           a jigsaw's 81 region ids, row by row
//	cages=ARROWS             a killer's cages in the arrow format (killerformat.go)
//
// such as "4.....8.5... ED=7.1/1.2/1.2 variant=x,anti-knight". The reader
// takes them out of the label into Puzzle.Rules; Puzzle.LabelWithRules
// puts them back for the writers.
//
// A jigsaw's layout may also come as the label's first field, the second
// field of the puzzle's line: 81 region ids 1-9, row by row, with no
// "regions=" before them,
//
//	..9....4.....  111111222115559922133355922...  ED=2.0/1.2/1.2
//
// Such a field is a layout when two orthogonal neighbours in it have the
// same id (the cells of a region are connected), which the 81 digits of a
// sudoku solution never have (neighbours share a row or a column): a
// solution after a puzzle stays in its label. The layout makes the puzzle
// a jigsaw; a variant= field adds other variants to it (variant=x, or
// variant=jigsaw,x), and a regions= field beside it is an error.
const (
	variantField = "variant="
	regionsField = "regions="
)

// rulesFromLabel reads the rules a label carries: found is false when it
// carries none, and rest is the label without those fields (the label
// itself when there are none).
func rulesFromLabel(label string) (rules Rules, rest string, found bool, err error) {
	layout, after := layoutField(label)
	if layout == "" && !strings.Contains(label, variantField) && !strings.Contains(label, regionsField) && !strings.Contains(label, cagesField) {
		return Rules{}, label, false, nil
	}
	f, err := readFields(after)
	if err != nil {
		return Rules{}, label, true, err
	}
	switch {
	case layout != "" && f.regions != "":
		return Rules{}, label, true, Invalidf("the line gives a jigsaw layout after the puzzle and a regions= field: give one")
	case layout != "":
		rules, err = layoutRules(f.spec, layout)
	case f.spec == "" && f.regions != "":
		return Rules{}, label, true, Invalidf("the label has a regions= field but no variant=jigsaw")
	default:
		rules, err = ParseRules(f.spec, f.regions)
	}
	if err == nil && f.cages != "" {
		var cages []Cage
		if cages, err = ParseArrows(f.cages); err == nil {
			rules, err = rules.WithCages(cages)
		}
		if err != nil {
			err = Invalidf("the label's cages= field: %w", err)
		}
	}
	if err != nil {
		return Rules{}, label, true, err
	}
	return rules, f.rest, true, nil
}

// layoutField returns a label's first field when it is a jigsaw layout
// (see above), and the label after it; "" and the label otherwise.
func layoutField(label string) (layout, rest string) {
	first, after := strings.TrimLeft(label, " \t"), ""
	if end := strings.IndexAny(first, " \t"); end >= 0 {
		first, after = first[:end], first[end+1:]
	}
	if len(first) != 81 || strings.Trim(first, "123456789") != "" {
		return "", label
	}
	for i := range 81 {
		if i%9 < 8 && first[i] == first[i+1] || i < 72 && first[i] == first[i+9] {
			return first, after
		}
	}
	return "", label
}

// layoutRules are the rules of a line that gives a jigsaw's layout after
// its puzzle: a jigsaw, with the variants spec names (jigsaw among them or
// not).
func layoutRules(spec, layout string) (Rules, error) {
	if spec == "" {
		return NewRules([]string{"jigsaw"}, layout)
	}
	if !slices.Contains(strings.Split(spec, ","), "jigsaw") {
		spec = "jigsaw," + spec
	}
	return ParseRules(spec, layout)
}

// labelFields are the rule fields of a label, and the rest of it.
type labelFields struct {
	spec, regions, cages, rest string
}

// readFields takes a label's variant= and regions= fields out of it.
func readFields(label string) (labelFields, error) {
	var f labelFields
	var kept []string
	seen := map[string]bool{}
	for _, field := range strings.Fields(label) {
		var value *string
		var name string
		switch {
		case strings.HasPrefix(field, variantField):
			value, name = &f.spec, variantField
		case strings.HasPrefix(field, regionsField):
			value, name = &f.regions, regionsField
		case strings.HasPrefix(field, cagesField):
			value, name = &f.cages, cagesField
		default:
			kept = append(kept, field)
			continue
		}
		if seen[name] {
			return f, Invalidf("the label has two %s fields", strings.TrimSuffix(name, "="))
		}
		seen[name] = true
		*value = field[len(name):]
		if *value == "" {
			return f, Invalidf("the label's %s field is empty", strings.TrimSuffix(name, "="))
		}
	}
	f.rest = strings.Join(kept, " ")
	return f, nil
}

// Label returns the label fields that carry the rules: "variant=x,anti-knight",
// "variant=jigsaw regions=111222333...", "variant=killer cages=R<<<M..." ;
// "" for classic rules.
func (r Rules) Label() string {
	if r.IsClassic() {
		return ""
	}
	l := variantField + r.String()
	if r.s.regions != "" {
		l += " " + regionsField + r.s.regions
	}
	if arrows, err := FormatArrows(r); err == nil {
		l += " " + cagesField + arrows
	}
	return l
}

// LabelWithRules returns the puzzle's label with the fields that carry its
// rules after it (see Rules.Label): the label that reads back as the same
// puzzle. For classic rules it is the label.
func (p Puzzle) LabelWithRules() string {
	rules := p.Rules.Label()
	if p.Board != nil {
		rules = strings.TrimSpace(SizeLabel(p.Board.Shape, p.Alphabet) + " " + p.Board.RulesLabel())
	}
	switch {
	case rules == "":
		return p.Label
	case p.Label == "":
		return rules
	default:
		return p.Label + " " + rules
	}
}

// joinMetadata joins .sdk metadata lines into a label, "author: Ruud;
// level: Easy", with the fields that carry the rules, wherever they were
// (sudokit writes them in the description), at its end, apart from the
// separators: "description: id7; level: easy variant=x".
func joinMetadata(meta []string) string {
	var rules []string
	parts := make([]string, 0, len(meta))
	for _, m := range meta {
		if !strings.Contains(m, variantField) && !strings.Contains(m, regionsField) && !strings.Contains(m, cagesField) {
			parts = append(parts, m)
			continue
		}
		var kept []string
		for _, f := range strings.Fields(m) {
			if strings.HasPrefix(f, variantField) || strings.HasPrefix(f, regionsField) || strings.HasPrefix(f, cagesField) {
				rules = append(rules, f)
			} else {
				kept = append(kept, f)
			}
		}
		if name, _, _ := strings.Cut(m, ": "); len(kept) > 1 || len(kept) == 1 && kept[0] != name+":" {
			parts = append(parts, strings.Join(kept, " "))
		}
	}
	return strings.TrimSpace(strings.Join(parts, "; ") + " " + strings.Join(rules, " "))
}
