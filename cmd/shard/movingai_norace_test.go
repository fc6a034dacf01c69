//go:build !race

package main

// maiSampleEvery is the Moving AI sample stride of the default run: every
// Nth scenario of every file (each file's buckets are in length order, so
// the sample spans short and long problems).
const maiSampleEvery = 40
