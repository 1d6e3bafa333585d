package strong

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

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
	// Ranking is how the game ranks its positions (tier.RankingOf): its
	// version, which its database records and a query checks, and its
	// orbits, by which its files count positions.
	Ranking() db.Ranking
	// build solves the game into b from the position from writes (the
	// game's start for none).
	build(ctx context.Context, b *db.Builder, from []string, opts tier.Options) (*tier.Result, error)
	// fromText reads the position tokens write, as a database built from
	// it records it (db.Manifest.From).
	fromText(tokens []string) (string, error)
	query(d *db.DB, tokens []string) (*catalog.Report, error)
	explore(d *db.DB, tokens []string, maxMoves int) (*catalog.Exploration, error)
	start(d *db.DB) (string, error)
	// asked reports whether a lookup may ask for rank r of tier t: the
	// game's TierUnrank names a position there (db.Ranking.Asked).
	asked(t uint64, r int64) bool
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
	// MoveBoards gives each explored move the grid of the position it
	// leaves (catalog.MoveInfo.Board), for a game with a Rows method
	// whose position text is not its grid's rows (the Mills boards), so
	// that a page reads a move from the cells it changes.
	MoveBoards bool
	// Label names the move from p to q in players' terms for the
	// explorer (catalog.MoveInfo.To: "a1-a4xd7"); nil names none.
	Label func(p, q P) string
	// Played is set when Parse yields only positions reachable from the
	// game's start (Connect-4's are written as the moves played to
	// them): a database of format 7 built from the start then keeps no
	// presence of the records a lookup computes (db.Ranking.Played).
	Played bool
}

// Bind returns b as a Game.
func Bind[P comparable](b Binding[P]) Game {
	rk := tier.RankingOf(b.Game)
	rk.Played = b.Played
	return &bound[P]{b, rk}
}

type bound[P comparable] struct {
	Binding[P]
	ranking db.Ranking
}

func (b *bound[P]) Spec() string { return b.Binding.Spec }

func (b *bound[P]) Ranking() db.Ranking { return b.ranking }

func (b *bound[P]) asked(t uint64, r int64) bool {
	_, ok := b.Game.TierUnrank(game.Tier(t), r)
	return ok
}

func (b *bound[P]) build(ctx context.Context, bl *db.Builder, from []string, opts tier.Options) (*tier.Result, error) {
	if len(from) == 0 {
		return tier.Solve(ctx, b.Game, bl, opts)
	}
	p, _, err := b.Parse(from)
	if err != nil {
		return nil, err
	}
	return tier.SolveFrom(ctx, b.Game, p, bl, opts)
}

func (b *bound[P]) fromText(tokens []string) (string, error) {
	_, text, err := b.Parse(tokens)
	return text, err
}

func (b *bound[P]) format(p P) string {
	if f, ok := b.Game.(game.Formatter[P]); ok {
		return f.Format(p)
	}
	return fmt.Sprint(p)
}

// DataError is the error of a database that cannot answer for a
// position the question names rightly: a damaged, truncated or missing
// file, a failed read, a record missing where the game says a position
// must be. It is the database's fault, not the question's, so a server
// answers it as its own failure (500), never as bad input.
type DataError struct {
	Dir string // the database's directory
	Err error
}

func (e *DataError) Error() string { return e.Err.Error() }
func (e *DataError) Unwrap() error { return e.Err }

