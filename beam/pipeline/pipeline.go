package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/grundy-go/grundy/catalog"
	_ "github.com/grundy-go/grundy/catalog/builtin" // the games, looked up by spec on each worker
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

func init() {
	register.DoFn2x1[[]byte, func(int64, []byte), error](&seedFn{})
	register.DoFn2x0[[]byte, func(int64, []byte)](&skippedFn{})
	register.DoFn3x0[int64, []byte, func(int64, []byte)](&stageFn{})
	register.DoFn5x1[context.Context, int64, func(*[]byte) bool, func(int64, []byte), func(int64, []byte), error](&reachFn{})
	register.DoFn6x1[context.Context, int64, func(*[]byte) bool, func(*string) bool, func(string), func(int64, string), error](&solveFn{})
	register.DoFn3x0[int64, string, func(int64, string)](&doneFn{})
	register.DoFn2x0[[]byte, func(int64, string)](&startFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&finishFn{})
	register.Emitter2[int64, []byte]()
	register.Emitter1[string]()
	register.Emitter2[int64, string]()
	register.Iter1[[]byte]()
	register.Iter1[string]()
}

// Lookup returns the game of spec (a catalog spec such as connect4:4x4)
// bound to the tier solver.
func Lookup(spec string) (strong.Tiers, error) {
	inst, err := catalog.Lookup(spec)
	if err != nil {
		return nil, err
	}
	return strong.TiersOf(inst)
}

// games caches the lookup per worker process: a DoFn's Setup runs once
// per bundle processor, and the plan of a big game is not free.
var games sync.Map // spec → *looked

type looked struct {
	g       strong.Tiers
	plan    *tier.Plan
	by      map[game.Tier]tier.PlanTier
	parents map[game.Tier][]game.Tier

	rangerOnce sync.Once // split.go's ranger
	rs         strong.RangeSolver
	rangerErr  error
}

func lookup(spec string) (*looked, error) {
	if l, ok := games.Load(spec); ok {
		return l.(*looked), nil
	}
	g, err := Lookup(spec)
	if err != nil {
		return nil, err
	}
	plan, err := g.Plan()
	if err != nil {
		return nil, err
	}
	l := &looked{g: g, plan: plan, by: map[game.Tier]tier.PlanTier{}, parents: map[game.Tier][]game.Tier{}}
	for _, pt := range plan.Tiers {
		l.by[pt.Tier] = pt
		for _, c := range pt.Children {
			l.parents[c] = append(l.parents[c], pt.Tier)
		}
	}
	games.Store(spec, l)
	return l, nil
}

// Options tune the pipeline.
type Options struct {
	// SplitRanks, if positive, is the most ranks of an acyclic tier one
	// worker solves: a larger one is solved as ranges of SplitRanks
	// ranks, its moves joined with its children's records by the
	// pipeline (split.go), so no worker holds a whole tier's children.
	// Loopy tiers are solved whole whatever their size. 0 solves every
	// tier whole, which is much faster while a worker's memory holds it.
	SplitRanks int64
	// SplitInto, for tests, splits every acyclic tier of more than one
	// rank into about this many ranges, whatever SplitRanks says.
	SplitInto int64
	// LoopyRounds is how many rounds (levels of the retrograde queue)
	// the pipeline lays out for the split loopy tiers of each height of
	// the tier graph (loopy.go); DefaultLoopyRounds if 0.
	LoopyRounds int
}

