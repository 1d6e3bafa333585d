package colsnort

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// plainGraph values a whole graph by the definition, colouring vertices
// of the full graph and checking the rule against every neighbour: no
// tints, no regions, no renumbering.
func plainGraph(s *cgt.Space, snort bool, g graph, memo map[string]cgt.Game) cgt.Game {
	key := g.String()
	if v, ok := memo[key]; ok {
		return v
	}
	moves := func(c byte) []cgt.Game {
		var out []cgt.Game
		for v := range g.state {
			if g.state[v] != '.' {
				continue
			}
			ok := true
			for m := g.adj[v]; m != 0; m &= m - 1 {
				if w := g.state[bits.TrailingZeros64(m)]; w != '.' && (w == c) != snort {
					ok = false
				}
			}
			if ok {
				h := graph{state: []byte(string(g.state)), adj: g.adj}
				h.state[v] = c
				out = append(out, plainGraph(s, snort, h, memo))
			}
		}
		return out
	}
	v, err := s.Make(moves('L'), moves('R'))
	if err != nil {
		panic(err)
	}
	memo[key] = v
	return v
}

func randomGraph(r *rand.Rand, snort bool) graph {
	n := 1 + r.IntN(8)
	g := graph{state: []byte(strings.Repeat(".", n)), adj: make([]uint64, n)}
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if r.IntN(3) == 0 {
				g.adj[u] |= 1 << v
				g.adj[v] |= 1 << u
			}
		}
	}
	// Colour a few vertices, keeping the rule.
	for k := 0; k < n/3; k++ {
		v, c := r.IntN(n), "LR"[r.IntN(2)]
		ok := g.state[v] == '.'
		for m := g.adj[v]; m != 0; m &= m - 1 {
			if w := g.state[bits.TrailingZeros64(m)]; w != '.' && (w == c) != snort {
				ok = false
			}
		}
		if ok {
			g.state[v] = c
		}
	}
	return g
}

// TestGraphAgainstPlain values 400 random graphs of up to 8 vertices in
// each game both ways; every Col value is a number or a number plus *
// (Winning Ways ch. 2, "Col contains such values"; Conway, ONAG ch. 16).
func TestGraphAgainstPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 41))
	for _, snort := range []bool{false, true} {
		s := cgt.NewSpace()
		gg := GraphGame{Snort: snort}
		e, err := partizan.New[string](s, gg)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]cgt.Game{}
		for k := 0; k < 400; k++ {
			g := randomGraph(r, snort)
			if _, err := gg.parseGraph(g.String()); err != nil {
				t.Fatalf("%s: %v", g, err)
			}
			want := plainGraph(s, snort, g, memo)
			got, err := e.Value(context.Background(), g.String())
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("snort=%v %s: regions give %s, plain play %s", snort, g, s.String(got), s.String(want))
			}
			if !snort {
				if _, n, k, ok := s.NumberUpStarParts(got); !ok || n != 0 || k > 1 {
					t.Fatalf("Col %s = %s, neither x nor x*", g, s.String(got))
				}
			}
		}
	}
}

// TestGraphPaths checks that a path written as a graph has the value of
// the strip in the path game, for every strip of up to 7 vertices.
func TestGraphPaths(t *testing.T) {
	for _, snort := range []bool{false, true} {
		s := cgt.NewSpace()
		ep, _ := partizan.New[string](s, Game{Snort: snort})
		eg, _ := partizan.New[string](s, GraphGame{Snort: snort})
		for n := 1; n <= 7; n++ {
			for code := 0; code < pow3(n); code++ {
				strip := make([]byte, n)
				for i, c := 0, code; i < n; i, c = i+1, c/3 {
					strip[i] = ".LR"[c%3]
				}
				if _, err := (Game{Snort: snort}).Parse([]string{string(strip)}); err != nil {
					continue
				}
				var es []string
				for i := 1; i < n; i++ {
					es = append(es, fmt.Sprintf("%d-%d", i-1, i))
				}
				pg := string(strip) + ":" + strings.Join(es, ",")
				a, err1 := ep.Value(context.Background(), string(strip))
				b, err2 := eg.Value(context.Background(), pg)
				if err1 != nil || err2 != nil || a != b {
					t.Fatalf("snort=%v %s: path %s, graph %s (%v %v)", snort, strip, s.String(a), s.String(b), err1, err2)
				}
			}
		}
	}
}

