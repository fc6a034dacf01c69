package pathing

import (
	"syscall"
	"time"
)

// threadCPU is the calling thread's CPU time (user and system): on a busy
// machine it counts only the time the benchmark ran, not the time it
// waited for a core.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // RUSAGE_THREAD
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
