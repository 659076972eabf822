package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/config"
)

var fuzzPaths = []string{"/api/v1/solve", "/api/v1/grade", "/api/v1/hint", "/api/v1/generate", "/api/v1/print",
	"/api/v1/rules", "/api/v1/candidates", "/api/v1/cages"}

// fuzzLayout is a jigsaw layout (testdata/puzzles/variants/jigsaw.regions).
const fuzzLayout = "111111222115559922133355922333355992337755992777449968774466668774666868444488888"

// killerArrows is a killer in the arrow format (tarek6 of
// testdata/puzzles/killer/sample.txt).
const killerArrows = "L<<Q<J<G<^N>^>^J^^>^C8<H^<F^>^^I^<>^FC<D^<I^L^^H^<>^>^^E^<AG<^PG^<>^^I<^^<G<<>^>^"

// FuzzAPI sends any body to every endpoint: the answer is a JSON object,
// 200 or a client error (400, 413, 422) with a message, never a 500 or a
// panic.
func FuzzAPI(f *testing.F) {
	seeds := []string{
		`{"puzzle": "` + pointing + `"}`,
		`{"puzzle": "` + pointing + `", "depth": 3, "all": true}`,
		`{"puzzle": "` + top95First + `", "path": true, "candidates": true}`,
		`{"puzzle": "` + twoSols + `", "max_solutions": 3}`,
		`{"puzzle": "` + solved + `"}`,
		`{"puzzle": "4 . . |. . . |8 . 5\n. 3 . |. . . |. . .\n------+\n"}`,
		`{"puzzles": ["` + pointing + `"], "format": "svg"}`,
		`{"puzzles": ["` + pointing + `"], "format": "png"}`,
		`{"puzzles": ["` + pointing + `", "` + top95First + `"], "format": "png"}`,
		`{"puzzles": ["` + pointing + `"], "format": "png", "title": "x"}`,
		`{"puzzles": ["` + pointing + `"], "format": "html", "title": "数独", "paper": "letter", "per_page": 2}`,
		`{"puzzles": ["` + pointing + `"], "format": "PDF"}`,
		`{"puzzles": ["` + pointing + `"], "paper": "80x80mm", "per_page": 9}`,
		`{"rating": "10.0+", "count": 2, "seed": 1}`, `{"rating": "9.2-9.5", "count": 2, "diverse": false}`, `{"level": "easy", "diverse": true}`,
		`{"level": "easy", "count": 1, "seed": 3}`,
		`{"rating": "1.0-1.2", "symmetry": "none", "minimal": true}`,
		`{"require": ["x-wingg"], "clues": "10-15"}`, `{"level": "hard", "rating": "9-2"}`,
		`{"puzzles": ["` + pointing + `"], "format": "html", "paper": "b9", "per_page": 3}`,
		`{"puzzle": "` + nearlySolvedX + `", "variant": ["x"], "path": true, "candidates": true}`,
		`{"puzzle": "` + nearlySolvedX + ` variant=x,anti-knight", "depth": 3}`,
		`{"puzzle": "` + pointing + `", "variant": ["anti-king", "non-consecutive"]}`,
		`{"puzzle": "..9....4........1..2.8.......4...........8..5.......59...3.9..67.....5.........2.", "variant": ["jigsaw", "x"], "regions": "` + fuzzLayout + `"}`,
		`{"puzzle": "` + top95First + ` variant=jigsaw regions=` + fuzzLayout + `"}`,
		`{"variant": ["windoku", "x"]}`, `{"variant": ["jigsaw"], "regions": "12"}`, `{"variant": ["centre-dot", ""]}`,
		`{"variant": "x"}`, `{"variant": [null]}`, `{"regions": "` + fuzzLayout + `"}`,
		`{"level": "easy", "variant": ["x"], "seed": 2}`, `{"puzzles": ["` + nearlySolvedX + `"], "variant": ["x"]}`,
		`{"puzzle": "....31.....42.1."}`, `{"puzzle": "....31.....42.1.", "size": 4, "depth": 3}`,
		`{"puzzle": ".16.....1.6..2.4......5......35..3..", "box": "3x2", "path": true}`,
		`{"puzzle": "....\n31..\n...4\n2.1.", "size": 4, "alphabet": "0-F"}`, `{"size": 16, "level": "easy", "seed": 1}`,
		`{"size": 6, "box": "3x2", "level": "easy"}`, `{"size": 7}`, `{"size": 4, "variant": ["x"]}`,
		`{"puzzles": ["....31.....42.1."], "format": "svg"}`,
		`{"puzzle": "` + killerArrows + `"}`, `{"puzzle": "` + killerArrows + `", "depth": 3}`,
		`{"variant": ["killer"], "cages": [{"sum": 17, "cells": ["r1c1", "r1c2"]}, {"sum": 10, "cells": ["r2c1", "r2c2", "r2c3"]}]}`,
		`{"puzzle": "5", "cages": [{"sum": 50, "cells": ["r1c1", "r1c3"]}]}`, `{"cages": [{"sum": 3, "cells": ["r9c9", "x"]}]}`,
		`{"variant": ["killer"], "seed": 4}`, `{"variant": ["killer", "x"], "seed": 4, "level": "easy"}`,
		`{"puzzle": 5}`, `[]`, `null`, `{"puzzle": "\u0000"}`, `{"puzzle": "` + strings.Repeat("123456789", 81) + `"}`,
	}
	for i, s := range seeds {
		for p := range fuzzPaths {
			f.Add(uint8(p+i), s)
		}
	}
	cfg := config.Default()
	s, err := New(Options{Config: cfg, Budget: 200 * time.Millisecond, GenerateTimeout: 200 * time.Millisecond, Workers: 2})
	if err != nil {
		f.Fatal(err)
	}
	h := s.Handler()
	f.Fuzz(func(t *testing.T, which uint8, body string) {
		path := fuzzPaths[int(which)%len(fuzzPaths)]
		req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8080"+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200:
			if path == "/api/v1/print" {
				return // a file
			}
		case 400, 413, 422:
		default:
			t.Fatalf("%s %q: status %d: %s", path, body, rec.Code, rec.Body)
		}
		var v map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("%s %q: answer is not JSON: %v: %s", path, body, err, rec.Body)
		}
		if rec.Code != 200 && v["error"] == "" {
			t.Fatalf("%s %q: error without a message", path, body)
		}
	})
}