// Construct adds to s the pipeline that builds the database of spec
// (canonical, as strong.Tiers.Spec gives it) in the directory out (a
// local path, gs://bucket/dir or s3://bucket/dir). The stages come from
// the tier graph: reachability forward by depth from the start's tier,
// then solving backward by height from the leaves.
func Construct(s beam.Scope, spec, out string, opts Options) error {
	l, err := lookup(spec)
	if err != nil {
		return err
	}
	if opts.SplitRanks < 0 {
		return fmt.Errorf("the split threshold is %d ranks; want 0 (never split) or more", opts.SplitRanks)
	}
	sp := Split{Ranks: opts.SplitRanks, Into: opts.SplitInto}
	if x, err := l.loopyRanger(); err == nil && !x.Endless() {
		// Loopy tiers are split when the rounds give their records
		// (a game with a verdict on endless play needs a pass more).
		sp.Loopy = true
	}
	rounds := opts.LoopyRounds
	if rounds == 0 {
		rounds = DefaultLoopyRounds
	}
	if rounds < 1 || rounds > maxLoopyRounds {
		return fmt.Errorf("%d rounds of retrograde analysis a stage; want 1 to %d", rounds, maxLoopyRounds)
	}
	tiers := l.plan.Tiers
	index := map[game.Tier]int{}
	for i, pt := range tiers {
		index[pt.Tier] = i
	}
	// depth: the longest path from the start's tier (Plan is parents
	// first); height: the longest path to a leaf.
	depth := make([]int, len(tiers))
	height := make([]int, len(tiers))
	for i, pt := range tiers {
		for _, c := range pt.Children {
			depth[index[c]] = max(depth[index[c]], depth[i]+1)
		}
	}
	for i := len(tiers) - 1; i >= 0; i-- {
		for _, c := range tiers[i].Children {
			height[i] = max(height[i], height[index[c]]+1)
		}
	}
	byLevel := func(level []int) [][]int64 {
		var out [][]int64
		for i, d := range level {
			for len(out) <= d {
				out = append(out, nil)
			}
			out[d] = append(out[d], int64(tiers[i].Tier))
		}
		return out
	}

	imp := beam.Impulse(s)
	// A rerun does not reach the tiers it has no use for (reachNeeded).
	needed, err := reachNeeded(spec, out, l)
	if err != nil {
		return err
	}
	reachDepths := byLevel(depth)
	for d, ts := range reachDepths {
		reachDepths[d] = slices.DeleteFunc(ts, func(t int64) bool { return !needed[game.Tier(t)] })
	}
	var skipped []int64
	for _, pt := range tiers {
		if !needed[pt.Tier] {
			skipped = append(skipped, int64(pt.Tier))
		}
	}
	// reach: each tier's count of reachable ranks per range (rangeCount),
	// the ranges' bitmaps being in their reachability parts.
	var reach beam.PCollection
	if sp.on() {
		reach = reachByRange(s, spec, out, sp, reachDepths, rounds)
	} else {
		// Every tier gets an element, so a tier no move reaches still
		// gets its (empty) file, as tier.Solve writes one; a skipped
		// tier gets no reachable rank (its solving stage keeps its file).
		parts := []beam.PCollection{beam.ParDo(s.Scope("seed"), &seedFn{Game: spec}, imp)}
		reached := []beam.PCollection{beam.ParDo(s.Scope("skipped"), &skippedFn{Tiers: skipped}, imp)}
		for d, ts := range reachDepths {
			if len(ts) == 0 {
				continue
			}
			st := s.Scope(fmt.Sprintf("reach-%d", d))
			in := beam.ParDo(st, &stageFn{Tiers: ts}, beam.Flatten(st, parts...))
			kids, own := beam.ParDo2(st, &reachFn{Game: spec, Out: out}, beam.GroupByKey(st, in))
			parts = append(parts, kids)
			reached = append(reached, own)
		}
		reach = beam.Flatten(s, reached...)
	}
	// A tier starts when its children's "done" messages have arrived:
	// the CoGroupByKey of its bitmap with them waits for every stage
	// before (a data dependency, which every runner honours).
	done := []beam.PCollection{beam.ParDo(s.Scope("start"), &startFn{}, imp)}
	var infos []beam.PCollection
	for h, ts := range byLevel(height) {
		st := s.Scope(fmt.Sprintf("solve-%d", h))
		var whole, parts, loopy []int64
		for _, t := range ts {
			switch pt := tiers[index[game.Tier(t)]]; {
			case !sp.splits(pt):
				whole = append(whole, t)
			case pt.Loopy:
				loopy = append(loopy, t)
			default:
				parts = append(parts, t)
			}
		}
		doneSoFar := beam.Flatten(st, done...)
		if len(whole) > 0 {
			in := beam.CoGroupByKey(st,
				beam.ParDo(st, &stageFn{Tiers: whole}, reach),
				beam.ParDo(st, &doneFn{Tiers: whole}, doneSoFar))
			info, up := beam.ParDo2(st, &solveFn{Game: spec, Out: out, Split: sp}, in)
			infos = append(infos, info)
			done = append(done, up)
		}
		if len(parts) > 0 {
			info, up := solveSplit(st.Scope("split"), spec, out, sp, parts, reach, doneSoFar)
			infos = append(infos, info)
			done = append(done, up)
		}
		if len(loopy) > 0 {
			info, up := solveLoopySplit(st.Scope("loopy"), spec, out, sp, loopy, rounds, reach, doneSoFar)
			infos = append(infos, info)
			done = append(done, up)
		}
	}
	all := beam.Flatten(s, infos...)
	beam.ParDo0(s.Scope("manifest"), &finishFn{Game: spec, Out: out}, beam.GroupByKey(s, beam.AddFixedKey(s, all)))
	return nil
}

