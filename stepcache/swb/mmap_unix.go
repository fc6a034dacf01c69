//go:build unix

package swb

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps size bytes of f read-only and shared. The mapping outlives
// renames and unlinks of the path (it holds the inode); truncating the file
// in place makes reads past the new end fault, which the Reader recovers
// from (see copyMapped).
func mapFile(f *os.File, size int64) ([]byte, error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, fmt.Errorf("swb: mmap: size %d", size)
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("swb: mmap: %w", err)
	}
	return b, nil
}

// unmapFile releases a mapping made by mapFile.
func unmapFile(b []byte) error {
	if err := syscall.Munmap(b); err != nil {
		return fmt.Errorf("swb: munmap: %w", err)
	}
	return nil
}
