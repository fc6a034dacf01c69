package pathing_test

import "os"

// benchDir is where the benchmark writes its .swb: a fresh temp directory
// (left for the OS to clean, as the env lives for the whole binary).
func benchDir() string {
	d, err := os.MkdirTemp("", "pathing-bench-")
	if err != nil {
		return os.TempDir()
	}
	return d
}
