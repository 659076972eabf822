package testenv

import (
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync/atomic"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the server's databases are made through pgx
)

// PostgresServer is a PostgreSQL server that a test started in a
// temporary directory, on a free port of 127.0.0.1, and stops when it
// ends.
type PostgresServer struct {
	url            string // of the database "postgres"
	port           int
	dir, bin, data string
	as             []string // the command prefix that runs as the server's user
	count          atomic.Int64
}

// ErrNoPostgres reports that PostgreSQL is not installed.
var ErrNoPostgres = errors.New("PostgreSQL is not installed (Debian: apt-get install postgresql)")

// Postgres starts a PostgreSQL server for tb, stopped and removed in tb's
// cleanup (see StartPostgres). It skips tb when PostgreSQL is not
// installed, or fails it when SUDOKIT_REQUIRE_TOOLS is set.
func Postgres(tb testing.TB) *PostgresServer {
	tb.Helper()
	s, err := StartPostgres()
	NeedPostgres(tb, err)
	tb.Cleanup(func() {
		if err := s.Stop(); err != nil {
			tb.Error(err)
		}
	})
	return s
}

// NeedPostgres skips tb (or fails it under SUDOKIT_REQUIRE_TOOLS) when err
// is ErrNoPostgres, and fails it on any other error of StartPostgres.
func NeedPostgres(tb testing.TB, err error) {
	tb.Helper()
	if errors.Is(err, ErrNoPostgres) {
		missing(tb, RequireTools, "%v", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
}

// StartPostgres starts a PostgreSQL server (initdb and pg_ctl from Debian's
// postgresql package, /usr/lib/postgresql/*/bin, or from $PATH) in a new
// temporary directory, on a free port of 127.0.0.1, its socket in that
// directory; Stop stops it and removes the directory. As root, the server
// runs as the user postgres (PostgreSQL refuses root), from a directory
// that user owns.
func StartPostgres() (*PostgresServer, error) {
	bin := postgresBin()
	if bin == "" {
		return nil, ErrNoPostgres
	}
	dir, err := os.MkdirTemp("", "sudokit-pg-")
	if err != nil {
		return nil, err
	}
	s := &PostgresServer{dir: dir}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("%w: running as root, and there is no user postgres to run it as", ErrNoPostgres)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		err = os.Chmod(dir, 0o755)
		if err == nil {
			err = os.Chown(dir, uid, gid)
		}
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		s.as = []string{"runuser", "-u", "postgres", "--"}
	}
	s.bin, s.data = bin, filepath.Join(dir, "data")
	if s.port, err = freePort(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if out, err := s.cmd("initdb", "-D", s.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", s.port, dir)
	if out, err := s.cmd("pg_ctl", "-D", s.data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start").CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	s.url = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", s.port)
	return s, nil
}

// cmd is a command of the server's programs, run as its user.
func (s *PostgresServer) cmd(name string, args ...string) *exec.Cmd {
	argv := append(append(append([]string{}, s.as...), filepath.Join(s.bin, name)), args...)
	c := exec.Command(argv[0], argv[1:]...)
	c.Dir = s.dir
	return c
}

// Stop stops the server and removes its directory.
func (s *PostgresServer) Stop() error {
	defer os.RemoveAll(s.dir)
	if out, err := s.cmd("pg_ctl", "-D", s.data, "-m", "immediate", "-w", "stop").CombinedOutput(); err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return nil
}

// NewDatabase makes a new empty database on the server and returns its
// URL.
func (s *PostgresServer) NewDatabase(tb testing.TB) string {
	tb.Helper()
	db, err := sql.Open("pgx", s.url)
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	name := fmt.Sprintf("bank%d", s.count.Add(1))
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		tb.Fatalf("creating database %s: %v", name, err)
	}
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, name)
}

// postgresBin is the directory of initdb and pg_ctl: the newest of
// Debian's /usr/lib/postgresql/*/bin, else the one of initdb on $PATH;
// "" when there is none.
func postgresBin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

// version reads N of /usr/lib/postgresql/N/bin.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// freePort is a port of 127.0.0.1 that nothing listens on.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
