package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/testkit/repo"
)

// mustFail decodes src and returns its problems, failing the test if it
// decodes cleanly or the error is not made of *Error values.
func mustFail(t *testing.T, src string) []*Error {
	t.Helper()
	cfg, err := Decode([]byte(src), "server.toml")
	if err == nil {
		t.Fatalf("Decode(%q) = %+v, want an error", src, cfg)
	}
	var es Errors
	if errors.As(err, &es) {
		return es
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Decode error %T %v is not a *config.Error", err, err)
	}
	return []*Error{e}
}

// one is mustFail expecting exactly one problem.
func one(t *testing.T, src string) *Error {
	t.Helper()
	es := mustFail(t, src)
	if len(es) != 1 {
		t.Fatalf("got %d errors, want 1: %v", len(es), Errors(es))
	}
	return es[0]
}

// wantErr checks the fields of e that the test cares about and that the
// message contains every fragment.
func wantErr(t *testing.T, e *Error, kind Kind, key string, line int, fragments ...string) {
	t.Helper()
	if e.Kind != kind {
		t.Errorf("%v: kind %v, want %v", e, e.Kind, kind)
	}
	if e.Key != key {
		t.Errorf("%v: key %q, want %q", e, e.Key, key)
	}
	if e.Line != line {
		t.Errorf("%v: line %d, want %d", e, e.Line, line)
	}
	if e.File != "server.toml" {
		t.Errorf("%v: file %q, want server.toml", e, e.File)
	}
	for _, f := range fragments {
		if !strings.Contains(e.Error(), f) {
			t.Errorf("%q does not contain %q", e.Error(), f)
		}
	}
}

// repoRoot walks up from the package directory to the one holding go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
