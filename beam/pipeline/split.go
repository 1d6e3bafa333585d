package pipeline

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/tier"
)

// An acyclic tier too large for one worker, solved by rank ranges. No
// worker holds the tier's children's records, nor its own positions'
// options: the join of a position's moves with its children's records is
// the runner's shuffle, which spills to disk and spreads over workers.
//
//	splitFn   the tier's reachable positions as ranges of `ranks` ranks;
//	          the ranges of each child tier to read
//	askFn     per range: every reachable position's options, as (child
//	          tier, child rank), keyed by the child's range (a key per
//	          rank would cost a shuffled element per move: Connect-4 4x4
//	          took 30 s on Prism so, 10 times this), and the positions
//	          with their numbers of options
//	readFn    per child range: its records (db.DecodeTierRange), keyed
//	          the same way
//	joinFn    CoGroupByKey of the two: each option's record, sent to its
//	          position's range
//	rangeFn   GroupByKey per range: each position's record from its
//	          options' records (tier.Negamax through tier.Ranger),
//	          written by this worker as the range's part file
//	          (db.WritePart: the tier file's blocks inside the range,
//	          compressed), whose description goes to assembleFn
//	assembleFn GroupByKey per tier: the parts' descriptions; the tier's
//	          file streamed from the part files in rank order
//	          (db.AssembleTier: their blocks copied, the index rebuilt),
//	          the same bytes as solveFn's db.EncodeTier, then the parts
//	          removed
//
// So no worker holds a split tier's records: a range's worker holds its
// range's (2 bytes a rank while solving) and its positions' options'
// records, the assembler one block and the block index (16 bytes a
// block of 8 KiB, spilled to a local temporary file past 4 MiB). Parts
// are written under temporary names and renamed, as tier files are, so
// a retried task rewrites its part whole; the assembler names each part
// by its first rank and checks it against the description it was sent.

func init() {
	register.DoFn9x1[context.Context, int64, func(*[]byte) bool, func(*string) bool, func(string, []byte), func(int64, int64), func(int64, []byte), func(string), func(int64, string), error](&splitFn{})
	register.DoFn6x1[context.Context, string, []byte, func(string, []byte), func(string, []byte), func(int64, []byte), error](&askFn{})
	register.DoFn4x1[context.Context, int64, int64, func(string, []byte), error](&readFn{})
	register.DoFn4x1[string, func(*[]byte) bool, func(*[]byte) bool, func(string, []byte), error](&joinFn{})
	register.DoFn4x1[context.Context, string, func(*[]byte) bool, func(int64, []byte), error](&rangeFn{})
	register.DoFn5x1[context.Context, int64, func(*[]byte) bool, func(string), func(int64, string), error](&assembleFn{})
	register.Emitter2[string, []byte]()
	register.Emitter2[int64, int64]()
}

// solveSplit adds the stage that solves the tiers ts (acyclic, larger
// than ranks) by ranges, once their children are done; it returns their
// descriptions and the "done" messages to their parents, as solveFn's.
func solveSplit(s beam.Scope, spec, out string, split Split, ts []int64, reach, done beam.PCollection) (info, up beam.PCollection) {
	in := beam.CoGroupByKey(s,
		beam.ParDo(s, &stageFn{Tiers: ts}, reach),
		beam.ParDo(s, &doneFn{Tiers: ts}, done))
	ranges, reads, marks, info0, up0 := beam.ParDo5(s, &splitFn{Game: spec, Out: out, Split: split}, in)
	asks, present, kept := beam.ParDo3(s, &askFn{Game: spec, Out: out, Split: split}, ranges)
	recs := beam.ParDo(s, &readFn{Game: spec, Out: out, Split: split}, reads)
	answers := beam.ParDo(s, &joinFn{Game: spec}, beam.CoGroupByKey(s, asks, recs))
	results := beam.ParDo(s, &rangeFn{Game: spec, Out: out, Split: split}, beam.GroupByKey(s, beam.Flatten(s, answers, present)))
	info1, up1 := beam.ParDo2(s, &assembleFn{Game: spec, Out: out}, beam.GroupByKey(s, beam.Flatten(s, results, kept, marks)))
	return beam.Flatten(s, info0, info1), beam.Flatten(s, up0, up1)
}

