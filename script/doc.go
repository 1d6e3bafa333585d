// Package script turns a game written in Starlark (go.starlark.net, a
// small deterministic dialect of Python) into a game of the engine, so that
// users can state their rules in a few lines and get the same solvers
// without recompiling Go. docs/scripts.md is the user's guide; this
// comment is the contract.
//
// # The script
//
// A script is one file. It runs once, top to bottom, and then the engine
// reads these globals (only moves is required):
//
//	moves(pos)     the positions one move from pos leaves: a list (or any
//	               iterable) of positions; with move_labels = True a list
//	               of (label, position) pairs; or a dict {label: position}
//	start          the position solved when none is given
//	players        the number of players, default 2
//	misere         True: the player who cannot move wins
//	terminal(pos)  asked before moves(pos): False or None, play goes on;
//	               True, the game is over (the player to move has lost, or
//	               won under misère); "win", "loss" or "draw", over with
//	               that result for the player to move. In payoff games a
//	               true value ends the game and payoff(pos) scores it.
//	payoff(pos)    at the end: a tuple of numbers, one per player (by
//	               player number); with two players one number v means
//	               (v, -v). Numbers are ints, floats or "a/b" strings.
//	to_move(pos)   the number (0, 1, …) of the player to move; needed with
//	               payoff, chance or players != 2
//	split(pos)     the independent components of pos (a list of positions
//	               whose moves are again given by moves); the solver
//	               memoises components, and values of sums are nim-sums
//	key(pos)       a canonical representative of pos (sort symmetric
//	               parts): every position is passed through it. Or
//	               key = "sorted", "reversal" or "rotation", the same
//	               computed in Go without a call (canon.go)
//	chance(pos)    None or [] at a player's position; at a position where
//	               nature moves, a list of (weight, position) pairs (or a
//	               dict {position: weight}); weights are normalised
//	params         (predeclared) the --param k=v values, a dict of strings
//
// A position is an int, a string, a bool, None or a tuple of positions
// (nested to any depth). Lists are mutable and are refused: write
// tuple(xs).
//
// # Positions inside the engine
//
// The engine's solvers need comparable Go positions. A Game interns every
// position it meets as a dense Pos (1, 2, …): small non-negative ints
// through a flat slice, tuples of up to 15 small non-negative ints
// through a map keyed by the ints packed into a uint64 (packTuple),
// everything else through a map keyed by a compact
// binary encoding (a tag byte, varints, the bytes of strings, the elements
// of tuples), so equal Starlark values get the same Pos without any text
// formatting. Each position's successors and components are asked once and
// kept as runs of Pos in shared arenas, so a solver that looks twice pays
// once, and Pos doubles as the dense rank (game.Ranker) that lets the
// Sprague–Grundy solver keep its memo in a flat table.
//
// # Which solver
//
// Solver picks the solver the rules call for:
//
//   - two players, no payoff or chance: Sprague–Grundy search (package
//     impartial) of the normal-play view Normal, splitting into components
//     when the script defines split. The Sprague–Grundy theorem (Sprague
//     1935, Grundy 1939; Winning Ways ch. 4) makes the value of a sum the
//     nim-sum of its parts. Ends won by the rules (misère, terminal "win")
//     get one extra move to a synthetic End position, which turns them
//     into normal play without changing any outcome (see Normal);
//   - when positions repeat (a cycle) or an end is drawn: retrograde
//     analysis (package retro; Ströhlein 1970, Thompson 1986) of the
//     positions reachable from the root, with draws and remoteness, and,
//     under plain normal play, generalized Sprague–Grundy values (package
//     loopy; Smith 1966, Fraenkel & Yesha 1986);
//   - payoff, chance, or players != 2: backward induction over payoff
//     vectors with expectimax at chance positions (package payoff; Zermelo
//     1913, Kuhn 1953), exact in rationals.
//
// # Limits
//
// Every call of a script function runs under a step budget
// (Options.MaxSteps, thread.SetMaxExecutionSteps; a budget beyond what the
// step counter can add up to means none; by default DefaultMaxSteps, and
// none while a wall-clock limit bounds the Run, which stops a runaway call
// itself), a memory budget (see Memory
// below), the number of distinct
// positions is capped (Options.MaxPositions) and charged to the
// search's memory budget (SolveOptions.Memory: each position's node,
// value, successors and memo entry, about 110 bytes for a small int,
// measured), and a context (and
// Options.Timeout) bounds the wall-clock time: when it ends, the running
// Starlark thread is cancelled. Scripts cannot read files or the network:
// Starlark has no such built-ins, and load statements are refused.
// Recursion is off (the Starlark default), so a runaway recursion is an
// immediate error rather than a deep Go stack; loops are allowed and the
// step budget stops them. A script that fails — raises, loops forever,
// returns something that is not a position — gives an *Error with the
// file:line:col where it happened and the Starlark backtrace, never a
// panic or a hang.
//
// Positions written by users (the CLI's --pos, the server's position
// text) are read by ParseLiteral: go.starlark.net/syntax parses the text
// and only literal nodes are accepted (ints with an optional minus,
// strings, True, False, None, tuples; lists and floats read but are not
// positions). Nothing is evaluated, so a position costs what its text
// does and cannot print. Texts are at most 1 MiB, nested at most MaxDepth
// deep (checked before the parser recurses), with numbers of at most 1000
// digits.
//
// Values crossing into Go (moves, split, key, chance results) are walked
// by the key encoder, which checks the depth (MaxDepth) before each level
// and the key's size (1 MiB) as it grows: a *budget.Exceeded (Depth or
// Size) inside the *Error, never a deep Go stack.
//
// # Memory
//
// go.starlark.net has no allocation accounting (its only size check is
// that one repetition makes fewer than 2^30 elements, which is still 16
// GiB of a list), so each call's memory (Options.MaxMemory, default
// DefaultMaxMemory) is bounded in two ways:
//
//   - one operation that can multiply memory is checked before it runs:
//     Load rewrites the syntax tree so that x * y, x % y, x + y (and *=,
//     %=, +=, still in place for lists), s.join(xs), s.replace(a, b),
//     s.format(…) and xs.extend(ys) go through guarded built-ins, and str
//     and repr are wrapped. They compute the result's size (16 bytes per
//     list or tuple element, a byte per byte of text, str's length from a
//     walk of the value that stops once over the budget) and refuse one
//     larger than the whole budget with a *budget.Exceeded (Memory). So
//     [0] * (1 << 28), a string doubled 40 times and
//     "".join([s] * 1000) fail at once, with the line of the operator. (x[i]
//     *= y evaluates x and i twice, the price of the rewrite.) Operations
//     that the syntax shows cannot multiply memory — a number literal or
//     arithmetic on one side of +, a factor of at most 2 or numbers on
//     both sides of *, a literal after % — stay plain operators; the
//     others cost a built-in call (about twice the time of an
//     arithmetic-heavy call, nothing in scripts that only subtract).
//   - growth step by step (appending in a loop) is the watchdog's: while a
//     call runs, a goroutine (one per Game, started by a Run and gone
//     100 ms after the last; while it runs GOGC is 400, as the calls make
//     much short-lived garbage) samples the Go heap
//     (/memory/classes/heap/objects:bytes) every 2 ms; when it has grown by
//     more than the budget since its first sample of the call, it forces
//     a collection (garbage is not growth), and if the growth remains it
//     cancels the thread; the error is a *budget.Exceeded (Memory).
//
// What stays possible: the watchdog measures the whole process, so other
// work in the same process growing during a long call counts against it;
// garbage present at its first sample can let a call grow by up to about
// one more budget before it is noticed; a cancellation takes effect
// between two Starlark steps, so one built-in still running completes.
// Built-ins not listed above produce at most a small multiple of their
// input (sorted, list, tuple, dict, enumerate, zip, split, elems: up to
// about 32 bytes of output per byte or element of input), so one call
// holding the full budget can still allocate some multiple of it in a
// single such step before the watchdog's cancellation is seen.
//
// # In the catalog
//
// The package registers game scripts with the catalog from its init
// function (entry.go), as the built-in games register themselves: a
// resolver that reads a spec ending in .star (catalog.Lookup), and an
// opener for a script's text (catalog.OpenScript, which the server uses
// for the scripts it serves by file name). Front ends reach scripts only
// through the catalog; a program imports this package, or
// catalog/builtin, for them to be there. The instance answers Solve,
// Table, Explore and Start, and StartWith for a start that depends on the
// parameters (catalog.ScriptInstance).
package script
