package tier

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/outcome"
)

// Options tune Solve.
type Options struct {
	// Workers is the number of goroutines sharing each tier's positions;
	// 0 means GOMAXPROCS.
	Workers int
	// Memory, if not nil, is charged for the reachability bitmaps, the
	// records of the tiers in flight and the graphs of loopy tiers before
	// they are allocated; past it Solve stops with its *budget.Exceeded.
	Memory *budget.Bytes
	// Progress, if not nil, is called from Solve's goroutine at the
	// start and end of each tier's phase and about five times a second
	// in between.
	Progress func(Progress)

	// Reserve is the part of Memory's limit that the process takes
	// outside the solver's tables (its code, the runtime, the
	// compressors): a build by ranges plans its ranges and cache in the
	// rest, and goes by ranges when the in-memory build's tables pass a
	// quarter of the rest. 0 for none (tests of the solver alone).
	Reserve int64
	// DiskFree, if not nil, tells the free bytes of the database's
	// filesystem: Solve estimates the disk the build needs (diskNeed)
	// before it starts and refuses with an error when it is more.
	DiskFree func() (int64, error)

	// plain turns off a game's Walker fast path (for tests that build
	// both ways).
	plain bool
	// graphLoopy solves loopy tiers by their graph even when the game
	// lists un-moves (for tests that build both ways).
	graphLoopy bool
	// keepNone keeps no solved tier's records for its parents: each is
	// read back from its file; keepBytes, when not 0, bounds the kept
	// records' bytes (for tests that build both ways).
	keepNone  bool
	keepBytes int64
	// rangeRanks, when not 0, makes Solve build by ranges of that many
	// ranks (a multiple of rangeUnit) whatever the budget (for tests).
	rangeRanks int64
}

// Phases of a build, as Progress reports them.
const (
	PhaseReach = "reach" // marking the positions reachable from the start
	PhaseSolve = "solve" // solving a tier from its children's records
)

// Progress reports how far a build is.
type Progress struct {
	Phase string
	Tier  game.Tier
	Name  string
	// Index is the tier's place (1-based) among the Tiers of the phase.
	Index, Tiers int
	// Done and Total count the tier's positions (reachable ones when
	// solving, ranks when marking reachability).
	Done, Total int64
	// Resumed is set, with Done == Total, for a tier whose file an
	// earlier build left whole; in a build by ranges, with Step naming
	// the range, for a range whose part an earlier build left whole.
	Resumed bool
	// Step names the pass of a loopy tier's solve: "moves" (its moves,
	// counted), "graph" (its moves inside the tier, stored), "queue"
	// (retrograde analysis); by un-moves (unmove.go): "ends" (the
	// positions without moves), "moves", "levels" (Done counting the
	// positions un-moved), "endless"; empty for an acyclic tier's one pass; in a
	// build by ranges (ranged.go), the range of a tier of several:
	// "range 2 of 5", Done and Total still counting the whole tier's.
	Step string
}

// Result sums up a build.
type Result struct {
	Tiers   int // tiers in the database
	Resumed int // of which found finished by an earlier build
	Count   db.Count
}

// Solve strongly solves g: every position reachable from g.Start gets its
// outcome and remoteness, written tier by tier through b (a *db.Builder
// on the database directory), which then holds a whole database. A
// directory where an earlier build of the same game stopped (killed,
// cancelled, out of memory) resumes after its last finished tier and ends
// byte for byte as an uninterrupted build would.
func Solve[P comparable](ctx context.Context, g game.Tiered[P], b *db.Builder, opts Options) (*Result, error) {
	return SolveFrom(ctx, g, g.Start(), b, opts)
}

// SolveFrom is Solve for the positions reachable from start instead of
// the game's start: the tiers are those TierChildren reaches from
// start's tier, and the manifest's start is start (a Builder made by
// db.CreateFrom records how the position was written). The records are
// the whole game's: a position's value depends only on the positions
// play reaches from it, all of which the database then holds (Gasser's
// endgame databases of Nine Men's Morris are such databases).
func SolveFrom[P comparable](ctx context.Context, g game.Tiered[P], start P, b *db.Builder, opts Options) (*Result, error) {
	s := &solver[P]{g: g, b: b, opts: opts, workers: opts.Workers}
	if s.workers <= 0 {
		s.workers = runtime.GOMAXPROCS(0)
	}
	// The files' counts and the manifest follow g's ranking (orbits.go).
	b.SetRanking(RankingOf(g))
	s.setup()
	defer s.releaseAll()
	st := g.TierOf(start)
	var err error
	s.tiers, s.index, err = tierGraph(g, st)
	if err != nil {
		return nil, err
	}
	s.startRank = g.TierRank(start)
	if s.startRank < 0 || s.startRank >= s.tiers[0].size {
		return nil, fmt.Errorf("the start position %s has rank %d, out of its tier's range [0, %d)", s.format(start), s.startRank, s.tiers[0].size)
	}
	res := &Result{Tiers: len(s.tiers)}
	plan, ranged, err := s.rangedPlan()
	if err != nil {
		return nil, err
	}
	if err := s.checkDisk(ranged); err != nil {
		return nil, err
	}
	if ranged {
		err = s.buildRanged(ctx, res, plan)
	} else {
		err = s.buildInMemory(ctx, res)
	}
	if err != nil {
		return nil, err
	}
	infos := make([]db.TierInfo, len(s.tiers))
	for i, ts := range s.tiers {
		infos[i] = ts.info
		res.Count.AddCount(ts.info.Count)
	}
	sortInfos(infos)
	if err := b.Finish(uint64(st), s.startRank, infos); err != nil {
		return nil, err
	}
	return res, nil
}

