package parity

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// VerifyMovers are the movers VerifyWorld checks by default: creature,
// player, swimmer, amphibian, door-opener and staff.
func VerifyMovers() []movement.Caps {
	return []movement.Caps{
		0,
		movement.Player,
		movement.CanSwim | movement.CantWalk,
		movement.CanSwim,
		movement.CanOpenDoors,
		movement.Player | movement.Staff,
	}
}

// VerifyOptions tunes VerifyWorld. The zero value checks everything on all
// cores.
type VerifyOptions struct {
	// Workers is the number of goroutines (all cores when ≤ 0).
	Workers int
	// Movers are the capability sets checked (VerifyMovers when empty).
	Movers []movement.Caps
	// SkipOffsets leaves out the requests at z±1, z±2 around each standing Z
	// and at the Zs of statics.
	SkipOffsets bool
	// OffsetMovers, when not empty, restricts those extra requests to these
	// movers (standing Zs are still checked for every mover).
	OffsetMovers []movement.Caps
	// Progress, when not nil, is called from the calling goroutine with
	// chunks done and total.
	Progress func(done, total int)
	// KeepMismatches is how many mismatches the report keeps (default 32).
	KeepMismatches int
	// Distinct checks each situation once: a cell whose neighbourhood,
	// place in its chunk and multi-nearness equal an already checked cell's
	// gets the same answers from the live rules and the cache (see
	// distinct.go), and is counted in Cells and Repeats only.
	Distinct bool
}

// VerifyReport is what VerifyWorld found.
type VerifyReport struct {
	Cells   int64 // cells visited
	Repeats int64 // of them, not checked: a repeat of a checked situation (Distinct)
	Checks  int64 // (request, direction) pairs compared with CheckMovement
	// Lookups counts cache lookups by outcome.
	Lookups [chunk.NumHitKinds]int64
	// Mismatches counts differences: a hit whose answer differs, or a
	// fallthrough where a hit or FallMulti was due.
	Mismatches int64
	// Samples are the first mismatches.
	Samples []stepcache.Mismatch
}

// Add merges o into r.
func (r *VerifyReport) Add(o VerifyReport, keep int) {
	r.Cells += o.Cells
	r.Repeats += o.Repeats
	r.Checks += o.Checks
	for k := range r.Lookups {
		r.Lookups[k] += o.Lookups[k]
	}
	r.Mismatches += o.Mismatches
	for _, m := range o.Samples {
		if len(r.Samples) < keep {
			r.Samples = append(r.Samples, m)
		}
	}
}

// String is the summary line: "cells N checks N mismatches N".
func (r VerifyReport) String() string {
	return fmt.Sprintf("cells %d checks %d mismatches %d", r.Cells, r.Checks, r.Mismatches)
}

