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
var TechniqueHeader = []string{"key", "name", "family", "SE rating", "source", "on"}

// TechniqueRow is a technique as a row of the list.
func TechniqueRow(t techniques.Technique, on bool) []string {
	source := "SE"
	if !t.SE {
		source = "extra"
	}
	onText := "off"
	if on {
		onText = "on"
	}
	return []string{t.Key, t.Name, string(t.Family), t.Ratings.String(), source, onText}
}

// WriteTechniques writes the technique list in a format: table, markdown,
// csv, or json (one object per technique). on says which are switched on.
func WriteTechniques(w io.Writer, format string, list []techniques.Technique, on map[string]bool) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, t := range list {
			if err := enc.Encode(techniqueJSON{t.Key, t.Name, string(t.Family), t.Ratings.String(), t.Ratings.Min,
				t.Ratings.Max, t.SE, on[t.Key]}); err != nil {
				return err
			}
		}
		return nil
	case "table", "markdown", "csv":
		rows := make([][]string, len(list))
		for i, t := range list {
			rows[i] = TechniqueRow(t, on[t.Key])
		}
		return writeRows(w, format, TechniqueHeader, rows)
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(TechniqueFormats, ", "))
}