// buildInMemory runs both passes with whole tiers in memory; the tiers'
// infos are left in s.tiers for Solve's manifest.
func (s *solver[P]) buildInMemory(ctx context.Context, res *Result) error {
	b := s.b
	// Tiers an earlier build finished. Their records stay in memory only
	// while an unfinished tier needs them.
	for i := len(s.tiers) - 1; i >= 0; i-- {
		ts := s.tiers[i]
		info, _, ok, err := b.Finished(uint64(ts.t), ts.name, ts.size)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		ts.finished, ts.info = true, info
		res.Resumed++
		s.report(Progress{Phase: PhaseSolve, Tier: ts.t, Name: ts.name, Index: len(s.tiers) - i, Tiers: len(s.tiers), Done: info.Count.Positions(), Total: info.Count.Positions(), Resumed: true})
		// Its records are read back from the file when a parent
		// needs them (childrenOf), not held from here on.
	}
	for _, ts := range s.tiers {
		for _, j := range ts.parents {
			if !s.tiers[j].finished {
				ts.waiting++
			}
		}
	}
	if err := s.reachAll(ctx); err != nil {
		return err
	}
	if err := s.checkDisk(false); err != nil {
		return err
	}
	for i := len(s.tiers) - 1; i >= 0; i-- {
		ts := s.tiers[i]
		if ts.finished {
			continue
		}
		s.cur = Progress{Phase: PhaseSolve, Tier: ts.t, Name: ts.name, Index: len(s.tiers) - i, Tiers: len(s.tiers)}
		s.evictKept(ts)
		if err := s.loadReach(ts); err != nil {
			return err
		}
		recs, err := s.solveTier(ctx, ts)
		if err != nil {
			return err
		}
		s.dropReach(ts)
		info, err := b.WriteTier(uint64(ts.t), ts.name, recs)
		if err != nil {
			return err
		}
		if err := b.RemoveReach(uint64(ts.t)); err != nil {
			return err
		}
		ts.finished, ts.info = true, info
		if ts.waiting > 0 && s.mayKeep(int64(len(recs.Data))) {
			ts.recs = recs // charged by solveTier
			s.kept += int64(len(recs.Data))
		} else {
			// Not needed, or memory is short: a parent reads the
			// records back from the file (childrenOf).
			s.opts.Memory.Release(int64(len(recs.Data)))
		}
		for _, j := range ts.children {
			c := s.tiers[j]
			if c.waiting--; c.waiting == 0 {
				s.drop(c)
			}
		}
	}
	return nil
}

func sortInfos(infos []db.TierInfo) {
	for i := 1; i < len(infos); i++ {
		for j := i; j > 0 && infos[j].Tier < infos[j-1].Tier; j-- {
			infos[j], infos[j-1] = infos[j-1], infos[j]
		}
	}
}

// solver holds one build's state.
type solver[P comparable] struct {
	g       game.Tiered[P]
	b       *db.Builder // nil for one tier at a time (one.go)
	app     game.MoveAppender[P]
	walk    Walker[P]   // nil unless the game has the fast path
	fin     Finisher[P] // nil unless the game has the fast path and finishes
	term    game.Terminal[P]
	end     game.Endless[P]
	score   game.Scored[P] // records are margins (scored.go)
	opts    Options
	workers int

	tiers     []*tierState
	index     map[game.Tier]int
	startRank int64
	cur       Progress // the phase and tier being worked on
	kept      int64    // bytes of solved tiers' records kept for parents
}

// setup finds the optional interfaces of the game.
func (s *solver[P]) setup() {
	s.app, _ = s.g.(game.MoveAppender[P])
	s.term, _ = s.g.(game.Terminal[P])
	s.end, _ = s.g.(game.Endless[P])
	s.score, _ = s.g.(game.Scored[P])
	if !s.opts.plain && s.score == nil {
		s.walk, _ = s.g.(Walker[P])
		if s.walk != nil {
			s.fin, _ = s.g.(Finisher[P])
		}
	}
}

