package sudoku

import "strings"

// A puzzle's label may carry the rules of its grid, so that one file can
// mix variants and the rows sudokit writes read back under the rules they
// were made for. Two fields of the label, anywhere in it, separated from
// the rest by whitespace:
//
//	variant=NAME[,NAME]...   the variants, as ParseRules reads them
//	regions=LAYOUT           a jigsaw's 81 region ids, row by row
//
// such as "4.....8.5... ED=7.1/1.2/1.2 variant=x,anti-knight". The reader
// takes them out of the label into Puzzle.Rules; Puzzle.LabelWithRules
// puts them back for the writers.
const (
	variantField = "variant="
	regionsField = "regions="
)

// rulesFromLabel reads the rules a label carries: found is false when it
// carries none, and rest is the label without those fields (the label
// itself when there are none).
func rulesFromLabel(label string) (rules Rules, rest string, found bool, err error) {
	if !strings.Contains(label, variantField) && !strings.Contains(label, regionsField) {
		return Rules{}, label, false, nil
	}
	var spec, regions string
	var kept []string
	seen := map[string]bool{}
	for _, f := range strings.Fields(label) {
		var value *string
		var name string
		switch {
		case strings.HasPrefix(f, variantField):
			value, name = &spec, variantField
		case strings.HasPrefix(f, regionsField):
			value, name = &regions, regionsField
		default:
			kept = append(kept, f)
			continue
		}
		if seen[name] {
			return Rules{}, label, true, Invalidf("the label has two %s fields", strings.TrimSuffix(name, "="))
		}
		seen[name] = true
		*value = f[len(name):]
		if *value == "" {
			return Rules{}, label, true, Invalidf("the label's %s field is empty", strings.TrimSuffix(name, "="))
		}
	}
	if !seen[variantField] {
		return Rules{}, label, true, Invalidf("the label has a regions= field but no variant=jigsaw")
	}
	rules, err = ParseRules(spec, regions)
	if err != nil {
		return Rules{}, label, true, err
	}
	return rules, strings.Join(kept, " "), true, nil
}

// Label returns the label fields that carry the rules: "variant=x,anti-knight",
// "variant=jigsaw regions=111222333..." ; "" for classic rules.
func (r Rules) Label() string {
	if r.IsClassic() {
		return ""
	}
	l := variantField + r.String()
	if r.s.regions != "" {
		l += " " + regionsField + r.s.regions
	}
	return l
}

// LabelWithRules returns the puzzle's label with the fields that carry its
// rules after it (see Rules.Label): the label that reads back as the same
// puzzle. For classic rules it is the label.
func (p Puzzle) LabelWithRules() string {
	switch rules := p.Rules.Label(); {
	case rules == "":
		return p.Label
	case p.Label == "":
		return rules
	default:
		return p.Label + " " + rules
	}
}
