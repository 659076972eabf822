// Package bank keeps a stock of puzzles in a database: every puzzle stored
// once by its canonical form (so that an isomorph of a stored puzzle is
// found as its duplicate), with its rules, level, ratings, clue count,
// the techniques its grading used and its tags; and books, each holding
// puzzles reserved for it in order, so that no puzzle goes into two books.
//
// A bank is an SQLite file (a pure-Go driver, modernc.org/sqlite: no cgo)
// in WAL mode with foreign keys on, or a PostgreSQL database
// (postgres://... URLs, through pgx), with the same schema and behaviour.
// The schema is versioned: Open applies the migrations a bank lacks, and
// refuses a bank written by a newer sudokit without touching it.
//
// The package holds no rule of Sudoku but the canonical form of a puzzle
// (package canon); its callers grade the puzzles (NewEntry takes the
// grading's result).
package bank

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // registers "sqlite"

	"github.com/sudokit/sudokit/sudoku"
)

// ErrNotBank reports a file or database that is not a sudokit bank, or a
// bank written by a newer sudokit; Open leaves it as it was. It is of kind
// sudoku.ErrInvalid: the name given cannot be used as a bank.
var ErrNotBank = sudoku.Invalidf("not a sudokit bank")

// ErrNoBank reports that the bank to open does not exist (and Options.Create
// was not set). It is of kind sudoku.ErrInvalid.
var ErrNoBank = sudoku.Invalidf("no bank there")

// Bank is an open bank. It is safe for concurrent use.
type Bank struct {
	db   *sql.DB
	d    dialect
	name string        // as given to Open, for messages
	wait time.Duration // how long a lock is waited for
}

// Options tunes Open.
type Options struct {
	// Create makes an SQLite bank (and its directory) when the file does
	// not exist; without it, a missing file is ErrNoBank.
	Create bool
	// LockWait is how long a bank locked by another program is waited
	// for before the operation fails (0: 10 s): SQLite's busy timeout,
	// PostgreSQL's lock_timeout (unless the URL sets it).
	LockWait time.Duration
}

// IsURL reports whether a bank's name is a PostgreSQL URL
// (postgres://... or postgresql://...) rather than an SQLite file.
func IsURL(name string) bool {
	return strings.HasPrefix(name, "postgres://") || strings.HasPrefix(name, "postgresql://")
}

// DefaultPath is the bank used when none is named: bank.db in sudokit's
// directory of the user's data, $XDG_DATA_HOME/sudokit (else
// ~/.local/share/sudokit) on Linux and other Unix systems,
// ~/Library/Application Support/sudokit on macOS, %LocalAppData%\sudokit
// on Windows.
func DefaultPath() (string, error) {
	var dir string
	switch runtime.GOOS {
	case "windows":
		dir = os.Getenv("LocalAppData")
		if dir == "" {
			return "", errors.New("%LocalAppData% is not set: no directory to keep the bank in")
		}
	case "darwin", "ios":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no home directory to keep the bank in: %w", err)
		}
		dir = filepath.Join(home, "Library", "Application Support")
	default:
		if dir = os.Getenv("XDG_DATA_HOME"); dir == "" || !filepath.IsAbs(dir) {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", fmt.Errorf("no home directory to keep the bank in: %w", err)
			}
			dir = filepath.Join(home, ".local", "share")
		}
	}
	return filepath.Join(dir, "sudokit", "bank.db"), nil
}

// sqliteMagic opens every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// Open opens the bank name: a PostgreSQL URL, or the path of an SQLite
// file. It applies the migrations the bank lacks, and refuses (with
// ErrNotBank) a file or database that holds something else or a bank
// written by a newer sudokit, leaving it untouched.
func Open(ctx context.Context, name string, opt Options) (*Bank, error) {
	var b *Bank
	wait := opt.LockWait
	if wait <= 0 {
		wait = 10 * time.Second
	}
	if IsURL(name) {
		db, err := openPostgres(name, wait)
		if err != nil {
			return nil, err
		}
		b = &Bank{db: db, d: pgDialect, name: redact(name), wait: wait}
	} else {
		if err := checkFile(name, opt.Create); err != nil {
			return nil, err
		}
		// cache_size: 64 MiB of pages per connection (the default 2 MiB
		// makes adds to a bank of a million puzzles read the unique
		// index of canonical forms from the file again and again).
		// _txlock=immediate: every transaction takes the write lock as it
		// begins, so that two that reserve puzzles run one after the other
		// (busy_timeout: the second waits up to 10 s) rather than fail
		// when the first commits.
		dsn := "file:" + name + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)" +
			fmt.Sprintf("&_pragma=busy_timeout(%d)", wait.Milliseconds()) + "&_pragma=cache_size(-65536)&_txlock=immediate"
		db, err := sql.Open("sqlite", dsn)
		if err != nil {
			return nil, fmt.Errorf("bank %s: %w", name, err)
		}
		b = &Bank{db: db, d: sqliteDialect, name: name, wait: wait}
	}
	if err := b.migrate(ctx); err != nil {
		b.db.Close()
		return nil, err
	}
	return b, nil
}

