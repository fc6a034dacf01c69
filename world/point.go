package world

// Point is a map cell.
type Point struct{ X, Y int }

// IgnoredLand reports whether a land id is ignored by the movement rules:
// the no-draw tile (2) and the cave-entrance tiles (0x1AE..0x1B5, 0x1DB).
// Such land neither supports nor blocks a walker.
func IgnoredLand(id uint16) bool {
	id &= 0x3FFF
	return id == 2 || id == 0x1DB || (id >= 0x1AE && id <= 0x1B5)
}
