package strong

import (
	"context"

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
func (c custom) build(ctx context.Context, b *db.Builder, opts tier.Options) (*tier.Result, error) {
	return c.c.Build(ctx, b, opts)
}
func (c custom) query(d *db.DB, tokens []string) (*catalog.Report, error) {
	return c.c.Query(d, tokens)
}
func (c custom) explore(d *db.DB, tokens []string, maxMoves int) (*catalog.Exploration, error) {
	return c.c.Explore(d, tokens, maxMoves)
}
func (c custom) start(d *db.DB) (string, error) { return c.c.Start(d) }
