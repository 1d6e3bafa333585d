package game

import "iter"

// Game is a game whose positions are values of type P.
//
// Moves yields every position reachable from p in one move, each once or
// more (solvers tolerate repeats). A position with no moves is terminal.
// Moves must not retain or modify p, and must be safe to call again for the
// same p: solvers may enumerate a position's moves more than once.
//
// Every move means every move: a game some of whose moves leave a sum that
// a single P cannot hold (Lasker's Nim splitting a heap) is not a Game. It
// implements Splitting only, and has no Moves method listing the moves
// that happen not to split.
type Game[P comparable] interface {
	Moves(p P) iter.Seq[P]
}

// Splitting is a game whose moves may leave a disjunctive sum of
// independent positions: the players choose, on each turn, one component to
// move in.
//
// Options yields, for every move from p, the components of the position the
// move leaves, in a slice that is valid only during the call to yield (the
// game may reuse it). An empty slice is the empty sum, a terminal position.
//
// Solvers that handle sums take a Splitting game (impartial.NewSplitting);
// AsSplitting makes any Game one. A game may implement both Game and
// Splitting only when both list every move: its positions are then
// themselves sums, Moves yields each position left whole and Options the
// same positions split into their components.
type Splitting[P comparable] interface {
	Options(p P) iter.Seq[[]P]
}

// Splitter is implemented by games whose positions, as given, may be sums
// of independent components. Split appends the components of p to dst and
// returns the extended slice; a position that does not split appends itself.
type Splitter[P comparable] interface {
	Split(dst []P, p P) []P
}

// MoveAppender is implemented by games that can also write the moves of a
// position into a slice: AppendMoves appends the positions that Moves
// would yield, in the same order, to dst and returns the extended slice.
// Solvers prefer it on their hot path because it allocates nothing, where
// an iter.Seq costs a closure per position.
type MoveAppender[P comparable] interface {
	AppendMoves(dst []P, p P) []P
}

// Ranker is implemented by games whose positions have a dense rank: a
// non-negative integer, distinct for distinct positions, small for small
// positions. Solvers use it to keep values in flat tables. Rank returns -1
// for a position it does not rank; solvers then fall back to a hash map.
type Ranker[P comparable] interface {
	Rank(p P) int
}

// Formatter is implemented by games that write their positions in a notation
// of their own; fmt's %v is used otherwise.
type Formatter[P comparable] interface {
	Format(p P) string
}

// AsSplitting returns g as a Splitting game: a Splitting game (one whose
// positions are sums, see Splitting) is returned as it is, and any other
// game's moves become one-component options. Plain undoes it.
func AsSplitting[P comparable](g Game[P]) Splitting[P] {
	if s, ok := g.(Splitting[P]); ok {
		return s
	}
	return unsplit[P]{g}
}

// Plain returns the game behind a Splitting game made by AsSplitting from
// a game that does not split, so that a solver given a Splitting game can
// still use the plain game's optional capabilities (MoveAppender, Ranker,
// Formatter, …). ok is false for any other Splitting game.
func Plain[P comparable](s Splitting[P]) (g Game[P], ok bool) {
	if u, ok := s.(unsplit[P]); ok {
		return u.g, true
	}
	return nil, false
}

type unsplit[P comparable] struct{ g Game[P] }

func (u unsplit[P]) Options(p P) iter.Seq[[]P] {
	return func(yield func([]P) bool) {
		buf := make([]P, 1)
		for q := range u.g.Moves(p) {
			buf[0] = q
			if !yield(buf) {
				return
			}
		}
	}
}
