//go:build unix

package safefile

import (
	"errors"
	"os"
	"syscall"
)

// openLockFile opens (creating) path for locking, refusing a symbolic link
// there and never blocking on what it names.
func openLockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0o644)
}

// tryLock takes an exclusive flock on f without waiting: held is false
// when another open file holds it. A file system without locks counts as
// held (nothing to coordinate with).
func tryLock(f *os.File) (held bool, err error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return false, err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) { ferr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB) }); err != nil {
		return false, err
	}
	switch {
	case ferr == nil:
		return true, nil
	case errors.Is(ferr, syscall.EWOULDBLOCK):
		return false, nil
	case errors.Is(ferr, syscall.ENOLCK), errors.Is(ferr, syscall.EOPNOTSUPP), errors.Is(ferr, syscall.EINVAL):
		return true, nil
	}
	return false, ferr
}
