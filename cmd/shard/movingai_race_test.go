//go:build race

package main

// maiSampleEvery is the Moving AI sample stride under the race detector,
// which is ~10× slower: far fewer scenarios, still every map.
const maiSampleEvery = 400
