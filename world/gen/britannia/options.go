package britannia

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shardcore/shardcore/world"
)

// MinSide is the smallest map side the profile builds (a small test map);
// every side must be a multiple of world.BlockSize (8).
const MinSide = 256

// MaxSide is the largest map side (the client protocol's 16-bit coordinates
// allow more, but no facet is larger than 7168).
const MaxSide = 8192

// DefaultSeed is the seed of the profile.
const DefaultSeed int64 = 1

// MapSpec is one facet of the profile: its id, name and real client size.
type MapSpec struct {
	ID            world.MapID
	Name          string
	Width, Height int
}

// Maps lists the six facets with the real client's ids and sizes.
func Maps() []MapSpec {
	known := world.KnownMaps()
	out := make([]MapSpec, len(known))
	for i, k := range known {
		out[i] = MapSpec{ID: k.ID, Name: k.Name, Width: k.Width, Height: k.Height}
	}
	return out
}

// Spec returns the facet spec of id.
func Spec(id world.MapID) (MapSpec, bool) {
	for _, s := range Maps() {
		if s.ID == id {
			return s, true
		}
	}
	return MapSpec{}, false
}

// Options selects one map to generate. Zero Seed takes DefaultSeed; zero
// Width and Height take the facet's real size. A smaller size scales every
// feature down (a small test map of the same character).
type Options struct {
	Seed          int64
	Map           world.MapID
	Width, Height int
}

// withDefaults fills zero fields.
func (o Options) withDefaults() Options {
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	if s, ok := Spec(o.Map); ok && o.Width == 0 && o.Height == 0 {
		o.Width, o.Height = s.Width, s.Height
	}
	return o
}

// Validate reports whether the options describe a map the profile builds.
func (o Options) Validate() error {
	if _, ok := Spec(o.Map); !ok {
		return fmt.Errorf("britannia: map %d is not one of the six facets (0..5)", o.Map)
	}
	for _, s := range [2]struct {
		name string
		v    int
	}{{"width", o.Width}, {"height", o.Height}} {
		if s.v < MinSide || s.v > MaxSide {
			return fmt.Errorf("britannia: map %d %s %d is outside %d..%d", o.Map, s.name, s.v, MinSide, MaxSide)
		}
		if s.v%world.BlockSize != 0 {
			return fmt.Errorf("britannia: map %d %s %d is not a multiple of %d", o.Map, s.name, s.v, world.BlockSize)
		}
	}
	return nil
}

// ParseSize parses "WxH" (for example "1448x1448") as a map size of the
// profile: both sides multiples of 8 within MinSide..MaxSide.
func ParseSize(s string) (width, height int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !ok {
		return 0, 0, fmt.Errorf("britannia: size %q is not WIDTHxHEIGHT", s)
	}
	if width, err = strconv.Atoi(ws); err != nil {
		return 0, 0, fmt.Errorf("britannia: size %q: width: %w", s, err)
	}
	if height, err = strconv.Atoi(hs); err != nil {
		return 0, 0, fmt.Errorf("britannia: size %q: height: %w", s, err)
	}
	if err := (Options{Width: width, Height: height}).Validate(); err != nil {
		return 0, 0, fmt.Errorf("britannia: size %q: %w", s, err)
	}
	return width, height, nil
}