// reachNeeded returns which tiers' reachability a run computes. A
// tier's reachability is read by its own solving, which a
// finished tier skips (a whole file from an earlier run, as the solving
// stages check it: scanTier), and by its children's reachability; so it
// is needed exactly when the tier is not finished or a child's is
// needed; the others are skipped, their moves never generated.
// After a build stopped part way the tiers left to solve are the start's
// side of the graph (children are solved first), so a rerun reaches
// only those, where it redid the whole forward pass; a damaged file
// makes its tier and every ancestor reached again.
func reachNeeded(spec, out string, l *looked) (map[game.Tier]bool, error) {
	ctx := context.Background()
	fsys, err := filesystem.New(ctx, out)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	needed := map[game.Tier]bool{}
	tiers := l.plan.Tiers
	for i := len(tiers) - 1; i >= 0; i-- { // children first (Plan is parents first)
		pt := tiers[i]
		need := slices.ContainsFunc(pt.Children, func(c game.Tier) bool { return needed[c] })
		if !need {
			_, err := scanTier(ctx, fsys, out, spec, pt)
			need = err != nil
		}
		needed[pt.Tier] = need
	}
	return needed, nil
}

// skippedFn gives the tiers whose reachability is skipped (reachNeeded)
// their count of no reachable ranks, the element their solving stage
// starts from.
type skippedFn struct{ Tiers []int64 }

func (f *skippedFn) ProcessElement(_ []byte, count func(int64, []byte)) {
	for _, t := range f.Tiers {
		count(t, rangeCount(0, 0))
	}
}

// seedFn emits an empty bitmap for every tier, and the start's bit.
type seedFn struct{ Game string }

func (f *seedFn) ProcessElement(_ []byte, emit func(int64, []byte)) error {
	l, err := lookup(f.Game)
	if err != nil {
		return err
	}
	for _, pt := range l.plan.Tiers {
		var b []byte
		if pt.Tier == l.plan.StartTier {
			bm := make([]uint64, tier.ReachBits(pt.Size))
			bm[l.plan.StartRank>>6] |= 1 << (l.plan.StartRank & 63)
			b = encodeBits(bm)
		}
		emit(int64(pt.Tier), b)
	}
	return nil
}

// stageFn keeps the elements of one stage's tiers.
type stageFn struct{ Tiers []int64 }

func (f *stageFn) ProcessElement(t int64, b []byte, emit func(int64, []byte)) {
	if slices.Contains(f.Tiers, t) {
		emit(t, b)
	}
}

