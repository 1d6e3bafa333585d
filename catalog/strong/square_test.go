package strong_test

import (
	"slices"
	"testing"

	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/games/tictactoe"
)

// sameUnderImage checks that the positions p and img (p's image under a
// symmetry: image maps a position's text to its image's) answer the same
// from the database, with p's winning moves mapped to img's.
func sameUnderImage(t *testing.T, d *strong.DB, p, img string, image func(string) string) {
	t.Helper()
	a, err1 := d.Query([]string{p})
	b, err2 := d.Query([]string{img})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if a.Outcome != b.Outcome || (a.Remoteness == nil) != (b.Remoteness == nil) || (a.Remoteness != nil && *a.Remoteness != *b.Remoteness) {
		t.Fatalf("%s: %+v; its image %s: %+v", p, a, img, b)
	}
	var mapped []string
	for _, w := range a.WinningMoves {
		mapped = append(mapped, image(w))
	}
	slices.Sort(mapped)
	if got := slices.Sorted(slices.Values(b.WinningMoves)); !slices.Equal(mapped, got) {
		t.Fatalf("%s wins by %v; its image %s by %v", p, a.WinningMoves, img, b.WinningMoves)
	}
}

// TestTicTacToeSymmetry: the database ranks one board of each orbit of
// the square's 8 symmetries (tictactoe ranking v2): 765 records for the
// 5,478 positions. Every position and each of its images answer the
// same, with the winning moves mapped (each also equals grundy solve:
// TestTicTacToeEveryPosition).
func TestTicTacToeSymmetry(t *testing.T) {
	dir := build(t, "tictactoe")
	d, err := strong.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g := tictactoe.Game{}
	for p := range g.From(0) {
		for s := 1; s < 8; s++ {
			image := func(text string) string {
				q, err := tictactoe.Parse(text)
				if err != nil {
					t.Fatal(err)
				}
				return g.Format(tictactoe.Image(q, s))
			}
			sameUnderImage(t, d, g.Format(p), g.Format(tictactoe.Image(p, s)), image)
		}
	}
	st, err := strong.ReadStats(dir)
	if err != nil || st.Positions != 5478 || st.Records != 765 || st.Outcomes != (strong.Outcomes{N: 2836, P: 1574, D: 1068}) {
		t.Fatalf("stats %+v, %v; want 5,478 positions (2,836 N, 1,574 P, 1,068 D) in 765 records", st, err)
	}
}
