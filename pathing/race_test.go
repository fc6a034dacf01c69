//go:build race

package pathing

// equivQueries is smaller under the race detector, which is ~10× slower.
const equivQueries = 240
