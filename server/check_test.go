//go:build unix

package server

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckWorldRefusesWhatRunRefuses: a tiledata.mul of no layout's size
// (config check passed it, run refused it), a directory named map4.mul
// (reported missing) and a named pipe as statics4.mul (New blocked on it)
// are refused by CheckWorld and by New alike, naming the file and why.
func TestCheckWorldRefusesWhatRunRefuses(t *testing.T) {
	for _, c := range []struct {
		name, want string
		make       func(path string) error
	}{
		{"tiledata.mul", "is not a tiledata size", func(p string) error { return os.Truncate(p, 1000) }},
		{"map4.mul", "is a directory", func(p string) error { return firstErr(os.Remove(p), os.Mkdir(p, 0o755)) }},
		{"statics4.mul", "is a named pipe", func(p string) error { return firstErr(os.Remove(p), syscall.Mkfifo(p, 0o644)) }},
	} {
		dir := britanniaDir(t, 4)
		cfg := britanniaConfig(t, dir, 4)
		if err := c.make(filepath.Join(dir, c.name)); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			for who, err := range map[string]error{"CheckWorld": CheckWorld(cfg), "New": newErr(cfg)} {
				if err == nil || !strings.Contains(err.Error(), c.name) || !strings.Contains(err.Error(), c.want) {
					t.Errorf("%s with %s: %v, want %q", who, c.name, err, c.want)
				}
			}
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("%s: blocked", c.name)
		}
	}
}

// firstErr is the first non-nil of errs.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
