package systems

// toucher is a stepper that can read ahead what its Step of a cell reads
// (pathing.StepChecker).
type toucher interface{ Touch(x, y int) uintptr }

// warmBatch is how many due mobiles a lane reads ahead (warm) before it
// steps them.
const warmBatch = 16

// walk takes the lane's due steps in order, warmBatch at a time, each batch
// read ahead first.
func (l *lane) walk(s *Sim) {
	for i := 0; i < len(l.due); i += warmBatch {
		b := l.due[i:min(i+warmBatch, len(l.due))]
		l.warm(s, b)
		for _, tm := range b {
			l.take(s, tm)
		}
	}
}

// warm reads what stepping batch b reads first, mobile by mobile in three
// passes (their entity records; their components; their paths' next steps,
// sectors, spatial entries and step-cache records), so each pass's cache
// misses are independent of each other and the core waits for them
// together rather than one after another: a step's own reads form a chain
// (entity, schedule, path, steps, cell) that is mostly misses among
// 100,000 mobiles. It reads only what the steps read, and changes nothing
// (the sums keep the reads).
func (l *lane) warm(s *Sim, b []timer) {
	var sum uintptr
	for _, tm := range b {
		if s.w.Alive(tm.e) {
			sum += uintptr(s.maps.sched.Get(tm.e).moveAt)
		}
	}
	for _, tm := range b {
		if s.w.Alive(tm.e) {
			sum += uintptr(s.maps.mob.Get(tm.e).NextMove)
			sum += uintptr(s.maps.path.Get(tm.e).Next)
			sum += uintptr(s.maps.pos.Get(tm.e).X)
			sum += uintptr(s.maps.ref.Get(tm.e).H)
		}
	}
	t, _ := l.stepper.(toucher)
	for _, tm := range b {
		if !s.w.Alive(tm.e) {
			continue
		}
		touch := t != nil
		if p := s.maps.path.Get(tm.e); p.Next < len(p.Steps) {
			sum += uintptr(p.Steps[p.Next])
			touch = touch && p.Trust == 0 // a trusted step reads no cache unless refused
		}
		pos := s.maps.pos.Get(tm.e)
		if x, y := int(pos.X), int(pos.Y); s.idx.in(x, y) {
			sec, _ := s.idx.at(x, y)
			sum += uintptr(sec.mobBits[0]) + uintptr(len(sec.mobs))
			if h := s.maps.ref.Get(tm.e).H; h >= 0 && int(h) < len(s.idx.mobs) {
				sum += uintptr(s.idx.mobs[h].x)
			}
			if touch {
				sum += t.Touch(x, y)
			}
		}
	}
	l.sink += sum
}
