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
// checked against search), partizanreport, payoffreport, retroreport
// (board games solved in memory by retrograde analysis); catalogtest has
// the helpers their tests share.
//
// Games with a closed form (Bouton's theorem for Nim, Wythoff's Beatty
// pairs, …) answer from it on arbitrary-size integers by default; with
// Method Search the same question goes to the exhaustive solver, which the
// tests use as the closed form's second witness.
//
// # What a game says about itself
//
// Every game describes itself to people once, beside its Register, and
// every front end says the same (the explorer's page, the API's
// /api/v1/games and /api/v1/game, grundy games --json): About (about.go)
// holds the players' names, first mover first ({"X", "O"}, {"Red",
// "Yellow"}, {"Left", "Right"} for a partizan game, {"first player",
// "second player"} where the players have no names), a paragraph of rules
// with their published source, and the variants a person may pick, each
// a Param (an int with its range, a choice, an on/off flag, or text the
// game reads) written into the spec by SpecFormat. A game whose positions
// say who is to move implements Turner, and the explorer's answers name
// that player (Exploration.ToMove, MarkTurn); the page counts turns for
// the others. To add a game, put beside its entry.go an about.go with
//
//	func init() {
//		catalog.Describe("kalah", catalog.About{
//			Players: []string{"South", "North"},
//			Rules:   "Kalah: … (who moves, how a move goes, the end and who wins)",
//			Source:  "the book or paper, with its chapter or pages",
//			Variants: []catalog.Param{
//				{Name: "pits", Label: "pits a side", Kind: catalog.ParamInt, Min: 1, Max: 6, Default: "4"},
//				{Name: "seeds", Label: "seeds a pit", Kind: catalog.ParamInt, Min: 1, Max: 6, Default: "3"},
//			},
//			SpecFormat: "kalah:{pits},{seeds}",
//		})
//	}
//
// and, if its positions name the player to move, a ToMove method on its
// instance. Variants' defaults are what a gallery's card starts, so pick
// a variant the explorer answers at once (connect4:4x4, quixo:3), and say
// in Note what larger ones need. TestEveryGameDescribed fails for a game
// registered without a description, and checks that its default
// variant's spec builds.
//
// Errors are meant for people and name no flag: a bad token is one line
// that says what was expected; a limit is a *budget.Exceeded and running
// out of time the context's error, which each front end words its own way.
package catalog
