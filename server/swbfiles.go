package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/reach"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/world"
)

// bakeResult is a finished background bake, sent to the tick goroutine.
type bakeResult struct {
	id      world.MapID
	path    string
	stats   swb.WriteStats
	took    time.Duration
	skipped bool // another process baked a valid file meanwhile: nothing written
	err     error
	file    openedSWB // the file, opened by the bake's goroutine (when err is nil)
	reopen  error     // not a bake: the change after which settleSWB reopened the file
}

// prebake reports whether map id is in pathfinding.prebakeMaps.
func (s *Server) prebake(id world.MapID) bool {
	return slices.Contains(s.cfg.Pathfinding.PrebakeMaps, int(id))
}

// openSWB opens me's .swb and attaches it to the cache. A missing file is
// silent unless the map is prebaked; a refused one (other version, map or
// client files, corrupt) is logged in one line with the reason. With
// queueBake, a prebaked map whose file is missing or refused gets a bake.
func (s *Server) openSWB(me *mapEntry, queueBake bool) error {
	if queueBake { // boot: a bake killed mid-write left its temporary behind
		if n, err := swb.RemoveStaleTemps(me.swbPath); n > 0 || err != nil {
			s.log.Info().Int("map", int(me.id)).Int("removed", n).AnErr("error", err).Msg("swb: removed temporaries of an interrupted bake")
		}
	}
	return s.useSWB(me, openSWBFile(me.swbPath, me.expect()), queueBake)
}

// useSWB attaches f, me's .swb opened (openSWBFile), to the cache, or
// says why it cannot be (openSWB) and queues a bake as openSWB does.
func (s *Server) useSWB(me *mapEntry, f openedSWB, queueBake bool) error {
	err := f.err
	if err == nil {
		s.attach(me, f)
		s.log.Info().Int("map", int(me.id)).Str("path", me.swbPath).Int("chunks", f.r.Header().ChunkCount).Msg("swb opened")
		return nil
	}
	missing := errors.Is(err, fs.ErrNotExist)
	bake := queueBake && (!missing || s.prebake(me.id)) // a refused file is rebaked; a missing one only when prebaked
	switch {
	case missing && bake:
		s.log.Info().Int("map", int(me.id)).Str("path", me.swbPath).Msg("swb missing; baking in the background")
	case missing:
		s.log.Info().Int("map", int(me.id)).Str("path", me.swbPath).Int("missPromotionThreshold", s.cfg.Pathfinding.MissPromotionThreshold).
			Msg("swb missing; chunks build live on demand, each once a party visits it missPromotionThreshold times: until then searches take the live rules (lookups not_built); bake it (shard bake, or pathfinding.prebakeMaps) for a warm cache from the first tick")
	default:
		then := "chunks build live on demand"
		if bake {
			then = "rebaking in the background"
		}
		s.log.Warn().Int("map", int(me.id)).Str("path", me.swbPath).Str("reason", refusal(err)).Err(err).
			Msg("swb refused (" + refusal(err) + "); " + then)
	}
	if bake {
		s.queueBake(me.id)
	}
	if missing {
		return fmt.Errorf("swb for map %d: %w", me.id, err)
	}
	return fmt.Errorf("swb for map %d refused: %w", me.id, err)
}

// expect is what me's .swb must be: for this map, of its size, baked from
// its client files.
func (me *mapEntry) expect() swb.Expect {
	wide, high := chunk.Grid(me.w.Map.Width, me.w.Map.Height)
	return swb.Expect{MapID: uint32(me.id), Fingerprint: me.w.Fingerprint, WidthChunks: wide, HeightChunks: high}
}

// refusal names why swb.Open refused a file.
func refusal(err error) string {
	switch {
	case errors.Is(err, swb.ErrStaleFingerprint):
		return "stale fingerprint: client files changed"
	case errors.Is(err, swb.ErrWrongMap):
		return "baked for another map"
	case errors.Is(err, swb.ErrVersion):
		return "other format version"
	case errors.Is(err, swb.ErrBadMagic):
		return "not a .swb file"
	case errors.Is(err, swb.ErrCorrupt):
		return "corrupt header or index"
	case errors.Is(err, safefile.ErrNotRegular):
		return "not a regular file"
	}
	return "unreadable"
}

// openedSWB is a .swb opened with the static connectivity beside it, or
// why it could not be opened: what attach needs, read off the tick where
// it can be (a bake's goroutine opens the file it wrote), since reading
// Britannia map 0's connectivity takes 16–80 ms.
type openedSWB struct {
	r        *swb.Reader
	err      error // swb.Open's: r is nil
	reach    *reach.Index
	reachErr error // reach.Read's: unreachable goals are searched
}

