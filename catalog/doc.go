// Package catalog turns game specs such as "nim", "subtract:1,3,4" or
// "moore:2" into games ready to solve, and solves them into Reports: the
// layer between the game definitions (games/...) with the solvers, and the
// front ends (cmd/grundy, the server), which only parse flags, call
// Lookup and Solve, and print.
//
// Every built-in game is an Entry registered by its own package's init
// function (games/nim/entry.go, games/wythoff/entry.go, …; catalog/builtin
// imports them all): its spec name, parameter and position syntax, and a
// constructor. An Instance answers Solve for a position given as the
// tokens that follow the game on the command line; the Report it returns is
// the JSON contract of DESIGN.md ("game", "position", "outcome", "grundy",
// "remoteness", "winning_moves", plus "payoff" and "value" for games that
// have them).
//
// Games with a closed form (Bouton's theorem for Nim, Wythoff's Beatty
// pairs, …) answer from it on arbitrary-size integers by default; with
// Method Search the same question goes to the exhaustive solver, which the
// tests use as the closed form's second witness.
//
// Errors returned by Lookup and Solve are meant for people: one line that
// names the bad token and says what was expected.
package catalog
