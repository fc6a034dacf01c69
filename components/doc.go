// Package components holds the ECS component types of the shard: where a
// mobile stands and what it can do (Position, Facing, capability tags,
// Mobile), dynamic items (Item, Door, SpellField, Movable, Multi) and AI
// intents (Follow, Patrol, Walk, Wander, PathRequest, PathState).
//
// It owns the data layout only. It does not run systems (package systems
// does), index entities by cell (systems.Spatial) or evaluate movement rules
// (package movement). Every arche (ecs.) reference of the shard lives here
// or in package systems.
package components
