// Package heap computes the Sprague–Grundy values G(0), G(1), … of
// take-and-break games played on one heap — subtraction games, octal and
// hexadecimal games, Grundy's game, Lasker's Nim — and finds and proves
// their periods.
//
// A Rule (rule.go) is given by a code in the notation of Winning Ways
// (Berlekamp, Conway, Guy, ch. 4): digit k says what a move that removes k
// tokens may leave (bit 0: nothing, bit 1: one heap, bit 2: two heaps,
// bit 3: three heaps, hexadecimal codes only). Parse reads specs such as
// "kayles", "octal:0.137", "hex:0.F", "subtract:1,3,4", "allbut:1,2" (take
// any number except these), "lasker", "fib" and "grundy-game".
//
// By the Sprague–Grundy theorem G(n) is the mex of the nim-sums of the
// heaps each move leaves, and a position of several heaps has the nim-sum
// of their values. Compute has two methods:
//
//   - Plain: the textbook loop over every option, O(n) work per value for
//     games that split heaps. It is the witness for the other.
//   - Sparse (default): the sparse-space or "rare values" method used by
//     Gangolli and Plambeck (A note on periodicity in some octal games,
//     Int. J. Game Theory 18 (1989)) and Achim Flammenkamp for octal games.
//     A mask splits values into "rare" (even parity of v&mask) and "common"
//     ones; the mask is chosen from the values seen so that few heaps are
//     rare. A common value is the nim-sum of one rare and one common value,
//     so all two-heap options with common values come from pairs that
//     contain a rare heap: O(#rare) work. A rare candidate for the mex is
//     a nim-sum of two commons, and such a pair is usually found after a
//     few steps; only when G(n) itself is rare is a full scan needed. The
//     mask only affects speed, never the values, so it is re-chosen as the
//     values grow.
//
// A rare candidate is settled by finding one split of n into two common
// heaps with that nim-sum (pairs.go). Pairs of values are not spread
// evenly over the splits: a pair of values (u, o) may have many splits of
// n in one range of heap sizes and none in another, so the search looks
// in several places. The second goroutine sweeps, besides the far rare
// heaps, the splits of up to a thousand common heaps spread in 32 runs
// over the whole known range (as many as pay for themselves: the number
// follows the steps the search by value took in the last block), which
// settles nearly every candidate; from n = 2^23 on, the few left are
// first looked for in 32 runs of 32 splits spread over the first 2^22
// heaps (spread, as neighbouring heaps have related values), which
// settles every one 98% of the time at 2^28 (on two cores these runs are
// swept for every heap with the far heaps, off the main goroutine, see
// below); what is left after that
// is looked up by value through index lists of the heaps of each value
// among the first 2^22 heaps (16 MiB, whatever the run's length): walking
// the list of a less frequent value u and testing the partner heap of
// value u⊕v finds a pair after about 1/freq(u⊕v) steps. Walking every
// list to its end, and scanning the splits past the lists, proves a
// candidate missing. With the block sweeps below, Grundy's game reaches
// 10^8 values in 4 minutes where looking for each candidate's pair from
// the smallest heaps up took 24 (BENCHMARKS.md), and its 1287 rare values
// up to 2^30 are Flammenkamp's count.
//
// The method pays when rare values are rare: Kayles, Grundy's game
// (Flammenkamp lists 1287 rare values up to 2^35), 0.376. Value 0 is rare
// under every mask, so for games whose period holds P-positions (Dawson's
// chess) the rare heaps grow linearly and the work per value is O(n) as in
// the plain loop; their periods are proven after a few hundred values, and
// Options.UsePeriod then fills in the rest.
//
// The plain loop shares each long sweep over splits with a second
// goroutine (two cores). The sparse loop runs on two cores in blocks of
// 1024 heaps: the splits with a "far" heap (≥ 2 blocks) of the heaps of
// the next block depend only on values known already, and a second
// goroutine sweeps them one block ahead (whichever goroutine is done
// first takes the chunks of 64 rows left, clearing their rows as it
// takes them); the main goroutine sweeps the rare heaps from 64 to 2
// blocks for runs of 64 heaps at once, and the smallest rare heaps heap
// by heap. For byte values the block sweeps do
// eight heaps with one load (block.go): their partners of one heap h are
// eight consecutive values. A block's rows are as wide as the bound on
// nim-sums of the values known when it is swept; the pipeline runs while
// that bound is at most 1024, and the runs of middle heaps whose partners
// have grown wider since are swept into the main table instead (values of
// 1024 or more once overflowed the rows: FuzzSweep checks the widths).
//
// Values are kept in the narrowest unsigned type that fits them (Values):
// Grundy's game needs 16 bits from n = 7,250,049 on (its first value of
// 256 or more), so 2^30 of its values take 2 GiB, besides 16 MiB of index
// lists and the rows of the block sweeps; Save streams them out without a
// copy.
//
// With Options.UsePeriod the run loop watches one candidate period (a, p)
// at a time (periodWatch): each new value is compared with the one p
// before it, a full search (detect) runs only when there is no candidate
// or it broke, and nothing is searched before the candidate's proof
// bound, where the proof is noticed. In a search, the multiples of the
// first period found jump through a list of the values off its pattern
// (offPattern) instead of comparing value by value, which on values
// nearly periodic long before their preperiod (0.376) was quadratic. The values are then filled by
// copying whole periods, and the Values remember the period, so that
// FindPeriod looks at one period of the tail instead of all of it.
//
// Past Options.SpillBudget bytes the values live in a file mapped into
// memory (spill.go) instead of the Go heap: the kernel keeps the pages
// the sweeps read (a few thousand streams moving forward one heap per
// heap) and writes the rest back, so a run is bounded by the disk. The
// file counts the values written as it goes; LoadFile opens it after a
// kill and Extend continues in it, in place. Every 2^24 values the run
// drops the mapping's pages from its resident set (they stay in the page
// cache), so 2^32 values of Grundy's game, an 8 GiB file, are computed
// in under 1.2 GiB of resident memory (1 h 56 min on two cores,
// BENCHMARKS.md); the pass over all values at the end maps the file's
// pages again (clean page cache, reclaimable). Heaps are numbered by uint32 in the
// sparse method's lists, so runs go to 2^32 values (MaxUpto).
//
// Values.Sparse states the rare values a sequence shows (the mask that
// makes them fewest, their count, the last): for Grundy's game the mask
// is Flammenkamp's …11110 and the count his 1287, the last at heap
// 48,399,022 (sparse_test.go checks the start of his list heap by heap).
//
// FindPeriod finds the least period and preperiod the values show, and
// arithmetic periodicity (G(n+p) = G(n) + s) when there is no period; a
// period is marked proven only by a theorem: the Guy–Smith periodicity
// theorem for finite octal and hexadecimal codes, and the state-repetition
// argument for finite subtraction sets (ProofBound states the bounds).
// Save and Load keep values in zstd-compressed files
// (github.com/klauspost/compress), so a long run can be resumed with
// Extend. A file's header is believed only as far as the file bears it
// out: LoadFile checks the count it claims against what a file of its
// size can hold (zstd expands at most 32768 times), and values are read
// in pieces that grow as they arrive, so a header that lies costs an
// error, not the memory it claims.
//
// Treblecross (treblecross.go) reduces to the octal game 0.007 (Winning
// Ways ch. 4): unless three in a row can be made at once, nobody plays
// within two cells of an X, so a strip is a sum of segments of safe cells,
// and a segment of L safe cells is a 0.007 heap of L+2, which is the heap
// L of 0.11337 (the spec "treblecross"). The reduction decides the outcome
// and the winning cells exactly (tested against literal play on every
// strip up to 11 cells); it is not the strip's own Grundy value, since the
// suicidal moves next to an X are left out of the mex.
package heap
