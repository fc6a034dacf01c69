package systems

import "github.com/shardcore/shardcore/movement"

// MobilePath returns the steps mobile id has left to walk on its current
// path, as the simulation holds it (the Sim's own storage: read it before
// the next tick, copy it to keep it), and whether the mobile exists and
// has a path state.
func (s *Sim) MobilePath(id uint64) ([]movement.Dir, bool) {
	e, ok := s.reg.byID[id]
	if !ok || !s.w.Alive(e) || !s.maps.path.Has(e) {
		return nil, false
	}
	p := s.maps.path.Get(e)
	return p.Steps[min(p.Next, len(p.Steps)):], true
}
