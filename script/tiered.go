package script

import (
	"context"
	"errors"
	"fmt"

	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// Scripts in databases: a script that defines tier(pos) is strongly
// solved by the tier solver into a database (grundy db build), as the
// built-in board games are.
//
// tier(pos) returns a non-negative int (below 2^63): tiers are taken in
// increasing order, and a move must stay in its tier or go to a greater
// one (a move to a smaller tier is an error naming both positions). A
// pair of counts packs into one int (tier = a * 1000 + b); tuples are
// not tiers, so that the order is plain and the same on every run. The
// positions of each tier are found by a search from the start
// (tier.Discover) and ranked in the byte order of their keys (the same
// compact encoding the intern table hashes, after key(pos)); the
// database keeps each tier's sorted keys, so a query finds a position's
// rank from the files alone. Ends are scored as retrograde analysis
// scores them for the script (terminal(pos): True or no moves lose for
// the player to move, or win under misère; "win", "loss", "draw"), and
// endless play is a draw. Games with payoffs, chance or other than two
// players are not built (the tier solver knows win, loss and draw).

// HasTier reports whether the script defines tier(pos).
func (g *Game) HasTier() bool { return g.tierFn != nil }

// TierOf asks tier(pos) for p.
func (g *Game) TierOf(p Pos) (game.Tier, error) {
	if g.tierFn == nil {
		return 0, &Error{Pos: g.file, Msg: "the script defines no tier(pos) function"}
	}
	v := g.nodes[p].val
	r, err := g.call(g.tierFn, v)
	if err != nil {
		return 0, err
	}
	if n, ok := r.(starlark.Int); ok {
		if x, ok := n.Int64(); ok && x >= 0 {
			return game.Tier(x), nil
		}
	}
	return 0, g.resultError(g.tierFn, v, fmt.Sprintf("returned %s; expected the position's tier, a non-negative int below 2^63 (a move stays in its tier or goes to a greater one)", describe(r)))
}

// appendPosKey appends p's canonical key: the encoding of its value
// after key(pos).
func (g *Game) appendPosKey(dst []byte, p Pos) ([]byte, error) {
	return appendKey(dst, g.nodes[p].val, noPath)
}

// digest identifies the script's text and parameters in a database.
func digest(src []byte, params map[string]string) uint64 { return strong.SourceDigest(src, params) }

// Strong binds the script to the tier solver and its databases
// (strong.Tierable): a script without tier(pos) says so when built.
func (s *instance) Strong() strong.Game { return strong.BindCustom(&tiered{s: s}) }

var _ strong.Tierable = (*instance)(nil)

// tiered is a script as strong.Custom.
type tiered struct{ s *instance }

func (t *tiered) Spec() string { return t.s.path }

// game loads the script for a build or a query and checks that it can be
// solved tier by tier.
func (t *tiered) game(ctx context.Context, memory *budget.Bytes, params map[string]string) (*Game, error) {
	solver, err := t.s.load(ctx, catalog.Options{Memory: memory, Params: params})
	if err != nil {
		return nil, err
	}
	g := solver.Game()
	switch {
	case g.tierFn == nil:
		return nil, fmt.Errorf("%s %w: define tier(pos), a non-negative int that moves never decrease (see docs/scripts.md)", t.s.path, strong.ErrNotTierable)
	case g.Multiplayer():
		return nil, fmt.Errorf("%s cannot be solved into a database: the tier solver knows wins, losses and draws of two players, not payoffs, chance or other numbers of players", t.s.path)
	}
	return g, nil
}

// Build discovers the script's tiers from its start, writes their keys,
// and solves them into b.
func (t *tiered) Build(ctx context.Context, b *db.Builder, opts tier.Options) (*tier.Result, error) {
	params := b.Params() // grundy db build --param, kept in the database
	g, err := t.game(ctx, opts.Memory, params)
	if err != nil {
		return nil, err
	}
	start, ok, err := g.Start()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s defines no start position: a database holds the positions reachable from it", g.file)
	}
	src := digest(t.s.src, params)
	old, err := b.KeySources()
	if err != nil {
		return nil, err
	}
	for _, o := range old {
		if o != src {
			return nil, fmt.Errorf("the directory holds a database or build of another version of %s (the script changed): remove it, or build into another directory", g.file)
		}
	}
	var disc *tier.Discovered[Pos]
	err = g.Run(ctx, func(ctx context.Context) error {
		var err error
		disc, err = tier.Discover(ctx, &Loopy{g: g}, start, tier.DiscoverOptions[Pos]{
			TierOf:       g.TierOf,
			Key:          g.appendPosKey,
			Format:       g.Format,
			Memory:       opts.Memory,
			MaxPositions: g.opts.MaxPositions,
		})
		var se *Error
		if err != nil && !errors.As(err, &se) && !errors.Is(err, budget.ErrExceeded) && ctx.Err() == nil {
			err = &Error{Pos: g.file, Msg: err.Error(), cause: err}
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, tr := range disc.Tiers() {
		if _, err := b.WriteKeys(uint64(tr), src, disc.Keys(tr)); err != nil {
			return nil, err
		}
	}
	return tier.Solve(ctx, disc, b, opts)
}

// record is the record of p in d, found by its key; ok is false when
// d holds no such position.
func (t *tiered) record(ctx context.Context, g *Game, d *db.DB, p Pos) (code uint16, ok bool, err error) {
	var tr game.Tier
	if err := g.Run(ctx, func(context.Context) error {
		var err error
		tr, err = g.TierOf(p)
		return err
	}); err != nil {
		return 0, false, err
	}
	key, err := g.appendPosKey(nil, p)
	if err != nil {
		return 0, false, err
	}
	rank, ok, err := d.KeyRank(uint64(tr), key)
	if err == nil && ok {
		code, err = d.Code(uint64(tr), rank)
	}
	if err != nil {
		return 0, false, &strong.DataError{Dir: d.Dir(), Err: err}
	}
	return code, ok && code != db.Empty, nil
}

// answer reads the position tokens write and, when kids is true, the
// records of its moves, from d.
func (t *tiered) answer(d *db.DB, tokens []string, kids bool) (*catalog.Report, []strong.Move, error) {
	ctx := context.Background()
	params := d.Params()
	g, err := t.game(ctx, nil, params)
	if err != nil {
		return nil, nil, err
	}
	if d.KeySource() != db.SourceDigest(digest(t.s.src, params)) {
		return nil, nil, fmt.Errorf("%s was built from another version of %s (the script changed since): build it again", d.Dir(), g.file)
	}
	tokens, opts := scriptTokens(tokens, catalog.Options{})
	p, err := g.Parse(ctx, tokens, opts.PositionExpr)
	if err != nil {
		return nil, nil, err
	}
	text := g.Format(p)
	c, ok, err := t.record(ctx, g, d, p)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, &budget.BadInput{Input: text, Offset: -1,
			Msg: fmt.Sprintf("%s is not reachable from the start of %s: the database holds only positions that play reaches", text, g.file)}
	}
	moves, err := g.MoveList(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = g.Format(m.To)
	}
	return strong.CustomAnswer(d, t.s.path, text, c, texts, func(i int) (uint16, bool, error) {
		return t.record(ctx, g, d, moves[i].To)
	}, kids)
}

// Query answers for a position from the database: its record, and its
// moves' records for the winning (and drawing) moves. The script is
// loaded to read the position, its tier and its moves; the values come
// from the files.
func (t *tiered) Query(d *db.DB, tokens []string) (*catalog.Report, error) {
	r, _, err := t.answer(d, tokens, false)
	return r, err
}

// Explore is Query with every move and its record.
func (t *tiered) Explore(d *db.DB, tokens []string, maxMoves int) (*catalog.Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	r, kids, err := t.answer(d, tokens, true)
	if err != nil {
		return nil, err
	}
	return strong.Exploration(r, &catalog.Board{Kind: catalog.BoardText, Text: r.Position}, kids, maxMoves), nil
}

// Start is the script's start position, with the parameters d was
// built with.
func (t *tiered) Start(d *db.DB) (string, error) {
	start, err := t.s.StartWith(catalog.Options{Params: d.Params()})
	if err == nil && start == "" {
		err = errors.New(t.s.path + " defines no start position")
	}
	return start, err
}
