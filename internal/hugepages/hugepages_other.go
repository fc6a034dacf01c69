//go:build !linux

package hugepages

import (
	"context"
	"time"
)

// Supported reports false: only Linux is asked for huge pages.
func Supported() bool { return false }

// Advise does nothing off Linux.
func Advise(collapse bool) (advised, collapsed int64, err error) { return 0, 0, nil }

// Keep returns at once off Linux.
func Keep(ctx context.Context, interval time.Duration) {}
