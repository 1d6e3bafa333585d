// Package arena keeps many small values that live as long as one
// structure — the keys of a memo, the option lists of a table of games —
// in chunks of 64 KiB instead of one allocation each.
//
// Go's allocator rounds each small object up to a size class and puts
// objects of a class side by side in spans, whoever made them. A search
// that keeps one small object for every position it memoises also makes
// garbage of the same sizes (the positions it is looking at), so the
// spans end up holding live and dead objects interleaved, and a
// collection leaves them partly empty: the process holds much more than
// its live data, and more than the memory budget it charged. Measured
// (BENCHMARKS.md): the misère search of grundy-game 1000 kept 68 MB of
// live data in 144 MB of heap; 4×4 Amazons under a 128 MiB budget kept
// 149 MB in 194 MB. In chunks, the values that stay are packed together
// and the garbage's spans are freed whole.
//
// Values are never freed one by one: a chunk goes when nothing points
// into it any more, that is when the structure holding the values is
// dropped. Strings handed out are immutable (their bytes are never
// written again: a chunk only grows past them), and slices have no
// capacity past their length, so an append by their user copies instead
// of writing over the next value.
package arena