// Keys and values, as bytes (strings for keys: every runner groups
// them by their bytes).

// placeKey is (tier, n): a tier's range n.
func placeKey(t game.Tier, n int64) string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:], uint64(t))
	binary.BigEndian.PutUint64(b[8:], uint64(n))
	return string(b[:])
}

func parsePlace(k string) (game.Tier, int64, error) {
	if len(k) != 16 {
		return 0, 0, fmt.Errorf("a key of %d bytes, want 16", len(k))
	}
	return game.Tier(binary.BigEndian.Uint64([]byte(k))), int64(binary.BigEndian.Uint64([]byte(k[8:]))), nil
}

// announce sends tier pt's description to the manifest and its "done"
// message to its parents.
func announce(l *looked, pt tier.PlanTier, ti db.TierInfo, info func(string), up func(int64, string)) error {
	b, err := json.Marshal(ti)
	if err != nil {
		return err
	}
	info(string(b))
	for _, p := range l.parents[pt.Tier] {
		up(int64(p), string(b))
	}
	return nil
}

// placeTier reads a range's key: its tier of spec's plan and the range's
// number.
func placeTier(spec, key string) (game.Tier, int64, *looked, tier.PlanTier, error) {
	t, i, err := parsePlace(key)
	if err != nil {
		return 0, 0, nil, tier.PlanTier{}, err
	}
	l, pt, err := planTier(spec, int64(t))
	return t, i, l, pt, err
}

// rangeBits is range i of tier pt: its first rank and the reachability
// bitmap of its ranks, read from its reachability part (reach.go); b is
// the count splitFn sent with it.
func (s Split) rangeBits(ctx context.Context, dir, spec string, pt tier.PlanTier, i int64, b []byte) (int64, []uint64, error) {
	if len(b) != 8 {
		return 0, nil, fmt.Errorf("tier %s: a range's count of %d bytes", pt.Name, len(b))
	}
	fsys, err := filesystem.New(ctx, dir)
	if err != nil {
		return 0, nil, err
	}
	defer fsys.Close()
	return readReachPart(ctx, fsys, dir, spec, s, pt, i, int64(binary.BigEndian.Uint64(b)))
}

// planTier is tier t of spec's plan.
func planTier(spec string, t int64) (*looked, tier.PlanTier, error) {
	l, err := lookup(spec)
	if err != nil {
		return nil, tier.PlanTier{}, err
	}
	pt, ok := l.by[game.Tier(t)]
	if !ok {
		return nil, tier.PlanTier{}, fmt.Errorf("tier %d is not in the tier graph of %s", t, spec)
	}
	return l, pt, nil
}

// ranger is the game's tier.Ranger, made once per worker.
func (l *looked) ranger() (strong.RangeSolver, error) {
	l.rangerOnce.Do(func() {
		r, ok := l.g.(strong.Ranges)
		if !ok {
			l.rangerErr = fmt.Errorf("%s cannot solve a tier by ranges", l.g.Spec())
			return
		}
		l.rs, l.rangerErr = r.Ranger()
	})
	return l.rs, l.rangerErr
}

// Split says which tiers are solved by ranges, and how long the ranges
// are.
type Split struct {
	// Ranks: an acyclic tier of more ranks is split into ranges of
	// this many (Options.SplitRanks).
	Ranks int64
	// Into, for tests, splits every acyclic tier of more than one rank
	// into (about) this many ranges instead.
	Into int64
	// Loopy: loopy tiers are split too (loopy.go), by the same rule.
	Loopy bool
}

