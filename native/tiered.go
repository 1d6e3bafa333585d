package native

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// A game with func Tier(p P) int is strongly solved by the tier solver
// into a database (grundy db build), as a script with tier(pos) is: tiers
// are taken in increasing order and a move never goes to a smaller one;
// the positions of each tier are found by a search from Start
// (tier.Discover) and ranked in the byte order of their keys, which are
// the positions' texts (Format's, or the script notation's), so a query
// finds a position's rank from the files alone. Ends lose for the player
// to move (normal play) and endless play is a draw.

// Strong binds the game to the tier solver and its databases.
func (in *instance[P]) Strong() strong.Game { return strong.BindCustom(&tiered[P]{in}) }

var _ strong.Tierable = (*instance[int])(nil)

type tiered[P comparable] struct{ in *instance[P] }

func (t *tiered[P]) Spec() string { return t.in.name }

// digest identifies the game's text and parameters in a database.
func (t *tiered[P]) digest(params map[string]string) uint64 {
	return strong.SourceDigest([]byte(t.in.sum), params)
}

// session opens the game for a build or a query, checking it has tiers.
func (t *tiered[P]) session(memory *budget.Bytes, params map[string]string) (*session[P], error) {
	if t.in.d.Tier == nil {
		return nil, fmt.Errorf("%s %w: define func Tier(p P) int, a non-negative int that moves never decrease (see docs/native.md)", t.in.name, strong.ErrNotTierable)
	}
	return t.in.session(catalog.Options{Memory: memory, Params: params})
}

func (t *tiered[P]) tierOf(p P) (game.Tier, error) {
	n := t.in.d.Tier(p)
	if n < 0 {
		return 0, fmt.Errorf("%s: Tier(%s) = %d; a tier is a non-negative int", t.in.name, format(t.in.d, p), n)
	}
	return game.Tier(n), nil
}

func (t *tiered[P]) key(dst []byte, p P) ([]byte, error) {
	return append(dst, format(t.in.d, p)...), nil
}

func (t *tiered[P]) Build(ctx context.Context, b *db.Builder, opts tier.Options) (res *tier.Result, err error) {
	params := b.Params()
	err = t.in.run(ctx, opts.Memory, func() error {
		s, err := t.session(opts.Memory, params)
		if err != nil {
			return err
		}
		start, err := s.parse(nil, "")
		if err != nil {
			return err
		}
		src := t.digest(params)
		old, err := b.KeySources()
		if err != nil {
			return err
		}
		for _, o := range old {
			if o != src {
				return fmt.Errorf("the directory holds a database or build of another version of %s (the game changed): remove it, or build into another directory", t.in.name)
			}
		}
		disc, err := tier.Discover(ctx, plainGame[P]{t.in.d}, start, tier.DiscoverOptions[P]{
			TierOf: t.tierOf,
			Key:    t.key,
			Format: func(p P) string { return format(t.in.d, p) },
			Memory: opts.Memory,
		})
		if err != nil {
			return err
		}
		for _, tr := range disc.Tiers() {
			if _, err := b.WriteKeys(uint64(tr), src, disc.Keys(tr)); err != nil {
				return err
			}
		}
		res, err = tier.Solve(ctx, disc, b, opts)
		return err
	})
	return res, err
}

// record is p's record in d; ok is false when d does not hold p.
func (t *tiered[P]) record(d *db.DB, p P) (code uint16, ok bool, err error) {
	tr, err := t.tierOf(p)
	if err != nil {
		return 0, false, err
	}
	key, _ := t.key(nil, p)
	rank, ok, err := d.KeyRank(uint64(tr), key)
	if err == nil && ok {
		code, err = d.Code(uint64(tr), rank)
	}
	if err != nil {
		return 0, false, &strong.DataError{Dir: d.Dir(), Err: err}
	}
	return code, ok && code != db.Empty, nil
}

// answer reads the position tokens write and, with kids, its moves'
// records, from d.
func (t *tiered[P]) answer(d *db.DB, tokens []string, kids bool) (r *catalog.Report, out []strong.Move, err error) {
	params := d.Params()
	err = t.in.run(context.Background(), nil, func() error {
		s, err := t.session(nil, params)
		if err != nil {
			return err
		}
		if d.KeySource() != db.SourceDigest(t.digest(params)) {
			return fmt.Errorf("%s was built from another version of %s (the game changed since): build it again", d.Dir(), t.in.name)
		}
		p, err := s.parse(tokens, "")
		if err != nil {
			return err
		}
		text := format(t.in.d, p)
		c, ok, err := t.record(d, p)
		if err != nil {
			return err
		}
		if !ok {
			return &budget.BadInput{Input: text, Offset: -1,
				Msg: fmt.Sprintf("%s is not reachable from the start of %s: the database holds only positions that play reaches", text, t.in.name)}
		}
		qs := s.moves(p)
		r, out, err = strong.CustomAnswer(d, t.in.name, text, c, formats(t.in.d, qs), func(i int) (uint16, bool, error) {
			return t.record(d, qs[i])
		}, kids)
		return err
	})
	return r, out, err
}

func (t *tiered[P]) Query(d *db.DB, tokens []string) (*catalog.Report, error) {
	r, _, err := t.answer(d, tokens, false)
	return r, err
}

func (t *tiered[P]) Explore(d *db.DB, tokens []string, maxMoves int) (*catalog.Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	r, kids, err := t.answer(d, tokens, true)
	if err != nil {
		return nil, err
	}
	return strong.Exploration(r, &catalog.Board{Kind: catalog.BoardText, Text: r.Position}, kids, maxMoves), nil
}

func (t *tiered[P]) Start(d *db.DB) (string, error) {
	start, err := t.in.StartWith(catalog.Options{Params: d.Params()})
	if err == nil && start == "" {
		err = errors.New(t.in.name + " defines no start position")
	}
	return start, err
}
