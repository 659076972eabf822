package export

import (
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// techniqueJSON is one technique of `sudokit techniques -f json`.
type techniqueJSON struct {
	Key    string        `json:"key"`
	Name   string        `json:"name"`
	Names  []string      `json:"other_names,omitempty"`
	Family string        `json:"family"`
	Rating string        `json:"rating"`
	Min    sudoku.Rating `json:"min"`
	Max    sudoku.Rating `json:"max,omitempty"`
	SE     bool          `json:"se"`
	Source string        `json:"source"`
	Rules  string        `json:"variants"`
	On     bool          `json:"on"`
}

// TechniqueFormats are the formats of the technique list.
var TechniqueFormats = []string{"table", "markdown", "csv", "json"}

// techniqueHeader names the columns of the technique list.
var techniqueHeader = []string{"key", "name", "family", "SE rating", "source", "variants", "on", "other names"}

// techniqueRow is a technique as a row of the list: where it comes from
// (SE, SukE, extra), the rules it applies under (all, classic,
// non-consecutive), and its other names (the names its steps carry besides
// its name and variants) separated by "; ".
func techniqueRow(t techniques.Technique, on bool) []string {
	onText := "off"
	if on {
		onText = "on"
	}
	return []string{t.Key, t.Name, string(t.Family), t.Ratings.String(), t.Source(), t.Scope.String(), onText,
		strings.Join(t.Names, "; ")}
}

// shortNames writes names for people, the words they share said once:
// "Dynamic Cell / Region Forcing Chains (+)", "BUG type 1 / 2 / 3 / 4";
// names with nothing in common are separated by "; ".
func shortNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	words := make([][]string, len(names))
	for i, n := range names {
		words[i] = strings.Fields(n)
	}
	shortest := slices.MinFunc(words, func(a, b []string) int { return len(a) - len(b) })
	head := 0
	for head < len(shortest)-1 && allSame(words, func(w []string) string { return w[head] }) {
		head++
	}
	tail := 0
	for head+tail < len(shortest)-1 && allSame(words, func(w []string) string { return w[len(w)-1-tail] }) {
		tail++
	}
	if head == 0 && tail == 0 {
		return strings.Join(names, "; ")
	}
	middles := make([]string, len(words))
	for i, w := range words {
		middles[i] = strings.Join(w[head:len(w)-tail], " ")
	}
	parts := slices.Concat(shortest[:head], []string{strings.Join(middles, " / ")}, shortest[len(shortest)-tail:])
	return strings.Join(parts, " ")
}

// allSame reports whether word gives the same for every list of words.
func allSame(words [][]string, word func([]string) string) bool {
	for _, w := range words[1:] {
		if word(w) != word(words[0]) {
			return false
		}
	}
	return true
}

// WriteTechniques writes the technique list in a format: table, markdown,
// csv, or json (one object per technique). on says which are switched on.
func WriteTechniques(w io.Writer, format string, list []techniques.Technique, on map[string]bool) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, t := range list {
			if err := enc.Encode(techniqueJSON{t.Key, t.Name, t.Names, string(t.Family), t.Ratings.String(), t.Ratings.Min,
				t.Ratings.Max, t.SE, t.Source(), t.Scope.String(), on[t.Key]}); err != nil {
				return err
			}
		}
		return nil
	case "table", "markdown", "csv":
		rows := make([][]string, len(list))
		for i, t := range list {
			rows[i] = techniqueRow(t, on[t.Key])
		}
		header := techniqueHeader
		for i, t := range list {
			switch format {
			case "markdown":
				rows[i][len(header)-1] = shortNames(t.Names)
			case "table":
				// Under the name, one a line, indented: the table stays
				// as narrow as its longest name.
				for _, n := range t.Names {
					rows[i][1] += "\n  " + n
				}
				rows[i] = rows[i][:len(header)-1]
			}
		}
		if format == "table" {
			header = header[:len(header)-1]
		}
		return writeRows(w, format, header, rows)
	}
	return sudoku.Invalidf("unknown format %q (want one of %s)", format, strings.Join(TechniqueFormats, ", "))
}