// splits reports whether tier pt is solved by ranges.
func (s Split) splits(pt tier.PlanTier) bool {
	if pt.Loopy && !s.Loopy {
		return false
	}
	if s.Into > 1 {
		return pt.Size > 1
	}
	return s.Ranks > 0 && pt.Size > s.Ranks
}

// ranks is the length of tier pt's ranges (the last may be shorter);
// every tier has one, as readFn reads a child tier by the same ranges
// whether or not it is split.
func (s Split) ranks(pt tier.PlanTier) int64 {
	if s.Into > 1 {
		return max(1, (pt.Size+s.Into-1)/s.Into)
	}
	if s.Ranks > 0 {
		return s.Ranks
	}
	return max(1, pt.Size)
}

// numRanges is how many ranges of ranks ranks a tier of size ranks has.
func numRanges(size, ranks int64) int64 { return (size + ranks - 1) / ranks }

// splitFn starts a split tier once its children are done: it sends each
// range with reachable positions to askFn (its count: the range's
// bitmap is its reachability part, reach.go), each range of each
// child tier to readFn, and a mark to assembleFn (so that a tier nothing
// reaches still gets its file). A tier whose file an earlier run left
// whole is announced at once, as solveFn does.
type splitFn struct {
	Game, Out string
	Split     Split
}

func (f *splitFn) ProcessElement(ctx context.Context, t int64, reach func(*[]byte) bool, done func(*string) bool,
	ranges func(string, []byte), reads func(int64, int64), mark func(int64, []byte), info func(string), up func(int64, string)) error {
	defer startTask()()
	l, pt, err := planTier(f.Game, t)
	if err != nil {
		return err
	}
	kids := 0
	var s string
	for done(&s) {
		kids++
	}
	if kids != len(pt.Children) {
		return fmt.Errorf("tier %s started with %d of its %d child tiers done", pt.Name, kids, len(pt.Children))
	}
	fsys, err := filesystem.New(ctx, f.Out)
	if err != nil {
		return err
	}
	defer fsys.Close()
	if ti, err := scanTier(ctx, fsys, f.Out, f.Game, pt); err == nil {
		return announce(l, pt, ti, info, up)
	}
	counts, err := rangeCounts(pt, reach)
	if err != nil {
		return err
	}
	for i, n := range counts {
		ranges(placeKey(pt.Tier, i), binary.BigEndian.AppendUint64(nil, uint64(n)))
	}
	for _, c := range pt.Children {
		for j := range numRanges(l.by[c].Size, f.Split.ranks(l.by[c])) {
			reads(int64(c), j)
		}
	}
	mark(t, nil)
	return nil
}

// askFn names the options of every reachable position of a range: one
// ask to each child range its positions' moves reach, the pairs (rank
// here, rank there) of those moves; and one list of the range's
// positions with their numbers of options, for rangeFn. A range whose
// part an earlier run left whole (keptPart) asks nothing: its
// description goes to assembleFn as it is.
type askFn struct {
	Game, Out string
	Split     Split
}

func (f *askFn) ProcessElement(ctx context.Context, key string, b []byte, ask func(string, []byte), present func(string, []byte), kept func(int64, []byte)) error {
	defer startTask()()
	t, i, l, pt, err := placeTier(f.Game, key)
	if err != nil {
		return err
	}
	x, err := l.ranger()
	if err != nil {
		return err
	}
	ranks := f.Split.ranks(pt)
	if d, ok := keptPart(ctx, f.Out, f.Game, pt, i*ranks, min(ranks, pt.Size-i*ranks)); ok {
		kept(int64(t), d)
		return nil
	}
	r0, bm, err := f.Split.rangeBits(ctx, f.Out, f.Game, pt, i, b)
	if err != nil {
		return err
	}
	asks := map[string][]byte{} // child range → who asks: this range's key, then pairs
	here := []byte{tagPresent}
	var opts []tier.Option
	for w, word := range bm {
		for ; word != 0; word &= word - 1 {
			r := r0 + (int64(w)<<6 | int64(bits.TrailingZeros64(word)))
			if opts, err = x.Options(t, r, opts[:0]); err != nil {
				return err
			}
			for _, o := range opts {
				k := placeKey(o.Tier, o.Rank/f.Split.ranks(l.by[o.Tier]))
				a, ok := asks[k]
				if !ok {
					a = []byte(key)
				}
				a = binary.BigEndian.AppendUint64(a, uint64(r))
				asks[k] = binary.BigEndian.AppendUint64(a, uint64(o.Rank))
			}
			here = binary.BigEndian.AppendUint64(here, uint64(r))
			here = binary.BigEndian.AppendUint32(here, uint32(len(opts)))
		}
	}
	for k, a := range asks {
		ask(k, a)
	}
	present(key, here)
	return nil
}

