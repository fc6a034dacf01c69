//go:build !race

package pathing

// equivQueries is the number of random queries per equivalence test.
const equivQueries = 2400
