//go:build !unix

package swb

import (
	"errors"
	"os"
)

// mapFile is unavailable here; the Reader falls back to positioned reads.
func mapFile(*os.File, int64) ([]byte, error) {
	return nil, errors.New("swb: mmap unsupported on this platform")
}

// unmapFile is a no-op where mapFile never succeeds.
func unmapFile([]byte) error { return nil }
