//go:build unix

package safefile

import (
	"bufio"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test unless f returns within d (a blocking open would
// not).
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not return within %v (blocked)", what, d)
	}
}

// TestRefusesWhatIsNotARegularFile: a named pipe, a directory and a device
// are refused by Stat, Open and ReadFile at once, saying what they are; a
// missing file matches fs.ErrNotExist.
func TestRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "map0.swb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, what := range map[string]string{fifo: "named pipe", dir: "directory", os.DevNull: "character device"} {
		within(t, 5*time.Second, "ReadFile("+path+")", func() {
			_, err := ReadFile(path, 1<<20)
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), what) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s: %v, want ErrNotRegular naming it a %s", path, err, what)
			}
			if _, _, err := Open(path, NoLimit); !errors.Is(err, ErrNotRegular) {
				t.Errorf("Open(%s): %v", path, err)
			}
		})
	}
	if _, err := Stat(filepath.Join(dir, "absent"), 1); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	// A pipe swapped in after the stat: the open itself does not wait
	// for a writer, and the opened file is refused.
	within(t, 5*time.Second, "openNonBlocking(fifo)", func() {
		f, err := openNonBlocking(fifo)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !errors.Is(check(fifo, fi, NoLimit), ErrNotRegular) {
			t.Errorf("opened pipe: %v, %v", fi, err)
		}
	})
}

// TestRefusesOversizedBeforeReading: a sparse 20 GB file is refused by
// its size alone, allocating nothing like its size; a file at the limit
// reads whole.
func TestRefusesOversizedBeforeReading(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "map0.mul")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(20 << 30); err != nil {
		t.Skipf("no sparse 20 GB file here: %v", err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ReadFile(big, 100<<20)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "21474836480 bytes") {
		t.Fatalf("20 GB file: %v", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("refusing it allocated %d bytes", n)
	}
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(small, 5); err != nil || string(b) != "12345" {
		t.Errorf("5 bytes at a limit of 5: %q %v", b, err)
	}
	if _, err := ReadFile(small, 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("5 bytes at a limit of 4: %v", err)
	}
}

// TestLockExcludes: a second holder of a lock file waits for the first,
// gives up when its context ends, and gets the lock once it is released;
// a symbolic link at the lock's path is refused.
func TestLockExcludes(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	a, err := Acquire(t.Context(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	waited := 0
	if _, err := Acquire(ctx, path, func() { waited++ }); !errors.Is(err, context.DeadlineExceeded) || waited != 1 {
		t.Fatalf("second holder while the first holds it: %v (waiting called %d times)", err, waited)
	}
	got := make(chan error, 1)
	go func() {
		b, err := Acquire(t.Context(), path, nil)
		if err == nil {
			err = b.Release()
		}
		got <- err
	}()
	time.Sleep(50 * time.Millisecond)
	select {
	case err := <-got:
		t.Fatalf("second holder got the lock while the first held it (%v)", err)
	default:
	}
	if err := a.Release(); err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), ".lock")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(t.Context(), link, nil); err == nil {
		t.Error("a symbolic link at the lock's path: want an error")
	}
}

// TestWriteFileWhole: WriteFile replaces a file with the whole of what is
// written, readable by all; a failed fill leaves the old file and no
// temporary.
func TestWriteFileWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tiledata.mul")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	fail := errors.New("disk full")
	if err := WriteFile(path, func(w *bufio.Writer) error { _, _ = w.WriteString("half"); return fail }); !errors.Is(err, fail) {
		t.Fatalf("failed fill: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("after a failed write: %q", b)
	}
	if err := WriteFile(path, func(w *bufio.Writer) error { _, err := w.WriteString("new"); return err }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if b, _ := os.ReadFile(path); string(b) != "new" || err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("written: %q, %v, mode %v", b, err, fi.Mode())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries left in the directory", len(ents))
	}
}
