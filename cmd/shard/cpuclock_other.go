//go:build !linux

package main

import "time"

var start = time.Now()

// threadCPU is wall time where no per-thread CPU clock is read.
func threadCPU() time.Duration { return time.Since(start) }

// clockName names what threadCPU measures.
const clockName = "wall time"
