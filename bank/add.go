package bank

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// Adds go to the database in statements of stmtRows puzzles (one
// multi-row INSERT, then one SELECT of the duplicates' ids), and in
// transactions of batchRows: large enough that round trips and commits
// cost little (PostgreSQL over a network above all), small enough that an
// interrupted add loses little (what was committed stays).
// A transaction is also committed by the first Add that comes commitAge
// or more after its first entry, so that puzzles that come slowly
// (generate --bank, a pipe from a slow program) are not held for
// batchRows of them: each is committed when the next one comes, a second
// or more later.
const (
	stmtRows  = 250
	batchRows = 2000
	commitAge = time.Second
)

// Adder adds puzzles to a bank in batched transactions, many puzzles per
// statement. It is not safe for concurrent use: one goroutine feeds it
// (the canonical forms, the costly part, are computed before, by NewEntry
// on every core).
type Adder struct {
	b      *Bank
	ctx    context.Context
	report func(Entry, Result)
	tx     *sql.Tx
	full   *sql.Stmt // the INSERT of stmtRows puzzles, prepared per transaction
	queue  []Entry
	now    string
	first  time.Time // when the first entry not committed came
	// inTx counts the entries sent in the open transaction.
	inTx, added, dups, filled int
	// Added and Duplicates count the puzzles committed so far; Filled,
	// the duplicates whose stored puzzle had no techniques (it was added
	// from a row that carried only its ratings) and was given the entry's.
	Added, Duplicates, Filled int
}

// Result is what an Adder did with an entry: stored under ID, or found to
// duplicate the stored puzzle ID (the same puzzle, or an isomorph).
type Result struct {
	ID        int64
	Duplicate bool
}

// NewAdder starts adding puzzles to the bank; Commit ends it. report, when
// not nil, is called with each entry and what became of it, in the order
// of the entries, when its statement has run (so up to stmtRows entries
// after Add). The Adder's transactions do not end with ctx (database/sql
// would roll them back): the caller stops adding when ctx is done, and
// commits what it added.
func (b *Bank) NewAdder(ctx context.Context, report func(Entry, Result)) *Adder {
	return &Adder{b: b, ctx: context.WithoutCancel(ctx), report: report}
}

// Add queues an entry: it is stored (or found a duplicate) with the next
// statement, and committed with its transaction (see commitAge).
func (a *Adder) Add(e Entry) error {
	if a.tx == nil && len(a.queue) == 0 {
		a.first = time.Now()
	}
	a.queue = append(a.queue, e)
	if time.Since(a.first) >= commitAge {
		return a.Commit()
	}
	if len(a.queue) < stmtRows {
		return nil
	}
	if err := a.flush(); err != nil {
		return err
	}
	if a.inTx >= batchRows {
		return a.Commit()
	}
	return nil
}

// insertSQL is the INSERT of n puzzles, which returns the ids and keys of
// those it stored (not of the duplicates).
func (a *Adder) insertSQL(n int) string {
	row := "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
	return a.b.d.q(`INSERT INTO puzzles (canon, grid, rules, level, er, ep, ed, clues, techniques, tags, added) VALUES ` +
		row + strings.Repeat(", "+row, n-1) + ` ON CONFLICT (canon) DO NOTHING RETURNING id, canon`)
}

