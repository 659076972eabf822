package export

import (
	"encoding/json"
	"fmt"
	"io"
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
	On     bool          `json:"on"`
}

// TechniqueFormats are the formats of the technique list.
var TechniqueFormats = []string{"table", "markdown", "csv", "json"}

// TechniqueHeader names the columns of the technique list.
var TechniqueHeader = []string{"key", "name", "family", "SE rating", "source", "on", "other names"}

// TechniqueRow is a technique as a row of the list; sep separates its
// other names (the names its steps carry besides its name and variants).
func TechniqueRow(t techniques.Technique, on bool, sep string) []string {
	source := "SE"
	if !t.SE {
		source = "extra"
	}
	onText := "off"
	if on {
		onText = "on"
	}
	return []string{t.Key, t.Name, string(t.Family), t.Ratings.String(), source, onText, strings.Join(t.Names, sep)}
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
				t.Ratings.Max, t.SE, on[t.Key]}); err != nil {
				return err
			}
		}
		return nil
	case "table", "markdown", "csv":
		rows := make([][]string, len(list))
		for i, t := range list {
			rows[i] = TechniqueRow(t, on[t.Key], "; ")
		}
		header := TechniqueHeader
		if format == "table" {
			// The other names go under the name, one a line, indented:
			// the table stays as narrow as its longest name.
			header = header[:len(header)-1]
			for i, t := range list {
				rows[i] = rows[i][:len(header)]
				for _, n := range t.Names {
					rows[i][1] += "\n  " + n
				}
			}
		}
		return writeRows(w, format, header, rows)
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(TechniqueFormats, ", "))
}
