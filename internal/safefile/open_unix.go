//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// openNonBlocking opens path read-only with O_NONBLOCK, so that a named
// pipe swapped in after the stat opens at once (then refused) instead of
// waiting for a writer.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
}

// setBlocking clears O_NONBLOCK on a regular file opened by
// openNonBlocking (regular files ignore it; whoever maps or hands the
// descriptor on sees the usual flags).
func setBlocking(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	return serr
}

// openAppendNonBlocking opens path for appending (creating it) with
// O_NONBLOCK: a named pipe swapped in after the stat fails at once (no
// reader) or opens without waiting, then is refused.
func openAppendNonBlocking(path string, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK|syscall.O_NOCTTY, perm)
}
