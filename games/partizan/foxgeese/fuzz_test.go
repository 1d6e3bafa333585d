package foxgeese

import (
	"testing"
)

// FuzzParse: no text makes Parse panic, and every position it accepts is
// written back as it reads it (Parse(String(p)) = p) with one fox on a
// dark square and the geese on dark squares.
//
//	go test -fuzz FuzzParse ./games/partizan/foxgeese
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "start", ".x.x|....|....|..o.", "x.x.|....|....|..o.", ".X.X|....|....|..O.", "..|..", "o", ".x.x|..o.|", "||||"} {
		f.Add(s)
	}
	b, _ := New(4, 4)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := b.Parse([]string{s})
		if err != nil {
			return
		}
		if !b.Dark(int(p.Fox)) || p.Geese&(1<<p.Fox) != 0 {
			t.Fatalf("%q: fox on %d", s, p.Fox)
		}
		for i := 0; i < 64; i++ {
			if p.Geese&(1<<i) != 0 && (i >= b.W*b.H || !b.Dark(i)) {
				t.Fatalf("%q: a goose on %d", s, i)
			}
		}
		q, err := b.Parse([]string{b.String(p)})
		if err != nil || q != p {
			t.Fatalf("%q: written %s, read back %v (%v)", s, b.String(p), q, err)
		}
	})
}