// scanTier checks (db.ScanTier: every block's checksum) and describes
// the file of split tier pt block by block, without holding it, when
// the filesystem reads at offsets (local files); otherwise as readTier.
func scanTier(ctx context.Context, fsys filesystem.Interface, dir, spec string, pt tier.PlanTier) (db.TierInfo, error) {
	path := join(dir, db.TierFileName(uint64(pt.Tier)))
	size, err := fsys.Size(ctx, path)
	if err != nil {
		return db.TierInfo{}, err
	}
	r, err := fsys.OpenRead(ctx, path)
	if err != nil {
		return db.TierInfo{}, err
	}
	defer r.Close()
	if ra, ok := r.(io.ReaderAt); ok {
		rk, err := rankingOf(spec)
		if err != nil {
			return db.TierInfo{}, err
		}
		return db.ScanTier(ra, size, path, spec, rk, uint64(pt.Tier), pt.Name, pt.Size)
	}
	_, ti, err := readTier(ctx, fsys, dir, spec, pt)
	return ti, err
}

// readFn reads range j of a child tier's file, as the range's first
// rank, its width and its records.
type readFn struct {
	Game, Out string
	Split     Split
}

func (f *readFn) ProcessElement(ctx context.Context, c, j int64, emit func(string, []byte)) error {
	defer startTask()()
	_, pt, err := planTier(f.Game, c)
	if err != nil {
		return err
	}
	fsys, err := filesystem.New(ctx, f.Out)
	if err != nil {
		return err
	}
	defer fsys.Close()
	ranks := f.Split.ranks(pt)
	r0, r1 := j*ranks, min((j+1)*ranks, pt.Size)
	recs, err := readTierRange(ctx, fsys, f.Out, f.Game, pt, r0, r1)
	if err != nil {
		return err
	}
	b := binary.BigEndian.AppendUint64(make([]byte, 0, 9+len(recs.Data)), uint64(r0))
	emit(placeKey(pt.Tier, j), append(append(b, byte(recs.Width)), recs.Data...))
	return nil
}

// readTierRange reads ranks [r0, r1) of tier pt's file: only their
// blocks when the filesystem reads at offsets (local files); the whole
// file otherwise: Beam's filesystem.Interface (2.77.0) has no ranged
// read, its gs:// and s3:// OpenRead stream the whole object (the
// storage clients' range requests would be the next step).
func readTierRange(ctx context.Context, fsys filesystem.Interface, dir, spec string, pt tier.PlanTier, r0, r1 int64) (db.Records, error) {
	path := join(dir, db.TierFileName(uint64(pt.Tier)))
	size, err := fsys.Size(ctx, path)
	if err != nil {
		return db.Records{}, err
	}
	r, err := fsys.OpenRead(ctx, path)
	if err != nil {
		return db.Records{}, err
	}
	defer r.Close()
	ra, ok := r.(io.ReaderAt)
	if !ok {
		data, err := io.ReadAll(r)
		if err != nil {
			return db.Records{}, err
		}
		ra, size = bytes.NewReader(data), int64(len(data))
	}
	return db.DecodeTierRange(ra, size, path, spec, uint64(pt.Tier), pt.Size, r0, r1)
}

