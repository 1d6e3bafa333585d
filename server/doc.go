// Package server is grundy's HTTP front end: a JSON API under /api/v1 and
// a browser explorer (plain HTML, CSS and JavaScript embedded in the
// binary, so it works without network access) for walking the positions of
// any game in the catalog.
//
// It is thin, like the command line: it parses a request, asks the catalog
// to solve (catalog.Instance.Solve) or explore (catalog.Explorer) a
// position, and writes JSON. Its own work is keeping that safe to offer on
// a network:
//
//   - Specs come from clients, so games are looked up with
//     catalog.LookupBuiltin, which never reads a path; game scripts are
//     loaded once, from the files named when the server was started, and
//     named by their file name alone, in requests, answers and errors.
//   - Every request has limits: a body-size cap (http.MaxBytesReader), a
//     deadline, a cap on the positions one search may explore
//     (catalog.Options.MaxStates) and on the moves listed, and its work
//     stops when the client goes away (the request's context reaches the
//     solvers, which poll it).
//   - Work is scheduled in two lanes, so that cheap requests are answered
//     while slow ones run. Every uncached request first runs in the fast
//     lane: max(32, 16 × CPUs) fresh attempts at once, each within
//     20,000 positions, 8 MiB of charged memory (catalog.Options.Memory)
//     and 50 ms of CPU time. The time is the attempt's own, read from its
//     thread's CPU clock (thread.go), not the wall clock, so that a cheap
//     request on a busy machine is slower but is never taken for an
//     expensive one. Past a fifth of that (or twice that in wall-clock
//     time) an attempt is demoted: it gives its fresh slot up at once,
//     makes way for fresh attempts on the processor and goes on among at
//     most as many demoted attempts; when those are all taken it goes on
//     to the slow lane. Closed forms and small searches finish there and
//     never wait for a search. What does not finish (it used its CPU
//     time, or went past the fast lane's positions or memory: a
//     budget.Exceeded) goes on to the slow lane, which runs at most
//     max(1, CPUs − 1) searches at once, each with the full budget
//     (MaxStates, 2,000,000 by default, and an equal share of 1 GiB less
//     the fast lane's slots of 8 MiB). At most 64 requests wait for it,
//     served in turn per client address (round robin over the addresses,
//     first come first served for each), so one client cannot hold the
//     lane; past 64 a request is refused at once with 503. A game script
//     keeps one solver for all its requests (it is not safe for
//     concurrent use), so its requests take turns, and a request for a
//     script that is busy goes straight to the slow lane.
//   - On the processor, fresh fast-lane attempts come first, demoted ones
//     next and slow-lane searches last (prio.go): Go's scheduler treats
//     all goroutines alike, so lower work steps aside, when its solver
//     polls the context, while more urgent work runs; and demoted and
//     slow work take turns for GOMAXPROCS − CPUs run tokens (grundy serve
//     runs twice as many of Go's processors as CPUs: Oversubscribe), so
//     that between two polls they hold at most that many processors and
//     the others are free for new requests.
//   - Errors are mapped to statuses by their type, never their words:
//     budget.ErrExceeded (and the catalog's own kinds of "too large") is
//     422, the request's deadline or a full queue 503, a panic 500,
//     anything else 400. A computation that fails after its deadline
//     passed is a 503 whatever the solver said while stopping, and the
//     requests waiting for a search get the error of its leader, so they
//     all get the same status.
//   - A game named with --db (Config.Databases, catalog/strong) is
//     answered from its database: the position's record and its
//     children's, no search and no lane, so it costs a few block reads
//     (strong.DB.Explore). A database that cannot answer
//     (strong.DataError: a damaged file) is the server's own failure,
//     500, with a message that names the file within the database only.
//   - Solved positions are kept in a shared cache, bounded in size, that
//     concurrent requests read and fill under a mutex; a position being
//     solved is solved once, and other requests for it wait for that
//     answer (the "single flight" pattern of golang.org/x/sync). Each
//     search has solvers of its own, so the solvers, which are not safe
//     for concurrent use, are never shared.
//
// The explorer never keeps its user waiting blind: it asks first for a
// position's own answer (summary=1: Solve, the CLI's answer, cached apart)
// and shows it while it asks for the moves, with the time spent and a
// Cancel that closes its requests, which cancels their contexts and so
// stops the server's search. A position whose moves cannot be listed (too
// many, or past the time limit) keeps that answer. Its pictures come from
// the CLI's reports: /api/v1/seq (a heap game's values with their
// period; a script's read off its table), /api/v1/table (a two-heap
// game's grid, Wythoff's P-positions), /api/v1/pattern (the rules that
// fit those values, shown beside them: reports.PatternsWithin, the code
// of grundy pattern)
// and /api/v1/cgt?thermograph=1 (a partizan position's thermograph, its
// walls as points: Winning Ways, ch. 6). Its files are served from memory
// with ETags and gzip (static.go). An impartial game that offers misère
// play (catalog.MisereSolver) is explored under it with misere=1 (the
// page's switch, carried in its links): the same moves, each position
// solved by SolveMisere, cached apart from normal play (misere.go).
//
// The outcome convention is the CLI's (DESIGN.md): N, the player to move
// wins; P, the player who just moved wins; D, a draw. A move is a win for
// the player who makes it exactly when it leaves a P-position, which is the
// theorem behind every winning strategy here (Zermelo 1913; Winning Ways,
// ch. 1), and the engine's best move follows the remoteness rule (Winning
// Ways, ch. 9; Steinhaus 1925): win as fast as possible, lose as slowly as
// possible, and prefer a draw to a loss.
//
// Partizan games (catalog.MovesPartizan) list Left's and Right's moves;
// a move wins for the side that makes it exactly when it leaves a position
// that side wins with the opponent to move, a game ≥ 0 for Left and ≤ 0
// for Right (the fundamental theorem of partizan games: Conway, On Numbers
// and Games, ch. 7; Siegel, Combinatorial Game Theory, ch. II). In games
// with payoffs or chance the engine takes the move of greatest expected
// payoff for the mover (backward induction with expectimax at chance
// nodes; von Neumann & Morgenstern 1944) and draws nature's moves with
// their probabilities.
package server
