package savefile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// Magic opens every save. Version is the newest layout: this package reads
// versions 1 and 2, and writes 1 for a save without sections (the file a
// shard without them always wrote) and 2 for one with.
const (
	Magic   = "SHCSAVE\x00"
	Version = 2
)

// maxSections bounds a save's sections.
const maxSections = 64

// headerSize is the fixed header: magic (8), version (4), flags (4), body
// length (8), xxh3 of the body (8).
const headerSize = 32

// MaxBytes is the largest save Read accepts (a shard of a few million
// mobiles): a larger header length is a corrupt or foreign file.
const MaxBytes = 4 << 30

// Errors a refused save wraps.
var (
	// ErrNotSave: the file does not start with Magic (not a save).
	ErrNotSave = errors.New("not a shardcore save")
	// ErrVersion: a save of another layout version.
	ErrVersion = errors.New("unsupported save version")
	// ErrCorrupt: truncated, its checksum does not match, or its body
	// does not decode.
	ErrCorrupt = errors.New("corrupt save")
)

// File is a shard's saved state: its tick count and game clock, when it
// was saved, and each map's simulation state with the fingerprint of the
// world it ran on (a save restores only onto the same world).
type File struct {
	Tick   uint64
	GameMs int64
	Saved  time.Time
	Maps   []Map
	// Sections are named parts of the save beside the maps' states that
	// belong to the shard's extensions (a cluster process's transfers),
	// each opaque to this package; a reader that does not know one of them
	// must refuse the save, never drop it. Version 2 and later.
	Sections []Section
	// Version is the layout the save was read from (0 for one made here).
	Version int
}

// Section is a named part of a save.
type Section struct {
	Name string
	Data []byte
}

// Section returns the data of the section named name and whether the save
// has one.
func (f *File) Section(name string) ([]byte, bool) {
	for _, s := range f.Sections {
		if s.Name == name {
			return s.Data, true
		}
	}
	return nil, false
}

// Map is one map's part of a save.
type Map struct {
	ID          world.MapID
	Fingerprint uint64
	State       *systems.State
}

// Counts returns the save's maps, mobiles and items.
func (f *File) Counts() (maps, mobiles, items int) {
	for _, m := range f.Maps {
		mobiles += len(m.State.Mobiles)
		items += len(m.State.Items)
	}
	return len(f.Maps), mobiles, items
}

// Encode returns f as a save's bytes.
func Encode(f *File) []byte {
	e := &enc{b: make([]byte, headerSize, 1<<16)}
	e.u(f.Tick)
	e.i(f.GameMs)
	e.i(f.Saved.UnixNano())
	e.u(uint64(len(f.Maps)))
	for _, m := range f.Maps {
		e.n(int(m.ID))
		e.u(m.Fingerprint)
		e.putState(m.State)
	}
	version := uint32(1)
	if len(f.Sections) > 0 {
		version = 2
		e.u(uint64(len(f.Sections)))
		for _, s := range f.Sections {
			e.bytes([]byte(s.Name))
			e.bytes(s.Data)
		}
	}
	body := e.b[headerSize:]
	h := e.b[:headerSize]
	copy(h, Magic)
	binary.LittleEndian.PutUint32(h[8:], version)
	binary.LittleEndian.PutUint32(h[12:], 0)
	binary.LittleEndian.PutUint64(h[16:], uint64(len(body)))
	binary.LittleEndian.PutUint64(h[24:], xxh3.Hash(body))
	return e.b
}

