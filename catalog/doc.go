// Package catalog is the core of grundy's registry: it turns game specs
// such as "nim", "subtract:1,3,4" or "moore:2" into games ready to solve,
// and defines the typed reports every front end presents. It is the
// layer between the game definitions with their solvers and the front
// ends (cmd/grundy, the server), which only parse flags or requests, call
// the catalog, and print.
//
// It holds the contract and nothing game-specific:
//
//   - Entry, Instance, Options and Report (the JSON contract of `grundy
//     solve`: "game", "position", "outcome", "grundy", "remoteness",
//     "winning_moves", plus "payoff" and "value" for games that have
//     them), Table, the registry (Register, Lookup, LookupBuiltin,
//     Entries) and the reading of positions typed by people (tokens.go);
//   - the explorer's contract: Explorer, Exploration, MoveInfo, Board,
//     and SuccessorLister for games whose moves are listed one by one;
//   - PositionTable, the table of every position of a finite graph game.
//
// The reports of the other commands (seq, cgt, value, matrix, check) are
// in the sibling package reports, so that this core stays the contract.
//
// Every built-in game is registered by its own package's init function
// (games/nim/entry.go, games/wythoff/entry.go, …), as database/sql
// drivers register themselves; catalog/builtin imports them all, and
// nothing here switches on a game's type. What adapters of one kind share
// lives beside this package: impartialgame (search, sums, closed forms
// checked against search), partizanreport, payoffreport; catalogtest has
// the helpers their tests share.
//
// Games with a closed form (Bouton's theorem for Nim, Wythoff's Beatty
// pairs, …) answer from it on arbitrary-size integers by default; with
// Method Search the same question goes to the exhaustive solver, which the
// tests use as the closed form's second witness.
//
// Errors are meant for people and name no flag: a bad token is one line
// that says what was expected; a limit is a *budget.Exceeded and running
// out of time the context's error, which each front end words its own way.
package catalog