// openPostgres opens a PostgreSQL bank's database (no connection is made
// yet). A URL that does not parse is of kind sudoku.ErrInvalid. Unless
// the URL sets them, a connection is given up after 10 s, and a lock
// another transaction holds is waited for wait (lock_timeout), as an
// SQLite bank's.
func openPostgres(name string, wait time.Duration) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(name)
	if err != nil {
		// pgx's message repeats the URL (its password hidden): keep
		// what it says is wrong with it.
		msg := err.Error()
		if _, after, ok := strings.Cut(msg, "`: "); ok {
			msg = after
		}
		return nil, sudoku.Invalidf("bank %s: not a PostgreSQL URL: %s", redact(name), msg)
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = 10 * time.Second
	}
	if _, ok := cfg.RuntimeParams["lock_timeout"]; !ok {
		cfg.RuntimeParams["lock_timeout"] = strconv.FormatInt(wait.Milliseconds(), 10)
	}
	return stdlib.OpenDB(*cfg), nil
}

// checkFile checks that an SQLite bank's path names an SQLite file, or
// nothing (then made when create is set, with its directory).
func checkFile(name string, create bool) error {
	if scheme, _, ok := strings.Cut(name, "://"); ok {
		return sudoku.Invalidf("bank %s: a URL of %s: a bank is a postgres:// or postgresql:// URL, or the path of an SQLite file", redact(name), scheme)
	}
	if name == "" || strings.HasPrefix(name, "file:") || strings.ContainsAny(name, "?#") {
		return fmt.Errorf("bank %q: %w: give the path of a file (no file: URI, no ? or #) or a postgres:// URL", name, ErrNotBank)
	}
	f, err := os.Open(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if !create {
			return fmt.Errorf("bank %s: %w", name, ErrNoBank)
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return fmt.Errorf("bank %s: %w", name, err)
		}
		return nil
	case err != nil:
		return fmt.Errorf("bank %s: %w", name, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("bank %s: %w", name, err)
	}
	if st.IsDir() {
		return fmt.Errorf("bank %s is a directory: give the path of a file", name)
	}
	head := make([]byte, len(sqliteMagic))
	n, _ := f.Read(head)
	if n == 0 {
		return nil // an empty file: a new bank
	}
	if string(head[:n]) != sqliteMagic {
		return fmt.Errorf("bank %s: %w: the file is not an SQLite database", name, ErrNotBank)
	}
	return nil
}

// redact drops the password from a URL for messages.
func redact(url string) string {
	scheme, rest, ok := strings.Cut(url, "://")
	if !ok {
		return url
	}
	userinfo, host, ok := strings.Cut(rest, "@")
	if !ok {
		return url
	}
	if user, _, hasPass := strings.Cut(userinfo, ":"); hasPass {
		return scheme + "://" + user + ":xxxxx@" + host
	}
	return url
}

// Name is the bank's name as given to Open (a URL without its password).
func (b *Bank) Name() string { return b.name }

// Backend is "sqlite" or "postgres".
func (b *Bank) Backend() string { return b.d.name }

// Close closes the bank.
func (b *Bank) Close() error { return b.db.Close() }

// wrap names the bank in a database error, and says plainly what a locked
// SQLite bank is.
func (b *Bank) wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	msg := err.Error()
	var pgErr *pgconn.PgError
	if strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked") ||
		errors.As(err, &pgErr) && pgErr.Code == "55P03" { // lock_not_available: lock_timeout ran out
		return fmt.Errorf("bank %s: %s: the bank is locked by another program (waited %s): %w", b.name, what, b.wait, err)
	}
	var connErr *pgconn.ConnectError
	if errors.As(err, &connErr) {
		// pgx's message spans lines, one per attempt (with and without
		// TLS): say it on one, each reason once.
		var reasons []string
		for _, l := range strings.Split(errors.Unwrap(connErr).Error(), "\n") {
			if l = strings.TrimSpace(l); l != "" && !slices.Contains(reasons, l) {
				reasons = append(reasons, l)
			}
		}
		return &connectError{msg: fmt.Sprintf("bank %s: %s: cannot connect to the server (%s); is it running, and is the URL right?",
			b.name, what, strings.Join(reasons, "; ")), err: err}
	}
	return fmt.Errorf("bank %s: %s: %w", b.name, what, err)
}

// connectError is a PostgreSQL bank that cannot be connected to: its
// message said on one line, the driver's error wrapped.
type connectError struct {
	msg string
	err error
}

func (e *connectError) Error() string { return e.msg }
func (e *connectError) Unwrap() error { return e.err }

// tx runs f in a transaction, committed when f returns nil.
func (b *Bank) tx(ctx context.Context, what string, f func(*sql.Tx) error) error {
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return b.wrap(what, err)
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return b.wrap(what, tx.Commit())
}

// Check checks the bank's storage: SQLite's integrity check of the file
// (PostgreSQL checks its own).
func (b *Bank) Check(ctx context.Context) error {
	if b.d.name != "sqlite" {
		return nil
	}
	var res string
	if err := b.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return b.wrap("checking", err)
	}
	if res != "ok" {
		return fmt.Errorf("bank %s: the integrity check says: %s", b.name, res)
	}
	return nil
}
