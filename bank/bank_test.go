package bank

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// forEach runs f on a new bank of each backend.
func forEach(t *testing.T, f func(t *testing.T, name string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "bank.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, pgServer(t).NewDatabase(t)) })
}

var (
	pgOnce sync.Once
	pg     *testenv.PostgresServer
	pgErr  error
)

// pgServer is the PostgreSQL server of the package's tests: started by the
// first test that needs it, stopped by TestMain.
func pgServer(t *testing.T) *testenv.PostgresServer {
	t.Helper()
	pgOnce.Do(func() { pg, pgErr = testenv.StartPostgres() })
	testenv.NeedPostgres(t, pgErr)
	return pg
}

func TestMain(m *testing.M) {
	code := m.Run()
	if pg != nil {
		if err := pg.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

func open(t *testing.T, name string) *Bank {
	t.Helper()
	b, err := Open(t.Context(), name, Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// entries reads a file of rated puzzles as entries.
func entries(t testing.TB, path string) []Entry {
	t.Helper()
	cfg := config.Default()
	var out []Entry
	for p, err := range sudoku.Inputs([]string{path}, nil) {
		if err != nil {
			t.Fatal(err)
		}
		r, ok := grade.RatingsFromLabel(p.Label)
		if !ok {
			t.Fatalf("%s:%d has no ratings", p.Source, p.Line)
		}
		e, err := NewEntry(p, grade.Result{Status: grade.Rated, Ratings: r, Level: cfg.Level(r.ER)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

func addAll(t testing.TB, b *Bank, es []Entry) []Result {
	t.Helper()
	var out []Result
	a := b.NewAdder(context.Background(), func(_ Entry, r Result) { out = append(out, r) })
	for _, e := range es {
		if err := a.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	return out
}

const sample = "../testdata/puzzles/qqwing-sample220.se121.txt"

func TestAddFindDuplicates(t *testing.T) {
	es := entries(t, sample)
	forEach(t, func(t *testing.T, name string) {
		b := open(t, name)
		res := addAll(t, b, es)
		n, err := b.Count(t.Context(), Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if n != len(es) {
			t.Fatalf("%d puzzles stored, want %d", n, len(es))
		}
		// An isomorph of the 5th puzzle is its duplicate.
		iso := es[4]
		g := mustTransform(t, "rot90,d=234567891").Apply(iso.Grid)
		iso.Grid = g
		r := addAll(t, b, []Entry{iso})[0]
		if !r.Duplicate || r.ID != res[4].ID {
			t.Fatalf("isomorph added as %+v, want a duplicate of %d", r, res[4].ID)
		}
		// Find by rating band, level and clue count.
		var got []Puzzle
		for p, err := range b.Find(t.Context(), Filter{Rating: sudoku.RatingRange{Min: 7.0, Max: 8.0}, Limit: 5}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, p)
		}
		if len(got) == 0 {
			t.Fatal("no puzzle rated 7.0-8.0 found")
		}
		for _, p := range got {
			if p.ER < 7.0 || p.ER.Tenths() > 80 {
				t.Errorf("puzzle %d rated %s found in 7.0-8.0", p.ID, p.ER)
			}
			if p.Clues != p.Grid.Givens() || p.Canon != canon.Key(p.Grid) {
				t.Errorf("puzzle %d: clues %d, canon %s", p.ID, p.Clues, p.Canon)
			}
		}
	})
}

func TestPickReleaseBooks(t *testing.T) {
	es := entries(t, sample)
	forEach(t, func(t *testing.T, name string) {
		b := open(t, name)
		addAll(t, b, es)
		ctx := t.Context()
		first, err := b.Pick(ctx, "vol1", 10, Filter{Levels: []string{"easy"}})
		if err != nil {
			t.Fatal(err)
		}
		second, err := b.Pick(ctx, "vol1", 5, Filter{Levels: []string{"easy"}})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range slices.Concat(first, second) {
			if p.Book != "vol1" || p.Position != i+1 || p.Level != "easy" {
				t.Errorf("picked %d: book %q position %d level %s", p.ID, p.Book, p.Position, p.Level)
			}
		}
		easy, _ := b.Count(ctx, Filter{Levels: []string{"easy"}})
		if _, err := b.Pick(ctx, "vol2", easy, Filter{Levels: []string{"easy"}}); !errors.Is(err, ErrShort) {
			t.Fatalf("picking more than are left: %v, want ErrShort", err)
		}
		if n, _ := b.Count(ctx, Filter{Book: "vol2"}); n != 0 {
			t.Fatalf("a short pick reserved %d", n)
		}
		books, err := b.Books(ctx)
		if err != nil || len(books) != 1 || books[0].Puzzles != 15 {
			t.Fatalf("books %+v, %v", books, err)
		}
		if err := b.MarkPrinted(ctx, "vol1"); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Release(ctx, "vol1", false); !errors.Is(err, ErrPrinted) {
			t.Fatalf("releasing a printed book: %v", err)
		}
		if _, err := b.Pick(ctx, "vol1", 1, Filter{}); !errors.Is(err, ErrPrinted) {
			t.Fatalf("picking into a printed book: %v", err)
		}
		n, err := b.Release(ctx, "vol1", true)
		if err != nil || n != 15 {
			t.Fatalf("release: %d, %v", n, err)
		}
		if _, err := b.Release(ctx, "vol1", false); !errors.Is(err, ErrNoBook) {
			t.Fatalf("releasing a book twice: %v", err)
		}
		st, err := b.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Total.Total != len(es) || st.Total.Used != 0 || len(st.Levels) == 0 || len(st.Bands) == 0 {
			t.Fatalf("stats %+v", st)
		}
	})
}

// Concurrent picks never reserve one puzzle twice: 8 goroutines, each with
// its own connection pool, pick 50 into their own book.
func TestConcurrentPicks(t *testing.T) {
	es := entries(t, sample)
	forEach(t, func(t *testing.T, name string) {
		addAll(t, open(t, name), es)
		var wg sync.WaitGroup
		picked := make([][]Puzzle, 8)
		errs := make([]error, 8)
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, err := Open(context.Background(), name, Options{})
				if err != nil {
					errs[i] = err
					return
				}
				defer b.Close()
				for k := range 5 { // 5 picks of 5: 25 each, interleaved
					ps, err := b.Pick(context.Background(), fmt.Sprintf("book%d", i), 5, Filter{})
					if err != nil {
						errs[i] = fmt.Errorf("pick %d: %w", k, err)
						return
					}
					picked[i] = append(picked[i], ps...)
				}
			}()
		}
		wg.Wait()
		seen := map[int64]int{}
		for i, ps := range picked {
			if errs[i] != nil {
				t.Fatalf("picker %d: %v", i, errs[i])
			}
			if len(ps) != 25 {
				t.Errorf("picker %d got %d puzzles", i, len(ps))
			}
			for _, p := range ps {
				if j, dup := seen[p.ID]; dup {
					t.Errorf("puzzle %d picked by %d and %d", p.ID, j, i)
				}
				seen[p.ID] = i
			}
		}
		if len(seen) != 200 {
			t.Errorf("%d distinct puzzles picked, want 200", len(seen))
		}
	})
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	ctx := t.Context()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("my notes\n"), 0o644)
	if _, err := Open(ctx, text, Options{Create: true}); !errors.Is(err, ErrNotBank) {
		t.Errorf("a text file: %v", err)
	}
	if data, _ := os.ReadFile(text); string(data) != "my notes\n" {
		t.Errorf("the text file was changed: %q", data)
	}
	if _, err := Open(ctx, filepath.Join(dir, "none.db"), Options{}); !errors.Is(err, ErrNoBank) {
		t.Errorf("a missing bank: %v", err)
	}
	if _, err := Open(ctx, dir, Options{Create: true}); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("a directory: %v", err)
	}
	// Another program's SQLite database.
	other := filepath.Join(dir, "other.db")
	b := open(t, other)
	if _, err := b.db.Exec(`DROP TABLE meta`); err != nil {
		t.Fatal(err)
	}
	b.Close()
	if _, err := Open(ctx, other, Options{}); !errors.Is(err, ErrNotBank) {
		t.Errorf("another program's database: %v", err)
	}
	// A bank of a newer sudokit is refused, and left as it was.
	newer := filepath.Join(dir, "newer.db")
	b = open(t, newer)
	b.db.Exec(`UPDATE meta SET value = '99' WHERE key = 'schema'`)
	b.Close()
	_, err := Open(ctx, newer, Options{})
	if !errors.Is(err, ErrNotBank) || !strings.Contains(err.Error(), "newer sudokit") {
		t.Errorf("a newer bank: %v", err)
	}
	if b2, err := Open(ctx, "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2", Options{}); err == nil {
		b2.Close()
		t.Error("a URL where no server listens opened")
	}
}

// Migrations run once, and a reopened bank keeps its puzzles.
func TestReopen(t *testing.T) {
	forEach(t, func(t *testing.T, name string) {
		b := open(t, name)
		addAll(t, b, entries(t, sample)[:10])
		b.Close()
		b = open(t, name)
		if n, err := b.Count(t.Context(), Filter{}); err != nil || n != 10 {
			t.Fatalf("reopened: %d puzzles, %v", n, err)
		}
	})
}

func mustTransform(t *testing.T, spec string) canon.Transform {
	t.Helper()
	tr, err := canon.ParseTransform(spec)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// Duplicates within one statement and one transaction: an isomorph added
// with the puzzle it duplicates is named a duplicate of it.
func TestDuplicatesInOneBatch(t *testing.T) {
	es := entries(t, sample)
	iso := es[3]
	iso.Grid = mustTransform(t, "t,d=987654321").Apply(iso.Grid)
	again := es[200]
	forEach(t, func(t *testing.T, name string) {
		b := open(t, name)
		res := addAll(t, b, append(slices.Clone(es), iso, again))
		if len(res) != len(es)+2 {
			t.Fatalf("%d results for %d entries", len(res), len(es)+2)
		}
		for i, r := range res[:len(es)] {
			if r.Duplicate {
				t.Errorf("entry %d: a duplicate", i)
			}
		}
		if r := res[len(es)]; !r.Duplicate || r.ID != res[3].ID {
			t.Errorf("the isomorph of entry 3: %+v, want a duplicate of %d", r, res[3].ID)
		}
		if r := res[len(es)+1]; !r.Duplicate || r.ID != res[200].ID {
			t.Errorf("entry 200 again: %+v, want a duplicate of %d", r, res[200].ID)
		}
	})
}

// A bank locked by another program (SQLite: a transaction holding the
// write lock; PostgreSQL: one holding puzzles in EXCLUSIVE mode, as a
// maintenance job might): the operation waits LockWait, then fails saying
// so; the bank is usable once the lock is gone.
func TestLockedBank(t *testing.T) {
	forEach(t, func(t *testing.T, name string) {
		holder := open(t, name)
		addAll(t, holder, entries(t, sample)[:20])
		tx, err := holder.db.BeginTx(t.Context(), nil) // SQLite's BEGIN IMMEDIATE: the write lock
		if err != nil {
			t.Fatal(err)
		}
		if holder.d.name == "postgres" {
			if _, err := tx.Exec(`LOCK TABLE puzzles IN EXCLUSIVE MODE`); err != nil {
				t.Fatal(err)
			}
		}
		b, err := Open(t.Context(), name, Options{LockWait: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err) // opening a bank of this version takes no lock
		}
		defer b.Close()
		_, err = b.Pick(t.Context(), "vol", 5, Filter{})
		if err == nil || !strings.Contains(err.Error(), "locked by another program (waited 200ms)") {
			t.Fatalf("pick on a locked bank: %v", err)
		}
		tx.Rollback()
		if _, err := b.Pick(t.Context(), "vol", 5, Filter{}); err != nil {
			t.Fatalf("pick once the lock is gone: %v", err)
		}
	})
}

// Openers of a new bank at the same moment: one makes the schema, the
// others wait for it and find it made.
func TestConcurrentOpen(t *testing.T) {
	forEach(t, func(t *testing.T, name string) {
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, err := Open(context.Background(), name, Options{Create: true})
				if err == nil {
					_, err = b.Count(context.Background(), Filter{})
					b.Close()
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("opener %d: %v", i, err)
			}
		}
	})
}

// A bank of an older schema is migrated on open, its puzzles kept, and a
// sudokit that knows only the older schema then refuses it: shown with a
// second migration that this test adds.
func TestMigrations(t *testing.T) {
	forEach(t, func(t *testing.T, name string) {
		b := open(t, name)
		addAll(t, b, entries(t, sample)[:10])
		b.Close()

		saved := migrations
		t.Cleanup(func() { migrations, SchemaVersion = saved, len(saved) })
		migrations = append(slices.Clone(saved), []string{`ALTER TABLE puzzles ADD COLUMN note TEXT NOT NULL DEFAULT ''`})
		SchemaVersion = len(migrations)
		b = open(t, name)
		var v string
		if err := b.db.QueryRow(b.d.q(`SELECT value FROM meta WHERE key = ?`), "schema").Scan(&v); err != nil || v != fmt.Sprint(SchemaVersion) {
			t.Fatalf("schema version %q (%v), want %d", v, err, SchemaVersion)
		}
		var notes int
		if err := b.db.QueryRow(`SELECT count(note) FROM puzzles`).Scan(&notes); err != nil || notes != 10 {
			t.Fatalf("the new column: %d notes (%v), want the 10 puzzles'", notes, err)
		}
		b.Close()

		migrations, SchemaVersion = saved, len(saved)
		if _, err := Open(t.Context(), name, Options{}); !errors.Is(err, ErrNotBank) || !strings.Contains(err.Error(), "newer sudokit") {
			t.Fatalf("the older sudokit opens the migrated bank: %v", err)
		}
	})
}

// Concurrent picks into one book: every puzzle gets its own place, 1 to N.
func TestConcurrentPicksOneBook(t *testing.T) {
	es := entries(t, sample)
	forEach(t, func(t *testing.T, name string) {
		addAll(t, open(t, name), es)
		var wg sync.WaitGroup
		errs := make([]error, 6)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, err := Open(context.Background(), name, Options{})
				if err != nil {
					errs[i] = err
					return
				}
				defer b.Close()
				for range 3 {
					if _, err := b.Pick(context.Background(), "shared", 4, Filter{}); err != nil {
						errs[i] = err
						return
					}
				}
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("picker %d: %v", i, err)
			}
		}
		b := open(t, name)
		var places []int
		for p, err := range b.Find(t.Context(), Filter{Book: "shared"}) {
			if err != nil {
				t.Fatal(err)
			}
			places = append(places, p.Position)
		}
		if len(places) != 72 || places[0] != 1 || places[71] != 72 {
			t.Fatalf("the book's places: %v, want 1 to 72", places)
		}
	})
}

// Entries that come slowly are committed by the first Add commitAge after
// the first of them: another connection sees them before the Adder's
// Commit (it saw none when the Adder committed only per batchRows).
func TestSlowEntriesCommitted(t *testing.T) {
	name := filepath.Join(t.TempDir(), "bank.db")
	b := open(t, name)
	es := entries(t, sample)
	a := b.NewAdder(t.Context(), nil)
	if err := a.Add(es[0]); err != nil {
		t.Fatal(err)
	}
	time.Sleep(commitAge + 100*time.Millisecond)
	if err := a.Add(es[1]); err != nil {
		t.Fatal(err)
	}
	other := open(t, name)
	if n, err := other.Count(t.Context(), Filter{}); err != nil || n != 2 {
		t.Fatalf("another connection sees %d puzzles (%v), want the 2 added over %v", n, err, commitAge)
	}
	if a.Added != 2 {
		t.Errorf("Added %d, want 2", a.Added)
	}
}

// An SQLite bank runs in WAL mode with foreign keys on: a puzzle cannot
// name a book that does not exist.
func TestSQLiteSettings(t *testing.T) {
	b := open(t, filepath.Join(t.TempDir(), "bank.db"))
	var mode string
	var fk int
	if err := b.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q (%v), want wal", mode, err)
	}
	if err := b.db.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys %d (%v), want 1", fk, err)
	}
	addAll(t, b, entries(t, sample)[:1])
	if _, err := b.db.Exec(`UPDATE puzzles SET book_id = 999, position = 1`); err == nil {
		t.Error("a puzzle was put in a book that does not exist")
	}
}

// On both backends: a database holding another program's puzzles table,
// and a bank of a newer schema, are refused and left as they were.
func TestOpenRefusesBoth(t *testing.T) {
	forEach(t, func(t *testing.T, name string) {
		b := open(t, name)
		if _, err := b.db.Exec(`UPDATE meta SET value = '7' WHERE key = 'schema'`); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(t.Context(), name, Options{}); !errors.Is(err, ErrNotBank) || !strings.Contains(err.Error(), "version 7, written by a newer sudokit") {
			t.Errorf("a newer bank: %v", err)
		}
		var v string
		if err := b.db.QueryRow(`SELECT value FROM meta WHERE key = 'schema'`).Scan(&v); err != nil || v != "7" {
			t.Errorf("the newer bank's version is now %q (%v)", v, err)
		}
		if _, err := b.db.Exec(`DROP TABLE meta`); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(t.Context(), name, Options{}); !errors.Is(err, ErrNotBank) || !strings.Contains(err.Error(), "other tables") {
			t.Errorf("another program's tables: %v", err)
		}
		var tables int
		if err := b.db.QueryRow(`SELECT count(*) FROM puzzles`).Scan(&tables); err != nil {
			t.Errorf("the other program's table is gone: %v", err)
		}
	})
}

// Puzzles added with their ratings alone have no techniques: a filter
// naming techniques leaves them out (--without must not take a puzzle that
// may use the technique), Unjudged counts them, and adding them again with
// their techniques fills those in (Filled), after which the filter judges
// them.
func TestUnjudged(t *testing.T) {
	es := entries(t, sample)[:10]
	forEach(t, func(t *testing.T, name string) {
		b := open(t, name)
		addAll(t, b, es)
		without := Filter{Without: []string{"x-wing"}, MinClues: 17}
		if n, err := b.Count(t.Context(), without); err != nil || n != 0 {
			t.Errorf("--without x-wing counts %d puzzles of unknown techniques (%v), want 0", n, err)
		}
		if n, err := b.Unjudged(t.Context(), without); err != nil || n != 10 {
			t.Errorf("Unjudged: %d (%v), want 10", n, err)
		}
		if n, err := b.Unjudged(t.Context(), Filter{}); err != nil || n != 0 {
			t.Errorf("Unjudged of a filter naming no technique: %d (%v), want 0", n, err)
		}
		judged := slices.Clone(es)
		for i := range judged {
			judged[i].Techniques = []string{"hidden-single", "naked-single"}
		}
		judged[0].Techniques = []string{"hidden-single", "x-wing"}
		a := b.NewAdder(t.Context(), nil)
		for _, e := range judged {
			if err := a.Add(e); err != nil {
				t.Fatal(err)
			}
		}
		if err := a.Commit(); err != nil {
			t.Fatal(err)
		}
		if a.Added != 0 || a.Duplicates != 10 || a.Filled != 10 {
			t.Errorf("added %d, duplicates %d, filled %d; want 0, 10, 10", a.Added, a.Duplicates, a.Filled)
		}
		if n, err := b.Count(t.Context(), without); err != nil || n != 9 {
			t.Errorf("--without x-wing after the techniques were filled in: %d (%v), want 9", n, err)
		}
		if n, err := b.Count(t.Context(), Filter{With: []string{"x-wing"}}); err != nil || n != 1 {
			t.Errorf("--with x-wing: %d (%v), want 1", n, err)
		}
		// Techniques already known are kept.
		a = b.NewAdder(t.Context(), nil)
		a.Add(es[1])
		judged[1].Techniques = []string{"x-wing"}
		a.Add(judged[1])
		if err := a.Commit(); err != nil || a.Filled != 0 {
			t.Errorf("filled %d (%v), want 0", a.Filled, err)
		}
	})
}