// openSWBFile opens the .swb at path for a map that wants it to be want,
// and reads its static connectivity.
func openSWBFile(path string, want swb.Expect) openedSWB {
	r, err := swb.Open(path, want)
	if err != nil {
		return openedSWB{err: err}
	}
	ix, err := reach.Read(reach.PathFor(path), reachStamp(r.Header()))
	return openedSWB{r: r, reach: ix, reachErr: err}
}

// close closes f's reader, for an opened file that is not attached.
func (f openedSWB) close() {
	if f.r != nil {
		_ = f.r.Close()
	}
}

// attach makes f's reader me's chunk source, closing the previous reader,
// gives the cache f's static connectivity, and starts watching the file.
func (s *Server) attach(me *mapEntry, f openedSWB) {
	if me.reader != nil {
		_ = me.reader.Close()
	}
	me.reader = f.r
	me.watch = swbWatch{nextCheck: s.clock() + swbCheckEvery}
	if err := me.cache.AttachSource(me.id, sharedReader{f.r}); err != nil {
		s.log.Error().Err(err).Msg("attach swb")
		return
	}
	s.attachReach(me, f)
}

// reachStamp is the stamp of the .swb whose header is h (its static
// connectivity's, beside it).
func reachStamp(h swb.Header) reach.Stamp {
	return reach.StampOf(h.MapID, h.WidthChunks, h.HeightChunks, h.Fingerprint, h.BakeTime)
}

// attachReach gives the cache the static connectivity baked beside me's
// .swb, when f found one of that file.
func (s *Server) attachReach(me *mapEntry, f openedSWB) {
	ix, err := f.reach, f.reachErr
	if err == nil {
		err = me.cache.SetReach(me.id, ix)
	}
	if err != nil {
		s.log.Info().Int("map", int(me.id)).Err(err).Msg("swb: no static connectivity beside it; unreachable goals are searched")
		return
	}
	s.log.Info().Int("map", int(me.id)).Int("walk_components", ix.Components(chunk.RuleWalk)).
		Int("bytes", ix.Bytes()).Msg("swb: static connectivity loaded")
}

// sharedReader is a .swb reader as a stepcache.SharedChunkSource: its
// reads lock the reader, so the search workers' views read chunks from it
// at once rather than falling through to the live rules until Merge.
type sharedReader struct{ *swb.Reader }

// SharedReads implements stepcache.SharedChunkSource.
func (sharedReader) SharedReads() {}

// entry returns the loaded map id.
func (s *Server) entry(id world.MapID) *mapEntry {
	for _, me := range s.maps {
		if me.id == id {
			return me
		}
	}
	return nil
}

// queueBake asks for a background bake of map id: started at once while
// Run runs, else when it starts. A map already baking is not baked twice.
func (s *Server) queueBake(id world.MapID) {
	if !s.loop.running.Load() {
		if !slices.Contains(s.bakes.pending, id) {
			s.bakes.pending = append(s.bakes.pending, id)
		}
		return
	}
	s.startBake(id)
}

// buildWorkers is the number of goroutines that build chunks off the tick
// goroutine (Options.BakeWorkers; by default all cores but the tick's, at
// least 1): the background bake's, and the step cache's for promoted chunks.
func (s *Server) buildWorkers() int {
	if s.opts.BakeWorkers > 0 {
		return s.opts.BakeWorkers
	}
	return max(runtime.GOMAXPROCS(0)-1, 1)
}

// startBake starts a background bake of map id (on the map's goroutine
// while Run runs, else the owner's).
func (s *Server) startBake(id world.MapID) bool {
	me := s.entry(id)
	if me == nil || me.baking {
		return false
	}
	me.baking = true
	workers := s.buildWorkers()
	// The bake reads the map (static layers only) and writes a file; it
	// never touches the ECS world or the cache, which the tick goroutine owns.
	rules := movement.NewRules(me.w.Map, me.w.Tiles, nil)
	rules.StaticOnly = true
	path, fp, ctx := me.swbPath, me.w.Fingerprint, s.bakes.ctx
	fsys := s.opts.SWBFS
	if fsys == nil {
		fsys = swb.OSFS{}
	}
	job := bakeJob{fsys: fsys, rules: rules, workers: workers, path: path, fp: fp, want: me.expect(), before: statOrNil(path),
		waiting: func() {
			s.log.Info().Int("map", int(id)).Str("path", path).Msg("bake waits for another process's bake of this file")
		}}
	s.bakes.wg.Add(1)
	go func() {
		defer s.bakes.wg.Done()
		t0 := time.Now()
		st, skipped, err := job.run(ctx)
		r := bakeResult{id: id, path: path, stats: st, took: time.Since(t0), skipped: skipped, err: err}
		if err == nil {
			r.file = openSWBFile(path, job.want) // here, not on the map's goroutine: tens of ms
		}
		s.bakes.ch <- r
	}()
	s.log.Info().Int("map", int(id)).Int("workers", workers).Str("path", path).Msg("bake started")
	return true
}

