package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"github.com/russross/blackfriday/v2"
)

// markdownPages returns README.md and the pages of docs/.
func markdownPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 10 {
		t.Fatalf("only %d pages in docs/", len(pages))
	}
	return append([]string{"README.md"}, pages...)
}

// parseMarkdown parses a Markdown file as GitHub shows it, more or less:
// tables, fenced code, autolinks.
func parseMarkdown(t *testing.T, file string) *blackfriday.Node {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return blackfriday.New(blackfriday.WithExtensions(blackfriday.CommonExtensions)).Parse(data)
}

// headingAnchors returns the anchors GitHub gives a Markdown file's
// headings.
func headingAnchors(t *testing.T, file string) map[string]bool {
	t.Helper()
	anchors := map[string]bool{}
	seen := map[string]int{}
	parseMarkdown(t, file).Walk(func(n *blackfriday.Node, entering bool) blackfriday.WalkStatus {
		if !entering || n.Type != blackfriday.Heading {
			return blackfriday.GoToNext
		}
		var text strings.Builder
		n.Walk(func(c *blackfriday.Node, entering bool) blackfriday.WalkStatus {
			if entering && (c.Type == blackfriday.Text || c.Type == blackfriday.Code) {
				text.Write(c.Literal)
			}
			return blackfriday.GoToNext
		})
		slug := githubSlug(text.String())
		if k := seen[slug]; k > 0 {
			anchors[fmt.Sprintf("%s-%d", slug, k)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
		return blackfriday.SkipChildren
	})
	return anchors
}

// githubSlug is the anchor GitHub makes of a heading's text: lower case,
// letters, digits, '_' and '-' kept, spaces made '-', the rest dropped.
func githubSlug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestGithubSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"`sudokit merge`":                                    "sudokit-merge",
		"Candidate states (pencil marks)":                    "candidate-states-pencil-marks",
		"Reading `--explain`":                                "reading---explain",
		"Kubernetes: one million hard puzzles in 100 shards": "kubernetes-one-million-hard-puzzles-in-100-shards",
		"Rating a bank of 10^8 puzzles":                      "rating-a-bank-of-108-puzzles",
	} {
		if got := githubSlug(heading); got != want {
			t.Errorf("githubSlug(%q) = %q, want %q", heading, got, want)
		}
	}
}

// TestDocsLinks checks every relative link and image of README.md and of
// the pages of docs/: it must name a file of the repository (never one
// outside it, such as ../shared, which a clone does not have), and an
// #anchor must name a heading of the Markdown file it points into.
func TestDocsLinks(t *testing.T) {
	anchors := map[string]map[string]bool{} // by file, from the repository's root
	checked := 0
	for _, page := range markdownPages(t) {
		parseMarkdown(t, page).Walk(func(n *blackfriday.Node, entering bool) blackfriday.WalkStatus {
			if !entering || (n.Type != blackfriday.Link && n.Type != blackfriday.Image) {
				return blackfriday.GoToNext
			}
			dest := string(n.LinkData.Destination)
			u, err := url.Parse(dest)
			if err != nil {
				t.Errorf("%s: link %q: %v", page, dest, err)
				return blackfriday.GoToNext
			}
			if u.Scheme != "" || u.Host != "" {
				return blackfriday.GoToNext // a web address
			}
			checked++
			target := page
			if u.Path != "" {
				target = path.Join(path.Dir(filepath.ToSlash(page)), u.Path)
			}
			if target == ".." || strings.HasPrefix(target, "../") || path.IsAbs(u.Path) {
				t.Errorf("%s: link %q leaves the repository", page, dest)
				return blackfriday.GoToNext
			}
			if _, err := os.Stat(filepath.FromSlash(target)); err != nil {
				t.Errorf("%s: link %q: no file %s", page, dest, target)
				return blackfriday.GoToNext
			}
			if u.Fragment == "" {
				return blackfriday.GoToNext
			}
			if !strings.HasSuffix(target, ".md") {
				t.Errorf("%s: link %q: an anchor into a file that is not Markdown", page, dest)
				return blackfriday.GoToNext
			}
			if anchors[target] == nil {
				anchors[target] = headingAnchors(t, filepath.FromSlash(target))
			}
			if !anchors[target][u.Fragment] {
				t.Errorf("%s: link %q: %s has no heading #%s (it has %s)", page, dest, target, u.Fragment, strings.Join(slices.Sorted(maps.Keys(anchors[target])), ", "))
			}
			return blackfriday.GoToNext
		})
	}
	if checked < 50 {
		t.Errorf("only %d relative links checked", checked)
	}
}

// TestLibraryExample checks that the Go code of docs/library.md is grade's
// ExampleGrader_Grade, which go test ./grade runs: the same statements,
// the output it prints in a comment, and exactly the imports it uses.
func TestLibraryExample(t *testing.T) {
	page := filepath.Join("docs", "library.md")
	var code string
	parseMarkdown(t, page).Walk(func(n *blackfriday.Node, entering bool) blackfriday.WalkStatus {
		if n.Type == blackfriday.CodeBlock && string(n.CodeBlockData.Info) == "go" && code == "" {
			code = string(n.Literal)
		}
		return blackfriday.GoToNext
	})
	if code == "" {
		t.Fatalf("%s has no go block", page)
	}
	fset := token.NewFileSet()
	snippet, err := parser.ParseFile(fset, page, "package main\n"+code, parser.ParseComments)
	if err != nil {
		t.Fatalf("the go block of %s: %v", page, err)
	}
	var mainFunc *ast.FuncDecl
	for _, d := range snippet.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Name.Name == "main" {
			mainFunc = f
		}
	}
	if mainFunc == nil {
		t.Fatalf("the go block of %s has no func main", page)
	}

	example, err := parser.ParseFile(fset, filepath.Join("grade", "example_test.go"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var want *doc.Example
	for _, ex := range doc.Examples(example) {
		if ex.Name == "Grader_Grade" {
			want = ex
		}
	}
	if want == nil {
		t.Fatal("grade/example_test.go has no ExampleGrader_Grade")
	}

	format := func(n ast.Node) string {
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, n); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	var got, wantStmts []string
	for _, s := range mainFunc.Body.List {
		got = append(got, format(s))
	}
	for _, s := range want.Code.(*ast.BlockStmt).List {
		wantStmts = append(wantStmts, format(s))
	}
	if diff := cmp.Diff(wantStmts, got); diff != "" {
		t.Errorf("the go block of %s is not ExampleGrader_Grade (-example +%s):\n%s", page, page, diff)
	}

	output := "// " + strings.TrimSpace(want.Output)
	var comments []string
	for _, g := range snippet.Comments {
		if g.Pos() > mainFunc.Body.Lbrace && g.End() < mainFunc.Body.Rbrace {
			for _, c := range g.List {
				comments = append(comments, c.Text)
			}
		}
	}
	if !slices.Contains(comments, output) {
		t.Errorf("the go block of %s does not say what it prints, %q (its comments: %q)", page, output, comments)
	}

	imported := map[string]bool{}
	for _, imp := range snippet.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		imported[path.Base(p)] = true
	}
	declared, used := map[string]bool{}, map[string]bool{}
	ast.Inspect(mainFunc.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
			for _, l := range a.Lhs {
				declared[l.(*ast.Ident).Name] = true
			}
		}
		return true
	})
	ast.Inspect(mainFunc.Body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && !declared[id.Name] {
				used[id.Name] = true
			}
		}
		return true
	})
	if diff := cmp.Diff(imported, used); diff != "" {
		t.Errorf("the go block of %s imports other packages than it uses (-imported +used):\n%s", page, diff)
	}
}
