//go:build !linux

package main

import "time"

var start = time.Now()

// threadCPU is wall time where no per-thread CPU clock is read.
func threadCPU() time.Duration { return time.Since(start) }

// clockName names what threadCPU measures.
const clockName = "wall time"

// threadClock is a stand-in where the thread CPU time is not read: it
// always says 0, so cpu_us_per_query prints 0.
type threadClock struct{}

func lockThreadClock() threadClock     { return threadClock{} }
func (threadClock) release()           {}
func (threadClock) now() time.Duration { return 0 }
