package uo

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/internal/safefile"
)

// Fingerprint is xxh3 over the bytes on disk of tiledata, then the map's
// files: the .uop container when set, else map{N}.mul, then staidx and
// statics. Each file is preceded by its length (u64, little-endian) so that
// moving bytes across a file boundary changes the result. It never looks at
// in-memory tables, which a server patches at run time.
func Fingerprint(files MapFiles) (uint64, error) {
	land := files.Map
	if files.UOP != "" {
		land = files.UOP
	}
	h := xxh3.New()
	for _, p := range []string{files.TileData, land, files.Staidx, files.Statics} {
		if err := hashFile(h, p); err != nil {
			return 0, err
		}
	}
	return h.Sum64(), nil
}

func hashFile(h *xxh3.Hasher, path string) error {
	if path == "" {
		return fmt.Errorf("uo: fingerprint: a map file path is empty")
	}
	f, st, err := safefile.Open(path, safefile.NoLimit)
	if err != nil {
		return fmt.Errorf("uo: fingerprint: %w", err)
	}
	defer f.Close()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(st.Size()))
	_, _ = h.Write(n[:])
	got, err := io.Copy(h, f)
	if err != nil {
		return fmt.Errorf("uo: fingerprint %s: %w", path, err)
	}
	if got != st.Size() {
		return fmt.Errorf("uo: fingerprint %s: read %d bytes, size was %d (file changed while hashing)", path, got, st.Size())
	}
	return nil
}
