package systems

import (
	"testing"

	c "github.com/shardcore/shardcore/components"
)

// TestWalkedStepsOnTheRoutesWord: a player walking a route whose cells are
// the static world's answers takes its steps on the route's word; one whose
// route records a wrong Z for a cell has the batches through that cell
// checked by the stepper, and stands where the stepper puts it. Both end
// where the same run checking every step ends them.
func TestWalkedStepsOnTheRoutesWord(t *testing.T) {
	run := func(every bool) (*Sim, uint64, uint64) {
		m, td := gridWorld(t)
		s, _ := newSim(t, m, td, Options{MaxSearchesPerTick: 4, CheckEveryStep: every})
		var good, bad []RouteCell
		for x := 2; x < 28; x++ {
			good = append(good, RouteCell{X: x, Y: 4})
			z := 0
			if x == 15 {
				z = 5 // flat grass: the stepper says 0
			}
			bad = append(bad, RouteCell{X: x, Y: 10, Z: z})
		}
		for _, cells := range [][]RouteCell{good, bad} {
			if _, err := s.SpawnMobile(MobileSpec{X: cells[0].X, Y: cells[0].Y, Tags: c.Tags{Player: true}, Speed: 100,
				Order: Order{Walk: &WalkSpec{Cells: cells}}}); err != nil {
				t.Fatal(err)
			}
		}
		trusted := make([]uint64, 2)
		for i := 0; i < 1200; i++ {
			before := s.Stats().StepsTrusted
			s.Step()
			if p, _ := s.MobileState(s.reg.base | 2); p.Y == 10 && p.Z != 0 {
				t.Fatalf("tick %d: the bad route's walker stands at z %d on flat grass", i, p.Z)
			}
			trusted[0] += s.Stats().StepsTrusted - before
		}
		return s, s.PositionsHash(), trusted[0]
	}
	s, h, trusted := run(false)
	_, he, te := run(true)
	st := s.Stats()
	t.Logf("%d steps, %d on the route's word; checking every step: %d", st.Steps, trusted, te)
	if h != he || te != 0 {
		t.Fatalf("positions %x, checking every step %x (%d trusted there)", h, he, te)
	}
	if st.Steps < 150 || 2*trusted < st.Steps {
		t.Fatalf("%d of %d steps on the route's word: walked steps not trusted", trusted, st.Steps)
	}
	if ok := s.reg.walkOK[1].ok; ok[12] || !ok[11] { // cell 13 is x 15: the step into it is not the static world's
		t.Fatalf("the bad route's checks around x 15: %v", ok[10:15])
	}
}
