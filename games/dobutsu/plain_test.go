package dobutsu

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/tier"
)

// A plain Dobutsu shogi written apart from the game's packed cells, for
// the tests: a board of letters (upper case Sente, lower case Gote),
// hands as strings, moves by looping over cells and a piece's
// directions, no symmetry, and the values of every position reachable
// from a start by rounds of remoteness (the textbook retrograde
// analysis, no queue): a position is won in n+1 when a move leads to
// one lost in n, lost in n+1 when every move leads to one won in at
// most n and one in exactly n, drawn when neither ever holds.

type plainPos struct {
	board [4][3]byte // '.' or a letter
	hands string     // sorted letters of both hands
	gote  bool       // Gote to move
}

type plainValue struct {
	outcome    byte // 'N', 'P' or 'D'
	remoteness int
}

func plainOwner(c byte) int { // 0 Sente, 1 Gote
	if c >= 'a' {
		return 1
	}
	return 0
}

// plainDirs are a piece's steps as (rank, file) offsets for Sente,
// whose forward is up the board (rank - 1).
var plainDirs = map[byte][][2]int{
	'L': {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},
	'G': {{-1, 0}, {1, 0}, {0, -1}, {0, 1}},
	'E': {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}},
	'C': {{-1, 0}},
	'H': {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},
}

func upper(c byte) byte {
	if c >= 'a' {
		return c - 32
	}
	return c
}

// targets lists the cells the piece at (r, f) steps to.
func plainTargets(p plainPos, r, f int) [][2]int {
	c := p.board[r][f]
	side := plainOwner(c)
	var out [][2]int
	for _, d := range plainDirs[upper(c)] {
		dr := d[0]
		if side == 1 {
			dr = -dr
		}
		nr, nf := r+dr, f+d[1]
		if nr < 0 || nr > 3 || nf < 0 || nf > 2 {
			continue
		}
		if t := p.board[nr][nf]; t != '.' && plainOwner(t) == side {
			continue
		}
		out = append(out, [2]int{nr, nf})
	}
	return out
}

func plainFind(p plainPos, c byte) (int, int, bool) {
	for r := range 4 {
		for f := range 3 {
			if p.board[r][f] == c {
				return r, f, true
			}
		}
	}
	return 0, 0, false
}

// plainEnd is the value of a position where play stops, or false: the
// mover can take the lion (won, the capture is one ply), the
// opponent's lion stands on the mover's home rank (lost).
func plainEnd(p plainPos) (plainValue, bool) {
	me := 0
	myLion, theirLion, home := byte('L'), byte('l'), 3
	if p.gote {
		me, myLion, theirLion, home = 1, 'l', 'L', 0
	}
	if _, _, ok := plainFind(p, myLion); !ok {
		return plainValue{'P', 0}, true
	}
	lr, lf, _ := plainFind(p, theirLion)
	for r := range 4 {
		for f := range 3 {
			if c := p.board[r][f]; c != '.' && plainOwner(c) == me {
				for _, t := range plainTargets(p, r, f) {
					if t == [2]int{lr, lf} {
						return plainValue{'N', 1}, true
					}
				}
			}
		}
	}
	if lr == home {
		return plainValue{'P', 0}, true
	}
	return plainValue{}, false
}

func sortHands(s string) string {
	b := []byte(s)
	for i := range b {
		for j := i + 1; j < len(b); j++ {
			if b[j] < b[i] {
				b[i], b[j] = b[j], b[i]
			}
		}
	}
	return string(b)
}

// plainMoves lists the positions p's moves leave (p not ended).
func plainMoves(p plainPos) []plainPos {
	me := 0
	if p.gote {
		me = 1
	}
	var out []plainPos
	for r := range 4 {
		for f := range 3 {
			c := p.board[r][f]
			if c == '.' || plainOwner(c) != me {
				continue
			}
			for _, t := range plainTargets(p, r, f) {
				q := p
				q.gote = !p.gote
				hands := p.hands
				if x := q.board[t[0]][t[1]]; x != '.' {
					x = upper(x)
					if x == 'H' {
						x = 'C'
					}
					if me == 1 {
						x += 32
					}
					hands += string(x)
				}
				q.hands = sortHands(hands)
				q.board[r][f] = '.'
				moved := c
				far := 0
				if me == 1 {
					far = 3
				}
				if upper(c) == 'C' && t[0] == far {
					moved = c + ('H' - 'C')
				}
				q.board[t[0]][t[1]] = moved
				out = append(out, q)
			}
		}
	}
	done := map[byte]bool{}
	for i := 0; i < len(p.hands); i++ {
		c := p.hands[i]
		if plainOwner(c) != me || done[c] {
			continue
		}
		done[c] = true
		rest := p.hands[:i] + p.hands[i+1:]
		for r := range 4 {
			for f := range 3 {
				if p.board[r][f] == '.' {
					q := p
					q.gote = !p.gote
					q.hands = rest
					q.board[r][f] = c
					out = append(out, q)
				}
			}
		}
	}
	return out
}

