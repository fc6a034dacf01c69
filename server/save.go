package server

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/shardcore/shardcore/server/savefile"
	"github.com/shardcore/shardcore/world"
)

// saver is the shard's saves: the file (shard.saveFile, "" for none), the
// background interval (shard.saveEveryS) and the clock time of the next
// one, the background write in flight, and the last save's outcome.
type saver struct {
	path  string
	every time.Duration
	next  time.Duration
	wg    sync.WaitGroup // the background write in flight
	busy  atomic.Bool    // a background write is in flight
	mu    sync.Mutex     // guards last (the background writer sets it)
	last  SaveResult
	// restored are the sections of the save restored at New, until the
	// Transit has its own (startTransit).
	restored []savefile.Section
}

// SaveResult is what a save did: where, when (the tick and game time it
// holds), how many maps, mobiles and items, its size and how long taking
// and writing it took.
type SaveResult struct {
	Path                 string
	Tick                 uint64
	GameMs               int64
	Maps, Mobiles, Items int
	Bytes                int
	Capture, Write       time.Duration
	Err                  error
}

// Line is the result as the admin console and logs print it.
func (r SaveResult) Line() string {
	if r.Err != nil {
		return fmt.Sprintf("save %s failed: %v", r.Path, r.Err)
	}
	return fmt.Sprintf("saved %s: tick %d maps %d mobiles %d items %d bytes %d capture_ms %.2f write_ms %.2f",
		r.Path, r.Tick, r.Maps, r.Mobiles, r.Items, r.Bytes, ms(r.Capture), ms(r.Write))
}

// wait waits for a background write in flight.
func (v *saver) wait() {
	v.wg.Wait()
}

// LastSave returns the last save's outcome (zero before any).
func (s *Server) LastSave() SaveResult {
	s.saves.mu.Lock()
	defer s.saves.mu.Unlock()
	return s.saves.last
}

// Save saves the shard to path ("": shard.saveFile) now and waits for the
// file: every map's state between ticks, written through a temp file and a
// rename. Safe from any goroutine: it runs between ticks.
func (s *Server) Save(path string) (SaveResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return SaveResult{}, err
	}
	if path == "" {
		path = s.saves.path
	}
	if path == "" {
		return SaveResult{}, errors.New("server: save: no file (set shard.saveFile, or name one)")
	}
	s.saves.wait()
	return s.saveTo(path)
}

// saveNow saves to shard.saveFile (the admin console's save, shutdown).
func (s *Server) saveNow() (SaveResult, error) {
	s.saves.wait()
	return s.saveTo(s.saves.path)
}

// saveTo captures and writes a save to path, on the owning goroutine.
func (s *Server) saveTo(path string) (SaveResult, error) {
	f, r, err := s.capture()
	if err == nil {
		r.Path = path
		r = s.writeSave(f, r)
		err = r.Err
	}
	r.Path, r.Err = path, err
	s.recordSave(r)
	if err != nil {
		return r, fmt.Errorf("server: %w", err)
	}
	return r, nil
}

// saveInBackground captures the shard now and writes it on another
// goroutine (a write still in flight skips this one: the next comes at the
// next interval).
func (s *Server) saveInBackground() {
	if s.saves.busy.Load() {
		s.log.Warn().Str("file", s.saves.path).Msg("save: the last background save is still being written; skipped")
		return
	}
	f, r, err := s.capture()
	if err != nil {
		r.Path, r.Err = s.saves.path, err
		s.recordSave(r)
		return
	}
	r.Path = s.saves.path
	s.saves.busy.Store(true)
	s.saves.wg.Add(1)
	go func() {
		defer s.saves.wg.Done()
		s.recordSave(s.writeSave(f, r))
		s.saves.busy.Store(false)
	}()
}

// recordSave keeps r as the last save and logs it.
func (s *Server) recordSave(r SaveResult) {
	s.saves.mu.Lock()
	s.saves.last = r
	s.saves.mu.Unlock()
	if s.opts.Transit != nil {
		s.opts.Transit.Saved(r.Path, r.Err)
	}
	if r.Err != nil {
		s.log.Error().Err(r.Err).Str("file", r.Path).Msg("save failed; the last good save stays")
		return
	}
	s.log.Info().Str("file", r.Path).Uint64("tick", r.Tick).Int("mobiles", r.Mobiles).Int("bytes", r.Bytes).
		Float64("capture_ms", ms(r.Capture)).Float64("write_ms", ms(r.Write)).Msg("saved")
}

