package tshirts

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/payoffreport"
	"github.com/grundy-go/grundy/game"
)

// The catalog's adapter of T-Shirts: "grundy solve tshirts ORDERS" and the
// explorer's moves, solved by backward induction (payoffreport.Solve).

func init() {
	catalog.Register(catalog.Entry{
		Name:     "tshirts",
		Position: "three preference orders of shirts 1..n, best first, separated by '/': e.g. \"3 1 2 / 1 2 3 / 2 3 1\" (n ≤ " + strconv.Itoa(MaxShirts) + "), optionally followed by the shirts deleted so far: \"3 1 2 / 1 2 3 / 2 3 1 / deleted 2\"",
		Summary:  "T-Shirts: players 1, 2, 3, 1, … each delete a shirt until one remains; each wants the last shirt high in its own order",
		Example:  "solve tshirts 3 1 2 / 1 2 3 / 2 3 1",
		Kind:     "payoff",
		Make:     func(string) (catalog.Instance, error) { return instance{}, nil },
	})
}

// instance is the catalog's T-Shirts; the orders come with each position.
type instance struct{}

var _ catalog.SuccessorLister = instance{}

func (instance) Spec() string { return "tshirts" }

// Solve solves a T-Shirts position: the three preference orders, then
// optionally "/ deleted S…", the shirts deleted so far, exactly as the
// explorer writes its positions (parsePosition reads both).
func (instance) Solve(ctx context.Context, tokens []string, opts catalog.Options) (*catalog.Report, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod("tshirts", catalog.ClosedForm, "tshirts has no closed form")
	}
	g, pos, err := parsePosition(tokens)
	if err != nil {
		return nil, err
	}
	return report(ctx, g, pos, opts)
}

// parsePosition reads a T-Shirts position: three preference orders of
// shirts 1..n, best first, separated by '/' (or 3n numbers, split
// evenly), optionally followed by "/ deleted S…", the shirts deleted so
// far (players 1, 2, 3, 1, … deleted them in turn, so their number says
// who is to move). It is the one reader of T-Shirts positions, for solve
// and for the explorer.
func parsePosition(tokens []string) (*Game, Pos, error) {
	groups := strings.Split(strings.Join(tokens, " "), "/")
	var deleted []int
	if last := strings.Fields(groups[len(groups)-1]); len(groups) > 1 && len(last) > 0 && last[0] == "deleted" {
		var err error
		deleted, err = catalog.ParseInts(last[1:], "deleted shirt", 0, MaxShirts, MaxShirts)
		if err != nil {
			return nil, 0, err
		}
		groups = groups[:len(groups)-1]
	}
	var orders [3][]int
	switch len(groups) {
	case 3:
		for k, grp := range groups {
			xs, err := catalog.ParseInts([]string{grp}, "shirt", 1, MaxShirts, MaxShirts)
			if err != nil {
				return nil, 0, fmt.Errorf("player %d's order: %w", k+1, err)
			}
			orders[k] = xs
		}
	case 1:
		xs, err := catalog.ParseInts(groups, "shirt", 3, 3*MaxShirts, MaxShirts)
		if err != nil {
			return nil, 0, err
		}
		if len(xs)%3 != 0 {
			return nil, 0, fmt.Errorf("expected three preference orders of the same length, got %d numbers (not a multiple of 3); separate the orders with '/'", len(xs))
		}
		n := len(xs) / 3
		orders = [3][]int{xs[:n], xs[n : 2*n], xs[2*n:]}
	case 4:
		if f := strings.Fields(groups[3]); len(f) > 0 && f[0] == "deleted" {
			return nil, 0, fmt.Errorf("bad part %q: the shirts deleted come in one '/ deleted' part, at the end", strings.TrimSpace(groups[3]))
		}
		return nil, 0, fmt.Errorf("bad part %q after the three preference orders: expected \"deleted\" and the shirts deleted so far", strings.TrimSpace(groups[3]))
	default:
		return nil, 0, fmt.Errorf("expected three preference orders separated by '/', got %d groups (they may be followed by '/ deleted' and the shirts deleted so far)", len(groups))
	}
	g, err := New(orders)
	if err != nil {
		return nil, 0, err
	}
	pos := g.Start()
	for _, s := range deleted {
		if s < 1 || s > g.N {
			return nil, 0, fmt.Errorf("bad deleted shirt %d: the shirts are 1..%d", s, g.N)
		}
		bit := Pos(1) << (s - 1)
		switch {
		case pos&bit == 0:
			return nil, 0, fmt.Errorf("bad deleted shirt %d: it is deleted twice", s)
		case bits.OnesCount32(uint32(pos)) == 1:
			return nil, 0, fmt.Errorf("bad position: %d deleted shirts leave none; at most %d can be deleted", len(deleted), g.N-1)
		}
		pos &^= bit
	}
	return g, pos, nil
}