// VerifyWorld checks every cache answer on r's map against the live rule.
// For every cell, every mover and every standing Z of the cell (and z±1,
// z±2, and the Z of every static and its top) it asks a Cache built over r
// (eager admission, VerifyShare 0) and compares each hit with
// CheckMovement of r without dynamics (multis count) in all 8 directions.
// At a standing Z a hit is due unless the cell is near a multi (FallMulti
// due) or the mover is an amphibian on an inexact record; any other
// fallthrough there is a mismatch.
func VerifyWorld(ctx context.Context, r *movement.Rules, opt VerifyOptions) (VerifyReport, error) {
	if r == nil || r.Map == nil || r.Tiles == nil {
		return VerifyReport{}, fmt.Errorf("parity: verify world: rules without a map or tile data")
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if len(opt.Movers) == 0 {
		opt.Movers = VerifyMovers()
	}
	if opt.KeepMismatches <= 0 {
		opt.KeepMismatches = 32
	}
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	total := wide * high
	var next atomic.Int64
	seen := &situations{}
	doneCh := make(chan struct{}, opt.Workers*4)
	reports := make([]VerifyReport, opt.Workers)
	errs := make([]error, opt.Workers)
	var wg sync.WaitGroup
	for w := 0; w < opt.Workers; w++ {
		wg.Go(func() {
			v, err := newVerifier(r, opt)
			if err != nil {
				errs[w] = err
				return
			}
			v.seen = seen
			for i := int(next.Add(1) - 1); i < total && ctx.Err() == nil; i = int(next.Add(1) - 1) {
				v.chunk(i%wide, i/wide)
				doneCh <- struct{}{}
			}
			reports[w] = v.rep
		})
	}
	go func() { wg.Wait(); close(doneCh) }()
	n := 0
	for range doneCh {
		n++
		if opt.Progress != nil {
			opt.Progress(n, total)
		}
	}
	var rep VerifyReport
	for w := range reports {
		if errs[w] != nil {
			return rep, errs[w]
		}
		rep.Add(reports[w], opt.KeepMismatches)
	}
	if err := ctx.Err(); err != nil {
		return rep, fmt.Errorf("parity: verify world: %d of %d chunks: %w", n, total, err)
	}
	return rep, nil
}

// verifier is one VerifyWorld worker: its own cache and live rules.
type verifier struct {
	opt  VerifyOptions
	live *movement.Rules
	// static is live set StaticOnly, as builds read the world
	static *movement.Rules
	cache  *stepcache.Cache
	rep    VerifyReport
	zs     []int
	extra  []int
	seen   *situations // the situations checked (Distinct)
	buf    []byte
}

func newVerifier(r *movement.Rules, opt VerifyOptions) (*verifier, error) {
	live := r.Clone()
	live.Dyn = nil
	live.StaticOnly = false
	static := r.Clone()
	static.Dyn = nil
	static.StaticOnly = true
	cache, err := stepcache.New(stepcache.Config{Enabled: true, MissPromotionThreshold: 1, MaxResidentChunks: 4}, bake.Shared, r.Clone())
	if err != nil {
		return nil, fmt.Errorf("parity: verify world: %w", err)
	}
	return &verifier{opt: opt, live: live, static: static, cache: cache}, nil
}

// chunk checks every cell of chunk (cx, cy).
func (v *verifier) chunk(cx, cy int) {
	m := v.live.Map
	for i := 0; i < chunk.NumCells; i++ {
		x, y := cx*chunk.Size+i%chunk.Size, cy*chunk.Size+i/chunk.Size
		if !m.InBounds(x, y) {
			continue
		}
		v.cell(x, y)
	}
	v.cache.Enforce()
}

// cell checks one cell: the standing Zs (a hit is due) and the extra Zs
// around them (any hit must be exact).
func (v *verifier) cell(x, y int) {
	v.rep.Cells++
	m := v.live.Map
	near := m.HasMultisNear(x, y)
	if v.opt.Distinct && v.seen != nil {
		var key xxh3.Uint128
		key, v.buf = situationKey(m, x, y, near, v.buf)
		if !v.seen.firstVisit(key) {
			v.rep.Repeats++
			return
		}
	}
	v.zs, _ = bake.StandingZs(v.live, x, y, v.zs[:0])
	v.extra = v.extra[:0]
	_, avg, _ := m.AverageZ(x, y)
	v.extra = append(v.extra, avg)
	for _, s := range m.StaticsAt(x, y) {
		f, h := v.live.Tiles.ItemFlagsHeight(s.ID)
		v.extra = append(v.extra, int(s.Z), int(s.Z)+h, int(s.Z)+world.CalcHeight(f, h))
	}
	if v.opt.SkipOffsets {
		v.extra = v.extra[:0]
	} else {
		for _, z := range v.zs {
			v.extra = append(v.extra, z-2, z-1, z+1, z+2)
		}
	}
	slices.Sort(v.extra)
	v.extra = slices.Compact(v.extra)
	v.extra = slices.DeleteFunc(v.extra, func(z int) bool { _, in := slices.BinarySearch(v.zs, z); return in })
	for _, caps := range v.opt.Movers {
		for _, z := range v.zs {
			v.check(x, y, z, caps, true, near)
		}
		if len(v.opt.OffsetMovers) != 0 && !slices.Contains(v.opt.OffsetMovers, caps) {
			continue
		}
		for _, z := range v.extra {
			v.check(x, y, z, caps, false, near)
		}
	}
}

// check asks the cache about (x, y, z, caps) and compares.
func (v *verifier) check(x, y, z int, caps movement.Caps, due, near bool) {
	m := v.live.Map
	s := v.cache.Search(0, 0).Lookup(m.ID, x, y, z, caps) // threshold 1: the gate admits every miss
	v.rep.Lookups[s.Kind]++
	amph := caps&(movement.CanSwim|movement.CantWalk) == movement.CanSwim
	bad := ""
	switch {
	case near && s.Kind != chunk.FallMulti:
		bad = "FallMulti near a multi, got " + s.Kind.String()
	case near:
		return
	case s.Kind == chunk.Hit:
	case !due && s.Kind == chunk.FallZMismatch:
		return
	case s.Kind == chunk.FallAmphibian && amph:
		return
	case due && s.Kind == chunk.FallZMismatch && v.beyondInt8(x, y, z):
		return
	default:
		bad = "a hit, got " + s.Kind.String()
	}
	if bad != "" {
		v.mismatch(stepcache.Mismatch{Map: m.ID, X: x, Y: y, Z: z, Caps: caps, Expected: bad})
		return
	}
	mv := movement.Mover{Caps: caps}
	for d := movement.Dir(0); d < 8; d++ {
		v.rep.Checks++
		nz, ok := v.live.CheckMovement(mv, x, y, z, d)
		cok := s.Mask&(1<<d) != 0
		if ok == cok && (!ok || nz == int(s.Z[d])) {
			continue
		}
		v.mismatch(stepcache.Mismatch{Map: m.ID, X: x, Y: y, Z: z, Caps: caps, Dir: d, CacheOK: cok, CacheZ: int(s.Z[d]), LiveOK: ok, LiveZ: nz})
	}
}

func (v *verifier) mismatch(mm stepcache.Mismatch) {
	v.rep.Mismatches++
	if len(v.rep.Samples) < v.opt.KeepMismatches {
		v.rep.Samples = append(v.rep.Samples, mm)
	}
}

// beyondInt8 reports whether a request at z on (x, y) cannot be stored in a
// record: z itself, or a walker's or swimmer's arrival Z from there, is
// outside -128..127 (the cache then answers no request there).
func (v *verifier) beyondInt8(x, y, z int) bool {
	return !bake.FitsRecord(v.static, x, y, z)
}
