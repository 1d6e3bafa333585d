package catalog

import "context"

// PositionTabler is implemented by games that can list every position with
// its solution: graph games (`grundy solve graph:FILE --table`) and the
// pursuit game. A front end reads the table row by row and writes it in
// its own form (the CLI as aligned text or one JSON object).
type PositionTabler interface {
	// PositionTable solves every position of the game. tokens are the
	// position arguments of the command line: none for a graph game
	// (every node is listed), the problem file for pursuit.
	PositionTable(ctx context.Context, tokens []string, opts Options) (*PositionTable, error)
}

// PositionTable is every position of a game with its solution. The rows
// are streamed rather than held: a graph game of 10^7 nodes lists them
// from its solver's arrays as they are read.
type PositionTable struct {
	Game string `json:"game"`
	// Caption says what the columns mean.
	Caption string `json:"caption"`
	// HasValues is set when the rows carry a Value (generalized
	// Sprague–Grundy values of a graph under normal play).
	HasValues bool `json:"-"`
	// Width is the length of the longest position text, for aligning
	// columns.
	Width int `json:"-"`
	// Rows calls emit for each row in order. It stops at the first error
	// of emit, or of ctx, and returns it.
	Rows func(ctx context.Context, emit func(PositionRow) error) error `json:"-"`
}

// PositionRow is one row of a position table.
type PositionRow struct {
	Position   string `json:"position"`
	Outcome    string `json:"outcome"`
	Remoteness *int   `json:"remoteness"`
	// Value is the generalized Sprague–Grundy value, when the game has one.
	Value string `json:"value,omitempty"`
}
