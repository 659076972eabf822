package bank

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
	"strings"
	"time"

	"github.com/sudokit/sudokit/sudoku"
)

// Filter selects puzzles; its zero value selects every one.
type Filter struct {
	Levels []string // any of these levels
	// Rating is a band of ER (Min 0: no band).
	Rating sudoku.RatingRange
	// With and Without are technique keys the grading must have used, or
	// must not have used.
	With, Without      []string
	MinClues, MaxClues int      // 0: no bound
	Tags               []string // every one of these tags
	// Used selects the puzzles in a book (true) or in none (false); nil:
	// both.
	Used *bool
	Book string // only the puzzles of this book, in its order
	// Variant selects the puzzles of one kind: "classic", or a variant's
	// name as --variant writes it ("x", "x,anti-knight", "jigsaw": any
	// layout); "": any.
	Variant string
	Limit   int // at most this many (0: no limit)
}

// where writes the filter as a WHERE clause (with a leading space, or
// nothing) over puzzles p and books b, and its arguments.
func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, a ...any) {
		conds = append(conds, cond)
		args = append(args, a...)
	}
	if f.Used != nil {
		if *f.Used {
			add("p.book_id IS NOT NULL")
		} else {
			add("p.book_id IS NULL")
		}
	}
	if f.Book != "" {
		add("b.name = ?", f.Book)
	}
	if len(f.Levels) > 0 {
		add("p.level IN (?"+strings.Repeat(", ?", len(f.Levels)-1)+")", anys(f.Levels)...)
	}
	if f.Rating.Min != 0 {
		add("p.er >= ?", f.Rating.Min.Tenths())
		if f.Rating.Max != 0 {
			add("p.er <= ?", f.Rating.Max.Tenths())
		}
	}
	if len(f.With) > 0 || len(f.Without) > 0 {
		// A puzzle added with its ratings alone has no techniques: it is
		// not known to use them, nor not to (see Unjudged).
		add("p.techniques <> ''")
	}
	for _, t := range f.With {
		add("p.techniques LIKE ?", "%,"+t+",%")
	}
	for _, t := range f.Without {
		add("p.techniques NOT LIKE ?", "%,"+t+",%")
	}
	if f.MinClues > 0 {
		add("p.clues >= ?", f.MinClues)
	}
	if f.MaxClues > 0 {
		add("p.clues <= ?", f.MaxClues)
	}
	for _, t := range f.Tags {
		add("p.tags LIKE ?", "%,"+t+",%")
	}
	switch f.Variant {
	case "":
	case "classic":
		add("p.rules = ''")
	default:
		add("(p.rules = ? OR p.rules LIKE ?)", "variant="+f.Variant, "variant="+f.Variant+" regions=%")
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

func anys(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

const selectPuzzles = `SELECT p.id, p.canon, p.grid, p.rules, p.level, p.er, p.ep, p.ed, p.clues, p.techniques, p.tags,
	COALESCE(b.name, ''), COALESCE(p.position, 0), p.added FROM puzzles p LEFT JOIN books b ON b.id = p.book_id`

// scanPuzzle reads a row of selectPuzzles.
func scanPuzzle(rows interface{ Scan(...any) error }) (Puzzle, error) {
	var p Puzzle
	var grid, rules, techniques, tags string
	var er, ep, ed int
	if err := rows.Scan(&p.ID, &p.Canon, &grid, &rules, &p.Level, &er, &ep, &ed, &p.Clues, &techniques, &tags,
		&p.Book, &p.Position, &p.Added); err != nil {
		return p, err
	}
	g, err := gridOf(grid)
	if err != nil {
		return p, fmt.Errorf("puzzle %d: %w", p.ID, err)
	}
	if p.Rules, err = rulesOf(rules); err != nil {
		return p, fmt.Errorf("puzzle %d: %w", p.ID, err)
	}
	p.Grid = g
	p.ER, p.EP, p.ED = sudoku.RatingOfTenths(er), sudoku.RatingOfTenths(ep), sudoku.RatingOfTenths(ed)
	p.Techniques, p.Tags = unlist(techniques), unlist(tags)
	return p, nil
}

// Find yields the puzzles the filter selects: a book's in its order,
// else in the order they were added. The rows are read as they are
// yielded, so memory stays flat on any number.
func (b *Bank) Find(ctx context.Context, f Filter) iter.Seq2[Puzzle, error] {
	return func(yield func(Puzzle, error) bool) {
		where, args := f.where()
		query := selectPuzzles + where
		if f.Book != "" {
			query += " ORDER BY p.position"
		} else {
			query += " ORDER BY p.id"
		}
		if f.Limit > 0 {
			query += " LIMIT ?"
			args = append(args, f.Limit)
		}
		rows, err := b.db.QueryContext(ctx, b.d.q(query), args...)
		if err != nil {
			yield(Puzzle{}, b.wrap("finding", err))
			return
		}
		defer rows.Close()
		for rows.Next() {
			p, err := scanPuzzle(rows)
			if err != nil {
				yield(Puzzle{}, b.wrap("reading", err))
				return
			}
			if !yield(p, nil) {
				return
			}
		}
		if err := rows.Err(); err != nil {
			yield(Puzzle{}, b.wrap("finding", err))
		}
	}
}

// Count counts the puzzles the filter selects (its Limit aside).
func (b *Bank) Count(ctx context.Context, f Filter) (int, error) {
	where, args := f.where()
	var n int
	err := b.db.QueryRowContext(ctx, b.d.q(`SELECT count(*) FROM puzzles p LEFT JOIN books b ON b.id = p.book_id`+where), args...).Scan(&n)
	return n, b.wrap("counting", err)
}

// Unjudged counts the puzzles that f would select but for its With and
// Without, whose techniques are not known (they were added with their
// ratings alone): f leaves them out, as it cannot tell whether they use
// the techniques. It is 0 when f names no technique.
func (b *Bank) Unjudged(ctx context.Context, f Filter) (int, error) {
	if len(f.With) == 0 && len(f.Without) == 0 {
		return 0, nil
	}
	f.With, f.Without = nil, nil
	where, args := f.where()
	if where == "" {
		where = " WHERE p.techniques = ''"
	} else {
		where += " AND p.techniques = ''"
	}
	var n int
	err := b.db.QueryRowContext(ctx, b.d.q(`SELECT count(*) FROM puzzles p LEFT JOIN books b ON b.id = p.book_id`+where), args...).Scan(&n)
	return n, b.wrap("counting", err)
}

// ErrShort reports that fewer unused puzzles match than a pick asked for;
// nothing was reserved.
var ErrShort = errors.New("not enough unused puzzles")

// ErrPrinted reports a book already printed: its puzzles stay in it.
var ErrPrinted = errors.New("the book is printed")

// ErrNoBook reports a book that the bank does not hold.
var ErrNoBook = errors.New("no such book")

// Pick reserves n unused puzzles that the filter selects (its Used, Book
// and Limit aside) for the named book, made if new, after the puzzles it
// holds, in the order they were added, and returns them. It is atomic:
// all n or none (ErrShort), and two picks at the same moment, from any
// number of processes, never reserve the same puzzle.
func (b *Bank) Pick(ctx context.Context, book string, n int, f Filter) ([]Puzzle, error) {
	if strings.TrimSpace(book) == "" {
		return nil, sudoku.Invalidf("a book needs a name")
	}
	if n < 1 {
		return nil, sudoku.Invalidf("pick at least 1 puzzle, not %d", n)
	}
	unused := false
	f.Used, f.Book, f.Limit = &unused, "", n
	var ids []int64
	err := b.tx(ctx, "picking", func(tx *sql.Tx) error {
		bookID, printed, err := b.lockBook(ctx, tx, book, true)
		if err != nil {
			return err
		}
		if printed {
			return fmt.Errorf("book %q: %w: its puzzles stay in it (pick into a new book)", book, ErrPrinted)
		}
		var last int
		if err := tx.QueryRowContext(ctx, b.d.q(`SELECT COALESCE(MAX(position), 0) FROM puzzles WHERE book_id = ?`), bookID).Scan(&last); err != nil {
			return b.wrap("picking", err)
		}
		where, args := f.where()
		rows, err := tx.QueryContext(ctx, b.d.q(`SELECT p.id FROM puzzles p`+where+
			` ORDER BY p.id LIMIT ?`+b.d.skipLocked), append(args, n)...)
		if err != nil {
			return b.wrap("picking", err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return b.wrap("picking", err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return b.wrap("picking", err)
		}
		if len(ids) < n {
			return fmt.Errorf("%w: %d match, %d asked for; nothing reserved", ErrShort, len(ids), n)
		}
		upd, err := tx.PrepareContext(ctx, b.d.q(`UPDATE puzzles SET book_id = ?, position = ? WHERE id = ? AND book_id IS NULL`))
		if err != nil {
			return b.wrap("picking", err)
		}
		defer upd.Close()
		for i, id := range ids {
			res, err := upd.ExecContext(ctx, bookID, last+1+i, id)
			if err != nil {
				return b.wrap("picking", err)
			}
			if k, err := res.RowsAffected(); err != nil || k != 1 {
				return fmt.Errorf("bank %s: picking: puzzle %d was taken by another pick; nothing reserved, try again", b.name, id)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	picked := make(map[int64]bool, len(ids))
	for _, id := range ids {
		picked[id] = true
	}
	var out []Puzzle
	for p, err := range b.Find(ctx, Filter{Book: book}) {
		if err != nil {
			return nil, err
		}
		if picked[p.ID] {
			out = append(out, p)
		}
	}
	return out, nil
}

// lockBook finds a book by name and locks it for the transaction (making
// it when create is set): its id and whether it is printed.
func (b *Bank) lockBook(ctx context.Context, tx *sql.Tx, name string, create bool) (int64, bool, error) {
	if create {
		if _, err := tx.ExecContext(ctx, b.d.q(`INSERT INTO books (name, created) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`),
			name, time.Now().UTC().Format(time.RFC3339)); err != nil {
			return 0, false, b.wrap("making the book", err)
		}
	}
	lock := ""
	if b.d.dollar {
		lock = " FOR UPDATE"
	}
	var id int64
	var printed int
	err := tx.QueryRowContext(ctx, b.d.q(`SELECT id, printed FROM books WHERE name = ?`+lock), name).Scan(&id, &printed)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, fmt.Errorf("book %q: %w", name, ErrNoBook)
	}
	return id, printed != 0, b.wrap("reading the book", err)
}

// Release returns a draft book's puzzles to the unused ones and drops the
// book; it says how many. A printed book is refused (ErrPrinted) unless
// force is set.
func (b *Bank) Release(ctx context.Context, book string, force bool) (int, error) {
	var n int64
	err := b.tx(ctx, "releasing", func(tx *sql.Tx) error {
		id, printed, err := b.lockBook(ctx, tx, book, false)
		if err != nil {
			return err
		}
		if printed && !force {
			return fmt.Errorf("book %q: %w: its puzzles stay in it", book, ErrPrinted)
		}
		res, err := tx.ExecContext(ctx, b.d.q(`UPDATE puzzles SET book_id = NULL, position = NULL WHERE book_id = ?`), id)
		if err != nil {
			return b.wrap("releasing", err)
		}
		if n, err = res.RowsAffected(); err != nil {
			return b.wrap("releasing", err)
		}
		_, err = tx.ExecContext(ctx, b.d.q(`DELETE FROM books WHERE id = ?`), id)
		return b.wrap("releasing", err)
	})
	return int(n), err
}

// MarkPrinted marks a book printed: release then refuses it.
func (b *Bank) MarkPrinted(ctx context.Context, book string) error {
	return b.tx(ctx, "marking the book printed", func(tx *sql.Tx) error {
		id, _, err := b.lockBook(ctx, tx, book, false)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, b.d.q(`UPDATE books SET printed = 1 WHERE id = ?`), id)
		return b.wrap("marking the book printed", err)
	})
}

// Book is a book of the bank.
type Book struct {
	Name    string `json:"name"`
	Printed bool   `json:"printed"`
	Created string `json:"created"` // RFC 3339, UTC
	Puzzles int    `json:"puzzles"`
}

// ServedPrefix begins the name of the book of a page session of sudokit
// serve ("served SESSION"): the puzzles the page drew from the bank, each
// shown to its player as it was drawn.
const ServedPrefix = "served "

// Served reports whether the book is a page session's (see ServedPrefix).
func (bk Book) Served() bool { return strings.HasPrefix(bk.Name, ServedPrefix) }

// Books lists the bank's books by name (an empty list, not nil, when
// there is none).
func (b *Bank) Books(ctx context.Context) ([]Book, error) {
	rows, err := b.db.QueryContext(ctx, `SELECT b.name, b.printed, b.created, count(p.id) FROM books b
		LEFT JOIN puzzles p ON p.book_id = b.id GROUP BY b.id, b.name, b.printed, b.created ORDER BY b.name`)
	if err != nil {
		return nil, b.wrap("listing books", err)
	}
	defer rows.Close()
	out := []Book{}
	for rows.Next() {
		var bk Book
		var printed int
		if err := rows.Scan(&bk.Name, &printed, &bk.Created, &bk.Puzzles); err != nil {
			return nil, b.wrap("listing books", err)
		}
		bk.Printed = printed != 0
		out = append(out, bk)
	}
	return out, b.wrap("listing books", rows.Err())
}

// Count is a number of puzzles, and how many of them are in books.
type Count struct {
	Name  string `json:"name"` // a level, or a band of ER such as "7.0-7.9"
	Total int    `json:"total"`
	Used  int    `json:"used"`
}

// Stats are the bank's counts: all its puzzles, per level, per band of
// ER (one per whole rating), and its books.
type Stats struct {
	Total  Count   `json:"total"`
	Levels []Count `json:"levels"`
	Bands  []Count `json:"bands"`
	Books  []Book  `json:"books"`
}

// Stats counts the bank's puzzles.
func (b *Bank) Stats(ctx context.Context) (Stats, error) {
	var st Stats
	st.Total.Name = "all"
	counts := func(query string, name func(any) string) ([]Count, error) {
		rows, err := b.db.QueryContext(ctx, query)
		if err != nil {
			return nil, b.wrap("counting", err)
		}
		defer rows.Close()
		out := []Count{}
		for rows.Next() {
			var key any
			var c Count
			if err := rows.Scan(&key, &c.Total, &c.Used); err != nil {
				return nil, b.wrap("counting", err)
			}
			c.Name = name(key)
			st.Total.Total += c.Total
			st.Total.Used += c.Used
			out = append(out, c)
		}
		return out, b.wrap("counting", rows.Err())
	}
	var err error
	if st.Levels, err = counts(`SELECT level, count(*), count(book_id) FROM puzzles GROUP BY level ORDER BY min(er), level`,
		func(k any) string { return fmt.Sprint(asString(k)) }); err != nil {
		return st, err
	}
	st.Total = Count{Name: "all"}
	if st.Bands, err = counts(`SELECT er / 10, count(*), count(book_id) FROM puzzles GROUP BY er / 10 ORDER BY er / 10`,
		func(k any) string {
			var w int64
			switch v := k.(type) {
			case int64:
				w = v
			case int32:
				w = int64(v)
			}
			return fmt.Sprintf("%d.0-%d.9", w, w)
		}); err != nil {
		return st, err
	}
	st.Books, err = b.Books(ctx)
	return st, err
}

func asString(v any) string {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return fmt.Sprint(v)
}
