//go:build !linux

package pathing

import "time"

// threadCPU is not read off Linux: cpu-us/query reports 0.
func threadCPU() time.Duration { return 0 }
