package gen

import "github.com/shardcore/shardcore/world"

// Land ids of the default palette.
const (
	LandNoDraw uint16 = 0x0002 // ignored by the rules: the open pit of a stairwell
	LandGrass  uint16 = 0x0003
	LandSand   uint16 = 0x0016
	LandDirt   uint16 = 0x0071 // roads
	LandWater  uint16 = 0x00A8 // Wet|Impassable
	LandRock   uint16 = 0x00DC // Impassable: mountains
	LandCliff  uint16 = 0x00E4 // Impassable: hill cells too steep to walk
	LandCave   uint16 = 0x0245 // cave floor
)

// Item ids of the default palette.
//
// Why these flags, under the movement rules (package movement):
//   - Stairs are Surface|Bridge, height 10, each block 5 above the last. A
//     walker standing on a block at tz has startTop tz+10 (the full height),
//     so stepTop is tz+12, and the next block's itemTop is its base tz+5
//     (a bridge's top is its base): climbable. It stands at tz+5+10/2, 5
//     higher. A plain Surface block could rise only StepHeight (2) per cell.
//   - Bridge planks are Surface|Bridge at z 11: a swimmer at -5 needs its
//     span [-5, 11) clear, and the planks start at 11.
//   - Roofs are Impassable but always a storey (20) above a floor, beyond
//     PersonHeight (16), so they never block walking under them.
//   - Spell fields and doors are Impassable: the rules only let a headroom
//     blocker (Impassable or Surface) block, then exempt them by id or flag.
const (
	ItemStoneWall    uint16 = 0x001C // Impassable|Wall, height 20
	ItemRoof         uint16 = 0x05A1 // Roof|Impassable, height 3: placed 20 above a floor
	ItemWoodFloor    uint16 = 0x0519 // Surface, height 0
	ItemPaving       uint16 = 0x0500 // Surface, height 0: town streets
	ItemSewerFloor   uint16 = 0x04E0 // Surface, height 0: the sewer, 20 below the street
	ItemCauseway     uint16 = 0x0501 // Surface, height 5: on water at -5, top at 0
	ItemStairs       uint16 = 0x0749 // Surface|Bridge|StairBack, height 10: stands at +5
	ItemBridgePlank  uint16 = 0x0C2B // Surface|Bridge, height 4: stands at +2
	ItemMetalDoor    uint16 = 0x0675 // Door|Impassable, height 20
	ItemWoodenDoor   uint16 = 0x06A5 // Door|Impassable, height 20
	ItemDarkDoor     uint16 = 0x06C5 // Door|Impassable, height 20
	ItemIronGateDoor uint16 = 0x06E5 // Door|Impassable, height 20
	ItemBarredDoor   uint16 = 0x0846 // Impassable, height 20: a door by id only
	ItemTree         uint16 = 0x0CCA // Impassable, height 20
	ItemEnergyField  uint16 = 0x3946 // Impassable, height 20: a spell field by id
	ItemParaField    uint16 = 0x3956 // Impassable, height 20: a spell field by id
)

// Geometry the generator builds to, in Z units.
const (
	WaterZ       = -5  // ocean, river and lake land z
	GroundZ      = 0   // plains, town and house floors
	StoreyHeight = 20  // floor to floor
	SewerZ       = -20 // the sewer floor
	DeckTZ       = 11  // bridge plank item z: a swimmer at -5 (top 11) passes under
	DeckZ        = DeckTZ + 2
	StairRise    = 5 // each stair block stands 5 above the previous one
)

// LandEntry is one named land id of the palette.
type LandEntry struct {
	ID    uint16
	Flags world.TileFlag
	Name  string
}

// ItemEntry is one named item id of the palette.
type ItemEntry struct {
	ID     uint16
	Flags  world.TileFlag
	Height uint8
	Name   string
}

// LandPalette lists the land ids the generator uses.
func LandPalette() []LandEntry {
	return []LandEntry{
		{LandNoDraw, 0, "nodraw"},
		{LandGrass, 0, "grass"},
		{LandSand, 0, "sand"},
		{LandDirt, 0, "dirt"},
		{LandWater, world.FlagWet | world.FlagImpassable, "water"},
		{LandRock, world.FlagImpassable, "mountain"},
		{LandCliff, world.FlagImpassable, "cliff"},
		{LandCave, 0, "cave floor"},
	}
}

// ItemPalette lists the item ids the generator uses (and the doors and
// fields the ECS places on them).
func ItemPalette() []ItemEntry {
	const (
		imp  = world.FlagImpassable
		surf = world.FlagSurface
		door = world.FlagDoor | world.FlagImpassable
	)
	return []ItemEntry{
		{ItemStoneWall, imp | world.FlagWall, 20, "stone wall"},
		{ItemRoof, world.FlagRoof | imp | world.FlagBackground, 3, "slate roof"},
		{ItemWoodFloor, surf, 0, "wooden floor"},
		{ItemPaving, surf, 0, "paving"},
		{ItemSewerFloor, surf, 0, "sewer floor"},
		{ItemCauseway, surf, 5, "causeway stone"},
		{ItemStairs, surf | world.FlagBridge | world.FlagStairBack, 10, "stone stairs"},
		{ItemBridgePlank, surf | world.FlagBridge, 4, "bridge planks"},
		{ItemMetalDoor, door, 20, "metal door"},
		{ItemWoodenDoor, door, 20, "wooden door"},
		{ItemDarkDoor, door, 20, "dark wooden door"},
		{ItemIronGateDoor, door, 20, "iron gate"},
		{ItemBarredDoor, imp, 20, "barred metal door"},
		{ItemTree, imp | world.FlagFoliage, 20, "tree"},
		{ItemEnergyField, imp, 20, "energy field"},
		{ItemParaField, imp, 20, "paralyze field"},
	}
}

// NewTiles returns the palette as a 64-bit-flag tiledata table.
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