// flush sends the queued entries: one INSERT, then one SELECT of the ids
// of those that were duplicates.
func (a *Adder) flush() error {
	if len(a.queue) == 0 {
		return nil
	}
	ctx, b := a.ctx, a.b
	if a.tx == nil {
		tx, err := b.db.BeginTx(ctx, nil)
		if err != nil {
			return b.wrap("adding", err)
		}
		a.tx, a.now = tx, time.Now().UTC().Format(time.RFC3339)
	}
	args := make([]any, 0, 11*len(a.queue))
	for _, e := range a.queue {
		args = append(args, e.Canon, e.Grid.String(), e.Rules.Label(), e.Level,
			e.Ratings.ER.Tenths(), e.Ratings.EP.Tenths(), e.Ratings.ED.Tenths(), e.Grid.Givens(),
			list(e.Techniques), list(e.Tags), a.now)
	}
	var rows *sql.Rows
	var err error
	if len(a.queue) == stmtRows {
		if a.full == nil {
			if a.full, err = a.tx.PrepareContext(ctx, a.insertSQL(stmtRows)); err != nil {
				return a.fail("adding", err)
			}
		}
		rows, err = a.full.QueryContext(ctx, args...)
	} else {
		rows, err = a.tx.QueryContext(ctx, a.insertSQL(len(a.queue)), args...)
	}
	if err != nil {
		return a.fail("adding", err)
	}
	ids, err := scanIDs(rows)
	if err != nil {
		return a.fail("adding", err)
	}
	stored := len(ids)
	var missing []any
	for _, e := range a.queue {
		if _, ok := ids[e.Canon]; !ok {
			missing = append(missing, e.Canon)
		}
	}
	if len(missing) > 0 {
		// Duplicates of stored puzzles, or of another entry of the queue.
		rows, err := a.tx.QueryContext(ctx, b.d.q(`SELECT id, canon FROM puzzles WHERE canon IN (?`+
			strings.Repeat(", ?", len(missing)-1)+`)`), missing...)
		if err != nil {
			return a.fail("finding duplicates", err)
		}
		dupIDs, err := scanIDs(rows)
		if err != nil {
			return a.fail("finding duplicates", err)
		}
		for k, id := range dupIDs {
			ids[k] = -id // a duplicate: stored before this statement
		}
		if err := a.fill(ids); err != nil {
			return err
		}
	}
	seen := make(map[string]bool, len(a.queue))
	for _, e := range a.queue {
		id := ids[e.Canon]
		res := Result{ID: id}
		if id < 0 || seen[e.Canon] {
			res = Result{ID: max(id, -id), Duplicate: true}
			a.dups++
		}
		seen[e.Canon] = true
		if a.report != nil {
			a.report(e, res)
		}
	}
	a.added += stored
	a.inTx += len(a.queue)
	a.queue = a.queue[:0]
	return nil
}

// fill gives the stored puzzles that the queued entries duplicate, and
// whose techniques are not known, the entries' techniques (ids: a
// duplicate's canonical form to minus its id).
func (a *Adder) fill(ids map[string]int64) error {
	var upd *sql.Stmt
	for _, e := range a.queue {
		id := ids[e.Canon]
		if id >= 0 || len(e.Techniques) == 0 {
			continue
		}
		if upd == nil {
			var err error
			if upd, err = a.tx.PrepareContext(a.ctx, a.b.d.q(`UPDATE puzzles SET techniques = ? WHERE id = ? AND techniques = ''`)); err != nil {
				return a.fail("adding techniques", err)
			}
			defer upd.Close()
		}
		res, err := upd.ExecContext(a.ctx, list(e.Techniques), -id)
		if err != nil {
			return a.fail("adding techniques", err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 1 {
			a.filled++
		}
	}
	return nil
}

// scanIDs reads rows of (id, canon).
func scanIDs(rows *sql.Rows) (map[string]int64, error) {
	defer rows.Close()
	ids := map[string]int64{}
	for rows.Next() {
		var id int64
		var key string
		if err := rows.Scan(&id, &key); err != nil {
			return nil, err
		}
		ids[key] = id
	}
	return ids, rows.Err()
}

// fail rolls back the open transaction after an error.
func (a *Adder) fail(what string, err error) error {
	a.rollback()
	return a.b.wrap(what, err)
}

func (a *Adder) rollback() {
	if a.tx != nil {
		a.tx.Rollback()
		a.tx = nil
	}
	a.full = nil
	a.queue = a.queue[:0]
	a.inTx, a.added, a.dups, a.filled = 0, 0, 0, 0
}

// Commit stores the entries queued and commits them with the open
// transaction (even when the Adder's context is done: they were read
// whole).
func (a *Adder) Commit() error {
	if err := a.flush(); err != nil {
		return err
	}
	if a.tx == nil {
		return nil
	}
	err := a.tx.Commit()
	a.tx, a.full = nil, nil
	if err != nil {
		a.inTx, a.added, a.dups, a.filled = 0, 0, 0, 0
		return a.b.wrap("committing", err)
	}
	a.Added += a.added
	a.Duplicates += a.dups
	a.Filled += a.filled
	a.inTx, a.added, a.dups, a.filled = 0, 0, 0, 0
	return nil
}