// record looks p up in d. In a database with free records (format 7,
// db.FreeRecords) a rank no lookup asks for (TierUnrank false: the
// file may hold anything there) holds no position, as it did before the
// format, and a position whose value the game computes from it
// (tier.KnownRecord) has that value: the file only says it is there,
// or (db.Played: every position asked for is reachable) not even that.
func (b *bound[P]) record(d *db.DB, p P) (uint16, error) {
	t := b.Game.TierOf(p)
	r := b.Game.TierRank(p)
	if d.FreeRecords() {
		if _, ok := b.Game.TierUnrank(t, r); !ok {
			return db.Empty, nil
		}
	}
	c, err := d.Code(uint64(t), r)
	if err != nil {
		return 0, &DataError{Dir: d.Dir(), Err: err}
	}
	if d.FreeRecords() && (c != db.Empty || d.Played()) {
		if k, ok := tier.KnownRecord(b.Game, p); ok {
			return k, nil
		}
		if c == db.Empty {
			// Every position asked for is reachable, and this one's
			// value is not computed: its record must be there.
			return 0, &DataError{Dir: d.Dir(), Err: fmt.Errorf("%s: no record for %s, a position played from the start (the database is damaged)", d.Dir(), b.format(p))}
		}
	}
	return c, nil
}

// position reads the position tokens write and its record; a position
// the database does not hold is a *budget.BadInput.
func (b *bound[P]) position(d *db.DB, tokens []string) (p P, text string, r *catalog.Report, err error) {
	if len(tokens) == 0 && d.From() != "" {
		tokens = []string{d.From()}
	}
	p, text, err = b.Parse(tokens)
	if err != nil {
		return p, "", nil, err
	}
	c, err := b.record(d, p)
	if err != nil {
		return p, "", nil, err
	}
	o, rem, score, ok := decode(d, c)
	if !ok {
		msg := fmt.Sprintf("%s is not reachable from the start of %s: the database holds only positions that play reaches", text, b.Binding.Spec)
		if d.From() != "" {
			msg = fmt.Sprintf("%s is not in this database of %s: it holds only the positions reachable from %s (built with --from)", text, b.Binding.Spec, d.From())
		}
		return p, "", nil, &budget.BadInput{Input: text, Offset: -1, Msg: msg}
	}
	r = &catalog.Report{Game: b.Binding.Spec, Position: text, Outcome: o.String(),
		Method: "read from the database in " + d.Dir()}
	if rem != db.NoRemoteness {
		x := int(rem)
		r.Remoteness = &x
	}
	r.Score = score
	return p, text, r, nil
}

// decode reads a record of d: outcome and remoteness, and in a scored
// database the margin (nil otherwise). A zero margin has no remoteness,
// as a draw has none (search.Margin's rule: every zero-margin line is
// worth the same).
func decode(d *db.DB, c uint16) (o outcome.Outcome, rem uint32, score *int, ok bool) {
	if !d.Scored() {
		o, rem, ok = db.Decode(c)
		return o, rem, nil, ok
	}
	s, rem, ok := db.DecodeScore(c)
	if s == 0 {
		rem = db.NoRemoteness
	}
	return db.ScoreOutcome(s), rem, &s, ok
}

// Move is a move of an explored position, read from a database: the
// position it leaves, as a report writes it, with that position's
// outcome and remoteness (db.NoRemoteness for none).
type Move struct {
	Text       string
	Outcome    outcome.Outcome
	Remoteness uint32
	// Board draws the position left when the game draws its positions
	// as rows (MoveInfo.Board); nil otherwise.
	Board *catalog.Board
	// Label names the move in players' terms (MoveInfo.To), "" for none.
	Label string
	// Score is the margin of the position left, for the player to move
	// there, in a scored database; nil otherwise.
	Score *int
}

// Exploration is the exploration of a position whose report is r, board
// its picture, from its moves' records: every move counted, at most
// maxMoves listed.
func Exploration(r *catalog.Report, board *catalog.Board, kids []Move, maxMoves int) *catalog.Exploration {
	x := &catalog.Exploration{Report: r, Board: board, MovesTotal: len(kids), MovesCounted: true, MoveKind: catalog.MovesOutcome}
	for _, c := range kids[:min(len(kids), maxMoves)] {
		m := catalog.MoveInfo{Component: -1, Position: c.Text, Outcome: c.Outcome.String(), Board: c.Board, To: c.Label, Score: c.Score}
		if c.Remoteness != db.NoRemoteness {
			x := int(c.Remoteness)
			m.Remoteness = &x
		}
		x.Moves = append(x.Moves, m)
	}
	return x
}

