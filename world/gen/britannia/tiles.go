package britannia

import (
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// Land ids the profile adds to the default palette (gen.LandPalette).
const (
	LandVoid    uint16 = 0x0244 // Impassable: the black between dungeons and floating lands
	LandSnow    uint16 = 0x011A
	LandJungle  uint16 = 0x00C4
	LandLava    uint16 = 0x01F4 // Impassable
	LandSwamp   uint16 = 0x3DC1
	LandFurrows uint16 = 0x0009 // farm fields
)

// Item ids the profile adds to the default palette (gen.ItemPalette).
const (
	ItemOak        uint16 = 0x0CCD // Impassable, height 20: tree variants
	ItemWillow     uint16 = 0x0CD3
	ItemCedar      uint16 = 0x0CD8
	ItemPalm       uint16 = 0x0CE3
	ItemBamboo     uint16 = 0x246D // Impassable, height 20
	ItemBoulder    uint16 = 0x1363 // Impassable, height 8
	ItemStalagmite uint16 = 0x08E3 // Impassable, height 20
	ItemFlagstone  uint16 = 0x0495 // Surface, height 0: dungeon floors and galleries
	ItemFence      uint16 = 0x0857 // Impassable, height 10: farm fences
	ItemTable      uint16 = 0x0B34 // Surface, height 6: furniture one can stand on
	ItemCrate      uint16 = 0x0E3D // Surface|Container, height 8
)

// LandPalette lists the land ids of the profile: the default palette and
// the additions.
func LandPalette() []gen.LandEntry {
	return append(gen.LandPalette(),
		gen.LandEntry{ID: LandVoid, Flags: world.FlagImpassable, Name: "void"},
		gen.LandEntry{ID: LandSnow, Name: "snow"},
		gen.LandEntry{ID: LandJungle, Name: "jungle"},
		gen.LandEntry{ID: LandLava, Flags: world.FlagImpassable | world.FlagDamaging, Name: "lava"},
		gen.LandEntry{ID: LandSwamp, Name: "swamp"},
		gen.LandEntry{ID: LandFurrows, Name: "furrows"},
	)
}

// ItemPalette lists the item ids of the profile: the default palette and
// the additions.
func ItemPalette() []gen.ItemEntry {
	const imp = world.FlagImpassable
	return append(gen.ItemPalette(),
		gen.ItemEntry{ID: ItemOak, Flags: imp | world.FlagFoliage, Height: 20, Name: "oak tree"},
		gen.ItemEntry{ID: ItemWillow, Flags: imp | world.FlagFoliage, Height: 20, Name: "willow"},
		gen.ItemEntry{ID: ItemCedar, Flags: imp | world.FlagFoliage, Height: 20, Name: "cedar"},
		gen.ItemEntry{ID: ItemPalm, Flags: imp | world.FlagFoliage, Height: 20, Name: "palm"},
		gen.ItemEntry{ID: ItemBamboo, Flags: imp | world.FlagFoliage, Height: 20, Name: "bamboo"},
		gen.ItemEntry{ID: ItemBoulder, Flags: imp, Height: 8, Name: "boulder"},
		gen.ItemEntry{ID: ItemStalagmite, Flags: imp, Height: 20, Name: "stalagmite"},
		gen.ItemEntry{ID: ItemFlagstone, Flags: world.FlagSurface, Height: 0, Name: "flagstones"},
		gen.ItemEntry{ID: ItemFence, Flags: imp, Height: 10, Name: "fence"},
		gen.ItemEntry{ID: ItemTable, Flags: world.FlagSurface, Height: 6, Name: "table"},
		gen.ItemEntry{ID: ItemCrate, Flags: world.FlagSurface | world.FlagContainer, Height: 8, Name: "wooden crate"},
	)
}

// NewTiles returns the profile's palette as a 64-bit-flag tiledata table.
func NewTiles() *world.TileData {
	td := world.NewTileData(world.TileFormatNew)
	for _, e := range LandPalette() {
		td.Land[e.ID] = world.LandTile{Flags: e.Flags, Texture: e.ID, Name: e.Name}
	}
	for _, e := range ItemPalette() {
		td.Items[e.ID] = world.ItemTile{Flags: e.Flags, Height: e.Height, Weight: 255, Name: e.Name}
	}
	return td
}
