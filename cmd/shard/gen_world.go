package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// genWorldOptions are the flags of `shard gen-world`.
type genWorldOptions struct {
	profile string
	out     string
	mapID   int // -1 = every map of the profile
	seed    int64
	size    string
	sample  int
}

// cmdGenWorld generates a profile's world and writes it as UO client files:
// shard gen-world [--profile default|britannia] --out DIR [--map N]
// [--seed N] [--size WxH] [--sample N].
func cmdGenWorld(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var o genWorldOptions
	fs := newFlags("gen-world", stdout, stderr, "shard gen-world [--profile default|britannia] --out DIR [--map N] [--seed N] [--size WxH] [--sample N]")
	fs.StringVar(&o.profile, "profile", gen.ProfileDefault, "world profile: default (one 1024x1024 map) or britannia (the six facets at client sizes)")
	fs.StringVar(&o.out, "out", "", "directory to write the client files into (required)")
	fs.IntVar(&o.mapID, "map", -1, "britannia: write only this map id (0..5; default all six)")
	fs.Int64Var(&o.seed, "seed", gen.DefaultSeed, "world seed")
	fs.StringVar(&o.size, "size", "", "map size WIDTHxHEIGHT, multiples of 8 (default: 1024x1024, or each facet's client size; a small britannia test map)")
	fs.IntVar(&o.sample, "sample", 0, "bake this many chunks of each map, spread at random, and print their statistics (uniform, swim, strata, estimated .swb and reference bytes)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fs.usageErr("unexpected arguments %q", fs.Args())
	}
	if o.out == "" {
		return fs.usageErr("--out DIR is required")
	}
	switch o.profile {
	case gen.ProfileDefault:
		return genDefault(ctx, stdout, o)
	case gen.ProfileBritannia:
		return genBritannia(ctx, stdout, o)
	}
	return fs.usageErr("--profile %q: want %q or %q", o.profile, gen.ProfileDefault, gen.ProfileBritannia)
}

// genDefault writes the default world (map 0 only).
func genDefault(ctx context.Context, out io.Writer, o genWorldOptions) error {
	if o.mapID > 0 {
		return fmt.Errorf("--map %d: the default profile has only map 0", o.mapID)
	}
	w, h := gen.DefaultWidth, gen.DefaultHeight
	if o.size != "" {
		var err error
		if w, h, err = gen.ParseSize(o.size); err != nil {
			return fmt.Errorf("--size: %w", err)
		}
	}
	t0 := time.Now()
	wd, err := gen.Generate(ctx, gen.Options{Seed: o.seed, Width: w, Height: h})
	if err != nil {
		return err
	}
	genTime := time.Since(t0)
	t1 := time.Now()
	if err := gen.WriteFiles(o.out, wd); err != nil {
		return err
	}
	fmt.Fprintf(out, "generated %dx%d seed %d in %v: %d statics, %d houses, %d doors; wrote in %v:\n",
		w, h, o.seed, genTime.Round(time.Millisecond), wd.Map.StaticCount(), len(wd.Map.Multis()),
		len(wd.Landmarks.Doors), time.Since(t1).Round(time.Millisecond))
	if err := listFiles(out, o.out, gen.Files()); err != nil {
		return err
	}
	if o.sample > 0 {
		return sampleMap(ctx, out, wd.Map, wd.Tiles, o.sample, uint64(o.seed))
	}
	return nil
}

// genBritannia writes the britannia profile's maps (all six or one),
// generating and writing one map at a time.
func genBritannia(ctx context.Context, out io.Writer, o genWorldOptions) error {
	var w, h int
	if o.size != "" {
		var err error
		if w, h, err = britannia.ParseSize(o.size); err != nil {
			return fmt.Errorf("--size: %w", err)
		}
	}
	specs := britannia.Maps()
	if o.mapID >= 0 {
		s, ok := britannia.Spec(world.MapID(o.mapID))
		if !ok || o.mapID > 255 {
			return fmt.Errorf("--map %d: the britannia profile has maps 0..5", o.mapID)
		}
		specs = []britannia.MapSpec{s}
	}
	f, err := britannia.NewFolder(o.out, o.seed)
	if err != nil {
		return err
	}
	for _, s := range specs {
		if err := genBritanniaMap(ctx, out, f, o, s, w, h); err != nil {
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	return listFiles(out, o.out, nil)
}

// genBritanniaMap generates, writes and optionally samples one facet.
func genBritanniaMap(ctx context.Context, out io.Writer, f *britannia.Folder, o genWorldOptions, s britannia.MapSpec, w, h int) error {
	t0 := time.Now()
	wd, err := britannia.Generate(ctx, britannia.Options{Seed: o.seed, Map: s.ID, Width: w, Height: h})
	if err != nil {
		return err
	}
	genTime := time.Since(t0)
	t1 := time.Now()
	if err := f.Add(wd); err != nil {
		return err
	}
	ft := wd.Features
	storeys := [4]int{}
	for _, t := range ft.Towns {
		for i, n := range t.Storeys {
			storeys[i] += n
		}
	}
	fmt.Fprintf(out, "map %d %s %dx%d: generated in %v, wrote in %v: %d statics, %d towns (%d buildings: %d one-, %d two-, %d three-storey), %d doors, %d houses, %d bridges, %d docks, %d dungeons\n",
		s.ID, s.Name, wd.Map.Width, wd.Map.Height, genTime.Round(time.Millisecond), time.Since(t1).Round(time.Millisecond),
		wd.Map.StaticCount(), len(ft.Towns), storeys[1]+storeys[2]+storeys[3], storeys[1], storeys[2], storeys[3],
		len(ft.DoorSpecs), len(wd.Houses), len(ft.Bridges), len(ft.Docks), len(ft.Dungeons))
	if o.sample > 0 {
		return sampleMap(ctx, out, wd.Map, wd.Tiles, o.sample, uint64(o.seed)^uint64(s.ID))
	}
	return nil
}

// listFiles prints the size of each named file of dir (every file when
// names is nil).
func listFiles(out io.Writer, dir string, names []string) error {
	if names == nil {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range ents {
			names = append(names, e.Name())
		}
	}
	for _, name := range names {
		p := filepath.Join(dir, name)
		st, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("check %s: %w", p, err)
		}
		fmt.Fprintf(out, "  %-22s %12d bytes\n", name, st.Size())
	}
	return nil
}