// children reads the records of the positions p's moves leave, in the
// game's move order, each position once (two moves may leave the same
// one: Quixo). A position reachable from the start has only reachable
// children, so a child without a record means a damaged database.
func (b *bound[P]) children(d *db.DB, p P, text string) ([]Move, error) {
	var moves []P
	if a, ok := b.Game.(game.MoveAppender[P]); ok {
		moves = a.AppendMoves(nil, p)
	} else {
		for q := range b.Game.Moves(p) {
			moves = append(moves, q)
		}
	}
	seen := make(map[P]bool, len(moves))
	out := make([]Move, 0, len(moves))
	for _, q := range moves {
		if seen[q] {
			continue
		}
		seen[q] = true
		cq, err := b.record(d, q)
		if err != nil {
			return nil, err
		}
		c := Move{Text: b.childText(text, p, q)}
		if b.Label != nil {
			c.Label = b.Label(p, q)
		}
		if g, ok := b.Game.(interface{ Rows(P) []string }); ok && b.MoveBoards {
			c.Board = &catalog.Board{Kind: catalog.BoardGrid, Text: c.Text, Rows: g.Rows(q)}
		}
		var ok bool
		if c.Outcome, c.Remoteness, c.Score, ok = decode(d, cq); !ok {
			return nil, &DataError{Dir: d.Dir(), Err: fmt.Errorf("%s: no record for %s, a move from %s (the database is damaged, or was built by another version of the game)", d.Dir(), c.Text, text)}
		}
		out = append(out, c)
	}
	return out, nil
}

func (b *bound[P]) childText(text string, p, q P) string {
	if b.Child != nil {
		return b.Child(text, p, q)
	}
	return b.format(q)
}

// addWins lists the children that leave the opponent lost (P) as r's
// winning moves.
func addWins(r *catalog.Report, kids []Move) {
	var wins []string
	for _, c := range kids {
		if c.Outcome == outcome.P {
			wins = append(wins, c.Text)
		}
	}
	r.AddMoves(len(wins), func(i int) string { return wins[i] })
}

// query answers for the position tokens write from d's records alone:
// the position's block, and for a won position the blocks of the
// positions its moves leave, for the winning moves.
func (b *bound[P]) query(d *db.DB, tokens []string) (*catalog.Report, error) {
	p, text, r, err := b.position(d, tokens)
	if err != nil {
		return nil, err
	}
	var kids []Move
	if r.Outcome == outcome.N.String() {
		if kids, err = b.children(d, p, text); err != nil {
			return nil, err
		}
	}
	addWins(r, kids)
	return r, nil
}

// explore is query with every move listed (at most maxMoves of them,
// all counted), each with its position's record: what an explorer
// shows, read from the database alone. The board is a grid when the game
// draws its positions as rows (a Rows(P) []string method, as the board
// games have), else text.
func (b *bound[P]) explore(d *db.DB, tokens []string, maxMoves int) (*catalog.Exploration, error) {
	if maxMoves <= 0 {
		maxMoves = catalog.DefaultMaxMoves
	}
	p, text, r, err := b.position(d, tokens)
	if err != nil {
		return nil, err
	}
	kids, err := b.children(d, p, text)
	if err != nil {
		return nil, err
	}
	addWins(r, kids)
	board := &catalog.Board{Kind: catalog.BoardText, Text: text}
	if g, ok := b.Game.(interface{ Rows(P) []string }); ok {
		board = &catalog.Board{Kind: catalog.BoardGrid, Text: text, Rows: g.Rows(p)}
	}
	return Exploration(r, board, kids, maxMoves), nil
}

// start is the database's start position as a report writes it: the
// position it was built from, or the game's start.
func (b *bound[P]) start(d *db.DB) (string, error) {
	if d.From() != "" {
		return d.From(), nil
	}
	_, text, err := b.Parse(nil)
	return text, err
}

