package tests

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/testkit/repo"
)

// Size limits of non-test Go: a package's lines (unless its doc.go has a
// sizeHeading section saying why), a function's lines, and an object's
// fields (an object is a struct type with objectMethods methods or more;
// plain records with fewer, such as stats, are exempt).
const (
	maxPackageLines = 3000
	maxFuncLines    = 60
	maxObjectFields = 20
	objectMethods   = 5
)

// sizeHeading is the doc.go section that says why a package is over
// maxPackageLines.
const sizeHeading = "// # Size"

// sizeAllowlist are the packages ("dir/"), functions ("path func") and
// objects ("dir.Type") over the limits for now, each with who removes it:
// the owner of each entry removes it when its change lands.
var sizeAllowlist = map[string]string{
	"pathing/":      "the search helper (issue 33: the jump search's parts as their own structs)",
	"pathing.JPS":   "the search helper (issue 33: layer, open set and rays as their own structs)",
	"pathing.layer": "the search helper (issue 33: the jump search's layer split)",
}

// generated matches the marker of a generated file (go generate's
// convention): such files are tables, not code to read.
var generated = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// goPackage is the non-test Go of one directory.
type goPackage struct {
	dir   string // relative to the module root, slash-separated
	lines int
	files []*ast.File
	fset  *token.FileSet
	doc   []byte // doc.go, if any
}

// TestSizes: no package over maxPackageLines lines of non-test Go unless
// its doc.go says why under sizeHeading, no function over maxFuncLines,
// no object with more than maxObjectFields fields; generated tables and
// tests are not counted.
func TestSizes(t *testing.T) {
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := loadPackages(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 20 {
		t.Fatalf("walked only %d packages under %s", len(pkgs), root)
	}
	for _, p := range pkgs {
		checkPackageLines(t, p)
		checkFuncs(t, p)
		checkObjects(t, p)
	}
}

// loadPackages parses the non-test Go files under root by directory,
// skipping testdata and hidden folders and generated files.
func loadPackages(root string) ([]*goPackage, error) {
	byDir := map[string]*goPackage{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		p := byDir[rel]
		if p == nil {
			p = &goPackage{dir: rel, fset: fset}
			byDir[rel] = p
		}
		if filepath.Base(path) == "doc.go" {
			p.doc = src
		}
		if generated.Match(src) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return err
		}
		p.lines += countLines(src)
		p.files = append(p.files, f)
		return nil
	})
	pkgs := make([]*goPackage, 0, len(byDir))
	for _, p := range byDir {
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].dir < pkgs[j].dir })
	return pkgs, err
}

// checkPackageLines reports a package over maxPackageLines whose doc.go
// does not say why.
func checkPackageLines(t *testing.T, p *goPackage) {
	if p.lines <= maxPackageLines || bytes.Contains(p.doc, []byte(sizeHeading+"\n")) {
		return
	}
	if why, ok := sizeAllowlist[p.dir+"/"]; ok {
		t.Logf("allowed for now: %s: %d lines (%s)", p.dir, p.lines, why)
		return
	}
	t.Errorf("%s: %d lines of non-test Go (at most %d unless doc.go says why under %q)", p.dir, p.lines, maxPackageLines, sizeHeading)
}

// checkFuncs reports functions over maxFuncLines.
func checkFuncs(t *testing.T, p *goPackage) {
	for _, f := range p.files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			pos := p.fset.Position(fn.Pos())
			n := p.fset.Position(fn.End()).Line - pos.Line + 1
			rel := p.dir + "/" + filepath.Base(pos.Filename)
			if _, ok := sizeAllowlist[rel+" "+fn.Name.Name]; n > maxFuncLines && !ok {
				t.Errorf("%s: func %s: %d lines (at most %d)", rel, fn.Name.Name, n, maxFuncLines)
			}
		}
	}
}

// checkObjects reports objects (struct types with objectMethods methods or
// more) with more than maxObjectFields fields.
func checkObjects(t *testing.T, p *goPackage) {
	fields := map[string]int{} // struct type name: fields
	methods := map[string]int{}
	for _, f := range p.files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						if st, ok := ts.Type.(*ast.StructType); ok {
							fields[ts.Name.Name] = fieldCount(st)
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 {
					methods[receiverName(d.Recv.List[0].Type)]++
				}
			}
		}
	}
	pkg := filepath.Base(p.dir)
	for name, n := range fields {
		if methods[name] < objectMethods || n <= maxObjectFields {
			continue
		}
		key := pkg + "." + name
		if why, ok := sizeAllowlist[key]; ok {
			t.Logf("allowed for now: %s (%s): %d fields, %d methods (%s)", key, p.dir, n, methods[name], why)
			continue
		}
		t.Errorf("%s (%s): %d fields and %d methods (an object has at most %d fields)", key, p.dir, n, methods[name], maxObjectFields)
	}
}

// fieldCount counts a struct's fields: each name of a field list, and each
// embedded type.
func fieldCount(st *ast.StructType) int {
	n := 0
	for _, f := range st.Fields.List {
		n += max(1, len(f.Names))
	}
	return n
}

// receiverName is the type name of a method receiver (T, *T, T[K], *T[K]).
func receiverName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func countLines(src []byte) int {
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, len(src)+1)
	for sc.Scan() {
		n++
	}
	return n
}
