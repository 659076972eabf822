package cli

import (
	"fmt"
	"log"
	"net"
	"os/exec"
	"runtime"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/bank"
	"github.com/sudokit/sudokit/internal/server"
)

func serveCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "serve",
		Usage: "run the web assistant and its JSON API on this machine",
		Description: `Serves a page to solve at: enter or paste a puzzle in any format sudokit
reads, see conflicts and the number of solutions as you type, pencil marks
(automatic, and struck by hand), counters, a hint at three depths with the
pattern drawn on the board, the solving path step by step, the rating, new
puzzles by level or rating (up to the hardest), and PDF or SVG downloads;
variants, every size from 4x4 to 25x25, and killers (cages drawn, the
selected cage's combinations shown). Everything is in the binary; nothing
is fetched from the network.

The same work is open to scripts as JSON under /api/v1/: POST solve, grade,
hint, generate and print with {"puzzle": "..."} (print: {"puzzles": [...]}),
GET techniques and levels; a sized puzzle's "size" and "box", a killer's
"cages" and "variant": ["killer"] as the command line's JSON rows carry
them; POST cages answers a killer's cage combinations. Answers use the
command line's JSON fields.
generate finds puzzles as "sudokit generate" does (a band above 9.0 by the
vicinity search) and answers what it made within a minute.

With --bank, the page's New puzzle draws an unused puzzle of the level (or
rating) and rules asked from the bank (sudokit bank), reserved for that
page session (in the bank's book "served SESSION", so that it is not served
again), and generates one when the bank has none left; scripts read the
bank with GET /api/v1/bank/find?level=hard&unused&n=10, /api/v1/bank/stats
and /api/v1/bank/books, and draw with POST /api/v1/bank/draw.

The server listens on 127.0.0.1 (this machine only) unless --addr names
another address; it answers only requests addressed to localhost or an IP
address (or a --allow-host name), takes JSON bodies up to 1 MiB, grades
each puzzle within --budget, and runs at most --workers jobs at once
(more wait briefly, then get 503). Ctrl-C stops it after the requests in
flight.

Examples:
   sudokit serve
   sudokit serve --open --addr 127.0.0.1:9000
   curl -s -H 'Content-Type: application/json' -d '{"puzzle": "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327", "depth": 2}' http://127.0.0.1:8080/api/v1/hint`,
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT` (port 0: any free port)"},
			&ucli.BoolFlag{Name: "open", Usage: "open the page in the default browser"},
			&ucli.StringSliceFlag{Name: "allow-host", Usage: "also answer requests addressed to host `NAME` (for a name other than localhost)"},
			&ucli.DurationFlag{Name: "budget", Usage: "`DURATION` allowed to grade one puzzle or find one hint",
				DefaultText: fmt.Sprintf("budget in config.yaml, at most %s", seconds(server.MaxBudget))},
			&ucli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(),
				Usage: "run at most `N` gradings, hints and generations at once", DefaultText: "all cores"},
			&ucli.BoolFlag{Name: "quiet", Aliases: []string{"q"},
				Usage: "print nothing on standard error but errors and the page's URL"},
			&ucli.StringFlag{Name: "bank", TakesFile: true, Usage: "draw new puzzles from the bank `FILE|URL` (see sudokit bank), and open it to scripts under /api/v1/bank/"},
			configFlag(),
		},
		Action: runServe,
	}
}

func runServe(c *ucli.Context) error {
	if err := noArgs(c); err != nil {
		return err
	}
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	s := newSession(c)
	logger := log.New(s.stderr(), "sudokit: ", log.LstdFlags)
	var bk *bank.Bank
	if c.IsSet("bank") {
		if bk, err = bank.Open(c.Context, c.String("bank"), bank.Options{}); err != nil {
			return err
		}
		defer bk.Close()
	}
	srv, err := server.New(server.Options{Config: cfg, Budget: c.Duration("budget"), Workers: workers,
		Version: Version(), AllowHosts: c.StringSlice("allow-host"), Log: logger, Bank: bk})
	if err != nil {
		return err
	}
	addr := c.String("addr")
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	if !server.Loopback(ln.Addr().String()) {
		fmt.Fprintf(s.stderr(), "sudokit: warning: listening on %s, which other machines may reach; the assistant has no login\n", ln.Addr())
	}
	url := "http://" + ln.Addr().String() + "/"
	if host, port, err := net.SplitHostPort(ln.Addr().String()); err == nil && server.Loopback(ln.Addr().String()) && net.ParseIP(host) != nil {
		url = "http://localhost:" + port + "/"
	}
	// Always said, -q or not: with port 0 it is the only place the port is
	// told.
	fmt.Fprintf(s.stderr(), "sudokit: serving the assistant at %s (Ctrl-C to stop)\n", url)
	if c.Bool("open") {
		if err := openBrowser(url); err != nil {
			s.note("could not open a browser (%v): open %s yourself", err, url)
		}
	}
	return srv.Serve(c.Context, ln, 30*time.Second)
}

// openBrowser opens url in the desktop's browser.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
