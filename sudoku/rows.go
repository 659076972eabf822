package sudoku

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The rows sudokit writes in JSON (one object per line) and CSV (under a
// header line) read back as their puzzles, so that the output of one
// command is the input of the next. A row's ratings (er, ep, ed) become its
// label, "ED=ER/EP/ED", which the grader reuses.

// jsonRow reads a JSON object: its "puzzle" field is the puzzle. An object
// without one is a summary ({"summary": ...}), skipped, or an error.
func (r *Reader) jsonRow(line []byte) {
	var obj map[string]any
	if err := json.Unmarshal(line, &obj); err != nil {
		r.fail(r.line, fmt.Errorf("%w: a JSON object that does not parse: %v", ErrText, err))
		return
	}
	puzzle, ok := obj["puzzle"].(string)
	if !ok {
		if _, summary := obj["summary"]; !summary {
			r.fail(r.line, fmt.Errorf("%w: a JSON object without a \"puzzle\" field", ErrText))
		}
		return
	}
	label, _ := obj["label"].(string)
	if _, sized := obj["size"]; sized || len(puzzle) != 81 && shapeOfCells(len(puzzle)).n != 0 {
		r.jsonBoard(obj, puzzle, label)
		return
	}
	own, err := jsonRules(obj)
	if err != nil {
		r.fail(r.line, err)
		return
	}
	if list, ok := obj["candidates"].([]any); ok {
		r.jsonState(puzzle, list, label, own)
		return
	}
	num := func(k string) string {
		if v, ok := obj[k].(float64); ok {
			return strconv.FormatFloat(v, 'f', 1, 64)
		}
		return ""
	}
	er := num("er")
	if status, _ := obj["status"].(string); status == "beyond" {
		er = RatingBeyond.String()
	}
	r.rowPuzzle(puzzle, label, er, num("ep"), num("ed"), own)
}

// jsonRules reads the rules a JSON row names: "variant", a list of names
// (or one string of them separated by commas), and "regions", a jigsaw's
// layout; nil when it names none.
func jsonRules(obj map[string]any) (*Rules, error) {
	own, err := jsonVariants(obj)
	if err != nil || obj["cages"] == nil {
		return own, err
	}
	if own == nil {
		own = &Rules{}
	}
	cages, err := jsonCages(obj["cages"], ParseCellName)
	if err != nil {
		return nil, err
	}
	rules, err := own.WithCages(cages)
	if err != nil {
		return nil, Invalidf("the row's \"cages\": %w", err)
	}
	return &rules, nil
}

// jsonVariants reads a JSON row's "variant" and "regions".
func jsonVariants(obj map[string]any) (*Rules, error) {
	v, hasVariant := obj["variant"]
	regions, hasRegions := obj["regions"]
	if !hasVariant && !hasRegions {
		return nil, nil
	}
	layout, ok := regions.(string)
	if hasRegions && !ok {
		return nil, Invalidf("the row's \"regions\" is not a string of 81 region ids")
	}
	var names []string
	switch v := v.(type) {
	case nil:
	case string:
		rules, err := ParseRules(v, layout)
		return &rules, err
	case []any:
		for _, n := range v {
			name, ok := n.(string)
			if !ok {
				return nil, Invalidf("the row's \"variant\" holds %v, not a name", n)
			}
			names = append(names, name)
		}
	default:
		return nil, Invalidf("the row's \"variant\" is not a list of names")
	}
	rules, err := NewRules(names, layout)
	return &rules, err
}

// jsonCages reads a JSON row's "cages": [{"sum": 15, "cells": ["r1c1",
// "r1c2"]}, ...], the cells' names read by cellOf (9x9's, or a size's).
func jsonCages(v any, cellOf func(string) (int, error)) ([]Cage, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, Invalidf("the row's \"cages\" is not a list of cages")
	}
	cages := make([]Cage, len(list))
	for i, item := range list {
		obj, ok := item.(map[string]any)
		sum, okSum := obj["sum"].(float64)
		cells, okCells := obj["cells"].([]any)
		if !ok || !okSum || !okCells || sum != float64(int(sum)) {
			return nil, Invalidf("the row's cage %d is not {\"sum\": N, \"cells\": [\"r1c1\", ...]}", i+1)
		}
		cages[i].Sum = int(sum)
		for _, c := range cells {
			name, _ := c.(string)
			cell, err := cellOf(name)
			if err != nil {
				return nil, Invalidf("the row's cage %d: %w", i+1, err)
			}
			cages[i].Cells = append(cages[i].Cells, cell)
		}
	}
	return cages, nil
}

