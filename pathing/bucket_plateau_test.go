package pathing

import (
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// TestBucketQueuePlateau: on a long uniform-cost search round obstacles (a
// 497-step walk between two towns of a 1024×768 britannia map 0, where a
// plateau of equal f covers much of the map) the bucket queue expands no
// more than the heap, give or take a few percent; its last-in-first-out
// buckets once expanded 28 times as many.
func TestBucketQueuePlateau(t *testing.T) {
	w, live, cache := felucca(t, 1024, 768)
	bucket, heap := NewCached(cache, live), NewCached(cache, live)
	heap.UseBucketQueue(false)
	s, g := w.Features.Towns[0].Street, w.Features.Towns[1].Street
	req := Request{Start: s.Point(), StartZ: s.Z, Goal: g.Point(), Mover: movement.Mover{Caps: movement.Player}, MaxNodes: 200000}
	var a, b Result
	heap.Find(&req, &a)
	bucket.Find(&req, &b)
	if !a.Found || !b.Found || a.Cost != b.Cost || a.Cost < 300 {
		t.Fatalf("heap found %v cost %v, bucket %v cost %v (want one long path)", a.Found, a.Cost, b.Found, b.Cost)
	}
	if b.Expansions > a.Expansions*11/10 {
		t.Fatalf("bucket queue: %d expansions, heap %d", b.Expansions, a.Expansions)
	}
}
