//go:build !unix

package swb

import "os"

// renameOpen: Write closes its temporary before renaming it (some
// platforms cannot rename an open file).
const renameOpen = false

// lockFile is a no-op where the platform has no advisory locks.
func lockFile(*os.File) error { return nil }

// unlockedTemp cannot tell a dead writer's temporary file from a live
// one's here, so none is stale.
func unlockedTemp(string) (bool, error) { return false, nil }
