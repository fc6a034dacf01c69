package recorder

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// Record is one recorded search: the JSON line the Recorder writes.
type Record struct {
	// Version is the line's format ("v"): 0 or 1 for lines written before
	// versions (no dynamics), Version since.
	Version     int    `json:"v"`
	Tick        uint64 `json:"tick"`
	Map         int    `json:"map"`
	Fingerprint string `json:"fp"` // hex xxh3 of the client files
	// Search is the finder that ran it ("cache", "classic", "jps"; "" in older
	// recordings).
	Search string `json:"search,omitempty"`
	Mobile uint64 `json:"mobile"`
	Party  uint64 `json:"party"` // 0 in older recordings: the mobile itself
	Start  [2]int `json:"start"`
	StartZ int    `json:"startZ"`
	Goal   [2]int `json:"goal"`
	Range  int    `json:"range"`
	Caps   uint16 `json:"caps"`
	// MaxNodes is the search's node budget (format 1: the configured
	// pathfinding.maxNodes, which a search the tick budget capped did not
	// have).
	MaxNodes   int            `json:"maxNodes"`
	Found      bool           `json:"found"`
	Steps      int            `json:"steps"`
	Cost       float64        `json:"cost"`
	Expansions int            `json:"expansions"`
	Micros     float64        `json:"us"`
	WaitTicks  uint64         `json:"waitTicks"`
	Lookups    map[string]int `json:"lookups"`
	// Dyn is what the search saw of the dynamic world: every cell it asked
	// about that held a dynamic item or a mobile. nil when not recorded
	// (format 1, or a line written without Instrument): such a
	// search replays on the static world.
	Dyn []DynCell `json:"dyn"`
	// Line is the record's line in its file (not in the JSON).
	Line int `json:"-"`
}

// DynCell is one cell's dynamic content as a recorded search saw it.
type DynCell struct {
	X     int         `json:"x"`
	Y     int         `json:"y"`
	Items []DynItem   `json:"items,omitempty"`
	Mobs  []DynMobile `json:"mobs,omitempty"`
}

// DynItem is a dynamic item (a closed door, a field, a crate) on a cell.
type DynItem struct {
	ID      uint16 `json:"id"`
	Z       int8   `json:"z"`
	Movable bool   `json:"movable,omitempty"`
}

// DynMobile is a mobile on a cell.
type DynMobile struct {
	ID          uint64 `json:"id"`
	Z           int8   `json:"z"`
	Dead        bool   `json:"dead,omitempty"`
	HiddenStaff bool   `json:"hiddenStaff,omitempty"`
}

// HasDynamics reports whether the record carries what its search saw of
// the dynamic world (a replay then reproduces the search exactly).
func (r *Record) HasDynamics() bool { return r.Version >= 2 && r.Dyn != nil }

// MaxLineBytes is the longest recording line Read accepts.
const MaxLineBytes = 16 << 20

// Recording is a decoded recording.
type Recording struct {
	Records []Record
	// CutLine is the number of the last line when it ends without a
	// newline and does not decode: its writer stopped mid-line (killed,
	// or a shard of an older version on a full disk). 0 when the recording
	// ends with a whole line. The cut line is not among Records.
	CutLine int
}

// Read decodes a recording, one Record per non-empty line; a bad line, a
// line longer than MaxLineBytes, a line of a newer format than Version or
// a cell listed twice in a line's dynamics is an error naming its line
// number, except a cut last line (Recording.CutLine).
func Read(r io.Reader) (Recording, error) {
	var out Recording
	br := bufio.NewReaderSize(r, 64<<10)
	var b []byte
	for line := 1; ; line++ {
		b = b[:0]
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			if len(b)+len(chunk) > MaxLineBytes {
				return Recording{}, fmt.Errorf("recording line %d: longer than %d bytes", line, MaxLineBytes)
			}
			b = append(b, chunk...)
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if err != nil && err != io.EOF {
			return Recording{}, fmt.Errorf("reading recording line %d: %w", line, err)
		}
		whole := len(b) > 0 && b[len(b)-1] == '\n'
		b = bytes.TrimRight(b, "\r\n")
		if len(b) > 0 {
			rec, derr := decodeLine(b)
			switch {
			case derr != nil && !whole && err == io.EOF:
				out.CutLine = line
			case derr != nil:
				return Recording{}, fmt.Errorf("recording line %d: %w", line, derr)
			default:
				rec.Line = line
				out.Records = append(out.Records, rec)
			}
		}
		if err == io.EOF {
			return out, nil
		}
	}
}

// decodeLine decodes and checks one line.
func decodeLine(b []byte) (Record, error) {
	var rec Record
	if err := json.Unmarshal(b, &rec); err != nil {
		return Record{}, err
	}
	if err := rec.check(); err != nil {
		return Record{}, err
	}
	return rec, nil
}

// check refuses what a replay could not run faithfully.
func (r *Record) check() error {
	if r.Version < 0 || r.Version > Version {
		return fmt.Errorf("format version %d: this shard reads versions 1 to %d (a newer shard wrote it)", r.Version, Version)
	}
	if len(r.Dyn) == 0 {
		return nil
	}
	seen := make(map[[2]int]struct{}, len(r.Dyn))
	for _, c := range r.Dyn {
		k := [2]int{c.X, c.Y}
		if _, dup := seen[k]; dup {
			return fmt.Errorf("dyn: cell (%d,%d) listed twice", c.X, c.Y)
		}
		seen[k] = struct{}{}
	}
	return nil
}
