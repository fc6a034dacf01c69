// Package movement owns the live movement rules (the game's rules for where a
// mobile stands and which steps it may take): StartZ, Enter and CheckMovement for a mover described by capabilities, over a world.Map,
// its tile data, and the dynamic items and mobiles a Dynamics supplies. It is
// the slow path and the oracle every step-cache answer is checked against.
//
// It does not own search (see pathing), caching (see stepcache) or where
// dynamic items and mobiles live (the ECS fills a Dynamics).
package movement
