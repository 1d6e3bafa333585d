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

// TestGenusTailProven: the terms past where Genera stops repeat with
// period 2, as its proof says: every γk for k < 12 of heaps up to 9,
// by a plain search that keeps every 1 and every 2 of the sum (no
// reduction of two 1s), against the symbol's terms extended by the
// period.
func TestGenusTailProven(t *testing.T) {
	for _, spec := range []string{"kayles", "dawson", "octal:0.75", "octal:0.15", "subtract:1,3,4"} {
		r, err := heap.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		const upto, terms = 9, 12
		gs, err := Genera(context.Background(), r, upto, 0)
		if err != nil {
			t.Fatal(err)
		}
		opts := make([][][]int, upto+1)
		for n := 1; n <= upto; n++ {
			r.EachOption(n, func(parts []int) bool {
				opts[n] = append(opts[n], append([]int(nil), parts...))
				return true
			})
		}
		type key struct {
			c          [upto + 1]uint8
			ones, twos int
		}
		memo := map[key]int{}
		var mis func(k key) int
		mis = func(k key) int {
			if v, ok := memo[k]; ok {
				return v
			}
			seen := map[int]bool{}
			for h := 1; h <= upto; h++ {
				if k.c[h] == 0 {
					continue
				}
				for _, parts := range opts[h] {
					n := k
					n.c[h]--
					for _, p := range parts {
						n.c[p]++
					}
					seen[mis(n)] = true
				}
			}
			if k.ones > 0 {
				seen[mis(key{k.c, k.ones - 1, k.twos})] = true
			}
			if k.twos > 0 {
				seen[mis(key{k.c, k.ones, k.twos - 1})] = true
				seen[mis(key{k.c, k.ones + 1, k.twos - 1})] = true
			}
			v := 0
			if len(seen) == 0 {
				v = 1
			}
			for seen[v] {
				v++
			}
			memo[k] = v
			return v
		}
		for n := 1; n <= upto; n++ {
			g := gs[n]
			if g.Cut {
				t.Fatalf("%s heap %d: genus cut", spec, n)
			}
			for k := range terms {
				j := k
				for j >= len(g.Gamma) {
					j -= 2
				}
				want := g.Gamma[j]
				var c [upto + 1]uint8
				c[n] = 1
				if got := mis(key{c: c, twos: k}); got != want {
					t.Fatalf("%s heap %d: γ%d = %d by search, %d from the genus %s", spec, n, k, got, want, g)
				}
			}
		}
	}
}
