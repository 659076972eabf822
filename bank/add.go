package bank

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// batchRows is how many puzzles an Adder writes per transaction: large
// enough that commits cost little, small enough that an interrupted add
// loses little (what was committed stays).
const batchRows = 2000

// Adder adds puzzles to a bank in batched transactions, through prepared
// statements. It is not safe for concurrent use: one goroutine feeds it
// (the canonical forms, the costly part, are computed before, by
// NewEntry on every core).
type Adder struct {
	b       *Bank
	ctx     context.Context
	tx      *sql.Tx
	insert  *sql.Stmt
	lookup  *sql.Stmt
	pending int
	now     string
	// Added and Duplicates count the puzzles committed so far.
	Added, Duplicates int
	added, dups       int // in the open transaction
}

// NewAdder starts adding puzzles to the bank; Commit ends it. Its
// transactions do not end with ctx (database/sql would roll them back):
// the caller stops adding when ctx is done, and commits what it added.
func (b *Bank) NewAdder(ctx context.Context) *Adder {
	return &Adder{b: b, ctx: context.WithoutCancel(ctx)}
}

// Result is what Add did with an entry: stored under ID, or found to
// duplicate the stored puzzle ID (the same puzzle, or an isomorph).
type Result struct {
	ID        int64
	Duplicate bool
}

// begin opens the next transaction and prepares its statements.
func (a *Adder) begin() error {
	ctx, b := a.ctx, a.b
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return b.wrap("adding", err)
	}
	a.tx = tx
	if a.insert, err = tx.PrepareContext(ctx, b.d.q(`INSERT INTO puzzles
		(canon, grid, rules, level, er, ep, ed, clues, techniques, tags, added)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (canon) DO NOTHING RETURNING id`)); err == nil {
		a.lookup, err = tx.PrepareContext(ctx, b.d.q(`SELECT id FROM puzzles WHERE canon = ?`))
	}
	if err != nil {
		tx.Rollback()
		a.tx = nil
		return b.wrap("adding", err)
	}
	a.now = time.Now().UTC().Format(time.RFC3339)
	return nil
}

// Add stores an entry, or finds the puzzle it duplicates. Every batchRows
// entries it commits; an entry added but not yet committed is lost if the
// process dies.
func (a *Adder) Add(e Entry) (Result, error) {
	if a.tx == nil {
		if err := a.begin(); err != nil {
			return Result{}, err
		}
	}
	var id int64
	err := a.insert.QueryRowContext(a.ctx, e.Canon, e.Grid.String(), e.Rules.Label(), e.Level,
		e.Ratings.ER.Tenths(), e.Ratings.EP.Tenths(), e.Ratings.ED.Tenths(), e.Grid.Givens(),
		list(e.Techniques), list(e.Tags), a.now).Scan(&id)
	res := Result{ID: id}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		res.Duplicate = true
		if err := a.lookup.QueryRowContext(a.ctx, e.Canon).Scan(&res.ID); err != nil {
			return Result{}, a.fail("finding a duplicate", err)
		}
		a.dups++
	case err != nil:
		return Result{}, a.fail("adding", err)
	default:
		a.added++
	}
	if a.pending++; a.pending >= batchRows {
		if err := a.Commit(); err != nil {
			return Result{}, err
		}
	}
	return res, nil
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
	a.pending, a.added, a.dups = 0, 0, 0
}

// Pending is how many entries were added since the last commit.
func (a *Adder) Pending() int { return a.pending }

// Commit commits the entries added so far (even when the Adder's context
// is done: they were read whole).
func (a *Adder) Commit() error {
	if a.tx == nil {
		return nil
	}
	err := a.tx.Commit()
	a.tx = nil
	if err != nil {
		a.pending, a.added, a.dups = 0, 0, 0
		return a.b.wrap("committing", err)
	}
	a.Added += a.added
	a.Duplicates += a.dups
	a.pending, a.added, a.dups = 0, 0, 0
	return nil
}