// plainSolve is every position reachable from start with its value.
func plainSolve(start plainPos) map[plainPos]plainValue {
	kids := map[plainPos][]plainPos{}
	val := map[plainPos]plainValue{}
	queue := []plainPos{start}
	seen := map[plainPos]bool{start: true}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if v, ok := plainEnd(p); ok {
			val[p] = v
			continue
		}
		ms := plainMoves(p)
		kids[p] = ms
		for _, q := range ms {
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	for n := 0; ; n++ {
		found := map[plainPos]plainValue{}
		for p, ms := range kids {
			if _, ok := val[p]; ok {
				continue
			}
			lostIn, allWon, maxWon := false, true, -1
			for _, q := range ms {
				v, ok := val[q]
				switch {
				case ok && v.outcome == 'P' && v.remoteness == n:
					lostIn = true
				case ok && v.outcome == 'N' && v.remoteness <= n:
					maxWon = max(maxWon, v.remoteness)
				default:
					allWon = false
				}
			}
			switch {
			case lostIn:
				found[p] = plainValue{'N', n + 1}
			case allWon && maxWon == n:
				found[p] = plainValue{'P', n + 1}
			}
		}
		for p, v := range found {
			val[p] = v
		}
		// A win in n+2 needs a loss in n+1, a loss in n+2 a win in n+1:
		// once a round finds nothing and nothing stands above it,
		// nothing more will be found.
		if len(found) == 0 && n >= maxRem(val) {
			break
		}
	}
	for p := range kids {
		if _, ok := val[p]; !ok {
			val[p] = plainValue{'D', -1}
		}
	}
	return val
}

func maxRem(val map[plainPos]plainValue) int {
	m := 0
	for _, v := range val {
		m = max(m, v.remoteness)
	}
	return m
}

// plainStart is Kitao's start with only the pieces r has.
func plainStart(r Rules) plainPos {
	p := plainPos{board: [4][3]byte{{'.', 'l', '.'}, {'.', '.', '.'}, {'.', '.', '.'}, {'.', 'L', '.'}}}
	if r.Giraffes == 2 {
		p.board[0][0], p.board[3][2] = 'g', 'G'
	}
	if r.Elephants == 2 {
		p.board[0][2], p.board[3][0] = 'e', 'E'
	}
	if r.Chicks == 2 {
		p.board[1][1], p.board[2][1] = 'c', 'C'
	}
	return p
}

// plainText writes p in the game's notation, for Parse.
func plainText(p plainPos) string {
	rows := make([]string, 4)
	for r := range 4 {
		rows[r] = string(p.board[r][:])
	}
	var up, low strings.Builder
	for _, k := range "GEC" {
		for i := 0; i < len(p.hands); i++ {
			if rune(p.hands[i]) == k {
				up.WriteByte(p.hands[i])
			}
			if rune(p.hands[i]) == k+32 {
				low.WriteByte(p.hands[i])
			}
		}
	}
	h := up.String() + low.String()
	if h == "" {
		h = "-"
	}
	turn := "b"
	if p.gote {
		turn = "w"
	}
	return strings.Join(rows, "/") + ":" + h + ":" + turn
}

// buildDB strongly solves g with the tier solver into a temporary
// directory and opens the database.
func buildDB(t *testing.T, g *Game) (*db.DB, *tier.Result) {
	t.Helper()
	dir := t.TempDir()
	b, err := db.Create(dir, g.Spec())
	if err != nil {
		t.Fatal(err)
	}
	res, err := tier.Solve(context.Background(), g, b, tier.Options{})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(dir, g.Spec())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, res
}

// TestDatabaseAgainstPlain: for games with fewer pieces (lions with
// chicks, with giraffes, with elephants; with giraffes and elephants
// too when GRUNDY_DOBUTSU_LONG is set, millions of positions), the tier
// solver's database holds exactly the orbits of the positions the plain
// analysis reaches (with the one record of finished games), and its
// value of every one of them is the plain analysis's.
func TestDatabaseAgainstPlain(t *testing.T) {
	cases := []Rules{{0, 0, 2}, {2, 0, 0}, {0, 2, 0}}
	if os.Getenv("GRUNDY_DOBUTSU_LONG") != "" {
		cases = append(cases, Rules{2, 2, 0})
	}
	for _, r := range cases {
		g := New(r)
		d, res := buildDB(t, g)
		val := plainSolve(plainStart(r))
		orbits := map[int64]bool{}
		counts := map[byte]int{}
		for pp, v := range val {
			p, err := g.Parse(plainText(pp))
			if err != nil {
				t.Fatalf("%s: %s: %v", g.Spec(), plainText(pp), err)
			}
			if !hasLions(p) {
				t.Fatalf("%s: the plain analysis reached a finished game %s", g.Spec(), plainText(pp))
			}
			rank := g.TierRank(p)
			orbits[rank] = true
			o, rem, ok, err := d.Lookup(0, rank)
			if err != nil || !ok {
				t.Fatalf("%s: %s: no record (%v)", g.Spec(), plainText(pp), err)
			}
			want := map[byte]outcome.Outcome{'N': outcome.N, 'P': outcome.P, 'D': outcome.D}[v.outcome]
			if o != want || (o != outcome.D && int(rem) != v.remoteness) {
				t.Fatalf("%s: %s: database %v %d, plain %c %d", g.Spec(), plainText(pp), o, rem, v.outcome, v.remoteness)
			}
			counts[v.outcome]++
		}
		if got, want := res.Count.RecordCount(), int64(len(orbits)+1); got != want {
			t.Errorf("%s: %d records, the plain analysis reaches %d orbits and the finished games", g.Spec(), got, want)
		}
		c, err := g.CountReachable(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.All != int64(len(orbits)) || c.Catch+c.Try+c.Other != c.All {
			t.Errorf("%s: CountReachable %+v, the plain analysis reaches %d orbits", g.Spec(), c, len(orbits))
		}
		t.Logf("%s: %d positions (%d N, %d P, %d D), %d orbits", g.Spec(), len(val), counts['N'], counts['P'], counts['D'], len(orbits))
	}
}