// BuildOptions tune Build.
type BuildOptions struct {
	// Memory is charged for the solver's tables (see tier.Options).
	Memory *budget.Bytes
	// Progress is called for each tier's progress.
	Progress func(Progress)
	// Workers is the number of goroutines; 0 means one per CPU.
	Workers int
	// Params are a game script's parameters (--param NAME=VALUE), kept
	// in the database so that queries load the script with them; a
	// built-in game takes none.
	Params map[string]string
	// Reserve is the part of Memory that the process takes itself
	// (tier.Options.Reserve).
	Reserve int64
	// DiskFree tells the free bytes of the directory's filesystem, which
	// the build's disk estimate must not pass (tier.Options.DiskFree);
	// nil asks the filesystem (db.FreeDisk), and a system that cannot
	// tell skips the check.
	DiskFree func() (int64, error)
	// From are the tokens of a position to build the database from
	// instead of the game's start (grundy db build --from): it then
	// holds every position reachable from that one, and its manifest
	// records the position. nil for the start.
	From []string
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
	if _, ok := g.(custom); !ok && len(opts.Params) > 0 {
		return nil, fmt.Errorf("--param is for game scripts (a GAME ending in .star); %q takes its parameters after a colon", inst.Spec())
	}
	from := ""
	if len(opts.From) > 0 {
		var err error
		if from, err = g.fromText(opts.From); err != nil {
			return nil, err
		}
	}
	b, err := db.CreateFrom(dir, g.Spec(), opts.Params, from)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	free := opts.DiskFree
	if free == nil {
		free = func() (int64, error) {
			n, err := db.FreeDisk(dir)
			if errors.Is(err, errors.ErrUnsupported) {
				return math.MaxInt64, nil
			}
			return n, err
		}
	}
	res, err := g.build(ctx, b, opts.From, tier.Options{Memory: opts.Memory, Progress: opts.Progress, Workers: opts.Workers, DiskFree: free, Reserve: opts.Reserve})
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
	g := t.Strong()
	if err := checkRanking(d, g); err != nil {
		d.Close()
		return nil, err
	}
	return &DB{d: d, g: g}, nil
}

// checkRanking refuses a database built with another version of its
// game's ranking than this grundy's (the ranks would name other
// positions): "built with connect4 ranking v1; rebuild".
func checkRanking(d *db.DB, g Game) error {
	got := db.RankingVersion(d.Ranking())
	if want := db.RankingVersion(g.Ranking().Version); got != want {
		name, _, _ := strings.Cut(g.Spec(), ":")
		return fmt.Errorf("%s: built with %s ranking v%d; rebuild (this grundy ranks by v%d)", d.Dir(), name, got, want)
	}
	if d.Scored() != g.Ranking().Scored {
		what := map[bool]string{true: "margins", false: "outcomes"}
		return fmt.Errorf("%s holds %s, but this grundy's %s has %s: rebuild", d.Dir(), what[d.Scored()], g.Spec(), what[g.Ranking().Scored])
	}
	return nil
}

// OpenFor opens the database in dir for inst's game: a database of
// another game is a *db.GameError naming both, and a game that is not
// split into tiers matches ErrNotTierable. Aliases and other spellings of
// the same game (ttt for tictactoe) are the same game: the comparison is
// of canonical specs.
func OpenFor(dir string, inst catalog.Instance) (*DB, error) {
	t, ok := inst.(Tierable)
	if !ok {
		return nil, fmt.Errorf("%s %w", inst.Spec(), ErrNotTierable)
	}
	g := t.Strong()
	d, err := db.Open(dir, g.Spec())
	if err != nil {
		return nil, err
	}
	if err := checkRanking(d, g); err != nil {
		d.Close()
		return nil, err
	}
	return &DB{d: d, g: g}, nil
}

// Close closes the database's files.
func (d *DB) Close() error { return d.d.Close() }

// Game is the spec of the database's game.
func (d *DB) Game() string { return d.g.Spec() }

