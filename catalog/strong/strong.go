package strong

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
	"github.com/grundy-go/grundy/tier"
)

// Tierable is implemented by catalog instances of games that can be
// solved tier by tier into a database (board games): Strong returns the
// game bound to the tier solver, made with Bind.
type Tierable interface {
	Strong() Game
}

// Game is a tiered game bound to the tier solver and the database, with
// its position type hidden from front ends. Only Bind makes one.
type Game interface {
	// Spec is the game's canonical spec, the one its database records.
	Spec() string
	build(ctx context.Context, b *db.Builder, opts tier.Options) (*tier.Result, error)
	query(d *db.DB, tokens []string) (*catalog.Report, error)
}

// Binding says how a tiered game meets the catalog's positions.
type Binding[P comparable] struct {
	Spec string
	Game game.Tiered[P]
	// Parse reads a position as people type it (the tokens after the
	// game, as Instance.Solve takes them) and returns it with the text a
	// report writes for it. No tokens mean the start position.
	Parse func(tokens []string) (p P, text string, err error)
	// Child writes q, the position a move from p (written text) leaves,
	// as a report lists a winning move; nil writes q with the game's
	// Formatter (fmt's %v without one).
	Child func(text string, p, q P) string
}

// Bind returns b as a Game.
func Bind[P comparable](b Binding[P]) Game { return &bound[P]{b} }

type bound[P comparable] struct{ Binding[P] }

func (b *bound[P]) Spec() string { return b.Binding.Spec }

func (b *bound[P]) build(ctx context.Context, bl *db.Builder, opts tier.Options) (*tier.Result, error) {
	return tier.Solve(ctx, b.Game, bl, opts)
}

func (b *bound[P]) format(p P) string {
	if f, ok := b.Game.(game.Formatter[P]); ok {
		return f.Format(p)
	}
	return fmt.Sprint(p)
}

// record looks p up in d.
func (b *bound[P]) record(d *db.DB, p P) (uint16, error) {
	t := b.Game.TierOf(p)
	return d.Code(uint64(t), b.Game.TierRank(p))
}

