//go:build unix

package swb

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"github.com/shardcore/shardcore/internal/safefile"
)

// renameOpen: Write renames its temporary while it is still open (and
// locked), then closes it.
const renameOpen = true

// lockFile takes an exclusive advisory lock on f, held until f is closed
// (or its process dies).
func lockFile(f *os.File) error {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return fmt.Errorf("swb: lock %s: %w", f.Name(), err)
	}
	return nil
}

// unlockedTemp reports whether no writer holds the temporary file at path
// locked: a writer that died released its lock with its process. What is
// not a regular file (a named pipe under a temporary's name) is no
// writer's: stale, and never opened.
func unlockedTemp(path string) (bool, error) {
	f, _, err := safefile.Open(path, safefile.NoLimit)
	if errors.Is(err, safefile.ErrNotRegular) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	switch {
	case errors.Is(err, syscall.EWOULDBLOCK):
		return false, nil
	case errors.Is(err, syscall.ENOLCK) || errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.EINVAL):
		return false, nil // no locks on this file system: cannot tell
	case err != nil:
		return false, fmt.Errorf("lock %s: %w", path, err)
	}
	return true, nil
}
