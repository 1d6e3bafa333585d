package script

import (
	"go.starlark.net/starlark"

	"github.com/grundy-go/grundy/catalog"
)

// Positions of games written in Go (package native) are read and written
// in the same notation as a script's, so that a game and its script twin
// take and print the same positions. These are the script package's own
// readers and writers, exported for that.

// FormatPosition writes a position value as scripts' positions are
// written: an int as itself, a tuple of ints as the ints separated by
// spaces, a plain string bare, anything else in Starlark's notation.
func FormatPosition(v starlark.Value) string { return formatValue(v) }

// TokensPosition reads command-line tokens as scripts read them: one
// integer is an int, several integers a tuple, anything else one string.
func TokensPosition(tokens []string) starlark.Value { return parseTokens(tokens) }

// ViewBoard reads a view's result (a string, a list of strings, or a list
// of heap sizes) as a script's view(pos) is read.
func ViewBoard(v starlark.Value) (*catalog.Board, error) { return boardOf(v) }
