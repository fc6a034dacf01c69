package movement

import "testing"

// FuzzCheckMovement builds a tiny world from the fuzz bytes and checks
// CheckMovement's invariants for queries drawn from the rest of them.
func FuzzCheckMovement(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Add([]byte("bridge over water with a door and a mobile"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := &byteSource{data: data}
		r := randomWorld(t, s)
		for i := 0; i < 16; i++ {
			checkInvariants(t, r, randomQuery(s))
		}
	})
}