func (s *solver[P]) report(p Progress) {
	if s.opts.Progress != nil {
		s.opts.Progress(p)
	}
}

func (s *solver[P]) format(p P) string {
	if f, ok := s.g.(game.Formatter[P]); ok {
		return f.Format(p)
	}
	return fmt.Sprint(p)
}

func (s *solver[P]) moves(dst []P, p P) []P {
	if s.app != nil {
		return s.app.AppendMoves(dst, p)
	}
	return appendSeq(dst, s.g, p)
}

// appendSeq is apart from moves because its loop body, a closure,
// moves dst to the heap: one allocation per position on the hot path.
func appendSeq[P comparable](dst []P, g game.Game[P], p P) []P {
	for q := range g.Moves(p) {
		dst = append(dst, q)
	}
	return dst
}

// A solved tier's records are kept in memory while a parent still
// needs them, but only while the budget has room: kept records take at
// most half of it (keepShare), and before a tier is solved the kept
// records of tiers that are not its children are dropped, largest first,
// until they fit again. A dropped tier's records are read back from its
// finished file when a parent needs them (readBack): the file holds
// exactly the records that were dropped, so the results do not depend
// on what was kept. Without a limit everything needed is kept. This
// bounds a build whose solved tiers wait long for their last parent
// (nine men's morris: ~45 GiB of waiting records at the worst point).
const keepShare = 2 // kept records may use up to 1/keepShare of the budget

// mayKeep says whether n more bytes of records may stay in memory.
func (s *solver[P]) mayKeep(n int64) bool {
	if s.opts.keepNone || s.opts.keepBytes > 0 && s.kept+n > s.opts.keepBytes {
		return false
	}
	lim := s.opts.Memory.Limit()
	return lim == 0 || s.opts.Memory.Used() <= lim/keepShare
}

// evictKept drops the kept records of tiers other than ts's children,
// largest first, while they are over their share.
func (s *solver[P]) evictKept(ts *tierState) {
	if s.mayKeep(0) {
		return
	}
	child := map[int]bool{}
	for _, j := range ts.children {
		child[j] = true
	}
	var kept []*tierState
	for j, k := range s.tiers {
		if k.recs.Data != nil && !child[j] {
			kept = append(kept, k)
		}
	}
	slices.SortFunc(kept, func(a, b *tierState) int { return cmp.Compare(len(b.recs.Data), len(a.recs.Data)) })
	for _, k := range kept {
		if s.mayKeep(0) {
			return
		}
		s.drop(k)
	}
}

// readBack reads the records of k, a finished child of ts whose records
// were not kept, from k's file, charged to the budget.
func (s *solver[P]) readBack(ts, k *tierState) error {
	if s.b == nil || !k.finished {
		return fmt.Errorf("internal error: the records of tier %s are not in memory when tier %s needs them", k.name, ts.name)
	}
	recs, err := s.b.TierRecords(uint64(k.t), k.size)
	if err != nil {
		return fmt.Errorf("tier %s's records, needed by tier %s: %w", k.name, ts.name, err)
	}
	if err := s.opts.Memory.Charge(int64(len(recs.Data)), "the records of tier "+k.name+", read back for tier "+ts.name); err != nil {
		return err
	}
	k.recs = recs
	s.kept += int64(len(recs.Data))
	return nil
}

func (s *solver[P]) drop(ts *tierState) {
	s.opts.Memory.Release(int64(len(ts.recs.Data)))
	s.kept -= int64(len(ts.recs.Data))
	ts.recs = db.Records{}
}

func (s *solver[P]) dropReach(ts *tierState) {
	s.opts.Memory.Release(int64(8 * len(ts.reach)))
	ts.reach = nil
}

func (s *solver[P]) releaseAll() {
	for _, ts := range s.tiers {
		s.drop(ts)
		s.dropReach(ts)
	}
}

// allocReach gives a tier its (empty) reachability bitmap.
func (s *solver[P]) allocReach(ts *tierState) error {
	if ts.reach != nil {
		return nil
	}
	words := (ts.size + 63) / 64
	if err := s.opts.Memory.Charge(8*words, "the reachability bitmap of tier "+ts.name); err != nil {
		return err
	}
	ts.reach = make([]uint64, words)
	return nil
}

// allocRecords returns n empty records of the given width, charged.
func (s *solver[P]) allocRecords(n int64, width int, ts *tierState) (db.Records, error) {
	if err := s.opts.Memory.Charge(n*int64(width), "the records of tier "+ts.name); err != nil {
		return db.Records{}, err
	}
	return db.NewRecords(n, width), nil
}

func popcount(bm []uint64) int64 {
	var n int64
	for _, w := range bm {
		n += int64(bits.OnesCount64(w))
	}
	return n
}

// errStop tells workers that another one failed.
var errStop = errors.New("stopped")

