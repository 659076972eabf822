package bank

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// migrations are the schema's versions: migrations[i] takes a bank from
// version i to i+1. A bank records its version in meta ("schema"); a
// released migration is never changed, only followed by another.
//
// Ratings are stored in tenths (62 for 6.2) so that bands compare
// exactly; techniques and tags as ",key,key," so that one LIKE finds a
// key in either database. A puzzle is in at most one book: book_id and its
// position there are columns of the puzzle itself.
var migrations = [][]string{
	{ // 1: the first schema
		`CREATE TABLE books (
			id {identity},
			name TEXT NOT NULL UNIQUE,
			printed INTEGER NOT NULL DEFAULT 0,
			created TEXT NOT NULL
		)`,
		`CREATE TABLE puzzles (
			id {identity},
			canon TEXT NOT NULL UNIQUE,
			grid TEXT NOT NULL,
			rules TEXT NOT NULL DEFAULT '',
			level TEXT NOT NULL,
			er INTEGER NOT NULL,
			ep INTEGER NOT NULL,
			ed INTEGER NOT NULL,
			clues INTEGER NOT NULL,
			techniques TEXT NOT NULL DEFAULT '',
			tags TEXT NOT NULL DEFAULT '',
			book_id BIGINT REFERENCES books(id),
			position INTEGER,
			added TEXT NOT NULL
		)`,
		`CREATE INDEX puzzles_book_er ON puzzles(book_id, er)`,
		`CREATE INDEX puzzles_book_id ON puzzles(book_id, id)`,
		`CREATE UNIQUE INDEX puzzles_book_position ON puzzles(book_id, position)`,
	},
}

// SchemaVersion is the version of the schema this sudokit writes.
var SchemaVersion = len(migrations)

// tablesQuery lists the tables of the database (SQLite's file, or
// PostgreSQL's current schema).
func (d dialect) tablesQuery() string {
	if d.dollar {
		return `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	}
	return `SELECT name FROM sqlite_master WHERE type = 'table'`
}

// migrate brings the bank to SchemaVersion, in one transaction: a new
// database gets the whole schema, an older bank the migrations it lacks.
// A database holding other tables and no bank, or a bank of a newer
// schema, is refused untouched.
func (b *Bank) migrate(ctx context.Context) error {
	// A bank of this version opens without the write lock, so that it
	// opens while another program adds to it.
	var v string
	err := b.db.QueryRowContext(ctx, b.d.q(`SELECT value FROM meta WHERE key = ?`), "schema").Scan(&v)
	if err == nil && v == strconv.Itoa(SchemaVersion) {
		return nil
	}
	return b.tx(ctx, "opening", func(tx *sql.Tx) error {
		if b.d.lock != "" {
			if _, err := tx.ExecContext(ctx, b.d.lock); err != nil {
				return b.wrap("opening", err)
			}
		}
		tables, err := b.tables(ctx, tx)
		if err != nil {
			return err
		}
		version := 0
		if slices.Contains(tables, "meta") {
			var v string
			err := tx.QueryRowContext(ctx, b.d.q(`SELECT value FROM meta WHERE key = ?`), "schema").Scan(&v)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return b.wrap("reading the schema version", err)
			}
			if version, err = strconv.Atoi(v); err != nil || version < 1 {
				return fmt.Errorf("bank %s: %w: its meta table holds no schema version", b.name, ErrNotBank)
			}
		} else if len(tables) > 0 && (b.d.name == "sqlite" || slices.Contains(tables, "puzzles") || slices.Contains(tables, "books")) {
			return fmt.Errorf("bank %s: %w: it holds other tables (%s)", b.name, ErrNotBank, tables[0])
		}
		if version > SchemaVersion {
			return fmt.Errorf("bank %s: %w of this version: its schema is version %d, written by a newer sudokit (this one knows up to %d); upgrade sudokit to use it",
				b.name, ErrNotBank, version, SchemaVersion)
		}
		if version == SchemaVersion {
			return nil
		}
		if version == 0 {
			if _, err := tx.ExecContext(ctx, `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`); err != nil {
				return b.wrap("making the schema", err)
			}
			if _, err := tx.ExecContext(ctx, b.d.q(`INSERT INTO meta (key, value) VALUES (?, ?)`), "schema", "0"); err != nil {
				return b.wrap("making the schema", err)
			}
		}
		for v := version; v < SchemaVersion; v++ {
			for _, stmt := range migrations[v] {
				if _, err := tx.ExecContext(ctx, b.d.q(stmt)); err != nil {
					return b.wrap(fmt.Sprintf("migrating to schema version %d", v+1), err)
				}
			}
		}
		_, err = tx.ExecContext(ctx, b.d.q(`UPDATE meta SET value = ? WHERE key = ?`), strconv.Itoa(SchemaVersion), "schema")
		return b.wrap("recording the schema version", err)
	})
}

// tables lists the database's tables.
func (b *Bank) tables(ctx context.Context, tx *sql.Tx) ([]string, error) {
	rows, err := tx.QueryContext(ctx, b.d.tablesQuery())
	if err != nil {
		return nil, b.notBank(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, b.wrap("listing tables", err)
		}
		names = append(names, n)
	}
	return names, b.notBank(rows.Err())
}

// notBank turns SQLite's "file is not a database" into ErrNotBank.
func (b *Bank) notBank(err error) error {
	if err == nil {
		return nil
	}
	if msg := err.Error(); b.d.name == "sqlite" && (contains(msg, "not a database") || contains(msg, "SQLITE_NOTADB")) {
		return fmt.Errorf("bank %s: %w: %v", b.name, ErrNotBank, err)
	}
	return b.wrap("listing tables", err)
}
