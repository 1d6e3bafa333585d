package kalah

import (
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/game"
)

// MaxPits is the largest number of pits a side; MaxSeeds bounds 2·P·S so
// that every margin fits a scored database record (db.MaxScore).
const (
	MaxPits  = 8
	MaxSeeds = 126
)

// Pos is a Kalah position. Pits 0..P-1 are South's (pit 1 to P in South's
// numbering), P..2P-1 North's (pit 1 to P in North's numbering); Store[0]
// is South's, Store[1] North's; Turn is 0 for South to move, 1 for North.
// Entries past 2P are zero.
type Pos struct {
	Pits  [2 * MaxPits]uint8
	Store [2]uint8
	Turn  uint8
}

// Game is Kalah with P pits a side and S seeds a pit.
type Game struct {
	P, S int
	// NonEmpty: a capture needs seeds in the opposite pit (the variant).
	NonEmpty bool
	binom    [][]int64 // binom[n][k], n up to N+2P
}

// New returns kalah:p,s; nonEmpty selects the capture variant.
func New(p, s int, nonEmpty bool) (*Game, error) {
	if p < 1 || p > MaxPits {
		return nil, fmt.Errorf("kalah needs 1 to %d pits a side, not %d", MaxPits, p)
	}
	if s < 1 || 2*p*s > MaxSeeds {
		return nil, fmt.Errorf("kalah:%d,%d has %d seeds; at least 1 a pit and at most %d in all", p, s, 2*p*s, MaxSeeds)
	}
	g := &Game{P: p, S: s, NonEmpty: nonEmpty}
	n := g.Seeds() + 2*p + 1
	g.binom = make([][]int64, n+1)
	for i := range g.binom {
		g.binom[i] = make([]int64, 2*p+1)
		g.binom[i][0] = 1
		for k := 1; k <= 2*p && i > 0; k++ {
			g.binom[i][k] = g.binom[i-1][k-1] + g.binom[i-1][k]
		}
	}
	return g, nil
}

// Seeds is the number of seeds in play, 2·P·S.
func (g *Game) Seeds() int { return 2 * g.P * g.S }

// Spec is the game's spec, kalah:P,S (with :nonempty for the variant).
func (g *Game) Spec() string {
	s := fmt.Sprintf("kalah:%d,%d", g.P, g.S)
	if g.NonEmpty {
		s += ":nonempty"
	}
	return s
}

// Start is the opening position: S seeds in every pit, South to move.
func (g *Game) Start() Pos {
	var p Pos
	for i := range 2 * g.P {
		p.Pits[i] = uint8(g.S)
	}
	return p
}

// sideEmpty reports whether player's pits are all empty.
func (g *Game) sideEmpty(p *Pos, player int) bool {
	for i := player * g.P; i < (player+1)*g.P; i++ {
		if p.Pits[i] != 0 {
			return false
		}
	}
	return true
}

// Over reports whether p is the end of the game (every seed in a store).
func (g *Game) Over(p Pos) bool { return int(p.Store[0])+int(p.Store[1]) == g.Seeds() }

// Sow makes one sowing from pit (0-based, of the player to move's own
// pits) and returns the position after it and whether the same player
// moves again. A sowing that empties a side ends the game: the seeds
// left go to their owners' stores. ok is false for an empty pit.
func (g *Game) Sow(p Pos, pit int) (q Pos, again, ok bool) {
	m := int(p.Turn)
	i := m*g.P + pit
	if pit < 0 || pit >= g.P || p.Pits[i] == 0 {
		return p, false, false
	}
	q = p
	seeds := int(q.Pits[i])
	q.Pits[i] = 0
	// The mover's ring: its own pits from i on, its store (-1), the
	// opponent's pits, back to its own.
	pos := i
	inStore := false
	for ; seeds > 0; seeds-- {
		switch {
		case inStore:
			inStore = false
			pos = (1 - m) * g.P
		case pos == (m+1)*g.P-1:
			inStore = true
		default:
			pos = (pos + 1) % (2 * g.P)
		}
		if inStore {
			q.Store[m]++
		} else {
			q.Pits[pos]++
		}
	}
	switch {
	case inStore:
		again = true
	case pos/g.P == m && q.Pits[pos] == 1:
		opp := 2*g.P - 1 - pos
		if q.Pits[opp] > 0 || !g.NonEmpty {
			q.Store[m] += 1 + q.Pits[opp]
			q.Pits[pos], q.Pits[opp] = 0, 0
		}
	}
	if g.sideEmpty(&q, 0) || g.sideEmpty(&q, 1) {
		for i := range 2 * g.P {
			q.Store[i/g.P] += q.Pits[i]
			q.Pits[i] = 0
		}
		again = false
	}
	if !again {
		q.Turn = 1 - q.Turn
	}
	return q, again, true
}

// Turns calls yield with every whole turn from p: the pits sown (0-based,
// in order) and the position after the turn, depth first in pit order.
// The slice is valid only during the call.
func (g *Game) Turns(p Pos, yield func(pits []int, q Pos) bool) {
	if g.Over(p) {
		return
	}
	var path [MaxSeeds + 1]int
	var rec func(p Pos, depth int) bool
	rec = func(p Pos, depth int) bool {
		for pit := range g.P {
			q, again, ok := g.Sow(p, pit)
			if !ok {
				continue
			}
			path[depth] = pit
			if again {
				if !rec(q, depth+1) {
					return false
				}
			} else if !yield(path[:depth+1], q) {
				return false
			}
		}
		return true
	}
	rec(p, 0)
}

