package gen

import "github.com/shardcore/shardcore/world"

// Spot is a named cell and the Z a walker (or, where said, a swimmer) stands
// at there.
type Spot struct{ X, Y, Z int }

// Point returns the spot's cell.
func (s Spot) Point() world.Point { return world.Point{X: s.X, Y: s.Y} }

// DoorSpec is a doorway and the closed door item the ECS places on it.
type DoorSpec struct {
	At world.Point
	ID uint16 // a door id of the palette (Door flag, or a door by id)
	Z  int8
}

// HouseSpot is where a house multi stands: its definition's ID and origin.
type HouseSpot struct {
	DefID   int
	X, Y, Z int
}

// Landmarks are the named places of a generated world. Every Spot is a cell
// a walker can stand on at its Z unless its comment says otherwise.
type Landmarks struct {
	TownCenter Spot   // street cell beside the town's central crossing
	TownGate   Spot   // the east gate of the town wall (a gap in the wall)
	TownGates  []Spot // all four gates: west, east, north, south

	BridgeWest, BridgeEast   Spot // land ends of the northern bridge (ground)
	BridgeDeck               Spot // middle of the northern deck: walker at Z, swimmer at WaterZ below
	Bridge2West, Bridge2East Spot // land ends of the southern bridge
	Bridge2Deck              Spot // middle of the southern deck

	CausewayStart, CausewayEnd Spot // shore cells at both ends of the lake causeway

	SewerStart, SewerEnd Spot // both ends of the sewer corridor, on the lower level (SewerZ)
	SewerMid             Spot // a corridor cell at SewerZ whose cell is street at GroundZ too
	SewerEntrance        Spot // street cell at the top of the west stairwell

	HouseDoor   Spot // doorway of the first house multi (a gap in its walls)
	HouseInside Spot // floor cell inside the first house multi

	UpperFloor  Spot // a two-storey cell: walker at Z upstairs, at GroundZ below
	StairBottom Spot // first stair block of that building
	StairTop    Spot // last stair block (its Z is the upper floor's)
	LockedDoor  Spot // a static closed door in a wall: blocks every walker (Z = its base)

	OceanPoint    Spot // deep water (Z = WaterZ; swimmers only)
	OpenGrass     Spot // flat grass inside a uniform 16×16 chunk
	HillPoint     Spot // a walkable hill cell well above the plains
	MountainPoint Spot // impassable mountain rock (Z = land z)
	CliffPoint    Spot // an impassable too-steep hill cell (Z = land z)
	Forest        Spot // centre of the forest: flat grass with scattered trees (may hold a tree)

	Houses    []HouseSpot   // the house multis placed on the map, in placement order
	Doors     []world.Point // every doorway (buildings and houses)
	DoorSpecs []DoorSpec    // the same doorways with their door items

	// PatrolRoutes are looping waypoint lists: town routes through doorways,
	// one out of the town and over a bridge, one through the sewer.
	PatrolRoutes [][]world.Point
	// PetRoute is a long connected walk (≥ 2,000 steps on the default world)
	// through town, over both bridges, through the hills, along the causeway
	// and down to the coast, as waypoints reachable one from the next.
	PetRoute []world.Point
}
