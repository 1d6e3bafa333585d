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
//     loaded once, from the files named when the server was started.
//   - Every request has limits: a body-size cap (http.MaxBytesReader), a
//     deadline, a cap on the positions one search may explore
//     (catalog.Options.MaxStates) and on the moves listed, and its work
//     stops when the client goes away (the request's context reaches the
//     solvers, which poll it).
//   - Solved positions are kept in a shared cache, bounded in size, that
//     concurrent requests read and fill under a mutex; a position being
//     solved is solved once, and other requests for it wait for that
//     answer (the "single flight" pattern of golang.org/x/sync). Each
//     search has solvers of its own, so the solvers, which are not safe
//     for concurrent use, are never shared.
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
