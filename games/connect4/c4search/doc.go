// Package c4search solves Connect-4 positions exactly by search, on the
// bitboard of package connect4: the fast path behind the generic search
// of package search, with the same scores and results.
//
// The search is Pascal Pons' (blog.gamesolver.org, "Solving Connect 4:
// how to build a perfect AI", 2017–2019), written anew on
// connect4.Shape and Board:
//
//   - negamax with alpha-beta pruning (Knuth & Moore 1975) on null
//     windows, narrowed to the exact score by Pons' iterative null-window
//     search (a bisecting MTD(f), Plaat et al. 1996), whose first tests
//     are at 0 and then one point towards the answer (most hard
//     positions score near 0);
//   - the position is never one where the player to move wins at once
//     (checked before recursing); moves that let the opponent win at
//     once, or play below an opponent's winning cell, are never tried,
//     and two opponent threats lose at once;
//   - every child is first evaluated statically (ChristopheSteininger/c4's
//     static search): its chain of forced moves (a block of the
//     opponent's only immediate win, or the only move that does not lose
//     at once) is followed without a node, with the bounds that hold
//     when neither side wins with its next stone, claimeven and the evens
//     strategy at each step; a child that decides the window cuts before
//     any child is searched, and the search of the others starts where
//     their chains end; when no child wins with the next stone, the best
//     score left is a win with the stone after, and beta drops to it;
//   - the table entries of the chains' ends are then fetched together
//     (enhanced transposition cutoff: a child whose entry refutes it is
//     dropped, one whose entry proves the window cuts), and the
//     position's own bucket is prefetched when its key is known and read
//     only after its children's evaluation, so that these cache misses,
//     the search's largest cost, overlap;
//   - moves in order of the number of winning cells they create
//     (threats), ties towards the centre; the move that proved the
//     table's lower bound of the position first;
//   - Allis' claimeven (Allis 1988, "A knowledge-based approach of
//     Connect-Four"): when every column has an even number of empty cells
//     and the player to move cannot make a line even with every empty cell
//     of the rows it would get when the opponent always answers on top,
//     the player to move cannot win, so its score is at most 0; on
//     boards of even height with the first player to move, the fuller
//     "evens strategy" of ChristopheSteininger/c4 (the opponent answers on
//     top, or a move on a playable even-row cell with another such cell):
//     the player gets only odd-row cells and the playable even-row ones,
//     and if those cannot hold a line its score is at most 0; when the
//     opponent's cells hold a line, the opponent wins at the latest when
//     the last empty cell of it is filled, with the cells above that one
//     still empty: at most −(U/2+1), U the most such cells over its lines
//     (U = 0 gives −1; c4 bounds by the row of the line);
//   - a transposition table keyed by Pons' perfect key (position + mask)
//     with the dead stones given to the player to move (stones that no
//     line with an empty cell can use, the idea of ChristopheSteininger/c4
//     found by another rule: no empty cell one or two steps away in any
//     direction, and every line to an empty cell three steps away blocked
//     by two near stones of both colours), so that positions that differ
//     only in them share an entry (see dead); two-way buckets of 64-bit words that hold 48 bits of a bijective mix
//     of the key (the other 16 are the bucket index, so no false hit is
//     possible for any board of the bitboard), the bound, the move that
//     proved a lower bound and the bit length of the subtree's nodes;
//     slot 0 is depth-preferred (largest subtree), slot 1 always
//     replaced; the children are looked up before the search (enhanced
//     transposition cutoff); on Linux a table of 64 MiB or more is mapped
//     outside the Go heap on a 2 MiB boundary and advised MADV_HUGEPAGE
//     before its first write, so that its page faults take transparent
//     huge pages (fewer TLB misses on its random lookups; see mapWords);
//   - a child that the enhanced transposition cutoff looked up is searched
//     with the key and entry read then (c4 does the same): an entry is a
//     proof and stays true, so the child needs no second key, prefetch and
//     read;
//   - threads share the table lock-free (each entry is one 64-bit word,
//     read and written whole)
//     and take null-window tests from a scheduler: while the first test
//     is open, the first helper searches the second as if the first
//     failed high (speculation, as parallel MTD(f) searches do; the first
//     two tests are the ones most searches need), and every other thread,
//     or one whose test is answered, joins an open test (lazy SMP): its
//     move order gets noise at the plies nearest the root (c4's jitter,
//     passed deeper along moves whose promise stands apart), so that it
//     runs ahead in other subtrees. Threads on one test share the work
//     near the root as Weill's ABDADA (1996) does: a thread marks the
//     positions (more than 22 empty cells) whose children it is
//     searching, and another thread at their parent defers such a child
//     and searches its siblings first, coming back to it when its entry
//     usually settles it (the first child of all is never deferred: a
//     cut most often needs it alone). Any complete search of a window is
//     a proof, whoever made it: the bounds only narrow, and threads whose
//     test they decide are stopped;
//   - on the standard height (6 rows) the bitboard's line, threat and
//     dead-stone shifts are constants (immediate shifts, not register
//     ones): threat detection is the search's most frequent operation.
//
// # Scores and remoteness
//
// Pons' score of a position with n stones on a board of C cells, for the
// player to move: a player who wins with its k-th stone from now scores
// (C+1−n)/2 − (k−1) (integer division: one point per own stone left
// unplayed), a loss to the opponent's k-th stone scores the negation of
// the opponent's, −((C−n)/2 − k + 1), a draw 0. The winning stone is the
// (2k−1)-th move from now and the losing one the 2k-th, so the remoteness
// (moves to the end under best play, the winner hurrying, the loser
// delaying) is r = 2((C+1−n)/2 − s) + 1 for s > 0 and r = 2((C−n)/2 + 1 +
// s) for s < 0 (ScoreValue, ValueScore). The empty 7×6 board scores 1:
// the first player wins with its 21st stone, move 41 (Allis 1988; Tromp).
//
// # Memory
//
// Options.TTSize bytes for the table (allocated once), plus, per thread,
// a few hundred bytes of stack per ply (at most C plies). A table of 64
// MiB or more lives outside the Go heap (Linux): Solver.Close returns it
// at once (Analyze closes its own Solver), and a Solver dropped without
// Close returns it when a collection finds it unreachable (a cleanup on
// the table; a search keeps the table reachable until its threads are
// done). Such memory does not pace the garbage collector, hence Close.
// Under the race detector, accesses to a table outside the Go heap are
// not checked (the detector shadows only Go's own memory); most tests'
// tables are under 64 MiB, on the heap, where every word access is.
package c4search
