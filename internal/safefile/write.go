package safefile

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile creates or replaces path with what fill writes, through a
// temporary file in path's directory renamed into place once complete: a
// reader sees the old file or the new one, never a part; a failed write
// (a full disk) leaves the old file and removes the temporary. The file is
// readable by all (0644, as os.Create's under the usual umask; a
// temporary is created 0600).
func WriteFile(path string, fill func(w *bufio.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return fmt.Errorf("create %s: %w", path, err)
	}
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err := fill(bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("rename into %s: %w", path, err)
	}
	return nil
}
