package world

// TileFlag is the UO tiledata flag word. The bit values are the client's.
type TileFlag uint64

// Tile flag bits, as the UO client's tiledata.mul defines them.
const (
	FlagBackground  TileFlag = 0x00000001
	FlagWeapon      TileFlag = 0x00000002
	FlagTransparent TileFlag = 0x00000004
	FlagTranslucent TileFlag = 0x00000008
	FlagWall        TileFlag = 0x00000010
	FlagDamaging    TileFlag = 0x00000020
	FlagImpassable  TileFlag = 0x00000040
	FlagWet         TileFlag = 0x00000080
	FlagUnknown1    TileFlag = 0x00000100
	FlagSurface     TileFlag = 0x00000200
	FlagBridge      TileFlag = 0x00000400
	FlagGeneric     TileFlag = 0x00000800
	FlagWindow      TileFlag = 0x00001000
	FlagNoShoot     TileFlag = 0x00002000
	FlagArticleA    TileFlag = 0x00004000
	FlagArticleAn   TileFlag = 0x00008000
	FlagInternal    TileFlag = 0x00010000
	FlagFoliage     TileFlag = 0x00020000
	FlagPartialHue  TileFlag = 0x00040000
	FlagUnknown2    TileFlag = 0x00080000
	FlagMap         TileFlag = 0x00100000
	FlagContainer   TileFlag = 0x00200000
	FlagWearable    TileFlag = 0x00400000
	FlagLightSource TileFlag = 0x00800000
	FlagAnimation   TileFlag = 0x01000000
	FlagHoverOver   TileFlag = 0x02000000
	FlagUnknown3    TileFlag = 0x04000000
	FlagArmor       TileFlag = 0x08000000
	FlagRoof        TileFlag = 0x10000000
	FlagDoor        TileFlag = 0x20000000
	FlagStairBack   TileFlag = 0x40000000
	FlagStairRight  TileFlag = 0x80000000
)

// LandTileCount is the number of land entries in every tiledata layout.
const LandTileCount = 0x4000

// LandTile is one entry of the tiledata land table.
type LandTile struct {
	Flags   TileFlag
	Texture uint16
	Name    string
}

// ItemTile is one entry of the tiledata item table. Every field of the file
// entry is kept so that a written table reads back identical.
type ItemTile struct {
	Flags    TileFlag
	Weight   uint8
	Quality  uint8
	Misc     uint16
	Unk2     uint8
	Quantity uint8
	Anim     uint16
	Unk3     uint8
	Hue      uint8
	Stack    uint8
	Value    uint8
	Height   uint8
	Name     string
}

// TileFormat names the on-disk tiledata layout a table was read from or is
// to be written in.
type TileFormat uint8

// The tiledata layouts a client may ship.
const (
	TileFormatOld16K TileFormat = iota // 32-bit flags, 0x4000 items
	TileFormatOld32K                   // 32-bit flags, 0x8000 items
	TileFormatNew                      // 64-bit flags, 0x10000 items
)

// ItemCount is the number of item entries the layout holds.
func (f TileFormat) ItemCount() int {
	switch f {
	case TileFormatOld16K:
		return 0x4000
	case TileFormatOld32K:
		return 0x8000
	default:
		return 0x10000
	}
}

// TileData holds the land and item tables. Its fields are exported because a
// server patches flags at run time; nothing derived from it is cached here.
type TileData struct {
	Format TileFormat
	Land   [LandTileCount]LandTile
	Items  []ItemTile
}

// NewTileData returns an empty table in the given layout.
func NewTileData(f TileFormat) *TileData {
	return &TileData{Format: f, Items: make([]ItemTile, f.ItemCount())}
}

// LandFlags returns the flags of land id (masked to 0x3FFF).
func (t *TileData) LandFlags(id uint16) TileFlag {
	return t.Land[id&0x3FFF].Flags
}

// Item returns the item entry for id, or a zero entry when id is past the
// table (an unknown tile neither blocks nor supports).
func (t *TileData) Item(id uint16) ItemTile {
	if int(id) >= len(t.Items) {
		return ItemTile{}
	}
	return t.Items[id]
}

// ItemFlagsHeight returns the flags and height of item id without copying the
// whole entry (the movement rules' hot path).
func (t *TileData) ItemFlagsHeight(id uint16) (TileFlag, int) {
	if int(id) >= len(t.Items) {
		return 0, 0
	}
	e := &t.Items[id]
	return e.Flags, int(e.Height)
}

// CalcHeight is the height an item stands to: half its height for a bridge.
func CalcHeight(flags TileFlag, height int) int {
	if flags&FlagBridge != 0 {
		return height / 2
	}
	return height
}
