// Package chunk owns the step cache's model: a Cell (what one cell answers
// for a request at one standing Z: raw Enter bits and arrival Zs under the
// walker and swimmer rule sets, and its Info bits: validity window,
// amphibian exactness, LiveOnly), a Chunk of 16×16 cells with the strata of
// its multi-Z cells, the chunk grid of a map (Grid), the rule sets a
// record answers for (RuleSet), how a lookup was answered (HitKind,
// StepMask) and the capability overlay that turns a record into allowed
// steps (Compose, ApplyDiagonalRule). It is the leaf of the step cache:
// the .swb codec and file and the metrics read it alone.
//
// It does not build chunks (stepcache/bake), keep them resident or answer
// lookups (stepcache), persist them (stepcache/swb) or own the movement
// rules a record answers for (movement).
package chunk
