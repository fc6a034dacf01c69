package pathbench

import (
	"runtime"
	"testing"

	"github.com/shardcore/shardcore/pathing"
)

// collector is a Finder that finds at once and then collects garbage, and
// counts its searches.
type collector struct{ n int }

func (c *collector) Find(_ *pathing.Request, res *pathing.Result) {
	c.n++
	res.Found, res.Cost = true, 1
	runtime.GC()
}

// TestMeasureCountsGCs: a row counts the collections that completed during
// its timed searches, and only those (the warm-up's, the batch sizing's and
// the allocation count's are not timed).
func TestMeasureCountsGCs(t *testing.T) {
	f := &collector{}
	row, err := measure(&Searcher{Finder: f}, Scenario{Name: "collects"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	timed := f.n - 2 - min(10, allocSamples) // less the warm-up, the batch sizing and the allocation count
	if timed < 10 || row.GCs < int64(timed) || row.GCs > int64(timed)+1 {
		t.Errorf("%d collections counted in %d timed searches that each collected", row.GCs, timed)
	}
}

// allocFree is a Finder that finds at once and allocates nothing.
type allocFree struct{}

func (allocFree) Find(_ *pathing.Request, res *pathing.Result) { res.Found, res.Cost = true, 1 }

// TestMeasureCollectsSetup: garbage left before a row (an earlier row's
// caches) is collected before its clock starts, so no collection runs
// during searches that allocate nothing.
func TestMeasureCollectsSetup(t *testing.T) {
	for range 4 {
		var junk [][]byte
		for range 256 {
			junk = append(junk, make([]byte, 64<<10)) // 16 MiB of garbage: a collection is due
		}
		_ = junk
		row, err := measure(&Searcher{Finder: allocFree{}}, Scenario{Name: "clean"}, 50)
		if err != nil {
			t.Fatal(err)
		}
		if row.GCs != 0 {
			t.Errorf("%d collections during searches that allocate nothing", row.GCs)
		}
	}
}