// doneFn keeps the "done" messages to one stage's tiers.
type doneFn struct{ Tiers []int64 }

func (f *doneFn) ProcessElement(t int64, info string, emit func(int64, string)) {
	if slices.Contains(f.Tiers, t) {
		emit(t, info)
	}
}

// startFn makes the (empty) collection of "done" messages of the
// leaves' stage.
type startFn struct{}

func (startFn) ProcessElement(_ []byte, _ func(int64, string)) {}

// reachFn, when no tier is split, ORs the bitmaps a tier's parents sent
// it, closes it under the tier's own moves (tier.ReachOne), sends each
// child tier its part, and writes the tier's bitmap as its one
// reachability part (reach.go), its count sent on.
type reachFn struct{ Game, Out string }

func (f *reachFn) ProcessElement(ctx context.Context, t int64, parts func(*[]byte) bool, child func(int64, []byte), count func(int64, []byte)) error {
	defer startTask()()
	l, err := lookup(f.Game)
	if err != nil {
		return err
	}
	pt, ok := l.by[game.Tier(t)]
	if !ok {
		return fmt.Errorf("tier %d is not in the tier graph of %s", t, f.Game)
	}
	bm := make([]uint64, tier.ReachBits(pt.Size))
	var b []byte
	for parts(&b) {
		if err := orBits(bm, b); err != nil {
			return fmt.Errorf("tier %s: %w", pt.Name, err)
		}
	}
	kids, err := l.g.ReachOne(ctx, pt.Tier, bm, tier.Options{Workers: runtime.GOMAXPROCS(0)})
	if err != nil {
		return err
	}
	for _, c := range pt.Children {
		child(int64(c), encodeBits(kids[c]))
	}
	var n int64
	if reachCount(bm) > 0 {
		if n, err = writeReachPart(ctx, f.Out, f.Game, pt, 0, pt.Size, bm); err != nil {
			return err
		}
	}
	count(t, rangeCount(0, n))
	return nil
}

// solveFn solves one tier from its children's files and writes its own
// (tier.SolveOne, db.EncodeTier), or keeps the file an earlier run left
// if it is whole (every block's checksum): a rerun skips finished tiers.
type solveFn struct {
	Game, Out string
	Split     Split
}

func (f *solveFn) ProcessElement(ctx context.Context, t int64, reach func(*[]byte) bool, done func(*string) bool, info func(string), up func(int64, string)) error {
	defer startTask()()
	l, err := lookup(f.Game)
	if err != nil {
		return err
	}
	pt, ok := l.by[game.Tier(t)]
	if !ok {
		return fmt.Errorf("tier %d is not in the tier graph of %s", t, f.Game)
	}
	fsys, err := filesystem.New(ctx, f.Out)
	if err != nil {
		return err
	}
	defer fsys.Close()
	kids := 0
	var s string
	for done(&s) {
		kids++
	}
	if kids != len(pt.Children) {
		return fmt.Errorf("tier %s started with %d of its %d child tiers done", pt.Name, kids, len(pt.Children))
	}
	emit := func(ti db.TierInfo) error { return announce(l, pt, ti, info, up) }
	if _, ti, err := readTier(ctx, fsys, f.Out, f.Game, pt); err == nil {
		return emit(ti)
	}
	// The tier is one range (range 0) of its reachability.
	counts, err := rangeCounts(pt, reach)
	if err != nil {
		return err
	}
	bm := make([]uint64, tier.ReachBits(pt.Size))
	if n := counts[0]; n > 0 {
		if _, bm, err = readReachPart(ctx, fsys, f.Out, f.Game, f.Split, pt, 0, n); err != nil {
			return err
		}
	}
	load := func(c game.Tier) (db.Records, error) {
		recs, _, err := readTier(ctx, fsys, f.Out, f.Game, l.by[c])
		return recs, err
	}
	recs, err := l.g.SolveOne(ctx, pt.Tier, bm, load, tier.Options{Workers: runtime.GOMAXPROCS(0)})
	if err != nil {
		return tierError(pt.Name, err)
	}
	ti, err := writeTier(ctx, fsys, f.Out, pt, func(w io.Writer) (db.TierInfo, error) {
		return db.EncodeTier(w, f.Game, l.g.Ranking(), uint64(pt.Tier), pt.Name, recs)
	})
	if err != nil {
		return tierError(pt.Name, err)
	}
	if err := removeReachParts(ctx, fsys, f.Out, pt, []int64{0}); err != nil {
		return err
	}
	return emit(ti)
}

