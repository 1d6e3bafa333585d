package arena

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStrings: every string interned keeps its value while many more are
// interned after it, across chunks and for values longer than a chunk,
// and the caller's buffer can be reused at once.
func TestStrings(t *testing.T) {
	var a Strings
	rng := rand.New(rand.NewPCG(1, 2))
	var want, got []string
	buf := []byte{}
	for i := range 20000 {
		n := rng.IntN(40)
		if i%5000 == 4999 {
			n = chunkBytes + 3 // larger than a chunk
		}
		buf = buf[:0]
		for range n {
			buf = append(buf, byte(rng.IntN(256)))
		}
		want = append(want, string(buf))
		got = append(got, a.Intern(buf))
		if len(buf) > 0 { // the buffer is the caller's again
			buf[0]++
		}
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("string %d changed: %q, want %q", i, got[i], want[i])
		}
	}
	if a.Intern(nil) != "" {
		t.Fatal("an empty key is not the empty string")
	}
}

// TestSlices: copies keep their values, are independent of the caller's
// slice, and an append to one does not write over the next.
func TestSlices(t *testing.T) {
	var a Slices[int32]
	rng := rand.New(rand.NewPCG(3, 4))
	var want, got [][]int32
	for i := range 30000 {
		xs := make([]int32, rng.IntN(12))
		if i == 20000 {
			xs = make([]int32, chunkBytes) // larger than a chunk
		}
		for j := range xs {
			xs[j] = rng.Int32()
		}
		c := a.Copy(xs)
		if len(xs) > 0 && cap(c) != len(c) {
			t.Fatalf("copy %d has capacity %d past its length %d", i, cap(c), len(c))
		}
		want = append(want, slices.Clone(xs))
		got = append(got, c)
		for j := range xs {
			xs[j] = -1
		}
		_ = append(c, 7, 7, 7) // must not land in the arena
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("copy %d changed: %v, want %v", i, got[i], want[i])
		}
	}
	if a.Copy(nil) != nil {
		t.Fatal("an empty copy is not nil")
	}
}
