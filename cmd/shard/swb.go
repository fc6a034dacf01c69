package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"shardcore/stepcache"
	"shardcore/stepcache/swb"
)

// cmdSWB inspects .swb files: `shard swb info [--stages] FILE`.
func cmdSWB(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "info" {
		return fmt.Errorf("usage: shard swb info [--stages] FILE")
	}
	fs := flag.NewFlagSet("swb info", flag.ContinueOnError)
	stages := fs.Bool("stages", false, "also print the stage-by-stage size table of the encodings")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: shard swb info [--stages] FILE")
	}
	return swbInfo(ctx, os.Stdout, fs.Arg(0), *stages)
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
		return fmt.Errorf("swb info: %w", err)
	}
	h := r.Header()
	fmt.Fprintf(w, "file         %s\n", path)
	fmt.Fprintf(w, "version      %d\n", h.Version)
	fmt.Fprintf(w, "map          %d (%d×%d chunks, %d×%d cells)\n", h.MapID, h.WidthChunks, h.HeightChunks,
		h.WidthChunks*stepcache.ChunkSize, h.HeightChunks*stepcache.ChunkSize)
	fmt.Fprintf(w, "fingerprint  %016x\n", h.Fingerprint)
	fmt.Fprintf(w, "baked        %s\n", h.BakeTime.UTC().Format(time.RFC3339))
	fmt.Fprintf(w, "index        %d bytes at %d (%d chunks, %d distinct records)\n", h.IndexLength, h.IndexOffset, h.ChunkCount, h.RecordCount)

	chunks := make([]*stepcache.Chunk, h.WidthChunks*h.HeightChunks)
	type kindStat struct{ chunks, records, bytes, strata int }
	var ks [2]kindStat // uniform, full
	var swim, strata int
	seen := make(map[int]bool)
	for cy := 0; cy < h.HeightChunks; cy++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		for cx := 0; cx < h.WidthChunks; cx++ {
			c, ok, err := r.ReadChunk(cx, cy)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			chunks[cy*h.WidthChunks+cx] = c
			_, sw, st := chunkKinds(c)
			swim, strata = swim+b2i(sw), strata+b2i(st)
			info, _ := r.Record(cx, cy)
			k := &ks[1]
			if swb.IsUniform(c) {
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
	fmt.Fprintf(w, "\n%-8s %9s %9s %12s %8s\n", "kind", "chunks", "records", "bytes", "strata")
	for i, name := range []string{"uniform", "full"} {
		fmt.Fprintf(w, "%-8s %9d %9d %12d %8d\n", name, ks[i].chunks, ks[i].records, ks[i].bytes, ks[i].strata)
	}
	fmt.Fprintf(w, "%-8s %9s %9s %12d\n", "header", "", "", swb.HeaderSize)
	fmt.Fprintf(w, "%-8s %9s %9s %12d\n", "index", "", "", h.IndexLength)
	if stages {
		st, err := swb.Stages(chunks)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\n%-72s %12s\n", "stage", "bytes")
		for _, s := range st {
			fmt.Fprintf(w, "%-72s %12d\n", s.Name, s.Bytes)
		}
	}
	ref := swb.ReferenceSize(chunks)
	perFull := int64(0)
	if ks[1].chunks > 0 {
		perFull = fi.Size() / int64(ks[1].chunks)
	}
	ratio := 0.0
	if ref > 0 {
		ratio = float64(fi.Size()) / float64(ref)
	}
	fmt.Fprintf(w, "chunks %d uniform %d full %d swim %d strata %d bytes %d bytes_per_full %d reference_bytes %d ratio %.3f\n",
		ks[0].chunks+ks[1].chunks, ks[0].chunks, ks[1].chunks, swim, strata, fi.Size(), perFull, ref, ratio)
	return nil
}