// joinFn gives each option its record: the CoGroupByKey of the asks to
// one child range with that range's records. It sends each asking range
// the records of its options there, as (rank, record) pairs.
type joinFn struct{ Game string }

func (f *joinFn) ProcessElement(key string, asks func(*[]byte) bool, recs func(*[]byte) bool, answer func(string, []byte)) error {
	defer startTask()()
	var rec, b []byte
	for recs(&b) {
		// A child tier read for two split parents sends its ranges
		// twice: they are the same file's.
		if rec != nil && !bytes.Equal(rec, b) {
			return fmt.Errorf("two different reads of one range of a tier")
		}
		rec = b
	}
	var a []byte
	for asks(&a) {
		if len(a) < 16 || (len(a)-16)%16 != 0 {
			return fmt.Errorf("an ask of %d bytes", len(a))
		}
		ct, _, err := parsePlace(key)
		if err != nil {
			return err
		}
		if len(rec) < 9 || (rec[8] != 1 && rec[8] != 2) || len(rec[9:])%int(rec[8]) != 0 {
			return fmt.Errorf("tier %d: no records read for the range asked", ct)
		}
		c0 := int64(binary.BigEndian.Uint64(rec))
		cr := db.Records{Width: int(rec[8]), Data: rec[9:]}
		out := []byte{tagOptions}
		for p := a[16:]; len(p) > 0; p = p[16:] {
			r, rq := int64(binary.BigEndian.Uint64(p)), int64(binary.BigEndian.Uint64(p[8:]))
			code := uint16(db.Empty)
			if rq >= c0 && rq < c0+cr.Len() {
				code = cr.Get(rq - c0)
			}
			if code == db.Empty {
				l, err := lookup(f.Game)
				if err != nil {
					return err
				}
				pt, _, _ := parsePlace(string(a[:16]))
				return fmt.Errorf("a move from rank %d of tier %s reaches rank %d of tier %s, which holds no position there",
					r, l.by[pt].Name, rq, l.by[ct].Name)
			}
			out = binary.BigEndian.AppendUint64(out, uint64(r))
			out = binary.BigEndian.AppendUint16(out, code)
		}
		answer(string(a[:16]), out)
	}
	return nil
}

// What rangeFn gets: the range's positions (rank, options: 12 bytes
// each), from askFn; records of options (rank, record: 10 bytes each),
// from joinFn.
const (
	tagPresent = 'p'
	tagOptions = 'o'
)

// rangeFn computes the records of one range's reachable positions from
// their options' records (tier.Ranger.Record: Solve's negamax), writes
// them as the range's part file and sends its description to the
// tier's assembleFn (writePart).
type rangeFn struct {
	Game, Out string
	Split     Split
}

