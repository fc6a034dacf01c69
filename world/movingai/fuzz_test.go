package movingai

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// formatMap writes g back in the .map format.
func formatMap(g *Grid) string {
	var b strings.Builder
	fmt.Fprintf(&b, "type octile\nheight %d\nwidth %d\nmap\n", g.Height, g.Width)
	for y := 0; y < g.Height; y++ {
		b.Write(g.Cells[y*g.Width : (y+1)*g.Width])
		b.WriteByte('\n')
	}
	return b.String()
}

// FuzzParseMap: ParseMap never panics; a grid it accepts has W×H known
// characters, formats back to a map that parses to the same grid, and (when
// small) builds a world whose walkable cells are exactly the passable ones.
func FuzzParseMap(f *testing.F) {
	f.Add([]byte(smallMap))
	f.Add([]byte(kindsMap))
	f.Add([]byte(strings.ReplaceAll(smallMap, "\n", "\r\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseMap(bytes.NewReader(data), "fuzz.map")
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.map") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if g.Width <= 0 || g.Height <= 0 || len(g.Cells) != g.Width*g.Height {
			t.Fatalf("grid %dx%d with %d cells", g.Width, g.Height, len(g.Cells))
		}
		for _, c := range g.Cells {
			if !known(c) {
				t.Fatalf("accepted unknown character %q", c)
			}
		}
		g2, err := ParseMap(strings.NewReader(formatMap(g)), "again.map")
		if err != nil || g2.Width != g.Width || g2.Height != g.Height || !bytes.Equal(g2.Cells, g.Cells) {
			t.Fatalf("round trip: %v", err)
		}
		if g.Width*g.Height > 1024 {
			return
		}
		m, td, err := g.World()
		if err != nil {
			t.Fatal(err)
		}
		if m.Width%PadSize != 0 || m.Height%PadSize != 0 || m.Width < g.Width || m.Height < g.Height {
			t.Fatalf("world %dx%d for grid %dx%d", m.Width, m.Height, g.Width, g.Height)
		}
		r := movement.NewRules(m, td, nil)
		walker := movement.Mover{Caps: movement.Player}
		for y := 0; y < m.Height; y++ {
			for x := 0; x < m.Width; x++ {
				_, ok := r.Enter(walker, x, y, 0, 0, 0)
				if ok != g.Passable(x, y) {
					t.Fatalf("cell (%d,%d) %q: enterable=%v", x, y, g.At(x, y), ok)
				}
			}
		}
	})
}

// FuzzParseScen: ParseScen never panics; every scenario it accepts lies on
// its map, has a file-name-only map and a finite non-negative optimum.
func FuzzParseScen(f *testing.F) {
	f.Add([]byte(tabScen))
	f.Add([]byte(strings.ReplaceAll(tabScen, "\t", " ")))
	f.Add([]byte("version 1.0\r\n\r\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseScen(bytes.NewReader(data), "fuzz.scen")
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.scen") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for _, sc := range s {
			if sc.Map == "" || strings.ContainsAny(sc.Map, `/\`) {
				t.Fatalf("map name %q", sc.Map)
			}
			if sc.StartX < 0 || sc.StartY < 0 || sc.GoalX < 0 || sc.GoalY < 0 ||
				sc.StartX >= sc.Width || sc.GoalX >= sc.Width || sc.StartY >= sc.Height || sc.GoalY >= sc.Height {
				t.Fatalf("scenario off its map: %+v", sc)
			}
			if !(sc.Optimal >= 0) || sc.Optimal > 1e308 || sc.Tolerance() <= 0 {
				t.Fatalf("optimum %v tolerance %v", sc.Optimal, sc.Tolerance())
			}
			if sc.Line < 2 {
				t.Fatalf("line %d", sc.Line)
			}
		}
	})
}

// TestFuzzCorpusSmall keeps the committed seeds small: minimising an input
// the fuzzer finds interesting takes up to one execution per pair of its
// bytes, and the 2.5 KB arena seeds stalled FuzzParseMap for seconds at a
// time.
func TestFuzzCorpusSmall(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", "*", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > 1<<10 {
			t.Errorf("%s: %d bytes, want at most 1 KB", f, st.Size())
		}
	}
}
