// Package counting holds what the instruction-count tests share (the
// loops scripts/count-jps.sh and scripts/count-build.sh run under
// valgrind): it owns no counting itself, only the quiet state a counted
// loop needs. It is imported only by tests.
package counting

import (
	"runtime"
	"runtime/debug"
)

// Quiet locks the calling goroutine to its thread (valgrind follows call
// stacks per thread, so a loop that moved to another OS thread would stop
// being counted part-way), collects garbage and turns the collector off,
// so no collection lands inside a counted loop. Call the function it
// returns to undo both.
func Quiet() func() {
	runtime.LockOSThread()
	runtime.GC()
	old := debug.SetGCPercent(-1)
	return func() {
		debug.SetGCPercent(old)
		runtime.UnlockOSThread()
	}
}
