package cgt

import "testing"

// TestNodeStore: games across several chunks come back as stored, and a
// node's address does not change when games are added after it (a
// single slice grown by append moved them all).
func TestNodeStore(t *testing.T) {
	var ns nodeStore
	first := ns.add(node{birthday: 0})
	p := ns.at(first)
	const n = 3*nodeChunk + 5
	for i := 1; i < n; i++ {
		if g := ns.add(node{birthday: int64(i)}); int(g) != i {
			t.Fatalf("the %dth game stored got handle %d", i, g)
		}
	}
	if ns.len() != n || ns.capacity() != 4*nodeChunk {
		t.Fatalf("len %d, capacity %d; want %d and %d", ns.len(), ns.capacity(), n, 4*nodeChunk)
	}
	for i := range n {
		if b := ns.at(Game(i)).birthday; b != int64(i) {
			t.Fatalf("game %d holds %d", i, b)
		}
	}
	if ns.at(first) != p {
		t.Fatal("the first node moved when games were added")
	}
}
