//go:build !race

package faults

// raceEnabled: see race_test.go.
const raceEnabled = false
