package gen

import (
	"fmt"
	"strconv"
	"strings"
)

// Size limits of a generated map, in cells. Sides are multiples of 8 (the
// map files' block); a side that is not a multiple of 16 leaves partial
// step-cache chunks at the edge, as the real Tokuno (1448) does.
const (
	MinSide  = 512
	MaxSide  = 8192
	SideUnit = 8
)

// DefaultSeed is the seed of the default world.
const DefaultSeed int64 = 1

// Default map size, in cells.
const (
	DefaultWidth  = 1024
	DefaultHeight = 1024
)

// Options selects the world to generate. Zero fields take the defaults.
type Options struct {
	Seed          int64
	Width, Height int
}

// DefaultOptions returns seed 1 at 1024×1024.
func DefaultOptions() Options {
	return Options{Seed: DefaultSeed, Width: DefaultWidth, Height: DefaultHeight}
}

// withDefaults fills zero fields.
func (o Options) withDefaults() Options {
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	if o.Width == 0 {
		o.Width = DefaultWidth
	}
	if o.Height == 0 {
		o.Height = DefaultHeight
	}
	return o
}

// Validate reports whether the options describe a world the generator can
// build.
func (o Options) Validate() error {
	if err := checkSize(o.Width, o.Height); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	return nil
}

func checkSize(w, h int) error {
	for _, s := range [2]struct {
		name string
		v    int
	}{{"width", w}, {"height", h}} {
		if s.v < MinSide || s.v > MaxSide {
			return fmt.Errorf("%s %d is outside %d..%d", s.name, s.v, MinSide, MaxSide)
		}
		if s.v%SideUnit != 0 {
			return fmt.Errorf("%s %d is not a multiple of %d", s.name, s.v, SideUnit)
		}
	}
	return nil
}

// ParseSize parses "WxH" (for example "7168x4096") and checks it.
func ParseSize(s string) (width, height int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !ok {
		return 0, 0, fmt.Errorf("gen: size %q is not WIDTHxHEIGHT", s)
	}
	width, err = strconv.Atoi(ws)
	if err != nil {
		return 0, 0, fmt.Errorf("gen: size %q: width: %w", s, err)
	}
	height, err = strconv.Atoi(hs)
	if err != nil {
		return 0, 0, fmt.Errorf("gen: size %q: height: %w", s, err)
	}
	if err := checkSize(width, height); err != nil {
		return 0, 0, fmt.Errorf("gen: size %q: %w", s, err)
	}
	return width, height, nil
}

// The generator's profiles.
const (
	// ProfileDefault is the default world: one map, a town on a grass plain,
	// the newcomer's fast world.
	ProfileDefault = "default"
	// ProfileBritannia is the six facets at the real client's sizes, with
	// content as hard for the step cache as the real maps.
	ProfileBritannia = "britannia"
)

// Profiles lists the profile names.
func Profiles() []string { return []string{ProfileDefault, ProfileBritannia} }