func (f *rangeFn) ProcessElement(ctx context.Context, key string, answers func(*[]byte) bool, emit func(int64, []byte)) error {
	defer startTask()()
	t, i, l, pt, err := placeTier(f.Game, key)
	if err != nil {
		return err
	}
	x, err := l.ranger()
	if err != nil {
		return err
	}
	ranks := f.Split.ranks(pt)
	r0 := i * ranks
	n := min(ranks, pt.Size-r0)
	type pos struct {
		want int // options, -1 until the position's own answer came
		opts []uint16
	}
	ps := map[int64]*pos{}
	at := func(r int64) (*pos, error) {
		if r < r0 || r >= r0+n {
			return nil, fmt.Errorf("an answer for rank %d in range [%d, %d) of tier %s", r, r0, r0+n, pt.Name)
		}
		p := ps[r]
		if p == nil {
			p = &pos{want: -1}
			ps[r] = p
		}
		return p, nil
	}
	var a []byte
	for answers(&a) {
		switch {
		case len(a) > 0 && a[0] == tagPresent && (len(a)-1)%12 == 0:
			for b := a[1:]; len(b) > 0; b = b[12:] {
				p, err := at(int64(binary.BigEndian.Uint64(b)))
				if err != nil {
					return err
				}
				p.want = int(binary.BigEndian.Uint32(b[8:]))
			}
		case len(a) > 0 && a[0] == tagOptions && (len(a)-1)%10 == 0:
			for b := a[1:]; len(b) > 0; b = b[10:] {
				p, err := at(int64(binary.BigEndian.Uint64(b)))
				if err != nil {
					return err
				}
				p.opts = append(p.opts, binary.BigEndian.Uint16(b[8:]))
			}
		default:
			return fmt.Errorf("tier %s: a malformed answer of %d bytes", pt.Name, len(a))
		}
	}
	recs := db.NewRecords(n, 2)
	for r, p := range ps {
		if p.want != len(p.opts) {
			return fmt.Errorf("rank %d of tier %s: %d records of options for %d options", r, pt.Name, len(p.opts), p.want)
		}
		code, err := x.Record(t, r, p.opts)
		if err != nil {
			return err
		}
		recs.Set(r-r0, code)
	}
	return writePart(ctx, f.Out, f.Game, pt, r0, recs, emit)
}

// partPrefix starts the names of the part files of split tiers, which
// assembleFn removes once the tier's file is written (and finishFn, any
// that failed attempts left).
const partPrefix = "part-"

// partName is the name of the part of tier t's ranks from first.
func partName(t game.Tier, first int64) string {
	return fmt.Sprintf("%s%016x-%016x.grp", partPrefix, uint64(t), first)
}

// descName is the name of the description (db.Part, written by
// db.MarshalDescription) of the part of tier t's ranks from first,
// written beside it once it is whole, so a rerun can check the part
// (keptPart) and know its counts without solving its range again.
func descName(t game.Tier, first int64) string {
	return fmt.Sprintf("%s%016x-%016x.json", partPrefix, uint64(t), first)
}

// keptPart returns the description (JSON) of the part of tier pt's ranks
// [r0, r0+n) that an earlier run (or an earlier try of this task) left,
// if the part is whole: it has a description and its bytes match it
// (db.CheckPart: length, crc32c of the whole file, header). A part
// missing, damaged or of another range is solved again.
func keptPart(ctx context.Context, dir, spec string, pt tier.PlanTier, r0, n int64) ([]byte, bool) {
	fsys, err := filesystem.New(ctx, dir)
	if err != nil {
		return nil, false
	}
	defer fsys.Close()
	rd, err := fsys.OpenRead(ctx, join(dir, descName(pt.Tier, r0)))
	if err != nil {
		return nil, false
	}
	b, err := io.ReadAll(rd)
	rd.Close()
	var p db.Part
	if err != nil || !db.UnmarshalDescription(b, &p) || p.First != r0 || p.Len != n {
		return nil, false
	}
	rp, err := fsys.OpenRead(ctx, join(dir, partName(pt.Tier, r0)))
	if err != nil {
		return nil, false
	}
	defer rp.Close()
	if db.CheckPart(rp, p, spec, uint64(pt.Tier), pt.Size) != nil {
		return nil, false
	}
	if KeptHook != nil {
		KeptHook(Write{Tier: int64(pt.Tier), Part: true, First: r0})
	}
	return b, true
}

// KeptHook, if set, is told each part a run keeps from an earlier one
// instead of solving its range (tests count them).
var KeptHook func(w Write)

