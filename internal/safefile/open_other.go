//go:build !unix

package safefile

import "os"

// openNonBlocking opens path read-only (no platform here blocks opening a
// file Stat accepted).
func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }

// setBlocking is a no-op here.
func setBlocking(*os.File) error { return nil }

// openAppendNonBlocking opens path for appending, creating it.
func openAppendNonBlocking(path string, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, perm)
}
