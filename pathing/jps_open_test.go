package pathing

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFQueueOrder: fQueue pops the lowest f of what it holds, whatever
// the spread of f (bands past the ring's 64, buckets past ringCap, many
// equal f) and whenever the pushes come (below the band being popped,
// far above it), against a sorted list of the same entries.
func TestFQueueOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 32))
	var q fQueue
	for round, spread := range []float64{0.5, 3, 40, 200, 5000} {
		q.reset()
		var want []float64
		low := 0.0 // the f popped last: A* pushes at or above it, give or take rounding
		for step := range 20000 {
			if len(want) == 0 || rng.IntN(3) > 0 {
				f := low - 0.25 + rng.Float64()*spread
				if rng.IntN(8) == 0 {
					f = float64(int(f)) // many entries of one f
				}
				f = max(f, 0)
				q.push(heapItem{f: f, g: f / 2, idx: int32(step)})
				want = append(want, f)
				continue
			}
			slices.Sort(want)
			f, ok := q.low()
			if !ok {
				t.Fatalf("round %d step %d: empty with %d entries", round, step, len(want))
			}
			if got := q.popMin(); got.f != want[0] || f != want[0] {
				t.Fatalf("round %d step %d: popped f %v (low %v), want %v", round, step, got.f, f, want[0])
			}
			low, want = want[0], want[1:]
		}
		for len(want) > 0 {
			slices.Sort(want)
			if _, ok := q.low(); !ok || q.popMin().f != want[0] {
				t.Fatalf("round %d: draining, want f %v", round, want[0])
			}
			want = want[1:]
		}
		if _, ok := q.low(); ok {
			t.Fatalf("round %d: not empty after every entry popped", round)
		}
	}
}
