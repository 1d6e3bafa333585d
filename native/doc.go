// Package native runs games written in Go — a user's own game in one
// file, for when an interpreter is too slow — through every command, as a
// built-in game runs. docs/native.md is the user's guide; this comment is
// the contract.
//
// # The game's file
//
// One Go file defines, by name, the same things a script does:
//
//	func Moves(p P) []P             required: the positions one move leaves
//	func Split(p P) []P             the independent components of p
//	func Key(p P) P                 p's canonical representative
//	func Start() P  or  var Start P the position solved when none is given
//	func View(p P) []string         the explorer's drawing: grid rows
//	func Parse(s string) (P, error) the game's own notation, read …
//	func Format(p P) string         … and written
//	func Init(params map[string]string) error   the --param values
//	func Rank(p P) int              a dense rank, for flat tables
//	func Tier(p P) int              the tier, for grundy db build
//	func Label(p, q P) string       the move from p to q in players' words
//
// P is any comparable type. Without Parse and Format a position is
// written as a script's would be (position.go): ints, strings and bools
// as themselves, arrays and structs as tuples of their elements, so a
// game and its script twin read and print the same positions.
//
// # How it is built and run
//
// Package nativebuild compiles the file inside grundy's own module with
// go build -overlay (the file, renamed into package usergame, plus a
// generated file that calls New and Register with what it defines), into
// a whole grundy program cached by the SHA-256 of the file, the grundy
// that builds it (its path, size and time) and the toolchain; the command line then runs
// in that program, where the game is registered like a built-in
// (Register; the catalog resolves a spec ending in .go to it, and
// catalog.OpenScript opens it for the server). A second process is
// the price of compiled speed without plugins (which need identical
// builds of every shared package and do not unload) or an interpreter;
// exec replaces the first process, so exit status, signals and the
// terminal are the command's own.
//
// # Which solver
//
// A position's value is the Sprague–Grundy value (Sprague 1935, Grundy
// 1939; Winning Ways ch. 4), by package impartial's memoised search, of
// Key(p); with Split, the nim-sum of the components' values (the
// Sprague–Grundy theorem). When a position repeats (impartial.ErrCycle),
// the whole positions reachable are solved by retrograde analysis
// (package retro; endless play is a draw), as for a script.
//
// # Limits
//
// The solvers' tables are charged to the memory budget and bounded by
// the state cap, as for every game. The game's own code is compiled Go:
// it cannot be interrupted, and its allocations are not charged. So each
// computation runs under a watchdog (run): a panic becomes an *Error
// with the file and line of the innermost frame in the game's file;
// when ExitWhenStuck is set (the command line), code still running
// StuckGrace after the context ends, or a heap past one and a half times
// the budget (after a collection), stops the process with one line on
// stderr and exit status 2. A server (grundy serve --script game.go)
// does not exit: a request that times out leaves the stuck goroutine
// behind.
package native
