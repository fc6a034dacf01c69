package uo

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
)

// returnsWithin fails the test unless f returns within 10 s (a read of a
// named pipe with no writer would not).
func returnsWithin(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s blocked", what)
	}
}

// TestSpecialClientFiles: a named pipe or a directory in place of each
// client file is refused at once, naming the file and what it is, by
// Files+Check, the readers and Fingerprint; none blocks.
func TestSpecialClientFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no named pipes")
	}
	r := rand.New(rand.NewPCG(31, 32))
	for _, name := range []string{"TILEDATA.MUL", "Map2.mul", "StaIdx2.MUL", "Statics2.mul"} {
		for _, kind := range []string{"named pipe", "directory"} {
			dir, _, _ := writeClientDir(t, r, world.Ilshenar, 64, 48)
			path := filepath.Join(dir, name)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			var err error
			if kind == "named pipe" {
				err = syscall.Mkfifo(path, 0o644)
			} else {
				err = os.Mkdir(path, 0o755)
			}
			if err != nil {
				t.Fatal(err)
			}
			returnsWithin(t, name+" as a "+kind, func() {
				f, err := Files(dir, world.Ilshenar)
				if err != nil {
					t.Fatalf("%s as a %s: Files: %v (the file is there: not missing)", name, kind, err)
				}
				check := func(what string, err error) {
					t.Helper()
					if !errors.Is(err, safefile.ErrNotRegular) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), kind) {
						t.Errorf("%s as a %s: %s: %v", name, kind, what, err)
					}
				}
				check("Check", f.Check(world.Ilshenar, 64, 48))
				_, err = Fingerprint(f)
				check("Fingerprint", err)
				_, _, err = openSized(dir, world.Ilshenar, 64, 48)
				check("read", err)
			})
		}
	}
}

// TestOversizedClientFiles: a sparse 20 GB map file and 5 GB tiledata,
// statics and multi files are refused by their size, before a byte is read
// or hashed: no memory like their size is allocated.
func TestOversizedClientFiles(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	for name, size := range map[string]int64{"Map2.mul": 20 << 30, "TILEDATA.MUL": 5 << 30, "Statics2.mul": 5 << 30, "StaIdx2.MUL": 20 << 30} {
		dir, m, _ := writeClientDir(t, r, world.Ilshenar, 64, 48)
		path := filepath.Join(dir, name)
		if err := os.Truncate(path, size); err != nil {
			t.Skipf("no sparse files here: %v", err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f, err := Files(dir, world.Ilshenar)
		if err != nil {
			t.Fatal(err)
		}
		cerr := f.Check(world.Ilshenar, 64, 48)
		_, _, rerr := openSized(dir, world.Ilshenar, 64, 48)
		runtime.ReadMemStats(&after)
		if name == "StaIdx2.MUL" { // only its first record per block is read: the map loads
			if cerr != nil || rerr != nil {
				t.Errorf("a 20 GB static index: %v, %v", cerr, rerr)
			}
			if got, err := f.ReadMap(world.Ilshenar, 64, 48); err == nil {
				sameMap(t, m, got)
			}
		} else {
			for _, err := range []error{cerr, rerr} {
				if err == nil || !strings.Contains(err.Error(), name) {
					t.Errorf("%s of %d bytes: %v", name, size, err)
				}
			}
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
			t.Errorf("%s of %d bytes: %d bytes allocated", name, size, n)
		}
	}
}

// TestManifestGarbageIsShort: a manifest of binary bytes is refused naming
// the offset, without echoing them; a long bad line is quoted cut short.
func TestManifestGarbageIsShort(t *testing.T) {
	garbage := make([]byte, 500)
	for i := range garbage {
		garbage[i] = byte(i*7 + 1)
	}
	_, err := ParseManifest(garbage)
	if err == nil || !strings.Contains(err.Error(), "binary data at offset") || len(err.Error()) > 120 {
		t.Errorf("binary manifest: %v", err)
	}
	_, err = ParseManifest([]byte("profile default\n" + strings.Repeat("x", 500) + "\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "(500 bytes)") || len(err.Error()) > 240 {
		t.Errorf("long line: %v", err)
	}
}
