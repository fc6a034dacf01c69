package safefile

import (
	"context"
	"fmt"
	"os"
	"time"
)

// lockPoll is how often Acquire tries again a lock another holder has.
const lockPoll = 20 * time.Millisecond

// Lock is a held lock file: an exclusive advisory lock on the file, held
// until Release or the process's end (a holder that dies releases it).
// Other processes, and other Locks of the same path in this process, wait
// for it.
type Lock struct {
	f *os.File
}

// Acquire creates the lock file path when missing (never following a
// symbolic link there) and locks it, waiting while another holder has it,
// until ctx ends. waiting, when not nil, is called once if it has to wait.
// Where the platform or the file system has no advisory locks it returns a
// Lock that excludes nothing.
func Acquire(ctx context.Context, path string, waiting func()) (*Lock, error) {
	f, err := openLockFile(path)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%w: it is %s", ErrNotRegular, kind(fi.Mode()))
	}
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	for told := false; ; {
		held, err := tryLock(f)
		if err != nil {
			_ = f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if held {
			return &Lock{f: f}, nil
		}
		if !told && waiting != nil {
			waiting()
		}
		told = true
		select {
		case <-ctx.Done():
			_ = f.Close()
			return nil, fmt.Errorf("lock %s: waiting for its holder: %w", path, ctx.Err())
		case <-time.After(lockPoll):
		}
	}
}

// Release unlocks and closes the lock file (which stays, for the next
// holder). It is a no-op on a nil Lock and after the first call.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing releases the lock
	l.f = nil
	return err
}
