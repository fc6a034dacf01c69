package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/stepcache/swb/lab"
)

// cmdSWB inspects .swb files: `shard swb info [--stages] FILE`.
func cmdSWB(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return subcommand("swb", args, stdout, stderr, map[string]func([]string) error{
		"info": func(a []string) error {
			fs := newFlags("swb info", stdout, stderr, "shard swb info [--stages] FILE")
			stages := fs.Bool("stages", false, "also print the stage-by-stage size table of the encodings")
			if err := fs.parse(a); err != nil {
				return err
			}
			if fs.NArg() != 1 {
				return fs.usageErr("want one FILE")
			}
			return swbInfo(ctx, stdout, fs.Arg(0), *stages)
		},
	}, "shard swb info [--stages] FILE")
}

// kindStat counts one kind of chunk (uniform or full) of a file.
type kindStat struct{ chunks, records, bytes, strata int }

// fileStats counts a file's chunks: by kind (0 uniform, 1 full), and those
// with a swim layer or strata (chunkKinds).
type fileStats struct {
	kinds        [2]kindStat
	swim, strata int
}

// swbInfo prints the header, the chunk kinds with their bytes, optionally the
// stage table, and as its last line the summary the tools grep for.
func swbInfo(ctx context.Context, w io.Writer, path string, stages bool) error {
	r, err := swb.Open(path, swb.Expect{AnyIdentity: true})
	if err != nil {
		return err
	}
	defer r.Close()
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	printHeader(w, path, r.Header())
	chunks, fst, err := readAllChunks(ctx, r)
	if err != nil {
		return err
	}
	ks := fst.kinds
	fmt.Fprintf(w, "\n%-8s %9s %9s %12s %8s\n", "kind", "chunks", "records", "bytes", "strata")
	for i, name := range []string{"uniform", "full"} {
		fmt.Fprintf(w, "%-8s %9d %9d %12d %8d\n", name, ks[i].chunks, ks[i].records, ks[i].bytes, ks[i].strata)
	}
	fmt.Fprintf(w, "%-8s %9s %9s %12d\n", "header", "", "", swb.HeaderSize)
	fmt.Fprintf(w, "%-8s %9s %9s %12d\n", "index", "", "", r.Header().IndexLength)
	if stages {
		if err := printStages(w, chunks, r.Header().WidthChunks); err != nil {
			return err
		}
	}
	ref := lab.ReferenceSize(chunks)
	perFull := int64(0)
	if ks[1].chunks > 0 {
		perFull = fi.Size() / int64(ks[1].chunks)
	}
	ratio := 0.0
	if ref > 0 {
		ratio = float64(fi.Size()) / float64(ref)
	}
	fmt.Fprintf(w, "chunks %d uniform %d full %d swim %d strata %d bytes %d bytes_per_full %d reference_bytes %d ratio %.3f\n",
		ks[0].chunks+ks[1].chunks, ks[0].chunks, ks[1].chunks, fst.swim, fst.strata, fi.Size(), perFull, ref, ratio)
	return nil
}

// printHeader prints the file's header fields.
func printHeader(w io.Writer, path string, h swb.Header) {
	fmt.Fprintf(w, "file         %s\n", path)
	fmt.Fprintf(w, "version      %d\n", h.Version)
	fmt.Fprintf(w, "map          %d (%d×%d chunks, %d×%d cells)\n", h.MapID, h.WidthChunks, h.HeightChunks,
		h.WidthChunks*chunk.Size, h.HeightChunks*chunk.Size)
	fmt.Fprintf(w, "fingerprint  %016x\n", h.Fingerprint)
	fmt.Fprintf(w, "baked        %s\n", h.BakeTime.UTC().Format(time.RFC3339))
	fmt.Fprintf(w, "index        %d bytes at %d (%d chunks, %d distinct records)\n", h.IndexLength, h.IndexOffset, h.ChunkCount, h.RecordCount)
}

// readAllChunks reads every chunk of r (row-major, nil where absent) and
// counts them (each record's bytes once).
func readAllChunks(ctx context.Context, r *swb.Reader) ([]*chunk.Chunk, fileStats, error) {
	h := r.Header()
	var fst fileStats
	ks := &fst.kinds
	chunks := make([]*chunk.Chunk, h.WidthChunks*h.HeightChunks)
	seen := make(map[int]bool)
	for cy := 0; cy < h.HeightChunks; cy++ {
		if err := ctx.Err(); err != nil {
			return nil, fst, err
		}
		for cx := 0; cx < h.WidthChunks; cx++ {
			c, ok, err := r.ReadChunk(cx, cy)
			if err != nil {
				return nil, fst, err
			}
			if !ok {
				continue
			}
			chunks[cy*h.WidthChunks+cx] = c
			uniform, sw, st := chunkKinds(c)
			fst.swim, fst.strata = fst.swim+b2i(sw), fst.strata+b2i(st)
			info, _ := r.Record(cx, cy)
			k := &ks[1]
			if uniform {
				k = &ks[0]
			}
			k.chunks++
			if c.StrataStart != nil {
				k.strata++
			}
			if !seen[info.ID] {
				seen[info.ID] = true
				k.records++
				k.bytes += info.Length
			}
		}
	}
	return chunks, fst, nil
}

// printStages prints the lab's stage table for chunks (rows of wide).
func printStages(w io.Writer, chunks []*chunk.Chunk, wide int) error {
	st, err := lab.Stages(chunks, wide)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%-72s %12s\n", "stage", "bytes")
	for _, s := range st {
		fmt.Fprintf(w, "%-72s %12d\n", s.Name, s.Bytes)
	}
	return nil
}