// bakeFile builds every chunk of the rules' map and writes the .swb through
// fsys.
func bakeFile(ctx context.Context, fsys swb.FS, rules *movement.Rules, workers int, path string, fp uint64) (swb.WriteStats, error) {
	chunks, err := bake.BuildMap(ctx, rules, workers, nil)
	if err != nil {
		return swb.WriteStats{}, fmt.Errorf("bake %s: %w", path, err)
	}
	wide, high := chunk.Grid(rules.Map.Width, rules.Map.Height)
	hdr := swb.Header{MapID: uint32(rules.Map.ID), WidthChunks: wide, HeightChunks: high, Fingerprint: fp, BakeTime: time.Now()}
	st, err := swb.WriteFS(ctx, fsys, path, hdr, swb.SliceChunks(chunks, wide))
	if err != nil {
		return st, fmt.Errorf("bake %s: %w", path, err)
	}
	if _, err := reach.BuildFile(ctx, path, reachStamp(hdr), func(cx, cy int) *chunk.Chunk { return chunks[cy*wide+cx] }); err != nil {
		return st, fmt.Errorf("bake %s: %w", path, err)
	}
	return st, nil
}

// prepareDir makes path's directory, removes temporaries a killed bake of
// path left there, and proves the directory writable (a temporary created
// and removed through fsys), so a read-only cache dir fails the bake before
// its build rather than after.
func prepareDir(fsys swb.FS, path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if _, err := swb.RemoveStaleTemps(path); err != nil {
		return err
	}
	f, err := fsys.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*") // the writer's pattern: cleaned up if left
	if err != nil {
		return fmt.Errorf("cache dir not writable: %w", err)
	}
	cerr := f.Close()
	if err := fsys.Remove(f.Name()); err != nil && !errors.Is(err, fs.ErrNotExist) { // another shard's cleanup may beat us to it
		return errors.Join(cerr, err)
	}
	return cerr
}

// finishBake handles a bake result of map me, on its goroutine: attach the
// file the bake's goroutine opened (or, for a settled file's reopen,
// finishReopen).
func (s *Server) finishBake(me *mapEntry, r bakeResult) {
	me.baking = false
	if r.reopen != nil {
		s.finishReopen(me, r)
		return
	}
	if r.err != nil {
		if errors.Is(r.err, context.Canceled) {
			s.log.Info().Int("map", int(r.id)).Msg("bake cancelled")
			return
		}
		me.retry.every = min(max(2*me.retry.every, bakeRetryFirst), bakeRetryMax)
		me.retry.at = s.clock() + me.retry.every
		s.log.Error().Err(r.err).Int("map", int(r.id)).Dur("retry_in", me.retry.every).
			Msg("bake failed; chunks build live on demand; trying again later")
		return
	}
	me.retry = bakeRetry{}
	if r.skipped {
		s.log.Info().Int("map", int(r.id)).Str("path", r.path).
			Msg("bake skipped: another process baked a valid file meanwhile; attaching it")
		_ = s.useSWB(me, r.file, false)
		return
	}
	s.log.Info().Int("map", int(r.id)).Str("path", r.path).Int("chunks", r.stats.Chunks).
		Int64("bytes", r.stats.FileBytes).Float64("took_ms", ms(r.took)).Msg("bake written")
	_ = s.useSWB(me, r.file, false)
}

// collectBakes hands every finished bake, without blocking, to its map
// (tickMap finishes it on the map's goroutine).
func (s *Server) collectBakes() {
	for {
		select {
		case r := <-s.bakes.ch:
			if me := s.entry(r.id); me != nil {
				me.bakes = append(me.bakes, r)
			} else {
				r.file.close()
			}
		default:
			return
		}
	}
}

// waitBakes cancels running bakes, collects their results and has each map
// finish its own.
func (s *Server) waitBakes() {
	s.bakes.cancel()
	go func() { s.bakes.wg.Wait(); close(s.bakes.ch) }()
	for r := range s.bakes.ch {
		if me := s.entry(r.id); me != nil {
			me.bakes = append(me.bakes, r)
		} else {
			r.file.close()
		}
	}
	s.onMaps(func(me *mapEntry) {
		for _, r := range me.bakes {
			s.finishBake(me, r)
		}
		me.bakes = nil
	})
}