// Moves yields the position after every whole turn from p.
func (g *Game) Moves(p Pos) iter.Seq[Pos] {
	return func(yield func(Pos) bool) {
		g.Turns(p, func(_ []int, q Pos) bool { return yield(q) })
	}
}

// AppendMoves appends the positions Moves yields, in the same order. It
// allocates nothing but dst's growth (the solvers' hot path).
func (g *Game) AppendMoves(dst []Pos, p Pos) []Pos {
	if g.Over(p) {
		return dst
	}
	return g.appendTurns(dst, p)
}

func (g *Game) appendTurns(dst []Pos, p Pos) []Pos {
	for pit := range g.P {
		q, again, ok := g.Sow(p, pit)
		switch {
		case !ok:
		case again:
			dst = g.appendTurns(dst, q)
		default:
			dst = append(dst, q)
		}
	}
	return dst
}

// TerminalScore is the final margin for the player to move at the end:
// its store minus the opponent's.
func (g *Game) TerminalScore(p Pos) int {
	return int(p.Store[p.Turn]) - int(p.Store[1-p.Turn])
}

// Label names the turn from p to q as players do: "pit 3", or "pit 3,
// pit 1" for sowings chained by extra turns ("" when q is no turn from p).
func (g *Game) Label(p, q Pos) string {
	var out string
	g.Turns(p, func(pits []int, r Pos) bool {
		if r != q {
			return true
		}
		parts := make([]string, len(pits))
		for i, pit := range pits {
			parts[i] = "pit " + strconv.Itoa(pit+1)
		}
		out = strings.Join(parts, ", ")
		return false
	})
	return out
}

// Format writes p in the package's notation (doc.go).
func (g *Game) Format(p Pos) string {
	var b strings.Builder
	for i := 2*g.P - 1; i >= g.P; i-- {
		if i < 2*g.P-1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(p.Pits[i])))
	}
	b.WriteByte('/')
	for i := range g.P {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(p.Pits[i])))
	}
	fmt.Fprintf(&b, "/%d,%d/%c", p.Store[1], p.Store[0], "SN"[p.Turn])
	return b.String()
}

// Parse reads a position in the package's notation; "" is the start.
// Errors are *budget.BadInput with the byte offset of the fault.
func (g *Game) Parse(s string) (Pos, error) {
	if strings.TrimSpace(s) == "" {
		return g.Start(), nil
	}
	bad := func(off int, format string, args ...any) error {
		return &budget.BadInput{Input: s, Offset: off, Msg: fmt.Sprintf("kalah position %q, offset %d: ", s, off) + fmt.Sprintf(format, args...)}
	}
	var p Pos
	parts := strings.Split(s, "/")
	if len(parts) != 4 {
		return p, bad(0, "want 4 parts separated by '/' (top row, bottom row, stores, player to move), not %d", len(parts))
	}
	offs := make([]int, 4)
	for i := 1; i < 4; i++ {
		offs[i] = offs[i-1] + len(parts[i-1]) + 1
	}
	// numbers reads want comma-separated counts from part k.
	numbers := func(k, want int, what string) ([]int, error) {
		fields := strings.Split(parts[k], ",")
		if len(fields) != want {
			return nil, bad(offs[k], "%s: want %d numbers separated by commas, not %d", what, want, len(fields))
		}
		out := make([]int, want)
		off := offs[k]
		for i, f := range fields {
			v, err := strconv.Atoi(f)
			if err != nil || v < 0 || v > g.Seeds() || strings.HasPrefix(f, "+") {
				return nil, bad(off, "%s: %q is not a count of seeds from 0 to %d", what, f, g.Seeds())
			}
			out[i] = v
			off += len(f) + 1
		}
		return out, nil
	}
	top, err := numbers(0, g.P, "the top row (North's pits)")
	if err != nil {
		return p, err
	}
	bottom, err := numbers(1, g.P, "the bottom row (South's pits)")
	if err != nil {
		return p, err
	}
	stores, err := numbers(2, 2, "the stores (North's, South's)")
	if err != nil {
		return p, err
	}
	switch parts[3] {
	case "S":
	case "N":
		p.Turn = 1
	default:
		return p, bad(offs[3], "the player to move is S or N, not %q", parts[3])
	}
	total := 0
	for i, v := range top {
		p.Pits[2*g.P-1-i] = uint8(v)
		total += v
	}
	for i, v := range bottom {
		p.Pits[i] = uint8(v)
		total += v
	}
	p.Store[1], p.Store[0] = uint8(stores[0]), uint8(stores[1])
	total += stores[0] + stores[1]
	if total != g.Seeds() {
		return p, bad(0, "%d seeds on the board; %s always has %d", total, g.Spec(), g.Seeds())
	}
	if (g.sideEmpty(&p, 0) || g.sideEmpty(&p, 1)) && !g.Over(p) {
		side, off := "South's", offs[1]
		if g.sideEmpty(&p, 1) {
			side, off = "North's", offs[0]
		}
		return p, bad(off, "%s pits are empty but seeds remain in pits: the game ended, and they went to their owner's store", side)
	}
	return p, nil
}

var (
	_ game.Game[Pos]         = (*Game)(nil)
	_ game.MoveAppender[Pos] = (*Game)(nil)
	_ game.Formatter[Pos]    = (*Game)(nil)
	_ game.Scored[Pos]       = (*Game)(nil)
	_ game.Tiered[Pos]       = (*Game)(nil)
)
