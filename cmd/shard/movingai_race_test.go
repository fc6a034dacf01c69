//go:build race

package main

// maiSamplePerFile is how many scenarios of each .scen file the default
// Moving AI test runs under the race detector, which is ~10× slower.
const maiSamplePerFile = 6
