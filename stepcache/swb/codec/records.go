package codec

import (
	"bytes"
	"fmt"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/zeebo/xxh3"
)

// RecordSet collects a file's distinct records in their plain form (a
// uniform record, or kindFull and the body) before any is written: the
// file's Huffman code is built from every full body, so records are encoded
// only once all are known. It holds ≈ the plain bytes of the distinct
// records (≈ 250 B per full one), not the chunks.
type RecordSet struct {
	enc      *Encoder
	dedup    bool
	hash     func([]byte) xxh3.Uint128 // dedup key (tests force collisions)
	seen     map[xxh3.Uint128][]int32  // key → records with it (more than one only on a collision)
	data     []byte                    // plain records back to back
	end      []int                     // record i is data[end[i-1]:end[i]]
	chunkRec []int32                   // per chunk added: its record, -1 absent
	hist     [256]uint64               // byte counts of every full body
	code     *[256]uint8               // the file's code lengths once finished (nil: none)
}

// NewRecordSet returns an empty set encoding with opts; with dedup, an
// identical chunk (its plain bytes compared) reuses an earlier record.
func NewRecordSet(opts Options, dedup bool) *RecordSet {
	return &RecordSet{enc: NewEncoder(opts), dedup: dedup, hash: xxh3.Hash128, seen: map[xxh3.Uint128][]int32{}}
}

// Plain returns record id's plain form: a uniform record, or kindFull and
// the full body before entropy coding.
func (s *RecordSet) Plain(id int) []byte {
	start := 0
	if id > 0 {
		start = s.end[id-1]
	}
	return s.data[start:s.end[id]]
}

// Add appends the next chunk (nil: absent) and returns its record, a new
// one unless an identical chunk came before (with dedup on).
func (s *RecordSet) Add(c *chunk.Chunk) (int32, error) {
	if c == nil {
		s.chunkRec = append(s.chunkRec, -1)
		return -1, nil
	}
	start := len(s.data)
	var err error
	s.data, err = s.enc.appendPlainRecord(s.data, c)
	if err != nil {
		s.data = s.data[:start]
		return -1, err
	}
	rec := s.data[start:]
	var key xxh3.Uint128
	if s.dedup {
		key = s.hash(rec)
		for _, id := range s.seen[key] {
			if bytes.Equal(s.Plain(int(id)), rec) {
				s.data = s.data[:start]
				s.chunkRec = append(s.chunkRec, id)
				return id, nil
			}
		}
	}
	id := int32(len(s.end))
	s.end = append(s.end, len(s.data))
	if s.dedup {
		s.seen[key] = append(s.seen[key], id)
	}
	if rec[0] == kindFull {
		for _, b := range rec[1:] {
			s.hist[b]++
		}
	}
	s.chunkRec = append(s.chunkRec, id)
	return id, nil
}

// Records is the number of distinct records.
func (s *RecordSet) Records() int { return len(s.end) }

// ChunkRecords is, per chunk added in order, its record (-1: absent).
func (s *RecordSet) ChunkRecords() []int32 { return s.chunkRec }

// Code is the file's code lengths once Finish has built one (nil: none).
func (s *RecordSet) Code() *[256]uint8 { return s.code }

// Finish builds the file's Huffman code from the full bodies (when the
// options ask for it and there are any); every record is then final.
func (s *RecordSet) Finish() error {
	if !s.enc.opts.Huff {
		return nil
	}
	lens, ok := buildHuffLens(&s.hist)
	if !ok {
		return nil
	}
	code, ok := newHuffCode(&lens)
	if !ok {
		return fmt.Errorf("swb: encode: built an invalid Huffman code")
	}
	s.enc.code, s.code = code, &lens
	return nil
}

// AppendRecord appends record id in its final (stored) form.
func (s *RecordSet) AppendRecord(dst []byte, id int) []byte {
	p := s.Plain(id)
	if p[0] == kindUniform {
		return append(dst, p...)
	}
	return s.enc.appendFullRecord(dst, p[1:])
}