// writeSave encodes f and writes it (Options.SaveWrite), filling r's size
// and write time.
func (s *Server) writeSave(f *savefile.File, r SaveResult) SaveResult {
	t0 := time.Now()
	b := savefile.Encode(f)
	r.Bytes = len(b)
	write := s.opts.SaveWrite
	if write == nil {
		write = savefile.WriteBytes
	}
	r.Err = write(r.Path, b)
	r.Write = time.Since(t0)
	return r
}

// capture takes every map's state, each on its own goroutine (between
// ticks, on the owning goroutine).
func (s *Server) capture() (*savefile.File, SaveResult, error) {
	t0 := time.Now()
	f := &savefile.File{Tick: s.ticks.n, GameMs: s.main.sim.Now(), Saved: time.Now().UTC(), Maps: make([]savefile.Map, len(s.maps))}
	errs := make([]error, len(s.maps))
	s.onMaps(func(me *mapEntry) {
		i := slices.Index(s.maps, me)
		st, err := me.sim.State()
		f.Maps[i] = savefile.Map{ID: me.id, Fingerprint: me.w.Fingerprint, State: st}
		errs[i] = err
	})
	if s.opts.Transit != nil {
		data, err := s.opts.Transit.Capture()
		errs = append(errs, err)
		f.Sections = []savefile.Section{{Name: TransitSection, Data: data}}
	}
	r := SaveResult{Tick: f.Tick, GameMs: f.GameMs, Capture: time.Since(t0)}
	r.Maps, r.Mobiles, r.Items = f.Counts()
	return f, r, errors.Join(errs...)
}

// restore loads the save at path into the new maps' simulations (nothing
// spawned yet): it must hold exactly world.maps, each of the same world
// (fingerprint), and each map's Restore checks its state whole before
// loading it; any refusal fails New, so a shard never runs half-restored.
func (s *Server) restore(path string) (*savefile.File, error) {
	f, err := savefile.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("server: restore: %w", err)
	}
	if err := s.checkSave(f); err != nil {
		return nil, fmt.Errorf("server: restore %s: %w", path, err)
	}
	errs := make([]error, len(s.maps))
	eachMap(s.maps, func(i int, me *mapEntry) error {
		errs[i] = me.sim.Restore(f.Maps[i].State)
		return nil
	})
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("server: restore %s: %w", path, err)
	}
	s.ticks.n = f.Tick
	s.saves.restored = f.Sections
	return f, nil
}

// openSeams gives the maps their moongates and hands the Transit (when
// set) the section of the save restored (saved: there was one), refusing
// a save whose sections this shard cannot take; a Transit's shard with a
// save file and no save yet is saved at once, so the Transit's own
// records always follow a save.
func (s *Server) openSeams(saved bool) error {
	if err := s.buildGates(); err != nil {
		return err
	}
	secs := make(map[string][]byte, len(s.saves.restored))
	for _, sec := range s.saves.restored {
		secs[sec.Name] = sec.Data
	}
	s.saves.restored = nil
	if err := s.restoreTransit(secs, saved); err != nil {
		return fmt.Errorf("server: restore %s: %w", s.saves.path, err)
	}
	if s.opts.Transit != nil && !saved && s.saves.path != "" {
		if _, err := s.saveTo(s.saves.path); err != nil {
			return err
		}
	}
	return nil
}

// checkSave checks that save f is of this shard's maps and worlds.
func (s *Server) checkSave(f *savefile.File) error {
	var have, want []world.MapID
	for _, m := range f.Maps {
		have = append(have, m.ID)
	}
	want = s.MapIDs()
	if !slices.Equal(have, want) {
		return fmt.Errorf("the save holds maps %v, the shard runs world.maps %v", have, want)
	}
	for i, me := range s.maps {
		if fp := f.Maps[i].Fingerprint; fp != me.w.Fingerprint {
			return fmt.Errorf("map %d was saved on another world (fingerprint %016x, this world's %016x)", me.id, fp, me.w.Fingerprint)
		}
	}
	return nil
}

// saveExists reports whether a save is at path: something is there (a
// directory or pipe is then refused by the read with a clear error).
func saveExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
