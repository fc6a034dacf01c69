package gen

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

func TestPalette(t *testing.T) {
	td := NewTiles()
	if td.Format != world.TileFormatNew || len(td.Items) != 0x10000 {
		t.Fatalf("tiledata format %v with %d items", td.Format, len(td.Items))
	}
	seen := map[uint16]bool{}
	for _, e := range LandPalette() {
		if e.Name == "" || len(e.Name) > 20 || seen[e.ID] {
			t.Errorf("land 0x%04X: bad or duplicate name %q", e.ID, e.Name)
		}
		seen[e.ID] = true
		if td.LandFlags(e.ID) != e.Flags || td.Land[e.ID].Name != e.Name {
			t.Errorf("land 0x%04X not in the table as listed", e.ID)
		}
	}
	seen = map[uint16]bool{}
	for _, e := range ItemPalette() {
		if e.Name == "" || len(e.Name) > 20 || seen[e.ID] {
			t.Errorf("item 0x%04X: bad or duplicate name %q", e.ID, e.Name)
		}
		seen[e.ID] = true
		if f, h := td.ItemFlagsHeight(e.ID); f != e.Flags || h != int(e.Height) || td.Items[e.ID].Name != e.Name {
			t.Errorf("item 0x%04X not in the table as listed", e.ID)
		}
		if e.Height > 40 {
			t.Errorf("item 0x%04X height %d", e.ID, e.Height)
		}
	}
	want := map[uint16]world.TileFlag{
		LandWater: world.FlagWet | world.FlagImpassable, LandRock: world.FlagImpassable, LandCliff: world.FlagImpassable,
	}
	for id, f := range want {
		if td.LandFlags(id) != f {
			t.Errorf("land 0x%04X flags %#x, want %#x", id, td.LandFlags(id), f)
		}
	}
	doors := 0
	for _, id := range []uint16{ItemMetalDoor, ItemWoodenDoor, ItemDarkDoor, ItemIronGateDoor} {
		f, h := td.ItemFlagsHeight(id)
		if id < 0x0675 || id > 0x06F4 || f&(world.FlagDoor|world.FlagImpassable) != world.FlagDoor|world.FlagImpassable || h != 20 {
			t.Errorf("door 0x%04X: flags %#x height %d", id, f, h)
		}
		doors++
	}
	if f, _ := td.ItemFlagsHeight(ItemBarredDoor); f&world.FlagDoor != 0 || f&world.FlagImpassable == 0 {
		t.Errorf("flag-less door 0x%04X has flags %#x", ItemBarredDoor, f)
	}
	for _, id := range []uint16{ItemRoof, ItemTree, ItemEnergyField, ItemStoneWall} {
		if f, _ := td.ItemFlagsHeight(id); f&world.FlagSurface != 0 || f&world.FlagImpassable == 0 {
			t.Errorf("item 0x%04X flags %#x: want impassable, not a surface", id, f)
		}
	}
	if doors == 0 {
		t.Fatal("no doors")
	}
}
