// Package compound solves the three compounds of impartial games of
// Winning Ways ch. 9 ("If you can't beat 'em, join 'em!"), in which
// several component games are played at once and a move is made in more
// than one of them:
//
//   - the conjunctive compound: a move is a move in every component, and
//     play ends as soon as any component is over (the player who cannot
//     move in some component loses). Its outcome is decided by remoteness
//     (Steinhaus 1925; Smith 1966; WW ch. 9): 0 at a terminal position,
//     else 1 + the least even remoteness of an option when there is one
//     (the winner hurries), else 1 + the greatest remoteness of an option
//     (the loser delays). A position is a P-position exactly when its
//     remoteness is even, and the compound is won by whoever wins the
//     component of least remoteness: the compound's remoteness is the
//     least of its components'.
//   - the continued conjunctive compound: a move is a move in every
//     component that is not over, and play ends when all are over (normal
//     play: the last mover wins). It is decided by suspense numbers (Smith
//     1966; WW ch. 9): 0 at a terminal position, else 1 + the greatest
//     even suspense of an option when there is one (the winner delays),
//     else 1 + the least suspense of an option (the loser hurries). The
//     compound's suspense is the greatest of its components', and it is a
//     P-position exactly when that is even. (This is the game called
//     Every-SG in contest problems, e.g. HDU 3595.)
//   - the selective compound: a move is a move in any non-empty set of
//     components, and play ends when no component has a move (normal
//     play). It is a P-position exactly when every component is one (WW
//     ch. 9): from there every move leaves some moved component an
//     N-position, which the opponent moves back to a P-position together
//     with all the others it left so; and from anywhere else moving each
//     N-component to a P-position wins.
//
// A Solver memoises both numbers of every position of one component game
// (a game.Game; Sums presents a game.Splitting, whose moves leave sums, as
// a game on sums). Its search is iterative, an explicit stack of frames,
// so a chain of millions of positions cannot overflow the goroutine stack;
// it is bounded by a number of positions, a memory budget and the context,
// as package impartial's is, and reports a game with a cycle as an error.
//
// The winning moves of a compound are whole positions of the compound
// (every component's position after the move). They are listed from the
// components' numbers, never by searching the compound, whose moves are
// products of the components' moves: Winning lists them lazily, pruned so
// that every tuple it builds is a winning move, and Count counts them
// exactly from the numbers alone. The tests check every rule here against
// a plain search of the compound game itself, its moves enumerated
// literally.
package compound