// Manifest is the database's manifest (shared: do not modify).
func (d *DB) Manifest() *db.Manifest { return d.d.Manifest() }

// Query answers for a position (the start when tokens is empty) as
// `grundy solve` does, from the database alone. A position that play
// does not reach from the start is a *budget.BadInput; a database that
// cannot answer (a damaged file) a *DataError.
func (d *DB) Query(tokens []string) (*catalog.Report, error) { return d.g.query(d.d, tokens) }

// Explore answers for a position as Query does and lists its moves (at
// most maxMoves; catalog.DefaultMaxMoves when maxMoves <= 0), each with
// the outcome and remoteness of the position it leaves, as
// catalog.Explorer does, from the database alone: no search. Errors of
// the database itself are a *DataError.
func (d *DB) Explore(tokens []string, maxMoves int) (*catalog.Exploration, error) {
	return d.g.explore(d.d, tokens, maxMoves)
}

// Start is the game's start position, as a report writes it.
func (d *DB) Start() (string, error) { return d.g.start(d.d) }

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
	// Records is the number of records that hold a position: fewer
	// than Positions when a record stands for a position and its
	// symmetric images (connect4's mirror).
	Records int64 `json:"records"`
	// RawBytes is the tier files' blocks before compression (the
	// bitmaps of their ranks and the records, db.Manifest.RawBytes), and
	// RawPerPosition that over Positions.
	RawBytes       int64   `json:"raw_bytes"`
	RawPerPosition float64 `json:"raw_bytes_per_position"`
	// Scores counts positions by their margin for the player to move
	// ("-2": 17, "0": 40, …), in a database of a game with scores only.
	Scores map[string]int64 `json:"scores,omitempty"`
	// From is the position the database was built from (db build
	// --from), absent for the game's start.
	From string `json:"from,omitempty"`
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
	// Bytes is the tier's files on disk: its tier file and, in a
	// database of a game script, its key file (KeyBytes of them).
	Bytes    int64 `json:"bytes"`
	KeyBytes int64 `json:"key_bytes,omitempty"`
	Records  int64 `json:"records"`
	RawBytes int64 `json:"raw_bytes"`
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
	if err := d.CountsErr(); err != nil {
		return nil, err
	}
	s := d.Stats()
	keyBytes := map[uint64]int64{}
	if k := d.Manifest().Keys; k != nil {
		for _, ki := range k.Tiers {
			keyBytes[ki.Tier] += ki.Bytes
		}
	}
	st := &Stats{Game: s.Game, Positions: s.Total.Positions(), Outcomes: outcomes(s.Total),
		Remoteness: remoteness(s.Total), Bytes: s.Bytes, Tiers: []TierStats{},
		Records: s.Total.RecordCount(), RawBytes: s.Raw, From: d.From()}
	if s.Total.Scored {
		st.Scores = map[string]int64{}
		for m, n := range s.Total.ByScore() {
			st.Scores[strconv.Itoa(m)] = n
		}
	}
	if st.Positions > 0 {
		st.RawPerPosition = float64(s.Raw) / float64(st.Positions)
	}
	for _, t := range s.Tiers {
		ts := TierStats{Tier: t.Tier, Name: t.Name, Positions: t.Count.Positions(), Outcomes: outcomes(t.Count),
			MaxRemoteness: max(len(t.Count.Win), len(t.Count.Lose)) - 1, Ranks: t.Size, Width: t.Width,
			Bytes: t.Bytes + keyBytes[t.Tier], KeyBytes: keyBytes[t.Tier],
			Records: t.Count.RecordCount(), RawBytes: d.Manifest().RawBytes(t)}
		st.Tiers = append(st.Tiers, ts)
	}
	return st, nil
}

// WriteIndex gives the database in dir a tier index (db.WriteIndex), so
// that a database written before the index existed opens from a few
// kilobytes instead of its whole manifest; the manifest is checked
// first. The database need not be of a game this grundy knows.
func WriteIndex(dir string) error { return db.WriteIndex(dir) }
