package systems

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestHelpGate: a helper comes into an open stage only, the gate counts who
// came, and wait waits for them; a helper of an earlier stage stays out.
func TestHelpGate(t *testing.T) {
	var g helpGate
	first := g.open()
	if !g.enter(first) {
		t.Fatal("a helper was kept out of an open stage")
	}
	var worked atomic.Bool
	go func() {
		defer g.leave()
		time.Sleep(20 * time.Millisecond)
		worked.Store(true)
	}()
	if n := g.close(); n != 1 {
		t.Fatalf("close: %d helpers came in, want 1", n)
	}
	if g.enter(first) {
		t.Fatal("a helper came into a closed stage")
	}
	g.wait()
	if !worked.Load() {
		t.Fatal("wait returned before the helper that came in left")
	}
	second := g.open()
	if g.enter(first) {
		t.Fatal("a late helper of the first stage came into the second")
	}
	if n := g.close(); n != 0 {
		t.Fatalf("close: %d helpers came in, want 0", n)
	}
	g.wait() // no one to wait for
	if second == first {
		t.Fatal("two stages with one number")
	}
}
