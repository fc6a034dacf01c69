package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestGameServer runs the example loop: the player runs its errands (an
// arrival at each waypoint), the pet keeps following.
func TestGameServer(t *testing.T) {
	var out bytes.Buffer
	if err := run(t.Context(), &out, 6000, false); err != nil { // the errands take about 2,400 ticks; the rest is slack for a loaded machine
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
	if n := strings.Count(out.String(), "mobile 1 arrived"); n != len(waypoints) {
		t.Fatalf("%d arrivals of the player, want %d", n, len(waypoints))
	}
	if !strings.Contains(out.String(), "pet at") || !strings.HasSuffix(strings.TrimSpace(out.String()), "follow") {
		t.Fatal("the pet stopped following")
	}
}