// finishFn writes the manifest, last, from every tier's description, and
// removes temporary files that failed attempts left.
type finishFn struct{ Game, Out string }

func (f *finishFn) ProcessElement(ctx context.Context, _ int, infos func(*string) bool) error {
	defer startTask()()
	l, err := lookup(f.Game)
	if err != nil {
		return err
	}
	var all []db.TierInfo
	var s string
	for infos(&s) {
		var ti db.TierInfo
		if err := json.Unmarshal([]byte(s), &ti); err != nil {
			return err
		}
		all = append(all, ti)
	}
	if len(all) != len(l.plan.Tiers) {
		return fmt.Errorf("%d tiers solved, the game has %d", len(all), len(l.plan.Tiers))
	}
	slices.SortFunc(all, func(a, b db.TierInfo) int {
		switch {
		case a.Tier < b.Tier:
			return -1
		case a.Tier > b.Tier:
			return 1
		}
		return 0
	})
	m, err := db.ManifestBytes(f.Game, l.g.Ranking(), uint64(l.plan.StartTier), l.plan.StartRank, all)
	if err != nil {
		return err
	}
	fsys, err := filesystem.New(ctx, f.Out)
	if err != nil {
		return err
	}
	defer fsys.Close()
	if err := removeTemps(ctx, fsys, f.Out); err != nil {
		return err
	}
	// The tier index just before the manifest, as db's Builder writes
	// them (a database opens from the index; the manifest makes the
	// directory a database).
	index, err := db.IndexBytes(m)
	if err != nil {
		return err
	}
	if err := writeAtomic(ctx, fsys, f.Out, db.IndexName, func(w io.Writer) error { _, err := w.Write(index); return err }); err != nil {
		return err
	}
	return writeAtomic(ctx, fsys, f.Out, db.ManifestName, func(w io.Writer) error { _, err := w.Write(m); return err })
}

// Files ------------------------------------------------------------------

// join is a path in the directory dir of any filesystem.
func join(dir, name string) string { return strings.TrimSuffix(dir, "/") + "/" + name }

const tempPrefix = ".tmp-" // as package db names its temporary files, which db.Create removes

// readTier reads and checks (db.DecodeTier: every block's checksum) the
// file of tier pt.
func readTier(ctx context.Context, fsys filesystem.Interface, dir, spec string, pt tier.PlanTier) (db.Records, db.TierInfo, error) {
	path := join(dir, db.TierFileName(uint64(pt.Tier)))
	r, err := fsys.OpenRead(ctx, path)
	if err != nil {
		return db.Records{}, db.TierInfo{}, err
	}
	data, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		return db.Records{}, db.TierInfo{}, err
	}
	rk, err := rankingOf(spec)
	if err != nil {
		return db.Records{}, db.TierInfo{}, err
	}
	return db.DecodeTier(bytes.NewReader(data), int64(len(data)), path, spec, rk, uint64(pt.Tier), pt.Name, pt.Size)
}

// rankingOf is the ranking of the game of spec, which package db counts
// its files' positions by (db.Ranking).
func rankingOf(spec string) (db.Ranking, error) {
	l, err := lookup(spec)
	if err != nil {
		return db.Ranking{}, err
	}
	return l.g.Ranking(), nil
}

