// Package pathing owns search: the classic reference A* that calls
// movement.CheckMovement for all 8 directions at every expansion, and the
// cache A* that issues one stepcache lookup per expansion with the live rules
// inline for fallthroughs. Both are admissible (optimal under the request's
// cost model), bounded by a node budget, and allocation-free after warm-up.
//
// It does not own the rules (movement), the cache (stepcache), or who asks
// for paths and when (systems).
package pathing
