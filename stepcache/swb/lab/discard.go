package lab

import "github.com/shardcore/shardcore/stepcache/swb"

// discardFS is a swb.FS that keeps nothing: Write's bytes are counted by
// WriteStats, never stored.
type discardFS struct{}

func (discardFS) CreateTemp(dir, pattern string) (swb.File, error) { return discardFile{}, nil }
func (discardFS) Rename(oldpath, newpath string) error             { return nil }
func (discardFS) Remove(name string) error                         { return nil }
func (discardFS) SyncDir(dir string) error                         { return nil }

// discardFile is a file of discardFS.
type discardFile struct{}

func (discardFile) Write(p []byte) (int, error)            { return len(p), nil }
func (discardFile) WriteAt(p []byte, _ int64) (int, error) { return len(p), nil }
func (discardFile) Name() string                           { return "discard" }
func (discardFile) Sync() error                            { return nil }
func (discardFile) Close() error                           { return nil }
