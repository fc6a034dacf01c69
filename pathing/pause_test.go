package pathing

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// stepClock advances by one unit on every read.
type stepClock struct{ now time.Duration }

func (c *stepClock) read() time.Duration { c.now++; return c.now }

// TestCachedPauseResume: a search paused at its deadline over and over
// (every clock read passes it) and resumed until it ends gives the same
// path, cost, found flag, expansions and look-ups as the same search run
// through, on both queues, for random queries of every mover on the default
// world; and it does pause.
func TestCachedPauseResume(t *testing.T) {
	f := testFixture(t)
	e, done := newEquivRun(t, f)
	defer done()
	rng := rand.New(rand.NewPCG(5, 6))
	movers := equivMovers(f.w.Landmarks)
	paused := 0
	for _, s := range []*Cached{e.heap, e.bucket} {
		var whole, split Result
		for i := 0; i < equivQueries/2; i++ {
			req := randomQuery(rng, e.live, movers[i%len(movers)])
			r1, r2 := req, req
			s.Find(&r1, &whole)
			clk := &stepClock{}
			r2.Clock, r2.Deadline = clk.read, 0
			s.Find(&r2, &split)
			for n := 0; split.Paused; n++ {
				if n > whole.Expansions {
					t.Fatalf("%+v: still paused after %d resumes", req, n)
				}
				paused++
				s.Resume(&r2, &split)
			}
			if whole.Found != split.Found || math.Abs(whole.Cost-split.Cost) > 1e-9 || whole.Expansions != split.Expansions ||
				whole.Lookups != split.Lookups || !slices.Equal(whole.Dirs, split.Dirs) || !slices.Equal(whole.Zs, split.Zs) {
				t.Fatalf("%+v: whole found=%v cost=%v exp=%d lookups=%v; paused found=%v cost=%v exp=%d lookups=%v",
					req, whole.Found, whole.Cost, whole.Expansions, whole.Lookups, split.Found, split.Cost, split.Expansions, split.Lookups)
			}
		}
	}
	if paused == 0 {
		t.Fatal("no search paused")
	}
	t.Logf("%d pauses", paused)
}

// TestCachedResumeWithoutPause: Resume after a search that ended, or after
// a Find without a clock, leaves the result as it was.
func TestCachedResumeWithoutPause(t *testing.T) {
	f := testFixture(t)
	e, done := newEquivRun(t, f)
	defer done()
	lm := f.w.Landmarks
	req := Request{Start: lm.TownCenter.Point(), StartZ: lm.TownCenter.Z, Goal: lm.TownCenter.Point()}
	req.Goal.X += 20
	var res Result
	e.bucket.Find(&req, &res)
	if !res.Found || res.Paused {
		t.Fatalf("town search: found %v paused %v", res.Found, res.Paused)
	}
	before := slices.Clone(res.Dirs)
	e.bucket.Resume(&req, &res)
	if !res.Found || res.Paused || !slices.Equal(before, res.Dirs) {
		t.Fatalf("Resume changed a finished search: found %v paused %v dirs %v -> %v", res.Found, res.Paused, before, res.Dirs)
	}
}
