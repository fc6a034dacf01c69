package cluster

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/world"
)

// wireVersion opens every encoded transfer and book: a reader refuses
// another.
const wireVersion = 1

// maxParty bounds the mobiles of one transfer (a leader, its pets and
// theirs).
const maxParty = 1 << 16

// errWire is what bytes that do not decode wrap.
var errWire = errors.New("cluster: bad encoding")

// key names a transfer: the maps it goes between and its number among
// those maps' transfers.
type key struct {
	from, to world.MapID
	seq      uint64
}

// pair is a source map and a destination map.
type pair struct{ from, to world.MapID }

// transfer is a party on its way from a map of one process to a map of
// another: what the stream carries and the journal and saves keep.
type transfer struct {
	key
	x, y, z int
	mobiles []server.Traveller
}

// newTransfer is party p as transfer seq of its maps.
func newTransfer(p server.Party, seq uint64) *transfer {
	return &transfer{key: key{p.From, p.To, seq}, x: p.X, y: p.Y, z: p.Z, mobiles: p.Mobiles}
}

// party is the transfer as the server places it.
func (t *transfer) party() server.Party {
	return server.Party{From: t.from, To: t.to, X: t.x, Y: t.y, Z: t.z, Mobiles: t.mobiles}
}

// ids are the ids of the transfer's mobiles.
func (t *transfer) ids() []uint64 {
	out := make([]uint64, len(t.mobiles))
	for i, m := range t.mobiles {
		out[i] = m.ID
	}
	return out
}

// msgID is the transfer's message id on the stream (Nats-Msg-Id): the same
// for every send of it, so the stream stores it once.
func (k key) msgID() string { return fmt.Sprintf("%d-%d-%d", k.from, k.to, k.seq) }

// appendTransfer appends t's encoding to b.
func appendTransfer(b []byte, t *transfer) []byte {
	b = binary.AppendUvarint(b, uint64(t.from))
	b = binary.AppendUvarint(b, uint64(t.to))
	b = binary.AppendUvarint(b, t.seq)
	b = binary.AppendVarint(b, int64(t.x))
	b = binary.AppendVarint(b, int64(t.y))
	b = binary.AppendVarint(b, int64(t.z))
	b = binary.AppendUvarint(b, uint64(len(t.mobiles)))
	for _, m := range t.mobiles {
		b = binary.AppendUvarint(b, m.ID)
		b = binary.AppendUvarint(b, uint64(m.Tags.Caps()))
		b = binary.AppendUvarint(b, uint64(m.Speed))
		b = binary.AppendUvarint(b, m.Follow)
		b = binary.AppendVarint(b, int64(m.Range))
	}
	return b
}

// encodeTransfer is a transfer as a stream message's body.
func encodeTransfer(t *transfer) []byte {
	return appendTransfer([]byte{wireVersion}, t)
}

// decodeTransfer reads a stream message's body.
func decodeTransfer(b []byte) (*transfer, error) {
	r := reader{b: b}
	if v := r.byte(); r.err == nil && v != wireVersion {
		return nil, fmt.Errorf("%w: version %d, this build reads %d", errWire, v, wireVersion)
	}
	t := r.transfer()
	if err := r.end(); err != nil {
		return nil, err
	}
	return t, nil
}

// reader reads what the append functions wrote; its first error sticks,
// and every read after it returns zero.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s (%d bytes left)", errWire, what, len(r.b))
	}
}

func (r *reader) byte() byte {
	if r.err != nil || len(r.b) == 0 {
		r.fail("short")
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *reader) uvarint(what string) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// int reads a signed number in [lo, hi].
func (r *reader) int(what string, lo, hi int64) int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b)
	if n <= 0 || v < lo || v > hi {
		r.fail(what)
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

// count reads a length of at most limit items of at least one byte each.
func (r *reader) count(what string, limit int) int {
	n := r.uvarint(what)
	if r.err == nil && (n > uint64(limit) || n > uint64(len(r.b))) {
		r.fail(what + " count")
		return 0
	}
	return int(n)
}

func (r *reader) mapID(what string) world.MapID {
	v := r.uvarint(what)
	if v > 255 {
		r.fail(what)
	}
	return world.MapID(v)
}

func (r *reader) transfer() *transfer {
	t := &transfer{key: key{from: r.mapID("from"), to: r.mapID("to"), seq: r.uvarint("seq")}}
	t.x, t.y = r.int("x", 0, 1<<15), r.int("y", 0, 1<<15)
	t.z = r.int("z", -128, 127)
	t.mobiles = make([]server.Traveller, r.count("mobiles", maxParty))
	for i := range t.mobiles {
		m := &t.mobiles[i]
		m.ID = r.uvarint("mobile id")
		caps := r.uvarint("caps")
		if caps > 0xFFFF {
			r.fail("caps")
		}
		m.Tags = c.TagsOf(movement.Caps(caps))
		speed := r.uvarint("speed")
		if speed > 0xFFFF {
			r.fail("speed")
		}
		m.Speed = uint16(speed)
		m.Follow = r.uvarint("follow")
		m.Range = r.int("range", 0, 1<<16)
	}
	if r.err == nil && (t.seq == 0 || len(t.mobiles) == 0) {
		r.fail("empty transfer")
	}
	return t
}

// end reports the reader's error, or that bytes are left over.
func (r *reader) end() error {
	if r.err == nil && len(r.b) > 0 {
		r.fail("trailing bytes")
	}
	return r.err
}

// window is the transfers of one pair of maps applied here: every number
// up to done, and those above it in above (a transfer delivered before one
// sent earlier). A number it has is a repeated delivery.
type window struct {
	done  uint64
	above []uint64 // ascending
}

func (w *window) has(seq uint64) bool {
	_, found := slices.BinarySearch(w.above, seq)
	return seq <= w.done || found
}

func (w *window) add(seq uint64) {
	if w.has(seq) {
		return
	}
	i, _ := slices.BinarySearch(w.above, seq)
	w.above = slices.Insert(w.above, i, seq)
	for len(w.above) > 0 && w.above[0] == w.done+1 {
		w.done++
		w.above = w.above[1:]
	}
}

// book is the transfers' state a save holds: the generation of the last
// capture (journal records after it carry it), the next number of each
// pair of maps' outbound transfers, what has been applied of each pair's
// inbound ones, and the outbound transfers the stream has not yet stored.
type book struct {
	gen     uint64
	nextSeq map[pair]uint64
	windows map[pair]*window
	outbox  map[key]*transfer
}

func newBook() *book {
	return &book{nextSeq: map[pair]uint64{}, windows: map[pair]*window{}, outbox: map[key]*transfer{}}
}

// window returns pair p's window, made when first asked.
func (k *book) window(p pair) *window {
	w := k.windows[p]
	if w == nil {
		w = &window{}
		k.windows[p] = w
	}
	return w
}

// pending returns the outbox in send order (by maps, then number).
func (k *book) pending() []*transfer {
	out := make([]*transfer, 0, len(k.outbox))
	for _, t := range k.outbox {
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b *transfer) int { return compareKeys(a.key, b.key) })
	return out
}

