// Package pathing owns search: the classic reference A* that calls
// movement.CheckMovement for all 8 directions at every expansion, the cache
// A* that issues one stepcache lookup per expansion with the live rules
// inline for fallthroughs, and the jump search (JPS) that prunes the cache
// A*'s graph where the step cache proves it a flat grid. All are admissible
// (optimal under the request's cost model, the classic A*'s cost), bounded
// by a node budget, and allocation-free after warm-up. The cache A* can
// also pause at a deadline and resume later (Pauser).
//
// It does not own the rules (movement), the cache or its canonical maps
// (stepcache), or who asks for paths and when (systems).
//
// # The jump search
//
// Our graph is not a grid everywhere: a state is a cell and a standing Z,
// a cell may have several (a street over a sewer, a bridge deck over
// water), steps change Z (stairs, ledges, one-way drops), two diagonal
// rules exist (a creature needs one open flank, a player both), swimmers
// step on water, and doors, mobiles and multis change steps at run time.
// So the search trusts grid reasoning only where the cache has checked it:
//
//   - canon.Map, per resident chunk and rule set (walk, wet), marks
//     the good cells: the cell's canonical record (its only one; of strata,
//     for walkers the one with the most steps out, ties to the lower: the
//     street over a sewer, a ground floor under an upper storey; for
//     swimmers the lowest) answers requests,
//     and every neighbour that some step can reach agrees, by its own
//     canonical record, whether the cell can be entered, entering it at the
//     cell's canonical Z. A good cell's open bit is that agreed answer. A
//     regular cell is one whose 3×3 block is all good. The maps are computed
//     on first use from the chunk and its resident neighbours (a seam needs
//     both sides; a neighbour that is not resident, or whose lookups fall
//     through near a multi, makes the cells beside it not good), interned
//     (most are all open or all blocked) and dropped when the chunk or a
//     neighbour is installed or evicted or a multi is placed.
//   - Lemma 1 (grid). Inside a regular cell's block, a step between the
//     canonical states of two cells, from an open one, is allowed exactly
//     when the grid rule (the mover's diagonal rule) over the open bits
//     allows it, and lands on the target's canonical state. (Each step is
//     the source's canonical record's raw bit toward the target and its
//     flanks; agreement makes each bit the target's or flank's open bit; an
//     open cell is reached by some step, so its record counted.) With no
//     dynamic item or mobile in the block, the live rules say the same: the
//     cache is proven equal to them on the static world.
//
// A node is a state with its best cost kept exactly, as counts of straight
// and diagonal steps, and the set of directions of grid steps it was
// reached by at that cost. A node is expanded in one of two ways:
//
//   - A jump node (a regular cell, its canonical state, reached only by
//     grid steps, no dynamics in its block) expands into its natural and
//     forced directions (tables in jps_rules.go, read off its block's open
//     bits), each followed as a ray. The start is one, reached in every
//     direction (so its rays follow every grid step out of it, by Lemma 1
//     its real steps), when it is a regular cell's canonical state, the
//     cell is open and no dynamics lie in its block.
//   - Every other node (the start elsewhere; a cell that is not regular; a
//     state that is not the canonical one; a state reached by a step that
//     was not a grid step: a live fallthrough, a step re-evaluated for dynamics, a
//     step from a cell that is not open) is expanded in full, as the cache
//     A* expands it: one lookup, the dynamic pass, the live rules on a
//     fallthrough. A step of a full expansion into a regular cell's
//     canonical state makes a jump node when it was a grid step (from an
//     open cell's canonical state, answered by its record, no dynamics),
//     else a full node.
//
// A straight ray scans its row or column 64 cells at a time (or 16 a chunk
// segment) over open, regular and forced bits (on the flat layer, over
// pass bits precomputed from them: 64 cells from where it starts, two
// words shifted together, so most rays are settled by one read), and
// makes a node at the first goal cell, cell that is not regular, or cell
// with a forced neighbour; it ends without a node at a blocked cell. A
// diagonal ray steps one cell at a time: it makes a node where a straight
// ray would (or where a forced neighbour appears), and at every cell runs
// straight rays along its two components, making their nodes at once (the
// diagonal cell becomes a bend of their path: the cell's expansion done on
// the spot). Any cell of a ray may also be made a node: the ray resumes
// when it is expanded. The search does so where a ray runs past the
// expanding node's f after a free run (octile: 256 cells straight, checked
// where each 64 cells begin, and 16 diagonal steps; uniform: 128 cells
// straight on the flat layer, 32 off it, and 4 diagonal steps), and after
// 1024 cells, so that a ray heading away from the goal waits in the open
// set instead of crossing open country; on a prepared layer (below) a
// diagonal ray stops only at the cap, as its runs cross open country in a
// read and such nodes would only be expanded to resume it. On the flat
// layer a straight ray that crosses no line of the goal square is not
// scanned at all when its
// first cell's dead bit says it would end at a blocked cell: a ray whose
// cells all pass (no goal, regular, no forced neighbour) up to a blocked
// one makes no node that matters (the nodes the f limit or the cap would
// make there only resume the same ray), and no optimal path the proof
// below follows turns or ends on its cells or enters the blocked one.
//
// # Why the pruning is exact
//
// Both cost models give a straight step 1 and a diagonal step d (uniform:
// d = 1; octile: d = √2), with 1 ≤ d < 2. Fix an optimal path, and among
// all optimal paths (walks) to the goal square take P with the fewest
// diagonal steps and, among those, the least sum of the positions of its
// diagonal steps (diagonals as early as possible); there is one, as the
// optimal paths are finitely many.
//
// Lemma 2 (turns). Let x be a cell of P entered by a step in d from p and
// left by a step in e ≠ d, where x is regular, P is at x's canonical state,
// p is open and P was at p's canonical state, and no dynamics lie in x's
// block. Then e is in x's natural or forced directions for d. By Lemma 1
// and symmetry take d = E or d = NE (y grows south, as on the map):
//
//   - d = E, e = NE. Swapping the two steps (NE from p, then E) gives a
//     path of the same cost with its diagonal earlier, unless the swapped
//     path is blocked: for players when NW(x) = N(p) is blocked (forced
//     NE), for creatures when N(x) is blocked (forced NE). Same for SE.
//   - d = E, e = N. NE from p reaches the same cell for d < 2: cheaper,
//     unless blocked: for players when NW(x) is blocked (forced N); a
//     creature's NE from p needs only N(x) (open, as e enters it) and one
//     flank (x, open), so never. Same for S.
//   - d = E, e = NW, SW or W; d = NE, e = W, S or SW: one step from p
//     reaches the same cell (N(p), S(p), p; N(p), E(p), p): cheaper.
//   - d = NE, e = NW (a 90° turn between diagonals). Two straight steps
//     north from p reach the same cell at cost 2 ≤ 2d, with two fewer
//     diagonals, unless W(x) is blocked; a player's NE into x needs W(x)
//     open, so only a creature can be there (forced NW when W(x) is
//     blocked). Same for SE with S(x).
//   - d = NE, e = N or E: natural.
//
// Every rewrite stays in x's block and uses steps from open cells' canonical
// states, so by Lemma 1 it is a path of the real graph of no greater cost
// with fewer diagonals or earlier ones, contradicting the choice of P.
// (Under the uniform cost the 90° diagonal turn and the swap are ties that
// the choice of P breaks; under octile the first is strictly worse. This is
// why the same tables serve both cost models.)
//
// Theorem. A search not cut by its budget returns the optimal cost. Every
// node's cost is the cost of a real path (rays follow allowed steps;
// full expansions are the cache A*'s), so none is too low. Walk P from
// the start: each state of P is a node of the search or the inside of a
// ray segment between two nodes of P, reached at its cost on P and,
// for a node, with P's arrival among its arrivals (induction along P:
// a node expands every arrival it holds at its best cost, so P's
// direction out of it is followed if natural or forced (Lemma 2), or
// anyway in a full expansion or out of the start (every grid step out of
// it, and the start's cell is open for Lemma 2 at P's next cell); a
// straight ray follows P until P turns, where Lemma 2 makes the cell
// forced, the goal or not regular, all stops; a diagonal ray follows P
// until P turns to a component, where its sub-ray follows P, or to a
// forced direction, a stop; a dirty step into P's next state is made a
// full node by the expansion that takes it). A*
// with the consistent heuristic (Chebyshev or octile distance to the goal
// square) over these nodes and exact costs pops the goal at P's cost: until
// then some node of P with an unexpanded arrival and f ≤ cost(P) is open.
// Ties are exact (step counts, not sums of floats), so an arrival at an
// equal cost is added to the node, and a node already expanded is queued
// again for it. The open set is a binary heap by f (ties in no particular
// order: any order of equal f is A*'s) and, beside it, a stack of the entries an expansion pushed at an f
// within the expanding node's (its f plus fSlack, the limit its rays
// use), popped first, last in first out: with a consistent heuristic no
// entry has a lower f than the node being expanded, whose f is the least,
// so those entries' f is the least too (f values within fSlack are equal
// costs: distinct costs, a + b·d for step counts a and b, lie much further
// apart), and the search still pops in order of f.
//
// The goal may end an expansion early. Expanding node n, whose f is the
// least of the open (and parked) nodes', so at most cost(P) by the
// invariant above: a goal node made at a cost of at most f(n) costs
// exactly the optimum, so n's other rays are not followed (any goal node
// popped first has f at most that node's). A diagonal ray from n with the
// goal square ahead on both axes uses this: past its first steps (16
// under the octile cost, 4 under the uniform: a shorter way saves few
// sub-rays, and most rays in mazes end sooner) it walks on to the first
// cell in line with the square, checking each cell as the ray would (it
// must neither stop the ray nor refuse its next diagonal step), and takes
// the way from there straight on into the square or by that cell's
// sub-ray. Those are allowed steps (Lemma 1), and the way costs n's
// heuristic (its diagonal steps the lesser distance on an axis, its
// straight ones the difference), so its goal node costs f(n): the search
// ends there without the sub-rays of the steps before. Otherwise the ray
// goes on as usual.
//
// Within a search the canonical maps it holds may be stale (a lookup's
// miss made a chunk resident): a map that counted a chunk unknown has fewer
// good cells, and every cell good in one map is good with the same open bit
// in any later one, so stale maps make extra full nodes, never wrong steps.
// A chunk whose view was fetched before a lookup made it resident has no
// map in that view: a ray that a newer neighbour's map lets into it stops
// at the first cell it enters there, and the node made at that cell
// fetches the chunk's view again (the chunk is resident: the map that let
// the ray in knew its cells).
// The flat layer (whole maps up to 32M cells, searches without dynamics;
// its memory is written only where chunks are copied in) copies the
// chunks' maps into 64-bit rows (and columns): regular bits from the cell's
// own chunk, open bits ORed over every copied map's ring, which is a cell's
// open bit wherever some map knows it good, and a regular cell's own map
// knows its whole block. Its scans read pass bits, computed per chunk from
// the chunk's own map when it is copied in: a cell passes (a straight ray
// crosses it without an event) when it is open, regular and has no forced
// neighbour for the rule and direction, exactly the conditions above, which
// a regular cell's own map decides. It also keeps a byte per cell, a
// regular cell's block bits from its own map (0 for any other cell, and a
// cell a step enters has an open neighbour, so a regular one reads
// non-zero): a diagonal step and a jump node read their block there, and
// fall back to the bit rows on a 0 (a byte beside it holds a regular
// cell's canonical Z, read only where the block byte is not 0). A cell of
// a chunk not copied in yet
// does not pass: the ray stops there, at a node when the layer calls it
// open; the cell before it passed, so it is regular and its copied map
// knows the cell, and a node may be made at any cell of a ray. Its dead
// bits, per rule and direction, follow from the pass and open bits (a
// cell that does not pass is dead when it is closed, one that passes when
// the next cell is), so they hold wherever those do; they are recomputed
// along the lines through a chunk's ring when it is copied in, and a byte
// per cell of a copied chunk holds those of the four rays from it, read
// with its block byte by a diagonal step and a jump node.
//
// Once PrepareLayer has copied a whole map in (a benchmark's grid, built
// before its queries), the layer also keeps JPS+'s diagonal jump
// distances for the mover's rule: per cell and diagonal, how many cells
// from it on a diagonal ray passes doing nothing (regular, no forced
// neighbour, the diagonal step allowed, both components' straight rays
// dead), computed from the block and dead bytes. A diagonal ray crosses
// such a run with one read, stops cell by cell where the goal square's
// lines cross it, and makes no node where it passes the f limit (on
// 64room_000, 43% fewer expansions, 27.4 a query: warthog's jps2 expands
// 27.39 on the same scenarios). The runs are exact
// only for the bytes they were computed from, so copying a chunk in or
// clearing the layer drops them.
//
// The straight-line fast path (tried before the search, as the cache A*
// does) walks toward the goal and answers when the walk costs the
// heuristic, which makes it optimal. Each step must be a real step: on a
// regular cell's canonical state the grid rule over the layer's block
// byte answers it, landing on the target's canonical state (Lemma 1),
// whose Z the layer's byte gives when the target is regular too; on
// another state of a regular cell, or toward another target, the state's
// record is read from its chunk, the record a lookup would read (the
// canonical map found the cell good: its chunk resident, its lookups not
// falling through near a multi); elsewhere a lookup answers.
//
// The cone probe (on the flat layer, after the line probe) answers the
// searches that have a taut path: one that advances a line along the
// axis where the goal square is farthest with every step and moves along
// the other only toward the square, so costs the heuristic under both
// cost models. It sweeps the cone of such paths line by line, keeping the
// regular cells' canonical states a grid step reaches (Lemma 1), and
// walks back from the square; a sweep that finds none leaves the
// question to the search (jps_cone.go).
//
// Falls back to full expansions: strata the canonical record does not
// pick, stairs, ledges and one-way steps (neighbours disagree or land at
// another Z), cells whose lookups fall through (multis, LiveOnly records,
// chunks not resident, an admission-deferred chunk), cells next to any of
// those, cells whose block holds a dynamic item or mobile, states at a Z
// other than the canonical one, amphibians (canSwim without cantWalk: the
// cache composes two rule sets) and flyers (everywhere: no rule set
// describes them).
//
// A search's budget (Request.MaxNodes) counts expansions and scan work: 256
// units (a 16-cell segment or a diagonal step; a 64-cell word is 4) count
// as one node, about ten cache A* expansions' time, so a search that cannot
// reach its goal gives up after a bounded time.
//
// # Why this technique
//
// Exact methods that go further on static benchmark maps (subgoal graphs,
// compressed path databases, chunk abstractions with baked portal
// distances) precompute over the whole map; ours is loaded lazily,
// evicted, and changed at run time by doors, mobiles and multis, and its
// chunks are shared between positions. Jump points need only chunk-local
// facts (the canonical maps, kept beside each resident chunk, ≈1-2% of its
// memory) plus a per-search look at dynamics, degrade gracefully to the
// cache A* wherever the facts do not hold, and keep the classic A*'s cost
// exactly under both cost models.
//
// # Size
//
// The package is over 3,000 lines because it holds three searches of one
// request: the classic A* (the oracle the tests compare with), the cache
// A* and the jump search (about two thirds of it, in jps_*.go). They share
// the request and result, the node keys and open heaps, the dynamics
// probes, the not-built chunk list and the cache A*'s full expansion,
// which the jump search runs at every node it cannot prune; split apart,
// each would export those to the others.
package pathing
