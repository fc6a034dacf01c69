//go:build race

package faults

// raceEnabled: under the race detector a chunk build is ≈12× slower, so the
// files the tests bake themselves hold a band of rows rather than the map.
const raceEnabled = true
