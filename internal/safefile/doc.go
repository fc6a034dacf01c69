// Package safefile opens the files the shard reads without trusting what
// their paths name: each path is stat-ed first and must be a regular file
// (a named pipe, a device, a socket or a directory is a clear error, and a
// pipe is never opened, so a read never blocks on one) of at most the size
// its caller finds plausible (a sparse or padded file is refused before a
// byte of it is read); the file opened is checked again, so a path
// swapped between the stat and the open is refused too. It also owns how
// the shard writes a file whole (a temporary renamed into place, so no
// reader sees a part) and the lock files that make writers of one
// directory (bakes of a cache dir, generations of a world's client files)
// take turns.
//
// It does not know what the files hold (their readers do), how large each
// kind may be (the callers' limits), or where files go (callers' paths).
package safefile
