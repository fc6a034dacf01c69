//go:build unix

package swb

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/shardcore/shardcore/internal/safefile"
)

// TestOpenRefusesSpecialFiles: a named pipe or a directory at a .swb's path
// is refused at once (Open used to wait on the pipe for a writer, freezing
// the map's goroutine), and a pipe under a temporary's name is removed as
// stale without being opened.
func TestOpenRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "map0.swb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	tmpFifo := filepath.Join(dir, ".map0.swb.tmp-123")
	if err := syscall.Mkfifo(tmpFifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, p := range []string{fifo, dir} {
			if _, err := Open(p, Expect{AnyIdentity: true}); !errors.Is(err, safefile.ErrNotRegular) {
				t.Errorf("Open(%s): %v, want not a regular file", p, err)
			}
		}
		if n, err := RemoveStaleTemps(fifo); n != 1 || err != nil {
			t.Errorf("RemoveStaleTemps: %d removed, %v", n, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("blocked on a named pipe")
	}
	if _, err := os.Lstat(tmpFifo); !os.IsNotExist(err) {
		t.Errorf("the pipe under a temporary's name is still there: %v", err)
	}
}
