package server

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/shardcore/shardcore/server/render"
)

// RenderOptions configures Render.
type RenderOptions struct {
	// Ticks runs this many ticks (unpaced) before drawing.
	Ticks int
	// Paths overlays the steps each mobile has left on the path it walks,
	// as the simulation holds it.
	Paths bool
	// Scale is pixels per cell side (0: 1).
	Scale int
}

// Render runs opt.Ticks ticks and draws the first map as a PNG (package
// render): its land and statics, resident and uniform chunks, mobiles and,
// with opt.Paths, the steps each has left on its path as the simulation
// holds it. It must be called before or instead of Run, on the owning
// goroutine.
func (s *Server) Render(ctx context.Context, w io.Writer, opt RenderOptions) error {
	if s.loop.running.Load() || s.closed {
		return errors.New("server: render: the shard is running or stopped")
	}
	ro := render.Options{Paths: opt.Paths, Scale: opt.Scale}
	m := s.main.w.Map
	if err := ro.CheckSize(m); err != nil {
		return fmt.Errorf("server: %w", err)
	}
	period := s.cfg.Shard.Tick()
	s.opts.Unpaced = true
	for i := 0; i < opt.Ticks; i++ {
		if i%64 == 0 && ctx.Err() != nil {
			return fmt.Errorf("server: render: %w", ctx.Err())
		}
		s.tick(period)
	}
	sc := render.Scene{Map: m, Tiles: s.main.w.Tiles,
		Resident: func(cx, cy int) bool { return s.main.cache.Resident(m.ID, cx, cy) }}
	sim := s.main.sim
	for _, id := range sim.MobileIDs() {
		p, ok := sim.MobileState(id)
		if !ok {
			continue
		}
		mob := render.Mobile{X: int(p.X), Y: int(p.Y)}
		if steps, ok := sim.MobilePath(id); ok && opt.Paths {
			mob.Path = steps
		}
		sc.Mobiles = append(sc.Mobiles, mob)
	}
	if err := render.PNG(w, sc, ro); err != nil {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}
