package cgt

import (
	"testing"

	"github.com/grundy-go/grundy/budget"
)

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

// TestSpaceChargesGrowth: a memo table's new arrays are charged to the
// budget before they are allocated, together with the old ones they are
// filled from, and the old ones are given back at the next charge; the
// option lists and index keys live in arenas and the Space's charge
// covers them (footprint).
func TestSpaceChargesGrowth(t *testing.T) {
	s := NewSpace()
	mem := budget.NewBytes(1 << 30)
	s.Memory = mem
	grows := 0
	for _, tab := range []*memoTable{&s.sums, &s.leqs} {
		inner := tab.beforeGrow
		tab.beforeGrow = func(slots int) {
			inner(slots)
			grows++
			// footprint counts the old arrays, still in use here.
			if need := s.footprint() + 12*int64(slots); mem.Used() < need {
				t.Errorf("growing a memo table from %d to %d slots: %d bytes charged, %d held with the new arrays", len(tab.keys), slots, mem.Used(), need)
			}
		}
	}
	if _, err := s.Parse("^[64]+^<64>+{3|*,{1|-1}}"); err != nil {
		t.Fatal(err)
	}
	if grows < 2 {
		t.Fatalf("the memo tables grew %d times", grows)
	}
	s.chargeMemory()
	if f := s.footprint(); s.charged != f || mem.Used() != f {
		t.Errorf("after the growth: %d charged, %d used, footprint %d", s.charged, mem.Used(), f)
	}
	s.Release()
	if mem.Used() != 0 {
		t.Errorf("%d bytes left charged after Release", mem.Used())
	}
}
