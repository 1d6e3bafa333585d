// Package pipeline is grundy's tier solver (package tier) as an Apache
// Beam pipeline, so a game too large for one machine is strongly solved
// on an existing distributed engine (Flink, Spark, Google Dataflow; the
// in-process Prism runner for tests) instead of a home-made cluster
// scheduler: it replaces GamesmanOne's MPI tier solver.
//
// The Beam model: a pipeline is a graph of transforms over PCollections
// (distributed bags of elements); a ParDo runs a DoFn on every element in
// parallel across workers; GroupByKey and CoGroupByKey gather the values
// of one key (across every input) into one element, and in a batch
// pipeline they wait until their inputs are complete — which is how the
// pipeline orders its stages by data, not by a scheduler of its own.
//
// The stages are laid out at construction from the tier graph
// (tier.PlanOf), a tier being one element:
//
//   - Reachability, forward, one stage per depth from the start's tier:
//     when no tier is split, a tier's element gathers (GroupByKey) the
//     bitmaps of its positions that its parents' moves reach, closes it
//     under its own moves if it is loopy, and sends each child tier its
//     part (tier.ReachOne); when tiers are split, by range instead
//     (reach.go): a range's element gathers the child ranks its
//     parents' ranges reach in it, so no step holds a tier's bitmap.
//     Either way each range's bitmap (the whole tier's, when not split)
//     is written as a reachability part (db.WriteReachPart) and only its
//     count travels on.
//   - Solving, backward, one stage per height from the leaves: a tier's
//     counts are joined (CoGroupByKey) with the "done" messages of its
//     child tiers, so it starts only when every child's file is written;
//     the DoFn reads the children's files, solves the whole tier in
//     memory (tier.SolveOne, the code `grundy db build` runs) and writes
//     its file (db.EncodeTier), then tells its parents.
//   - The manifest, last, from every tier's description (db.ManifestBytes).
//
// So the database is byte for byte the one `grundy db build` writes
// (tests compare every file), and `grundy db query/stats` read it.
//
// Files go through Beam's filesystems (local paths, gs://, s3://). A
// tier's file (and a split tier's part) is written under a temporary
// name and renamed, so a task that dies and is retried by the runner
// never leaves a half file under a tier's name; a tier whose file is
// already there and whole (every block's checksum, db.DecodeTier, or
// db.ScanTier block by block for a split tier) is not solved again, so a
// rerun of the whole pipeline skips the finished tiers. It does not
// reach them either when no tier left to solve reads their
// reachability (reachNeeded: a finished tier none of whose descendants
// is left to solve): after a build stopped part way, only the start's
// side of the tier graph, the tiers left, goes through the forward pass
// again.
//
// A tier too large for one worker (Options.SplitRanks, the command's
// --split-ranks) is solved by rank ranges if it is acyclic (split.go): a
// range's reachable positions ask for the records of their moves, keyed
// by the child tier's range; a CoGroupByKey joins the asks with those
// ranges' records, read block by block from the child files
// (db.DecodeTierRange); each position's record follows from its
// options' records alone (tier.Negamax, the rule of the tier solver's
// acyclic pass, through tier.Ranger). The worker that solved a range
// writes it as a part file (db.WritePart: the tier file's blocks inside
// the range, compressed by the tier file's own block encoder, and the
// records of the blocks it shares with its neighbours raw), at 1 byte a
// record if its records fit; one small step per tier then streams the
// parts, in rank order, into the tier's file (db.AssembleTier: blocks
// copied, shared blocks compressed once whole, the index rebuilt, the
// width the widest part's) — the same bytes as db.EncodeTier's.
//
// What a worker holds per tier: solving a whole tier, the tier's
// records, its bitmap and its children's records (whole); for a split
// tier, never the tier nor a child tier nor a tier's bitmap. Marking
// reachability, one range's bitmap part (1 bit a rank; 2 while closing
// a loopy tier of several ranges), at most 2^22 buffered child ranks
// (32 MiB) before they are sent, and the messages of reached ranks
// streamed past it; laying out the ranges (splitFn), 16 bytes a range
// (its count); solving, one range's records (2 bytes a rank) with its
// bitmap part and its positions' asks (16 bytes a move) or options'
// records (10 bytes a move), or one child range's records when reading
// it (1 or 2 bytes a rank), or, a loopy range, its state; the assembler
// one block (8 KiB), 1 MiB read buffers and the block index (16 bytes
// per 8 KiB block, moved to a local temporary file past 4 MiB). The
// shuffle of reachability carries, per tier, the child ranks each
// parent range reaches, deduplicated within the range (1 to 3 bytes
// each as delta-coded varints): at most the tier's moves, at least its
// children's reachable ranks.
//
// A rerun keeps a split tier's finished parts: each part's description
// (db.Part, JSON) is written beside it once the part is whole, and a
// range whose part matches its description (db.CheckPart: length,
// crc32c of the whole file, header) is not solved again (askFn; for a
// loopy tier, whose ranges' rounds need every range, only the write is
// skipped, in writePart), so a failed assembly or a lost part costs
// only the missing or damaged parts.
//
// Ranged reads on a cluster: Beam's Go filesystem (2.77.0) has no
// ranged read. filesystem.Interface is List, OpenRead, OpenWrite, Size
// and Close, with the optional LastModifiedGetter, Remover, Copier and
// Renamer; OpenRead returns an io.ReadCloser from the object's start
// (gcs: Object.NewReader; s3: GetObject without a Range), and neither
// reader is an io.ReaderAt or io.Seeker. So a child range's
// reader (readFn) on gs:// or s3:// reads the child tier's whole
// compressed file to decode the blocks of one range (on local or shared
// paths it reads only those blocks, through io.ReaderAt), and `grundy
// serve --db` and `grundy db query` read only local directories: a
// cluster user copies the finished database to a local disk (gsutil -m
// cp -r, aws s3 sync) before serving it. Reading one block remotely
// would take the storage clients' own range requests (GCS
// NewRangeReader, an S3 GetObject with a Range header), outside Beam's
// interface: not built.
//
// A loopy tier past the split threshold is solved by ranges too
// (loopy.go), when the game has no verdict on endless play: the
// retrograde analysis of the tier (tier's solveLoopy, retro.Solve with
// Exits) runs as rounds, one level of its bucket queue a round, each
// range's positions telling their in-tier predecessors' ranges that
// they are resolved (a CoGroupByKey of the range's state with its
// messages a round), in the manner of Pregel's supersteps (Malewicz et
// al., SIGMOD 2010). Positions resolved in round r are those of
// remoteness r, so the records are solveLoopy's. Beam has no loops: the
// rounds (Options.LoopyRounds a stage) are laid out when the pipeline is
// built, and when a tier needs more, Build runs the pipeline again with
// twice as many, the finished tiers kept. A game with a verdict on
// endless play would need the attractor of drawn ends as rounds too:
// its loopy tiers stay whole.
//
// Prism does not retry a failed bundle (cluster runners do), so Build
// retries the job itself: a failed run is followed by another, which
// skips the finished tiers, up to a bound of attempts (retry.go). Prism
// returns as soon as a bundle fails while the bundles the in-process
// harness had started run on, so Build first waits for them (a task of
// the dead run writing under the next one left a tier file without
// positions its parents reach, in every later attempt); and a rerun
// with more rounds keeps no part of an unfinished loopy tier, which the
// rounds settled range by range, not tier by tier.
package pipeline