func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

// TestGraphSmall checks values worked by hand from the rules. Snort on
// a star of n leaves: Left colouring the centre leaves n leaves that only
// she may colour (n), better than a leaf; so Sn = ±n, and S1 = P2 = ±1.
// Snort on a triangle: the mover's colour bars the opponent from the two
// others, which the mover then colours one after the other: K3 = ±2. Col
// on a triangle: a move leaves two vertices barred to the mover, of which
// the opponent can colour one: K3 = {−1|1} = 0, and K4 likewise.
func TestGraphSmall(t *testing.T) {
	for _, c := range []struct {
		snort    bool
		pos, val string
	}{
		{true, "S1", "+-1"},
		{false, "K3", "0"},
		{false, "K4", "0"},
		{true, "K3", "+-2"},
		{true, "S3", "+-3"},
	} {
		s := cgt.NewSpace()
		gg := GraphGame{Snort: c.snort}
		e, _ := partizan.New[string](s, gg)
		ps, err := gg.ParseGraphs([]string{c.pos})
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Value(context.Background(), ps...)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.String(v); got != c.val {
			t.Errorf("snort=%v %s = %s, want %s", c.snort, c.pos, got, c.val)
		}
	}
}

func TestParseGraphs(t *testing.T) {
	for _, c := range []struct {
		snort bool
		in    string
	}{
		{false, "...:0-3"}, {false, "..:0-0"}, {false, "LL:0-1"}, {true, "LR:0-1"},
		{false, ".x:"}, {false, "C2"}, {false, "P99"}, {false, "abc"}, {false, ":"},
	} {
		if _, err := (GraphGame{Snort: c.snort}).ParseGraphs([]string{c.in}); err == nil {
			t.Errorf("snort=%v ParseGraphs(%q): no error", c.snort, c.in)
		}
	}
	ps, err := GraphGame{}.ParseGraphs([]string{"P3", "l.:0-1"})
	if err != nil || fmt.Sprint(ps) != "[...:0-1,1-2 L.:0-1]" {
		t.Errorf("ParseGraphs: %v %v", ps, err)
	}
}

// TestSnortPublished checks published results on Snort:
//   - a star K1,n has temperature n (Huntemann and Maciosowski, "Degrees
//     are useless in Snort when measuring temperature", 2024, intro);
//   - a strip of triangles (one row of a triangular grid: the square of a
//     path) is a first-player win (Gauthier and Huntemann, "Snort played
//     on triangular grids", 2024);
//   - a graph with an automorphism of order two mapping every vertex
//     outside its closed neighbourhood (opposable) is a second-player win
//     (Ashmore, Austin, Davies, Dyer, Kellough, "On graph automorphisms
//     related to Snort", 2025): the even cycles C2m, m ≥ 2, by the
//     antipodal map.
func TestSnortPublished(t *testing.T) {
	s := cgt.NewSpace()
	gg := GraphGame{Snort: true}
	e, _ := partizan.New[string](s, gg)
	value := func(pos string) cgt.Game {
		ps, err := gg.ParseGraphs([]string{pos})
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Value(context.Background(), ps...)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for n := 1; n <= 7; n++ {
		temp, err := s.Temperature(value(fmt.Sprintf("S%d", n)))
		if err != nil || temp != cgt.Int(int64(n)) {
			t.Errorf("S%d: temperature %v %v, want %d", n, temp, err, n)
		}
	}
	for triangles := 1; triangles <= 8; triangles++ {
		k := triangles + 2
		var es []string
		for i := 0; i+1 < k; i++ {
			es = append(es, fmt.Sprintf("%d-%d", i, i+1))
			if i+2 < k {
				es = append(es, fmt.Sprintf("%d-%d", i, i+2))
			}
		}
		pos := strings.Repeat(".", k) + ":" + strings.Join(es, ",")
		if o, err := s.Outcome(value(pos)); err != nil || o.String() != "N" {
			t.Errorf("%d triangles %s: outcome %v %v, want N", triangles, pos, o, err)
		}
	}
	for m := 2; m <= 6; m++ {
		if o, err := s.Outcome(value(fmt.Sprintf("C%d", 2*m))); err != nil || o.String() != "P" {
			t.Errorf("C%d: outcome %v %v, want P", 2*m, o, err)
		}
	}
}
