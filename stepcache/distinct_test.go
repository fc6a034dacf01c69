package stepcache

import (
	"testing"

	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
)

// walkDistinct counts the interner's objects the slow way.
func walkDistinct(c *Cache) int {
	n := 0
	for _, l := range c.rs.intern.byHash {
		n += len(l)
	}
	return n
}

// TestDistinctCountKept: Stats().Distinct, kept as objects are interned and
// released, matches a walk of the interner through installs, replacements,
// evictions and Clear; and Stats does not allocate (a metrics fold reads it
// after every tick).
func TestDistinctCountKept(t *testing.T) {
	r := steptest.DefaultRules(t)
	chunks := steptest.DefaultChunks(t, bake.BuildMap)
	c := newTestCache(t, Config{MaxResidentChunks: 1 << 20, Seed: 1}, r)
	wide := (r.Map.Width + chunk.Size - 1) / chunk.Size
	check := func(when string) {
		t.Helper()
		if got, want := c.Stats().Distinct, walkDistinct(c); got != want || (c.Stats().Resident > 0 && got == 0) {
			t.Fatalf("%s: Distinct = %d, walk finds %d", when, got, want)
		}
	}
	for i, ch := range chunks {
		if err := c.Install(r.Map.ID, i%wide, i/wide, ch); err != nil {
			t.Fatal(err)
		}
	}
	check("all installed")
	for i := 0; i < len(chunks); i += 7 { // replace some slots with another chunk's content
		if err := c.Install(r.Map.ID, i%wide, i/wide, chunks[(i*31)%len(chunks)]); err != nil {
			t.Fatal(err)
		}
	}
	check("replaced")
	for _, keep := range []int{2000, 300, 1} {
		c.cfg.MaxResidentChunks = keep
		c.Enforce()
		check("evicted")
	}
	if a := testing.AllocsPerRun(100, func() { _ = c.Stats() }); a != 0 {
		t.Errorf("Stats allocates %.1f times", a)
	}
	c.Clear()
	check("cleared")
}