// formatPosition writes a T-Shirts position as parsePosition reads it:
// the orders, then the shirts deleted in increasing order.
func formatPosition(g *Game, p Pos) string {
	text := catalog.JoinInts(g.Order[0]) + " / " + catalog.JoinInts(g.Order[1]) + " / " + catalog.JoinInts(g.Order[2])
	if p == g.Start() {
		return text
	}
	var gone []int
	for s := 1; s <= g.N; s++ {
		if p&(1<<(s-1)) == 0 {
			gone = append(gone, s)
		}
	}
	return text + " / deleted " + catalog.JoinInts(gone)
}

// report solves position p by backward induction (payoffreport.Solve,
// exact: the payoffs are small integers), names the last shirt under
// optimal play and the mover's best deletions.
func report(ctx context.Context, g *Game, p Pos, opts catalog.Options) (*catalog.Report, error) {
	exact := opts
	exact.Float = false
	format := func(q Pos) string { return formatPosition(g, q) }
	r, err := payoffreport.Solve(ctx, "tshirts", game.Multiplayer[Pos](g), p, format, payoffreport.Options{Options: exact})
	if err != nil {
		return nil, err
	}
	vs, ok := r.Payoff.([]any)
	if !ok || len(vs) == 0 {
		return nil, fmt.Errorf("internal error: tshirts: no payoff vector in %#v", r.Payoff)
	}
	first, _ := vs[0].(string)
	v, err := strconv.Atoi(first)
	if err != nil {
		return nil, fmt.Errorf("internal error: tshirts: payoff %#v is not an integer", vs[0])
	}
	mover := g.ToMove(p)
	last := g.ShirtFor(mover, v)
	if r.Extra == nil {
		r.Extra = map[string]any{}
	}
	r.Extra["last_shirt"] = last
	if bits.OnesCount32(uint32(p)) == 1 {
		r.Notes = append(r.Notes, fmt.Sprintf("one shirt is left: shirt %d", last))
		return r, nil
	}
	deleteOf := map[string]int{}
	for q := range g.Moves(p) {
		deleteOf[format(q)] = bits.TrailingZeros32(uint32(p&^q)) + 1
	}
	var deletes []int
	for _, m := range r.WinningMoves {
		deletes = append(deletes, deleteOf[m])
	}
	r.Extra["delete"] = deletes
	r.Notes = append(r.Notes,
		fmt.Sprintf("player %d is to move; the last shirt is %d; player %d's best deletions: %s", mover+1, last, mover+1, catalog.JoinInts(deletes)),
		"payoff: n − the rank of the last shirt in each player's order (n for its favourite), from the player to move; winning moves: the positions after each of the mover's best deletions")
	return r, nil
}

// Successors lists the shirts the player to move may delete. A position
// may carry the shirts deleted so far ("3 1 2 / 1 2 3 / 2 3 1 / deleted
// 2"); each position is solved as Solve solves it (report), and the
// payoff vectors run from the player to move, so the player who deleted
// is the last entry of the vector of the position left.
func (instance) Successors(ctx context.Context, tokens []string, opts catalog.Options, limit int) (*catalog.SuccessorList, error) {
	if opts.Method == catalog.ClosedForm {
		return nil, catalog.RefuseMethod("tshirts", catalog.ClosedForm, "tshirts has no closed form")
	}
	tg, pos, err := parsePosition(tokens)
	if err != nil {
		return nil, err
	}
	r, err := report(ctx, tg, pos, opts)
	if err != nil {
		return nil, err
	}
	list := &catalog.SuccessorList{Report: r, Kind: catalog.MovesPayoff, Complete: true, Board: &catalog.Board{Kind: catalog.BoardText, Text: "shirts left: " + tg.Format(pos)}}
	for q := range tg.Moves(pos) {
		gone := pos &^ q
		list.Moves = append(list.Moves, catalog.Successor{Move: "delete " + strconv.Itoa(bits.TrailingZeros32(uint32(gone))+1), Position: formatPosition(tg, q), MoverIndex: 2})
	}
	list.Solve = func(ctx context.Context, p string) (*catalog.Report, error) {
		g2, q, err := parsePosition(strings.Fields(p))
		if err != nil {
			return nil, err
		}
		return report(ctx, g2, q, opts)
	}
	return list, nil
}
