package main

import (
	"runtime"
	"syscall"
	"time"
)

// threadClock reads the CPU time of the thread its goroutine is locked to:
// on a busy machine it counts the time a search ran, not the time it
// waited for a core.
type threadClock struct{}

// lockThreadClock locks the calling goroutine to its thread and returns a
// clock of that thread's CPU time; release unlocks it.
func lockThreadClock() threadClock {
	runtime.LockOSThread()
	return threadClock{}
}

func (threadClock) release() { runtime.UnlockOSThread() }

// now is the thread's user and system CPU time.
func (threadClock) now() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
