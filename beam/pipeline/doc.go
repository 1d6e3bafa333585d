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
//     a tier's element gathers (GroupByKey) the bitmaps of its positions
//     that its parents' moves reach, closes it under its own moves if it
//     is loopy, and sends each child tier its part (tier.ReachOne).
//   - Solving, backward, one stage per height from the leaves: a tier's
//     bitmap is joined (CoGroupByKey) with the "done" messages of its
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
// tier's file is written under a temporary name and renamed, so a task
// that dies and is retried by the runner never leaves a half file under
// a tier's name; a tier whose file is already there and whole (every
// block's checksum, db.DecodeTier) is not solved again, so a rerun of the
// whole pipeline skips the finished tiers.
//
// A tier too large for one worker (Options.SplitRanks, the command's
// --split-ranks) is solved by rank ranges if it is acyclic (split.go): a
// range's reachable positions ask for the records of their moves, keyed
// by the child tier's range; a CoGroupByKey joins the asks with those
// ranges' records, read block by block from the child files
// (db.DecodeTierRange); each position's record follows from its
// options' records alone (tier.Negamax, the rule of the tier solver's
// acyclic pass, through tier.Ranger), and the ranges, in rank order,
// make the tier's file (db.EncodeTier) — the same bytes. No worker holds
// a child tier whole; the writer holds the tier's records (1 or 2 bytes
// a rank, its file uncompressed), which a parallel write of block-aligned
// ranges would lift (not built).
//
// Loopy tiers are always solved whole by one worker: a position's record
// there may depend on positions of its own tier through cycles, found by
// retrograde analysis with a queue (tier's solveLoopy). Distributing it
// would need the tier's in-tier move graph partitioned by range with
// each position's count of undecided options, and rounds of messages
// (decided position → its in-tier parents' ranges, a GroupByKey a
// round) until a round decides nothing, the rest being draws or endless
// verdicts; the rounds number up to the tier's longest remoteness, each
// a stage, so it is a loop the pipeline cannot lay out at construction
// (Beam has no iteration; it would take a driver running a pipeline per
// batch of rounds, or a runner's native iteration). Not built.
package pipeline
