package stepcache

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"shardcore/movement"
	"shardcore/world"
)

// A local Moving AI .map reader for the parity test, until package
// world/movingai lands: passable terrain is grass, trees and out-of-bounds
// are impassable rock, water is Wet|Impassable land; the map is padded with
// rock to whole 8×8 blocks.

const (
	maiGrass uint16 = 0x0003
	maiWater uint16 = 0x00A8
	maiRock  uint16 = 0x00DC
)

func maiTiles() *world.TileData {
	td := world.NewTileData(world.TileFormatNew)
	td.Land[maiWater].Flags = world.FlagWet | world.FlagImpassable
	td.Land[maiRock].Flags = world.FlagImpassable
	return td
}

func loadMovingAI(path string) (*movement.Rules, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	w, h := -1, -1
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "map" {
			break
		}
		k, v, _ := strings.Cut(line, " ")
		switch k {
		case "width":
			w, err = strconv.Atoi(v)
		case "height":
			h, err = strconv.Atoi(v)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("%s: no width/height", path)
	}
	pw, ph := (w+7)&^7, (h+7)&^7
	b, err := world.NewBuilder(world.Felucca, pw, ph)
	if err != nil {
		return nil, err
	}
	for y := 0; y < ph; y++ {
		for x := 0; x < pw; x++ {
			b.SetLand(x, y, maiRock, 0)
		}
	}
	for y := 0; y < h && sc.Scan(); y++ {
		row := strings.TrimRight(sc.Text(), "\r")
		for x := 0; x < w && x < len(row); x++ {
			id := maiRock
			switch row[x] {
			case '.', 'G', 'S':
				id = maiGrass
			case 'W':
				id = maiWater
			}
			b.SetLand(x, y, id, 0)
		}
	}
	m, err := b.Build()
	if err != nil {
		return nil, err
	}
	return movement.NewRules(m, maiTiles(), nil), nil
}

// movingAIMaps lists the .map files of ../shared/data/movingai/maps relative
// to the module root; it skips the test when the data is absent.
func movingAIMaps(tb testing.TB) []string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Skip("no go.mod above the package")
		}
		dir = up
	}
	root := filepath.Join(dir, "..", "shared", "data", "movingai", "maps")
	var maps []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".map") {
			maps = append(maps, p)
		}
		return nil
	})
	if err != nil || len(maps) == 0 {
		tb.Skipf("no Moving AI maps under %s: %v", root, err)
	}
	return maps
}