// jsonState reads the candidate state of a JSON row: its puzzle holds the
// placed digits, its 81 "candidates" the sets ("-" for none).
func (r *Reader) jsonState(puzzle string, list []any, label string, own *Rules) {
	if len(puzzle) != 81 || !allCells([]byte(puzzle)) || len(list) != 81 {
		r.fail(r.line, fmt.Errorf("%w: a JSON row needs an 81-cell puzzle and 81 candidate sets", ErrLength))
		return
	}
	var g Grid
	var cands [81]Digits
	for i := range 81 {
		g[i], _ = cellValue(puzzle[i])
		text, _ := list[i].(string)
		gr, ok := parseGroup([]byte(text))
		if text == "-" || text == "" {
			gr, ok = group{}, true // no candidate left: Check says so
		}
		if !ok && g[i] == 0 {
			r.fail(r.line, fmt.Errorf("%w %q in the candidates of %s", ErrCharacter, text, CellName(i)))
			return
		}
		cands[i] = gr.cands
	}
	r.emitStateRules(g, &cands, label, r.line, own)
}

// csvRow reads a CSV line: a header line (it has a "puzzle" column) or a
// row under one, or a row whose first field of 81 cells is the puzzle. It
// reports false for a line that is none of these (the caller reads it
// otherwise).
func (r *Reader) csvRow(line []byte) bool {
	fields, err := csv.NewReader(bytes.NewReader(line)).Read()
	if err != nil {
		return false
	}
	if slices.Contains(fields, "puzzle") {
		r.endBlock()
		r.csvHeader = fields
		return true
	}
	col := func(name string) string {
		if i := slices.Index(r.csvHeader, name); i >= 0 && i < len(fields) {
			return fields[i]
		}
		return ""
	}
	if r.csvHeader != nil && len(fields) == len(r.csvHeader) {
		r.endBlock()
		er := col("er")
		if er == "beyond" {
			er = RatingBeyond.String()
		}
		r.rowPuzzle(col("puzzle"), col("label"), er, col("ep"), col("ed"), nil)
		return true
	}
	for _, f := range fields {
		if len(f) == 81 && allCells([]byte(f)) {
			r.endBlock()
			r.rowPuzzle(f, "", "", "", "", nil)
			return true
		}
	}
	return false
}

// rowPuzzle queues the puzzle of a JSON or CSV row, labelled with its label
// and its ratings when it has them, under the rules the row names (own,
// when not nil).
func (r *Reader) rowPuzzle(puzzle, label, er, ep, ed string, own *Rules) {
	if len(puzzle) != 81 && shapeOfCells(len(puzzle)).n != 0 && own == nil {
		p := Puzzle{Label: label, Source: r.source, Line: r.line}
		r.queue = append(r.queue, r.finishBoard(p, puzzle, Shape{}, false, nil))
		return
	}
	if len(puzzle) != 81 || !allCells([]byte(puzzle)) {
		if puzzle == "" {
			r.fail(r.line, fmt.Errorf("%w: the row has no puzzle", ErrLength))
		} else {
			r.fail(r.line, fmt.Errorf("%w: the row's puzzle %q is not 81 cells", ErrLength, puzzle))
		}
		return
	}
	var g Grid
	for i := range 81 {
		g[i], _ = cellValue(puzzle[i])
	}
	var parts []string
	if label != "" {
		parts = append(parts, label)
	}
	if er != "" && ep != "" && ed != "" && er != "-" && ep != "-" && ed != "-" {
		parts = append(parts, "ED="+er+"/"+ep+"/"+ed)
	}
	r.emitRules(g, strings.Join(parts, " "), own)
}
