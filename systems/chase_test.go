package systems

import (
	"testing"
)

// stepCheck re-checks every step the movement system takes against the
// live rules (the world as it is when the step is taken).
type stepCheck struct {
	t     *testing.T
	s     *Sim
	taken map[uint64]int
}

func (c *stepCheck) ObserveStep(ev *StepEvent) {
	nz, ok := c.s.Rules().CheckMovement(ev.Mover, ev.FromX, ev.FromY, ev.FromZ, ev.Dir)
	if ok != ev.OK || (ok && nz != ev.NewZ) {
		c.t.Fatalf("tick %d mobile %d: step %v from (%d,%d,%d): ok %v z %d, live %v z %d",
			ev.Tick, ev.MobileID, ev.Dir, ev.FromX, ev.FromY, ev.FromZ, ev.OK, ev.NewZ, ok, nz)
	}
	if ok {
		c.taken[ev.MobileID]++
	}
}

// chaseRun runs a pet (FollowDirect or not) behind a patroller on rows for
// 2,000 ticks, every step re-checked live, and returns the pet's searches,
// its steps and its worst distance from its owner over the last 1,000
// ticks.
func chaseRun(t *testing.T, direct bool, rows ...string) (searches, steps, worst int) {
	m, td := gridWorld(t, rows...)
	var pet uint64
	chk := &stepCheck{t: t, taken: map[uint64]int{}}
	s, _ := newSim(t, m, td, Options{Seed: 5, MaxSearchesPerTick: 4, FollowDirect: direct, Observer: chk,
		Recorder: recorderFunc(func(r *PathRecord) {
			if r.MobileID == pet {
				searches++
			}
		})})
	chk.s = s
	owner := spawnPatrollers(t, s, 1)[0]
	var err error
	if pet, err = s.SpawnMobile(MobileSpec{X: 2, Y: 10, Speed: 80, Order: Order{Follow: &FollowSpec{Target: owner, Range: 3}}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000; i++ {
		s.Step()
		a, _ := s.MobileState(owner)
		b, _ := s.MobileState(pet)
		if i > 1000 {
			worst = max(worst, cheb(a.Point(), b.Point()))
		}
	}
	return searches, chk.taken[pet], worst
}

// TestChaseOpenGround: on open ground a chasing pet keeps up with its
// patrolling owner without a search (every repath a search without
// FollowDirect), every step it takes allowed by the live rules.
func TestChaseOpenGround(t *testing.T) {
	searches, steps, worst := chaseRun(t, true)
	base, baseSteps, baseWorst := chaseRun(t, false)
	t.Logf("chasing: %d searches, %d steps, worst %d; searching: %d searches, %d steps, worst %d", searches, steps, worst, base, baseSteps, baseWorst)
	if searches != 0 || base < 20 {
		t.Fatalf("pet searched %d times chasing, %d times searching: want 0 and many", searches, base)
	}
	if steps < 100 || worst > 6 {
		t.Fatalf("chasing pet took %d steps and fell %d tiles behind", steps, worst)
	}
}

// TestChaseRoundAWall: a wall between the pet and its patrolling owner
// (one gap) refuses its straight steps: it searches its way through and
// keeps up, every step allowed by the live rules.
func TestChaseRoundAWall(t *testing.T) {
	rows := make([]string, 8)
	rows[6] = "###########.####################"
	searches, steps, worst := chaseRun(t, true, rows...)
	t.Logf("%d searches, %d steps, worst %d", searches, steps, worst)
	if searches == 0 || steps < 100 || worst > 6 {
		t.Fatalf("pet behind a wall: %d searches, %d steps, worst distance %d", searches, steps, worst)
	}
}
