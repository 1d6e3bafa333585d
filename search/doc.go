// Package search solves one position of a two-player win/lose/draw game
// exactly, by search, for games too large to solve whole: outcome,
// remoteness, and the exact result of every move from the position.
//
// # Scores
//
// A position's value for the player to move is a single integer score that
// encodes outcome and remoteness (the number of moves to the end under best
// play, the winner hurrying and the loser delaying — Steinhaus 1925;
// Winning Ways ch. 9): a win in r moves scores Bound − r, a loss in r moves
// −(Bound − r), a draw 0. A quicker win is a larger score and a slower loss
// is a larger score, so plain negamax over scores is minimax over outcome
// and remoteness together; this is the scheme of Pons' Connect-4 solver
// (score = ±(bound − plies), draw 0). A child's score s becomes −s moved one
// step towards 0 at the parent, since every move adds one to the remoteness.
//
// # Search
//
// Negamax with alpha-beta pruning (Knuth & Moore, "An analysis of
// alpha-beta pruning", 1975) is run with null windows (α, α+1) only: each
// call answers whether the score is above α. The exact score is found by
// narrowing [lo, hi] with such tests (MTD(f), Plaat, Schaeffer, Pijls & de
// Bruin, "Best-first fixed-depth minimax algorithms", 1996, in its
// bisecting form MTD-bi): the first test is at 0 (win or not), the next
// ones split the remaining interval, so the outcome is known after at most
// two tests and the remoteness after about log₂ of its range more. Every
// test's work is kept in the transposition table, so the later tests are
// cheap.
//
// # Transposition table
//
// The table is the memory: Options.TTSize bytes, allocated once, never
// grown. It is an array of two-way buckets: slot 0 is depth-preferred (it
// keeps the entry whose subtree took the most work, measured as log₂ of the
// nodes searched below it), slot 1 is always replaced. An entry holds a
// lower and an upper bound of the position's score and the index of its
// best move, which is tried first next time.
//
// Positions are found by key. A game that implements PerfectKeyer gives a
// key that is different for different positions; the table then stores the
// whole 64-bit key and a false hit is impossible. Any other game's
// positions are stored in the table themselves and compared with == on a
// hit, so a false hit is impossible there too; the key (Keyer, e.g. a
// Zobrist hash, or maphash of the position otherwise) only chooses the
// bucket. Buckets are guarded by a fixed array of 1024 locks.
//
// Memory: TTSize, plus a constant of about 16 KiB (locks, counters), plus
// per thread the move lists of the current path (depth × moves × the size
// of a position) and, for games that may repeat positions, the set of
// positions on the path.
//
// # Move ordering
//
// At each node the moves are tried in this order: the best move stored in
// the table, then the game's own order (Orderer) or, for games without
// one, killer moves (Akl & Newborn 1977: the two last moves that caused a
// cutoff at the same depth) and the history heuristic (Schaeffer 1989:
// moves that caused cutoffs anywhere, weighted by their depth).
//
// # Repetitions (loopy games)
//
// Alpha-beta over a tree cannot prove outcomes through cycles: a value
// computed below a repetition depends on the path (the graph history
// interaction problem), and a table would spread it. This package refuses
// such games rather than risk a wrong answer: the positions of the current
// path are kept in a set, and a move back to one of them stops the search
// with an error (ErrRepetition) that names the position; such games are
// solved by retrograde analysis (package retro). A search that meets no
// repetition is exact even for a game that has cycles elsewhere: every
// bound it stores is backed by a finite proof tree whose leaves are ended
// games. Games that never repeat a position (every move adds a stone)
// implement Acyclic and skip the check.
//
// # Both cores
//
// With Options.Threads > 1 the search is lazy SMP (the shared-table
// parallel search of modern chess programs, after Hyatt's work on shared
// hash tables): every thread searches the same position with the same
// windows and one shared table, each in its own move order near the root,
// so that they fill the table for one another. The first thread's answer
// is the answer; entries written by any thread are exact bounds, so
// sharing never changes a result, only its speed.
//
// # Limits, cancellation, progress
//
// The context is polled every 4096 nodes per thread; Options.MaxNodes
// bounds the nodes searched (all threads together) and a search that
// reaches it stops with a *budget.Exceeded (errors.Is(err,
// budget.ErrExceeded)). Options.Progress is called at the same polls, at
// most a few times a second.
//
// # Opening book
//
// Options.Book, if set, is asked at every node before the search; a book
// built from a solved database (package db) answers the positions it
// holds with their exact outcome and remoteness, and the search stops
// there.
//
// Connect-4 has its own fast path with bitboards beside its rules
// (games/connect4/c4search), behind the same notion of score.
package search
