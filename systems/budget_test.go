package systems

import (
	"testing"
	"time"
)

// TestSearchBudget: the node budget of the next search, case by case. The
// tick's budget is 4 ms; at 1 µs an expansion a whole tick is 4,000 nodes.
func TestSearchBudget(t *testing.T) {
	const tick = 4 * time.Millisecond
	cases := []struct {
		name     string
		left     time.Duration
		nsPerExp float64
		maxNodes int
		final    bool
		nodes    int
		capped   bool
		ok       bool
	}{
		{"budget spent", 0, 1000, 20000, false, 0, false, false},
		{"budget overrun", -time.Millisecond, 1000, 20000, true, 0, false, false},
		{"cost not measured yet: maxNodes", time.Millisecond, 0, 20000, false, 20000, false, true},
		{"time for more than maxNodes", tick, 1000, 500, false, 500, false, true},
		{"half a tick or more left: not capped", 3 * time.Millisecond, 1000, 20000, false, 4000, false, true},
		{"less than half a tick: capped to what is left", time.Millisecond, 1000, 20000, false, 1000, true, true},
		{"capped below maxNodes", 50 * time.Microsecond, 1000, 100, false, 50, true, true},
		{"too little left to start", 10 * time.Microsecond, 1000, 20000, false, 0, false, false},
		{"final: a whole tick whatever is left", 10 * time.Microsecond, 1000, 20000, true, 4000, false, true},
		{"final under a coarse estimate: the default budget", 10 * time.Microsecond, 1e6, 20000, true, DefaultMaxNodes, false, true},
		{"final never beyond maxNodes", 10 * time.Microsecond, 1e6, 1000, true, 1000, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			nodes, capped, ok := searchBudget(tc.left, tick, tc.nsPerExp, tc.maxNodes, tc.final)
			if nodes != tc.nodes || capped != tc.capped || ok != tc.ok {
				t.Fatalf("searchBudget(%v, %v, %v, %d, %v) = %d, %v, %v; want %d, %v, %v",
					tc.left, tick, tc.nsPerExp, tc.maxNodes, tc.final, nodes, capped, ok, tc.nodes, tc.capped, tc.ok)
			}
		})
	}
}

// TestCostEstimator: short searches are not timed; the first sample sets
// the estimate, later ones move it 1/32 of the way.
func TestCostEstimator(t *testing.T) {
	var e costEstimator
	e.sample(time.Millisecond, 15)
	e.sample(0, 100)
	if e.nsPerExp != 0 {
		t.Fatalf("a search of 15 expansions or no time was sampled: %v", e.nsPerExp)
	}
	e.sample(100*time.Microsecond, 100) // 1000 ns an expansion
	if e.nsPerExp != 1000 {
		t.Fatalf("first sample: %v, want 1000", e.nsPerExp)
	}
	e.sample(330*time.Microsecond, 100) // 3300: moves 2300/32
	if want := 1000 + 2300.0/32; e.nsPerExp != want {
		t.Fatalf("second sample: %v, want %v", e.nsPerExp, want)
	}
}
