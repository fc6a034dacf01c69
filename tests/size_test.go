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
	"strings"
	"testing"

	"github.com/shardcore/shardcore/testkit/repo"
)

// Size limits of non-test Go files.
const (
	maxFileLines = 300
	maxFuncLines = 60
)

// sizeAllowlist are the files and functions over the limits for now, in
// files other branches own ("path", "path func", or "dir/" for a whole
// folder); the lead empties it as they merge.
var sizeAllowlist = map[string]bool{}

// generated matches the marker of a generated file (go generate's
// convention): such files are tables, not code to read.
var generated = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// TestFileAndFunctionSizes: no non-test Go file is over maxFileLines lines
// and no function over maxFuncLines, outside tests and generated tables.
func TestFileAndFunctionSizes(t *testing.T) {
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
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
		rel, _ := filepath.Rel(root, path)
		files++
		return checkSizes(t, path, filepath.ToSlash(rel))
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("walked only %d Go files under %s", files, root)
	}
}

// checkSizes reports the file's and its functions' sizes over the limits.
func checkSizes(t *testing.T, path, rel string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if generated.Match(src) {
		return nil
	}
	if allowedDir(rel) {
		return nil
	}
	if n := countLines(src); n > maxFileLines && !sizeAllowlist[rel] {
		t.Errorf("%s: %d lines (at most %d)", rel, n, maxFileLines)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
		if n > maxFuncLines && !sizeAllowlist[rel+" "+fn.Name.Name] && !sizeAllowlist[rel] {
			t.Errorf("%s: func %s: %d lines (at most %d)", rel, fn.Name.Name, n, maxFuncLines)
		}
	}
	return nil
}

// allowedDir reports whether a folder entry of sizeAllowlist holds rel.
func allowedDir(rel string) bool {
	for k := range sizeAllowlist {
		if strings.HasSuffix(k, "/") && strings.HasPrefix(rel, k) {
			return true
		}
	}
	return false
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
