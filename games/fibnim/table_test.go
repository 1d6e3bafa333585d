package fibnim

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/impartial"
)

// TestTableAgainstSearch: every position (n, L) with n ≤ 300, the table's
// value and remoteness against the plain Sprague–Grundy search.
func TestTableAgainstSearch(t *testing.T) {
	const n = 300
	tab, err := NewTable(context.Background(), n, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := impartial.New[Pos](Game{}, impartial.Options{})
	for m := 0; m <= n; m++ {
		for l := 0; l <= m; l++ {
			p := Pos{N: m, L: l}
			want, err := s.Grundy(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			wantRem, err := s.Remoteness(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if v, r := tab.Value(p); v != want || r != wantRem {
				t.Fatalf("(%d, %d): value %d remoteness %d, the search says %d and %d", m, l, v, r, want, wantRem)
			}
		}
	}
	// Whinihan: the starts of value 0 are exactly the Fibonacci numbers.
	fib := map[int]bool{}
	for a, b := 1, 2; a <= n; a, b = b, a+b {
		fib[a] = true
	}
	for m := 1; m <= n; m++ {
		if v, _ := tab.Value(Start(m)); (v == 0) != fib[m] {
			t.Fatalf("start %d: value %d", m, v)
		}
	}
}
