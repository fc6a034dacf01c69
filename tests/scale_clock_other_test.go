//go:build !linux

package tests

import "time"

var clockStart = time.Now()

// threadCPU is wall time where no per-thread CPU clock is read.
func threadCPU() time.Duration { return time.Since(clockStart) }

// processCPU is 0 where the process's CPU time is not read.
func processCPU() time.Duration { return 0 }
