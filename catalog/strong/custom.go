package strong

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/grundy-go/grundy/outcome"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/tier"
)

// Custom is a game that meets the database by code of its own rather
// than through Bind: a game script that defines tier(pos), whose tiers
// and ranks are found by search (tier.Discover) when it is built and
// whose ranks a query finds in the database's key files. Its methods
// do what Game's do (Build: solve into b, writing the key files before
// the tiers; Query, Explore and Start: answer from the database alone).
type Custom interface {
	Spec() string
	Build(ctx context.Context, b *db.Builder, opts tier.Options) (*tier.Result, error)
	Query(d *db.DB, tokens []string) (*catalog.Report, error)
	Explore(d *db.DB, tokens []string, maxMoves int) (*catalog.Exploration, error)
	Start(d *db.DB) (string, error)
}

// BindCustom returns c as a Game.
func BindCustom(c Custom) Game { return custom{c} }

type custom struct{ c Custom }

func (c custom) Spec() string { return c.c.Spec() }

// Ranking is the first version's, a position a rank: a custom game's
// ranks are the order of its positions' keys.
func (c custom) Ranking() db.Ranking { return db.Ranking{} }
func (c custom) build(ctx context.Context, b *db.Builder, from []string, opts tier.Options) (*tier.Result, error) {
	if len(from) > 0 {
		return nil, c.refuseFrom()
	}
	return c.c.Build(ctx, b, opts)
}

// fromText refuses --from: a game script's tiers are found by a search
// from its start (tier.Discover).
func (c custom) fromText([]string) (string, error) { return "", c.refuseFrom() }

func (c custom) refuseFrom() error {
	return fmt.Errorf("--from is for built-in games: %s's tiers are found by a search from its start", c.c.Spec())
}
func (c custom) query(d *db.DB, tokens []string) (*catalog.Report, error) {
	return c.c.Query(d, tokens)
}
func (c custom) explore(d *db.DB, tokens []string, maxMoves int) (*catalog.Exploration, error) {
	return c.c.Explore(d, tokens, maxMoves)
}
func (c custom) start(d *db.DB) (string, error) { return c.c.Start(d) }

// SourceDigest identifies a custom game's definition in its database: the
// digest of its text (or of a sum of it) and the parameters it was built
// with, in a fixed order, so that a database is read only with the same
// definition.
func SourceDigest(text []byte, params map[string]string) uint64 {
	h := sha256.New()
	h.Write(text)
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(h, "\x00%q=%q", k, params[k])
	}
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// CustomAnswer is a custom game's answer for the position written text,
// whose record is code, from its database d: the report, and, when kids
// is set or the position is won or drawn, its moves' records (record(i)
// is the record of the position moves[i] leaves; ok false when d holds
// none, which is damage) with the winning and drawing moves.
func CustomAnswer(d *db.DB, game, text string, code uint16, moves []string, record func(i int) (code uint16, ok bool, err error), kids bool) (*catalog.Report, []Move, error) {
	o, rem, _ := db.Decode(code)
	r := &catalog.Report{Game: game, Position: text, Outcome: o.String(), Method: "read from the database in " + d.Dir()}
	if rem != db.NoRemoteness {
		x := int(rem)
		r.Remoteness = &x
	}
	if !kids && o != outcome.N && o != outcome.D {
		r.AddMoves(0, nil)
		return r, nil, nil
	}
	var out []Move
	var wins, draws []string
	listed := map[string]bool{} // two moves may leave one position: it is listed once, as solve lists it
	for i, m := range moves {
		cq, ok, err := record(i)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			return nil, nil, &DataError{Dir: d.Dir(), Err: fmt.Errorf("%s: no record for %s, a move from %s (the database is damaged)", d.Dir(), m, text)}
		}
		qo, qrem, _ := db.Decode(cq)
		out = append(out, Move{Text: m, Outcome: qo, Remoteness: qrem})
		switch {
		case listed[m]:
		case qo == outcome.P:
			wins, listed[m] = append(wins, m), true
		case qo == outcome.D && o == outcome.D:
			draws, listed[m] = append(draws, m), true
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	if o == outcome.D {
		if draws == nil {
			draws = []string{}
		}
		r.Extra = map[string]any{"drawing_moves": draws}
	}
	return r, out, nil
}

// asked is true: a custom game's database is keyed, which repack (the
// only writer of free records) refuses.
func (c custom) asked(uint64, int64) bool { return true }
