package connect4

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/budget"
)

func mustShape(t testing.TB, w, h, k int) *Shape {
	t.Helper()
	s, err := NewShape(w, h, k)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestFromMovesErrors(t *testing.T) {
	s := mustShape(t, 7, 6, 4)
	for _, c := range []struct {
		moves string
		off   int
	}{
		{"448", 2},
		{"440", 2},
		{"44x", 2},
		{"4é", 1},
		{"4444444", 6},  // column 4 is full after six stones
		{"1212121", -1}, // the winning move itself is fine
		{"12121213", 7}, // a move after the game ended
		{"4 4,5 x", 6},
	} {
		_, err := s.FromMoves(c.moves)
		var bad *budget.BadInput
		if c.moves == "1212121" {
			if err != nil {
				t.Errorf("%q: %v; want the winning move accepted", c.moves, err)
			}
			continue
		}
		if !errors.As(err, &bad) {
			t.Errorf("%q: error %v; want a *budget.BadInput", c.moves, err)
			continue
		}
		if bad.Offset != c.off {
			t.Errorf("%q: offset %d (%v); want %d", c.moves, bad.Offset, err, c.off)
		}
	}
}

func TestKeyMirrorMoveString(t *testing.T) {
	s := mustShape(t, 7, 6, 4)
	b, err := s.FromMoves("4453321")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.FromKey(s.Key(b)); got != b {
		t.Errorf("FromKey(Key) = %v; want %v", got, b)
	}
	m := s.Mirror(b)
	want, _ := s.FromMoves("4435567")
	if m != want {
		t.Errorf("Mirror = %v; want %v", m, want)
	}
	str, ok := s.MoveString(b)
	if !ok {
		t.Fatal("MoveString found no sequence")
	}
	if back, _ := s.FromMoves(str); back != b {
		t.Errorf("MoveString %q reaches another board", str)
	}
}

// FuzzFromMoves: any string is a board or a *budget.BadInput with an
// offset inside it, never a panic; a board's move string reaches it again.
func FuzzFromMoves(f *testing.F) {
	for _, s := range []string{"", "4453", "1212121", "12121213", "4444444", "9", "4é", "1 2,3"} {
		f.Add(s)
	}
	s := mustShape(f, 7, 6, 4)
	f.Fuzz(func(t *testing.T, moves string) {
		b, err := s.FromMoves(moves)
		if err != nil {
			var bad *budget.BadInput
			if !errors.As(err, &bad) || bad.Offset < 0 || bad.Offset >= len(moves) {
				t.Fatalf("%q: error %v", moves, err)
			}
			return
		}
		str, ok := s.MoveString(b)
		if !ok {
			t.Fatalf("%q: no move string", moves)
		}
		if back, err := s.FromMoves(str); err != nil || back != b {
			t.Fatalf("%q: move string %q reaches %v, %v", moves, str, back, err)
		}
	})
}

// TestUnrolledFour checks the unrolled four-in-a-row primitives against
// the loops for any K, on random stones of every K=4 board up to 9x6.
func TestUnrolledFour(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 4))
	for w := 4; w <= MaxWidth; w++ {
		for h := 4; w*(h+1) <= MaxBits; h++ {
			s, err := NewShape(w, h, 4)
			if err != nil {
				t.Fatal(err)
			}
			for range 20000 {
				pos := rng.Uint64() & rng.Uint64() & s.full
				if rng.IntN(2) == 0 {
					pos |= rng.Uint64() & s.full
				}
				if got, want := s.Aligned(pos), s.alignedAny(pos); got != want {
					t.Fatalf("%s %#x: Aligned %v, loop %v", s, pos, got, want)
				}
				if got, want := s.WinningCells(pos), s.winningCellsAny(pos); got != want {
					t.Fatalf("%s %#x: WinningCells %#x, loop %#x", s, pos, got, want)
				}
			}
		}
	}
}