// Decode parses a save's bytes: the header, the checksum over the body,
// then the body. It never panics on any input and refuses anything but
// a whole, intact save of this version.
func Decode(b []byte) (*File, error) {
	if len(b) < headerSize {
		if len(b) >= len(Magic) && string(b[:len(Magic)]) == Magic {
			return nil, fmt.Errorf("%w: %d bytes, shorter than the header", ErrCorrupt, len(b))
		}
		return nil, fmt.Errorf("%w (%d bytes)", ErrNotSave, len(b))
	}
	if string(b[:len(Magic)]) != Magic {
		return nil, ErrNotSave
	}
	v := binary.LittleEndian.Uint32(b[8:])
	if v < 1 || v > Version {
		return nil, fmt.Errorf("%w: version %d, this build reads 1..%d", ErrVersion, v, Version)
	}
	if fl := binary.LittleEndian.Uint32(b[12:]); fl != 0 {
		return nil, fmt.Errorf("%w: flags %#x, this build knows none", ErrVersion, fl)
	}
	n := binary.LittleEndian.Uint64(b[16:])
	if body := uint64(len(b) - headerSize); n != body {
		return nil, fmt.Errorf("%w: the header says %d bytes of body, the file has %d", ErrCorrupt, n, body)
	}
	body := b[headerSize:]
	if sum := binary.LittleEndian.Uint64(b[24:]); xxh3.Hash(body) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	return decodeBody(body, int(v))
}

// decodeBody decodes a save's body of layout version (its checksum
// already checked).
func decodeBody(body []byte, version int) (*File, error) {
	d := &dec{b: body}
	f := &File{Tick: d.u("tick"), GameMs: d.i("game time"), Version: version}
	f.Saved = time.Unix(0, d.i("saved at")).UTC()
	f.Maps = make([]Map, d.count("maps", 3))
	for i := range f.Maps {
		f.Maps[i] = Map{ID: world.MapID(d.n("map id", 0, 255)), Fingerprint: d.u("fingerprint")}
		f.Maps[i].State = d.state()
		if d.err == nil && f.Maps[i].State.Map != f.Maps[i].ID {
			d.fail(errValue, "map state of another map")
		}
	}
	if version >= 2 {
		n := d.count("sections", 2)
		if d.err == nil && (n == 0 || n > maxSections) {
			d.fail(fmt.Errorf("%w: %d sections, want 1..%d", errValue, n, maxSections), "sections")
			n = 0
		}
		for range n {
			s := Section{Name: string(d.bytes("section name")), Data: d.bytes("section data")}
			if _, dup := f.Section(s.Name); d.err == nil && (s.Name == "" || dup) {
				d.fail(fmt.Errorf("%w: section %q empty-named or twice", errValue, s.Name), "section name")
			}
			f.Sections = append(f.Sections, s)
		}
	}
	if d.err == nil && d.off != len(body) {
		d.fail(fmt.Errorf("%w: %d bytes after the last part", errValue, len(body)-d.off), "end")
	}
	if d.err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, d.err)
	}
	return f, nil
}

// Read reads a whole save from r (at most MaxBytes) and decodes it.
func Read(r io.Reader) (*File, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxBytes {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrCorrupt, int64(MaxBytes))
	}
	return Decode(b)
}

// ReadFile reads the save at path. The path must name a regular file: a
// directory, pipe or device is refused before it is opened for reading.
func ReadFile(path string) (*File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("save %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("save %s: not a regular file (%s)", path, fi.Mode().Type())
	}
	if fi.Size() > MaxBytes {
		return nil, fmt.Errorf("save %s: %w: %d bytes, more than %d", path, ErrCorrupt, fi.Size(), int64(MaxBytes))
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("save %s: %w", path, err)
	}
	defer fh.Close()
	f, err := Read(fh)
	if err != nil {
		return nil, fmt.Errorf("save %s: %w", path, err)
	}
	return f, nil
}

// WriteFile writes f to path atomically: to a temp file in the same
// folder, synced, then renamed over path, so a crash at any moment leaves
// either the old save or the new one whole, never a mix.
func WriteFile(path string, f *File) error {
	return WriteBytes(path, Encode(f))
}

// WriteBytes writes an encoded save to path as WriteFile does.
func WriteBytes(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(b); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		done = true
		return fmt.Errorf("save %s: %w", path, err)
	}
	done = true
	if d, err := os.Open(dir); err == nil { // the rename itself survives a crash once its folder is synced
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// Exists reports whether a save is at path (anything at all there: a
// directory or pipe is then refused by ReadFile with a clear error).
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}
