package uo

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shardcore/shardcore/internal/safefile"
	"github.com/shardcore/shardcore/world"
)

// ManifestName is the file a generated world's folder carries beside the
// client files: what wrote them and each map's size. A client's own folder
// has none, and its maps take their facet's known sizes.
const ManifestName = "shardcore-world.txt"

// Manifest says what a world generator wrote into a folder, so the folder
// loads as a data directory like a client's even where a map's size is not
// its facet's.
type Manifest struct {
	Profile string // the generator profile ("default", "britannia")
	Seed    int64
	Maps    []ManifestMap   // in id order, each id once
	Houses  []ManifestHouse // house multis placed on the maps (server data a client folder lacks)
}

// ManifestHouse is a placed house multi: its map, its definition's id in
// multi.idx and its origin.
type ManifestHouse struct {
	Map     world.MapID
	Def     int
	X, Y, Z int
}

// ManifestMap is one map of a manifest and its size in cells.
type ManifestMap struct {
	ID            world.MapID
	Width, Height int
}

// Size returns the size the manifest records for map id.
func (m *Manifest) Size(id world.MapID) (width, height int, ok bool) {
	for _, mm := range m.Maps {
		if mm.ID == id {
			return mm.Width, mm.Height, true
		}
	}
	return 0, 0, false
}

// HousesOn returns the houses the manifest places on map id.
func (m *Manifest) HousesOn(id world.MapID) []ManifestHouse {
	var out []ManifestHouse
	for _, h := range m.Houses {
		if h.Map == id {
			out = append(out, h)
		}
	}
	return out
}

// IDs returns the map ids the manifest lists.
func (m *Manifest) IDs() []world.MapID {
	out := make([]world.MapID, len(m.Maps))
	for i, mm := range m.Maps {
		out[i] = mm.ID
	}
	return out
}