// parallel runs body over the words [0, words) of a tier's bitmap in
// chunks shared by the workers, and reports progress every 200 ms from
// the calling goroutine: body returns how many positions it did. Each
// worker has its own scratch space, made by newScratch.
func parallel[W any](ctx context.Context, s interface{ report(Progress) }, cur Progress, workers int, words int64,
	newScratch func() *W, body func(w0, w1 int64, scratch *W) (int64, error)) error {
	// 64 words: 4096 ranks, so cancellation and errors are noticed quickly.
	return parallelChunks(ctx, s, cur, workers, words, 64, newScratch, body)
}

// parallelChunks is parallel with chunks of the given number of words;
// the positions done are counted on from cur.Done.
func parallelChunks[W any](ctx context.Context, s interface{ report(Progress) }, cur Progress, workers int, words, chunk int64,
	newScratch func() *W, body func(w0, w1 int64, scratch *W) (int64, error)) error {
	base := cur.Done
	var (
		next, done atomic.Int64
		failed     atomic.Bool
		mu         sync.Mutex
		first      error
		wg         sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
		failed.Store(true)
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scratch := newScratch()
			for !failed.Load() {
				w0 := next.Add(chunk) - chunk
				if w0 >= words {
					return
				}
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				n, err := body(w0, min(w0+chunk, words), scratch)
				if err != nil {
					fail(err)
					return
				}
				done.Add(n)
			}
		}()
	}
	stop := make(chan struct{})
	go func() { wg.Wait(); close(stop) }()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			cur.Done = base + done.Load()
			s.report(cur)
			return first
		case <-tick.C:
			cur.Done = base + done.Load()
			s.report(cur)
		}
	}
}

// code evaluation --------------------------------------------------------

// children is a tier's view of its child tiers' records.
type children struct {
	tiers []game.Tier
	recs  []db.Records
	sizes []int64
	names []string
}

func (s *solver[P]) childrenOf(ts *tierState) (*children, error) {
	c := &children{}
	for _, j := range ts.children {
		k := s.tiers[j]
		if k.recs.Data == nil && k.size > 0 {
			if err := s.readBack(ts, k); err != nil {
				return nil, err
			}
		}
		c.tiers = append(c.tiers, k.t)
		c.recs = append(c.recs, k.recs)
		c.sizes = append(c.sizes, k.size)
		c.names = append(c.names, k.name)
	}
	return c, nil
}

// errMove is the error of a move the tier graph does not allow.
func (s *solver[P]) errMove(ts *tierState, p, q P, why string) error {
	return fmt.Errorf("the move %s → %s (from tier %s) %s", s.format(p), s.format(q), ts.name, why)
}

// childIndex finds q's tier among ts's children; -1 when q stays in ts.
func (s *solver[P]) childIndex(ts *tierState, kids []game.Tier, p, q P) (int, game.Tier, error) {
	ct := s.g.TierOf(q)
	if ct == ts.t {
		if !ts.loopy {
			return 0, ct, s.errMove(ts, p, q, "stays in its tier, which TierLoopy says is not loopy")
		}
		return -1, ct, nil
	}
	for k, t := range kids {
		if t == ct {
			return k, ct, nil
		}
	}
	return 0, ct, s.errMove(ts, p, q, fmt.Sprintf("reaches tier %s, which TierChildren does not list", s.g.TierName(ct)))
}

func (s *solver[P]) rankIn(ts *tierState, size int64, p, q P) (int64, error) {
	r := s.g.TierRank(q)
	if r < 0 || r >= size {
		return 0, s.errMove(ts, p, q, fmt.Sprintf("reaches rank %d, out of its tier's range [0, %d)", r, size))
	}
	return r, nil
}

// terminalCode is the record of a position without moves.
func (s *solver[P]) terminalCode(p P) (uint16, error) {
	if s.score != nil {
		v := s.score.TerminalScore(p)
		c, ok := db.EncodeScore(v, 0)
		if !ok {
			return 0, fmt.Errorf("the final margin %d at %s is out of a record's range [%d, %d]", v, s.format(p), -db.MaxScore, db.MaxScore)
		}
		return c, nil
	}
	o := outcome.P
	if s.term != nil {
		o = s.term.TerminalOutcome(p)
	}
	if c, ok := db.Encode(o, 0); ok {
		return c, nil // won or lost in 0, or a draw
	}
	return 0, fmt.Errorf("the terminal position %s has outcome %v; want N, P or D", s.format(p), o)
}

func (s *solver[P]) endlessVerdict(p P) (outcome.Outcome, error) {
	v := s.end.EndlessOutcome(p)
	switch v {
	case outcome.N, outcome.P, outcome.D:
		return v, nil
	}
	return 0, fmt.Errorf("the endless verdict at %s is %v; want N, P or D", s.format(p), v)
}
