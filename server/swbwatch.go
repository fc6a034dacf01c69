package server

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// swbCheckEvery is how often (by the server's clock) the path of each
// attached .swb is compared with the file the reader holds (a stat per
// map), and how long a changed path must stay unchanged before it is
// reopened (a copy in progress is not read half-written).
const swbCheckEvery = 500 * time.Millisecond

// swbWatch is what the server knows of a map's .swb beyond its reader
// (tick goroutine only).
type swbWatch struct {
	nextCheck time.Duration // when to look at the path next
	bad       int           // the reader's bad records already seen
	badLogged bool          // the file's first bad record was logged (and a rebake queued)
	changed   error         // the file changed under its reader (detached): waiting for the path to settle
	settle    os.FileInfo   // the path at the last look while changed (nil: absent)
}

// watchSWB runs at each of map me's tick starts, on its goroutine. It
// starts a failed bake again once its retry is due (swbbake.go). If its
// .swb is attached, it notices bad records the cache met since the last
// tick and (on one, or once a second) whether the path still names the open
// file. A bad record in an unchanged file is logged once per file and the
// map rebaked in the background. A file changed under its reader
// (truncated, rewritten in place, replaced, deleted) is detached at once;
// once its path has stayed the same for a check period it is reopened
// (settleSWB). Neither stops the tick: chunks no file serves build live
// meanwhile.
func (s *Server) watchSWB(me *mapEntry, now time.Duration) {
	s.retryBake(me, now)
	w := &me.watch
	switch {
	case w.changed != nil && now >= w.nextCheck && !me.baking:
		w.nextCheck = now + swbCheckEvery
		s.settleSWB(me)
	case w.changed == nil && me.reader != nil:
		s.checkSWB(me, now)
	}
}

// checkSWB looks at an attached .swb: new bad records, and whether its
// path changed (on a bad record, or when a check is due).
func (s *Server) checkSWB(me *mapEntry, now time.Duration) {
	w := &me.watch
	bad := me.reader.BadRecords()
	newBad := bad > w.bad
	w.bad = bad
	if !newBad && now < w.nextCheck {
		return
	}
	w.nextCheck = now + swbCheckEvery
	if me.baking {
		return // our own bake replaces the file and attaches the new one when done
	}
	if err := me.reader.Check(me.swbPath); err != nil {
		s.detach(me)
		w.changed, w.settle = err, statOrNil(me.swbPath)
		return
	}
	if newBad && !w.badLogged {
		w.badLogged = true
		s.log.Warn().Int("map", int(me.id)).Str("path", me.swbPath).Int("bad_records", bad).
			Msg("swb has corrupt records (rebuilt live, never served); rebaking in the background")
		s.queueBake(me.id)
	}
}

// settleSWB reopens a changed .swb once its path has stayed the same (or
// absent) since the last look. The file is opened on a goroutine of its
// own, as a bake's is (tens of ms for a large map's connectivity), and
// finishReopen attaches it at a later tick's start; the map counts as
// baking meanwhile, so nothing else replaces its file.
func (s *Server) settleSWB(me *mapEntry) {
	w := &me.watch
	fi := statOrNil(me.swbPath)
	prev := w.settle
	w.settle = fi
	if (fi == nil) != (prev == nil) || (fi != nil && !sameState(fi, prev)) {
		return // still changing
	}
	why := w.changed
	w.changed = nil
	me.baking = true
	id, path, want := me.id, me.swbPath, me.expect()
	s.bakes.wg.Add(1)
	go func() {
		defer s.bakes.wg.Done()
		s.bakes.ch <- bakeResult{id: id, path: path, reopen: why, file: openSWBFile(path, want)}
	}()
}

// finishReopen handles the file settleSWB opened (r.file), on the map's
// goroutine: a valid file for this world is attached; else chunks build
// live and the map is rebaked in the background (a deleted file only when
// the map is in prebakeMaps, as at boot). One log line per change.
func (s *Server) finishReopen(me *mapEntry, r bakeResult) {
	f, why := r.file, r.reopen
	err := f.err
	if err == nil {
		s.attach(me, f)
		s.log.Warn().Int("map", int(me.id)).Str("path", me.swbPath).Str("change", why.Error()).
			Int("chunks", f.r.Header().ChunkCount).Msg("swb changed under the shard; reopened the new file")
		return
	}
	missing := errors.Is(err, fs.ErrNotExist)
	rebake := !missing || s.prebake(me.id)
	then := "chunks build live on demand"
	if rebake {
		then += ", rebaking in the background"
	}
	ev := s.log.Warn().Int("map", int(me.id)).Str("path", me.swbPath).Str("change", why.Error())
	if missing {
		ev.Msg("swb deleted under the shard; " + then)
	} else {
		ev.Str("reason", refusal(err)).Err(err).Msg("swb changed under the shard and the new file is refused (" + refusal(err) + "); " + then)
	}
	if rebake {
		s.queueBake(me.id)
	}
}

// statOrNil is the file at path, nil when it cannot be stat-ed.
func statOrNil(path string) os.FileInfo {
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	return fi
}

// sameState reports whether a and b are the same file, size and time.
func sameState(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// detach stops serving me's .swb: the cache loses the source, the reader is
// closed.
func (s *Server) detach(me *mapEntry) {
	if me.reader == nil {
		return
	}
	if err := me.cache.AttachSource(me.id, nil); err != nil {
		s.log.Error().Err(err).Msg("detach swb")
	}
	_ = me.reader.Close()
	me.reader = nil
}
