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
// Not yet built: splitting a tier too large for one worker by rank range,
// with the join of its positions' moves to their children's records done
// by a CoGroupByKey (each range emits the (child tier, child rank) keys
// it needs). Today each tier is solved whole by one worker, so the
// largest tier bounds the memory of a worker (README.md).
package pipeline