// writePart writes recs, tier pt's ranks from r0 (2 bytes a record; 1 in
// the file if they all fit), as a part file (db.WritePart), through a
// temporary name and a rename, then its description beside it, and
// sends the description (JSON) to the tier's assembleFn; a part an
// earlier try left whole (keptPart) is kept.
func writePart(ctx context.Context, dir, spec string, pt tier.PlanTier, r0 int64, recs db.Records, emit func(int64, []byte)) error {
	if d, ok := keptPart(ctx, dir, spec, pt, r0, recs.Len()); ok {
		emit(int64(pt.Tier), d)
		return nil
	}
	fsys, err := filesystem.New(ctx, dir)
	if err != nil {
		return err
	}
	defer fsys.Close()
	rk, err := rankingOf(spec)
	if err != nil {
		return err
	}
	var p db.Part
	err = writeFaulty(ctx, fsys, dir, partName(pt.Tier, r0), Write{Tier: int64(pt.Tier), Part: true, First: r0}, func(w io.Writer) error {
		var err error
		p, err = db.WritePart(w, spec, rk, uint64(pt.Tier), pt.Size, r0, recs.Narrow())
		return err
	})
	if err != nil {
		return tierError(pt.Name, fmt.Errorf("the part of ranks %d to %d: %w", r0, r0+recs.Len(), err))
	}
	b, err := db.MarshalDescription(p)
	if err != nil {
		return err
	}
	if err := writeAtomic(ctx, fsys, dir, descName(pt.Tier, r0), func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
		return tierError(pt.Name, err)
	}
	emit(int64(pt.Tier), b)
	return nil
}

// assembleFn writes a split tier's file from its ranges' parts, in rank
// order (db.AssembleTier: ranks without a part, which no position
// reaches, are empty), as solveFn writes a whole tier's, then removes
// the parts.
type assembleFn struct{ Game, Out string }

func (f *assembleFn) ProcessElement(ctx context.Context, t int64, descs func(*[]byte) bool, info func(string), up func(int64, string)) error {
	defer startTask()()
	l, pt, err := planTier(f.Game, t)
	if err != nil {
		return err
	}
	var parts []db.Part
	marks := 0
	var b []byte
	for descs(&b) {
		if len(b) == 0 {
			marks++
			continue
		}
		var p db.Part
		if !db.UnmarshalDescription(b, &p) {
			return fmt.Errorf("tier %s: a part's description is damaged (its checksum or its JSON)", pt.Name)
		}
		parts = append(parts, p)
	}
	if marks != 1 {
		return fmt.Errorf("tier %s: %d starts, want 1", pt.Name, marks)
	}
	slices.SortFunc(parts, func(a, b db.Part) int { return cmp.Compare(a.First, b.First) })
	fsys, err := filesystem.New(ctx, f.Out)
	if err != nil {
		return err
	}
	defer fsys.Close()
	names := make([]string, len(parts))
	firsts := make([]int64, len(parts))
	for i, p := range parts {
		names[i] = join(f.Out, partName(pt.Tier, p.First))
		firsts[i] = p.First
	}
	// done removes the parts, their descriptions and the tier's
	// reachability parts (a part for each range with reachable ranks).
	done := func() error {
		descs := make([]string, len(parts))
		for i, p := range parts {
			descs[i] = join(f.Out, descName(pt.Tier, p.First))
		}
		if err := remove(ctx, fsys, append(descs, names...)); err != nil {
			return err
		}
		return removeReachParts(ctx, fsys, f.Out, pt, firsts)
	}
	if ti, err := scanTier(ctx, fsys, f.Out, f.Game, pt); err == nil {
		// A retry of this task after the file was renamed: the parts
		// may be gone already.
		if err := done(); err != nil {
			return err
		}
		return announce(l, pt, ti, info, up)
	}
	ti, err := writeTier(ctx, fsys, f.Out, pt, func(w io.Writer) (db.TierInfo, error) {
		return db.AssembleTier(w, f.Game, uint64(pt.Tier), pt.Name, pt.Size, parts, func(i int) (io.ReadCloser, error) {
			return fsys.OpenRead(ctx, names[i])
		})
	})
	if err != nil {
		return tierError(pt.Name, err)
	}
	if err := done(); err != nil {
		return err
	}
	return announce(l, pt, ti, info, up)
}