// query answers for the position tokens write from d's records alone:
// the position's block, and the blocks of the positions its moves leave
// for the winning moves.
func (b *bound[P]) query(d *db.DB, tokens []string) (*catalog.Report, error) {
	p, text, err := b.Parse(tokens)
	if err != nil {
		return nil, err
	}
	c, err := b.record(d, p)
	if err != nil {
		return nil, err
	}
	o, rem, ok := db.Decode(c)
	if !ok {
		return nil, &budget.BadInput{Input: text, Offset: -1,
			Msg: fmt.Sprintf("%s is not reachable from the start of %s: the database holds only positions that play reaches", text, b.Binding.Spec)}
	}
	r := &catalog.Report{Game: b.Binding.Spec, Position: text, Outcome: o.String(),
		Method: "read from the database in " + d.Dir()}
	if rem != db.NoRemoteness {
		x := int(rem)
		r.Remoteness = &x
	}
	var wins []string
	if o == outcome.N {
		var moves []P
		if a, ok := b.Game.(game.MoveAppender[P]); ok {
			moves = a.AppendMoves(nil, p)
		} else {
			for q := range b.Game.Moves(p) {
				moves = append(moves, q)
			}
		}
		// Two moves may leave the same position (Quixo): list it once.
		seen := make(map[P]bool, len(moves))
		for _, q := range moves {
			if seen[q] {
				continue
			}
			seen[q] = true
			cq, err := b.record(d, q)
			if err != nil {
				return nil, err
			}
			if qo, _, _ := db.Decode(cq); qo == outcome.P {
				if b.Child != nil {
					wins = append(wins, b.Child(text, p, q))
				} else {
					wins = append(wins, b.format(q))
				}
			}
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
	return r, nil
}

// BuildOptions tune Build.
type BuildOptions struct {
	// Memory is charged for the solver's tables (see tier.Options).
	Memory *budget.Bytes
	// Progress is called for each tier's progress.
	Progress func(Progress)
	// Workers is the number of goroutines; 0 means one per CPU.
	Workers int
}

// Progress is the tier solver's report on a build.
type Progress = tier.Progress

// BuildResult sums up a build.
type BuildResult struct {
	Game      string
	Dir       string
	Tiers     int
	Resumed   int // tiers an earlier build had finished
	Positions int64
	Bytes     int64
}

// ErrNotTierable is matched by the error of Build for a game that cannot
// be solved into a database.
var ErrNotTierable = errors.New("cannot be solved into a database: it is not a game split into tiers")

// Build solves inst's game into the database directory dir, resuming a
// build that stopped there. A directory holding another game's database
// or build is an error.
func Build(ctx context.Context, inst catalog.Instance, dir string, opts BuildOptions) (*BuildResult, error) {
	t, ok := inst.(Tierable)
	if !ok {
		return nil, fmt.Errorf("%s %w", inst.Spec(), ErrNotTierable)
	}
	g := t.Strong()
	b, err := db.Create(dir, g.Spec())
	if err != nil {
		return nil, err
	}
	res, err := g.build(ctx, b, tier.Options{Memory: opts.Memory, Progress: opts.Progress, Workers: opts.Workers})
	if err != nil {
		return nil, err
	}
	d, err := db.Open(dir, g.Spec())
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return &BuildResult{Game: g.Spec(), Dir: dir, Tiers: res.Tiers, Resumed: res.Resumed,
		Positions: res.Count.Positions(), Bytes: d.Stats().Bytes}, nil
}

// DB is an open database with its game.
type DB struct {
	d *db.DB
	g Game
}

// Open opens the database in dir and finds its game in the catalog.
func Open(dir string) (*DB, error) {
	d, err := db.Open(dir, "")
	if err != nil {
		return nil, err
	}
	inst, err := catalog.Lookup(d.Game())
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("%s is a database of %s, which this grundy cannot read: %w", dir, d.Game(), err)
	}
	t, ok := inst.(Tierable)
	if !ok || t.Strong().Spec() != d.Game() {
		d.Close()
		return nil, fmt.Errorf("%s is a database of %s, which this grundy does not solve in tiers", dir, d.Game())
	}
	return &DB{d: d, g: t.Strong()}, nil
}

// Close closes the database's files.
func (d *DB) Close() error { return d.d.Close() }

// Game is the spec of the database's game.
func (d *DB) Game() string { return d.g.Spec() }

// Query answers for a position (the start when tokens is empty) as
// `grundy solve` does, from the database alone. A position that play
// does not reach from the start is a *budget.BadInput.
func (d *DB) Query(tokens []string) (*catalog.Report, error) { return d.g.query(d.d, tokens) }

// Query opens the database in dir and answers for one position.
func Query(dir string, tokens []string) (*catalog.Report, error) {
	d, err := Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Query(tokens)
}

// Stats is a database's analysis, as `grundy db stats --json` writes
// it: counts of positions per outcome and remoteness, in all and per
// tier (GamesmanOne's analysis).
type Stats struct {
	Game       string      `json:"game"`
	Positions  int64       `json:"positions"`
	Outcomes   Outcomes    `json:"outcomes"`
	Remoteness Remoteness  `json:"remoteness"`
	Tiers      []TierStats `json:"tiers"`
	Bytes      int64       `json:"bytes"`
}

// Outcomes counts positions won (N), lost (P) and drawn (D) for the
// player to move.
type Outcomes struct {
	N int64 `json:"N"`
	P int64 `json:"P"`
	D int64 `json:"D"`
}

// Remoteness counts the won and lost positions of each remoteness; in
// JSON an object keyed by remoteness in increasing order, {"0": {"N": a,
// "P": b}, ...}. Draws and positions decided by endless play have none.
type Remoteness []RemotenessCount

// RemotenessCount is one remoteness's counts.
type RemotenessCount struct {
	Remoteness int   `json:"-"`
	N          int64 `json:"N"`
	P          int64 `json:"P"`
}

func (r Remoteness) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	for i, c := range r {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendQuote(out, strconv.Itoa(c.Remoteness))
		out = append(out, ':')
		b, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		out = append(out, b...)
	}
	return append(out, '}'), nil
}

// TierStats are one tier's counts and file.
type TierStats struct {
	Tier      uint64   `json:"tier"`
	Name      string   `json:"name"`
	Positions int64    `json:"positions"`
	Outcomes  Outcomes `json:"outcomes"`
	// MaxRemoteness is the greatest remoteness in the tier (-1 if none).
	MaxRemoteness int   `json:"max_remoteness"`
	Ranks         int64 `json:"ranks"`
	Width         int   `json:"record_bytes"`
	Bytes         int64 `json:"bytes"`
}

func outcomes(c db.Count) Outcomes {
	n, p, d := c.Outcomes()
	return Outcomes{N: n, P: p, D: d}
}

func remoteness(c db.Count) Remoteness {
	var r Remoteness
	for i := range max(len(c.Win), len(c.Lose)) {
		rc := RemotenessCount{Remoteness: i}
		if i < len(c.Win) {
			rc.N = c.Win[i]
		}
		if i < len(c.Lose) {
			rc.P = c.Lose[i]
		}
		if rc.N != 0 || rc.P != 0 {
			r = append(r, rc)
		}
	}
	return r
}

// ReadStats reads a database's statistics from its manifest (checked
// by its checksum), without reading the tier files.
func ReadStats(dir string) (*Stats, error) {
	d, err := db.Open(dir, "")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	s := d.Stats()
	st := &Stats{Game: s.Game, Positions: s.Total.Positions(), Outcomes: outcomes(s.Total),
		Remoteness: remoteness(s.Total), Bytes: s.Bytes, Tiers: []TierStats{}}
	for _, t := range s.Tiers {
		ts := TierStats{Tier: t.Tier, Name: t.Name, Positions: t.Count.Positions(), Outcomes: outcomes(t.Count),
			MaxRemoteness: max(len(t.Count.Win), len(t.Count.Lose)) - 1, Ranks: t.Size, Width: t.Width, Bytes: t.Bytes}
		st.Tiers = append(st.Tiers, ts)
	}
	return st, nil
}