// WriteManifest writes m as dir/ManifestName.
func WriteManifest(dir string, m Manifest) error {
	if err := m.check(); err != nil {
		return fmt.Errorf("uo: write manifest: %w", err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# shardcore world manifest: the generator that wrote this folder and each map's size\n")
	fmt.Fprintf(&b, "profile %s\nseed %d\n", m.Profile, m.Seed)
	for _, mm := range m.Maps {
		fmt.Fprintf(&b, "map %d %dx%d\n", mm.ID, mm.Width, mm.Height)
	}
	for _, h := range m.Houses {
		fmt.Fprintf(&b, "house %d %d %d %d %d\n", h.Map, h.Def, h.X, h.Y, h.Z)
	}
	return writeFile(filepath.Join(dir, ManifestName), func(w *bufio.Writer) error {
		_, err := w.Write(b.Bytes())
		return err
	})
}

// ReadManifest reads dir's manifest (its name matched case-insensitively).
// found is false, with no error, when the folder has none.
func ReadManifest(dir string) (m Manifest, found bool, err error) {
	ix, err := indexDir(dir)
	if err != nil {
		return Manifest{}, false, err
	}
	path, ok := ix.find(dir, ManifestName)
	if !ok {
		return Manifest{}, false, nil
	}
	data, err := safefile.ReadFile(path, maxManifestBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return Manifest{}, false, nil
	}
	if err != nil {
		return Manifest{}, false, fmt.Errorf("uo: read manifest: %w", err)
	}
	m, err = ParseManifest(data)
	if err != nil {
		return Manifest{}, false, fmt.Errorf("uo: %s: %w", path, err)
	}
	return m, true, nil
}

// maxManifestBytes is the largest manifest read (a generator writes a few
// kilobytes: its maps and houses).
const maxManifestBytes = 1 << 20

// ParseManifest parses a manifest's text. Every line is a comment (#), blank,
// or one of "profile NAME", "seed N", "map ID WxH", "house MAP DEF X Y Z";
// anything else is an error naming the line (quoting its start). Bytes that
// are not text (a NUL, invalid UTF-8) are an error naming their offset.
func ParseManifest(data []byte) (Manifest, error) {
	if off := binaryAt(data); off >= 0 {
		return Manifest{}, fmt.Errorf("binary data at offset %d (a NUL or invalid UTF-8): not a manifest's text", off)
	}
	var m Manifest
	seen := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if err := m.parseLine(f, seen); err != nil {
			return Manifest{}, fmt.Errorf("line %d %s: %w", i+1, quoteStart(line), err)
		}
	}
	if !seen["profile"] {
		return Manifest{}, errors.New("no profile line")
	}
	if err := m.check(); err != nil {
		return Manifest{}, err
	}
	return m, nil
}

func (m *Manifest) parseLine(f []string, seen map[string]bool) error {
	key := f[0]
	if key != "map" && key != "house" && seen[key] {
		return fmt.Errorf("%s given twice", key)
	}
	seen[key] = true
	switch {
	case key == "profile" && len(f) == 2:
		m.Profile = f[1]
	case key == "seed" && len(f) == 2:
		v, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			return fmt.Errorf("seed: %w", err)
		}
		m.Seed = v
	case key == "map" && len(f) == 3:
		id, err := strconv.ParseUint(f[1], 10, 8)
		if err != nil {
			return fmt.Errorf("map id: %w", err)
		}
		ws, hs, ok := strings.Cut(f[2], "x")
		w, errW := strconv.Atoi(ws)
		h, errH := strconv.Atoi(hs)
		if !ok || errW != nil || errH != nil {
			return fmt.Errorf("map size %q is not WIDTHxHEIGHT", f[2])
		}
		m.Maps = append(m.Maps, ManifestMap{ID: world.MapID(id), Width: w, Height: h})
	case key == "house" && len(f) == 6:
		var v [5]int
		for i := range v {
			n, err := strconv.Atoi(f[1+i])
			if err != nil {
				return fmt.Errorf("house: %w", err)
			}
			v[i] = n
		}
		if v[0] < 0 || v[0] > 255 || v[1] < 0 || v[4] < -128 || v[4] > 127 {
			return fmt.Errorf("house: map %d, definition %d or z %d out of range", v[0], v[1], v[4])
		}
		m.Houses = append(m.Houses, ManifestHouse{Map: world.MapID(v[0]), Def: v[1], X: v[2], Y: v[3], Z: v[4]})
	default:
		return errors.New(`want "profile NAME", "seed N", "map ID WIDTHxHEIGHT" or "house MAP DEF X Y Z"`)
	}
	return nil
}

// check reports a manifest that could not describe a folder of maps.
func (m *Manifest) check() error {
	if m.Profile == "" || strings.ContainsAny(m.Profile, " \t\n#") {
		return fmt.Errorf("profile %q is not a name", m.Profile)
	}
	if len(m.Maps) == 0 {
		return errors.New("no map lines")
	}
	for i, mm := range m.Maps {
		if mm.Width <= 0 || mm.Height <= 0 || mm.Width > maxMapSide || mm.Height > maxMapSide ||
			mm.Width%world.BlockSize != 0 || mm.Height%world.BlockSize != 0 {
			return fmt.Errorf("map %d: size %dx%d is not a positive multiple of %d up to %d",
				mm.ID, mm.Width, mm.Height, world.BlockSize, maxMapSide)
		}
		if slices.ContainsFunc(m.Maps[:i], func(o ManifestMap) bool { return o.ID == mm.ID }) {
			return fmt.Errorf("map %d listed twice", mm.ID)
		}
	}
	return nil
}

// binaryAt is the offset of data's first byte that is not text (a NUL or
// invalid UTF-8), or -1.
func binaryAt(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == 0 || (r == utf8.RuneError && n == 1) {
			return i
		}
		i += n
	}
	return -1
}

// quoteStart quotes line, cut to its first 60 bytes (on a rune boundary)
// when longer.
func quoteStart(line string) string {
	const most = 60
	if len(line) <= most {
		return strconv.Quote(line)
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(line[:cut]), len(line))
}
