//go:build !race

package main

// maiSamplePerFile is how many scenarios of each .scen file the default
// Moving AI test runs: every (len/maiSamplePerFile)-th one, and the last.
// Each file's buckets are in length order, so the sample spans short and
// long problems.
const maiSamplePerFile = 48