func compareKeys(a, b key) int {
	switch {
	case a.from != b.from:
		return int(a.from) - int(b.from)
	case a.to != b.to:
		return int(a.to) - int(b.to)
	case a.seq < b.seq:
		return -1
	case a.seq > b.seq:
		return 1
	}
	return 0
}

// sortedPairs returns m's pairs in order.
func sortedPairs[V any](m map[pair]V) []pair {
	out := make([]pair, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b pair) int { return compareKeys(key{a.from, a.to, 0}, key{b.from, b.to, 0}) })
	return out
}

// encode returns the book as a save's section.
func (k *book) encode() []byte {
	b := []byte{wireVersion}
	b = binary.AppendUvarint(b, k.gen)
	seqs := sortedPairs(k.nextSeq)
	b = binary.AppendUvarint(b, uint64(len(seqs)))
	for _, p := range seqs {
		b = append(b, byte(p.from), byte(p.to))
		b = binary.AppendUvarint(b, k.nextSeq[p])
	}
	wins := sortedPairs(k.windows)
	b = binary.AppendUvarint(b, uint64(len(wins)))
	for _, p := range wins {
		w := k.windows[p]
		b = append(b, byte(p.from), byte(p.to))
		b = binary.AppendUvarint(b, w.done)
		b = binary.AppendUvarint(b, uint64(len(w.above)))
		for _, s := range w.above {
			b = binary.AppendUvarint(b, s)
		}
	}
	out := k.pending()
	b = binary.AppendUvarint(b, uint64(len(out)))
	for _, t := range out {
		b = appendTransfer(b, t)
	}
	return b
}

// decodeBook reads a save's section.
func decodeBook(b []byte) (*book, error) {
	r := reader{b: b}
	if v := r.byte(); r.err == nil && v != wireVersion {
		return nil, fmt.Errorf("%w: book version %d, this build reads %d", errWire, v, wireVersion)
	}
	k := newBook()
	k.gen = r.uvarint("generation")
	for range r.count("sequences", 1<<16) {
		p := pair{world.MapID(r.byte()), world.MapID(r.byte())}
		k.nextSeq[p] = r.uvarint("next sequence")
	}
	for range r.count("windows", 1<<16) {
		w := k.window(pair{world.MapID(r.byte()), world.MapID(r.byte())})
		w.done = r.uvarint("done")
		for range r.count("above", 1<<24) {
			s := r.uvarint("above")
			if r.err == nil && (s <= w.done+1 || len(w.above) > 0 && s <= w.above[len(w.above)-1]) {
				r.fail("window out of order")
			}
			w.above = append(w.above, s)
		}
	}
	for range r.count("outbox", 1<<24) {
		t := r.transfer()
		if r.err == nil {
			k.outbox[t.key] = t
		}
	}
	if err := r.end(); err != nil {
		return nil, fmt.Errorf("cluster: the save's transit section: %w", err)
	}
	return k, nil
}

// SectionInfo is what a save's transit section holds.
type SectionInfo struct {
	// Generation is the save's: the journal's records of it and later
	// replay on top of it.
	Generation uint64
	// Outbox is the outbound transfers the stream had not stored when the
	// save was taken (sent again by a restarted process), Mobiles theirs.
	Outbox, Mobiles int
}

// ReadSection reads a save's transit section (savefile's section
// server.TransitSection).
func ReadSection(b []byte) (SectionInfo, error) {
	k, err := decodeBook(b)
	if err != nil {
		return SectionInfo{}, err
	}
	info := SectionInfo{Generation: k.gen, Outbox: len(k.outbox)}
	for _, t := range k.outbox {
		info.Mobiles += len(t.mobiles)
	}
	return info, nil
}
