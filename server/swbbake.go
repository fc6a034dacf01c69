package server

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/swb"
)

// bakeJob is one background bake of a map's .swb.
type bakeJob struct {
	fsys    swb.FS
	rules   *movement.Rules // the map's, static layers only
	workers int
	path    string
	fp      uint64
	want    swb.Expect  // what a file at path must be to serve the map
	before  os.FileInfo // the file at path when the bake was asked for (nil: none)
	waiting func()      // called if another bake of path holds its lock
}

// bakeLockPath is the lock file bakes of path take turns with, across
// processes: a shard sharing the cache dir bakes the same map after the
// other's bake, or not at all when that one left a valid file.
func bakeLockPath(path string) string { return path + ".lock" }

// run bakes under path's lock: skipped when, by the time the lock is held,
// another process has put a valid file for the map at path since the bake
// was asked for (nothing is built or written).
func (j *bakeJob) run(ctx context.Context) (st swb.WriteStats, skipped bool, err error) {
	if err := prepareDir(j.fsys, j.path); err != nil {
		return st, false, fmt.Errorf("bake %s: %w", j.path, err)
	}
	lock, err := safefile.Acquire(ctx, bakeLockPath(j.path), j.waiting)
	if err != nil {
		return st, false, fmt.Errorf("bake %s: %w", j.path, err)
	}
	defer lock.Release()
	if fi := statOrNil(j.path); fi != nil && (j.before == nil || !sameState(fi, j.before)) {
		if r, err := swb.Open(j.path, j.want); err == nil {
			_ = r.Close()
			return st, true, nil
		}
	}
	st, err = bakeFile(ctx, j.fsys, j.rules, j.workers, j.path, j.fp)
	return st, false, err
}

// A failed bake (a full disk, a cache dir turned read-only) is tried again
// after bakeRetryFirst, then after twice as long each time it fails again,
// up to bakeRetryMax.
const (
	bakeRetryFirst = 30 * time.Second
	bakeRetryMax   = 10 * time.Minute
)

// bakeRetry is when map's next try of a failed bake is due.
type bakeRetry struct {
	at    time.Duration // by the server's clock; 0: none due
	every time.Duration // the wait before at
}

// retryBake starts the failed bake of map me again once its retry is due
// (on its goroutine, at a tick start).
func (s *Server) retryBake(me *mapEntry, now time.Duration) {
	if me.retry.at == 0 || now < me.retry.at || me.baking {
		return
	}
	me.retry.at = 0
	s.log.Info().Int("map", int(me.id)).Msg("retrying the failed bake")
	s.queueBake(me.id)
}
