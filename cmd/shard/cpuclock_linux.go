package main

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID, in
// nanoseconds): on a shared machine it leaves out the time other work held
// the core. The goroutine must be locked to its thread.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// clockName names what threadCPU measures.
const clockName = "thread CPU time"

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

// now is the thread's CPU time, to the nanosecond: a map whose queries
// take less than a scheduler tick in all still reads a real figure.
func (threadClock) now() time.Duration { return threadCPU() }
