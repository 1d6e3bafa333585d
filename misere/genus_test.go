package misere

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/heap"
)

// TestGenusNim: a nim heap of g has genus 0^120 (g = 0), 1^031 (g = 1),
// g^g(g XOR 2) otherwise, and all are tame (Winning Ways ch. 13, "the
// genus of a nim heap").
func TestGenusNim(t *testing.T) {
	r, _ := heap.Parse("nim")
	gs, err := Genera(context.Background(), r, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75"}
	for n, g := range gs {
		if g.String() != want[n] || !g.Tame() {
			t.Errorf("nim heap %d: genus %s tame %v, want %s, tame", n, g, g.Tame(), want[n])
		}
	}
}

// TestGenusKayles: Kayles' heaps 1..4 are tame (1^031, 2^20, 3^31,
// 1^031), and heap 5 is not: its genus is 4^146 (Winning Ways ch. 13,
// Kayles' genus table).
func TestGenusKayles(t *testing.T) {
	r, _ := heap.Parse("kayles")
	gs, err := Genera(context.Background(), r, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0^120", "1^031", "2^20", "3^31", "1^031", "4^146"}
	for n, g := range gs {
		if g.String() != want[n] {
			t.Errorf("kayles heap %d: genus %s, want %s", n, g, want[n])
		}
	}
	if gs[5].Tame() {
		t.Error("kayles heap 5 is called tame")
	}
}

// A genus whose terms do not end in the alternation is written cut, with
// every term; one that does drops the repeats.
func TestGenusCut(t *testing.T) {
	g := GenusOf{G: 4, Gamma: []int{1, 4, 6, 4, 6, 4}}
	if s := g.String(); s != "4^146" {
		t.Errorf("alternating: %s, want 4^146", s)
	}
	g.Cut = true
	if s := g.String(); s != "4^146464…" {
		t.Errorf("cut: %s, want 4^146464…", s)
	}
}