// writeTier writes tier pt's file (encode's bytes: db.EncodeTier's or
// db.AssembleTier's) under a temporary name and renames it, so that a
// task that dies (and is retried) never leaves a half file under the
// tier's name.
func writeTier(ctx context.Context, fsys filesystem.Interface, dir string, pt tier.PlanTier, encode func(io.Writer) (db.TierInfo, error)) (db.TierInfo, error) {
	var info db.TierInfo
	err := writeFaulty(ctx, fsys, dir, db.TierFileName(uint64(pt.Tier)), Write{Tier: int64(pt.Tier)}, func(w io.Writer) error {
		var err error
		info, err = encode(w)
		return err
	})
	return info, err
}

// writeFaulty is writeAtomic with the injected fault of what (retry.go),
// if any: the write then stops after 100 bytes.
func writeFaulty(ctx context.Context, fsys filesystem.Interface, dir, name string, what Write, write func(io.Writer) error) error {
	fail, err := injectFault(what)
	if err != nil {
		return err
	}
	return writeAtomic(ctx, fsys, dir, name, func(w io.Writer) error {
		if fail {
			w = &failWriter{w: w, left: 100}
		}
		return write(w)
	})
}

// writeAtomic writes dir/name through a temporary name and a rename. On
// an error the temporary file stays (a dead worker could not remove it
// either); finishFn and db.Create remove such files.
func writeAtomic(ctx context.Context, fsys filesystem.Interface, dir, name string, write func(io.Writer) error) error {
	var rnd [8]byte
	rand.Read(rnd[:])
	tmp := join(dir, tempPrefix+name+"-"+hex.EncodeToString(rnd[:]))
	wc, err := fsys.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(wc, 1<<20)
	if err := write(bw); err != nil {
		bw.Flush()
		wc.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		wc.Close()
		return err
	}
	if err := wc.Close(); err != nil {
		return err
	}
	return filesystem.Rename(ctx, fsys, tmp, join(dir, name))
}

// removeTemps removes the temporary files, the parts of split tiers
// (split.go) and the reachability parts (reach.go) that failed attempts
// left.
func removeTemps(ctx context.Context, fsys filesystem.Interface, dir string) error {
	for _, pat := range []string{tempPrefix + "*", partPrefix + "*", "reachpart-*"} {
		names, err := fsys.List(ctx, join(dir, pat))
		if err != nil {
			return err
		}
		if err := remove(ctx, fsys, names); err != nil {
			return err
		}
	}
	return nil
}

// remove removes the files names, if the filesystem can; a file already
// gone is not an error.
func remove(ctx context.Context, fsys filesystem.Interface, names []string) error {
	rm, ok := fsys.(filesystem.Remover)
	if !ok {
		return nil
	}
	for _, n := range names {
		if err := rm.Remove(ctx, n); err != nil {
			if _, serr := fsys.Size(ctx, n); serr != nil {
				continue
			}
			return err
		}
	}
	return nil
}

// Bitmaps ----------------------------------------------------------------

// encodeBits is a bitmap as little-endian bytes, nil when it is empty
// (most parts a tier sends to a child it reaches rarely are small).
func encodeBits(bm []uint64) []byte {
	last := len(bm)
	for last > 0 && bm[last-1] == 0 {
		last--
	}
	if last == 0 {
		return nil
	}
	b := make([]byte, 8*last)
	for i, w := range bm[:last] {
		binary.LittleEndian.PutUint64(b[8*i:], w)
	}
	return b
}

func orBits(bm []uint64, b []byte) error {
	if len(b)%8 != 0 || len(b)/8 > len(bm) {
		return fmt.Errorf("a reachability bitmap of %d bytes, want at most %d", len(b), 8*len(bm))
	}
	for i := range len(b) / 8 {
		bm[i] |= binary.LittleEndian.Uint64(b[8*i:])
	}
	return nil
}
