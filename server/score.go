package server

import "fmt"

// bestScored is the engine's choice in a game with scores (moves with a
// Score, game.Scored): the move of the greatest margin for its mover,
// ties broken as the margins are (the fewest moves when winning or tied,
// the most when losing). nil when the moves have no scores.
func bestScored(moves []moveResponse) (*moveResponse, string) {
	pick, pm, pr := -1, 0, 0
	for i, m := range moves {
		if m.Score == nil {
			return nil, ""
		}
		mine := -*m.Score // the turn passes: the margin left is the opponent's
		if m.Again {
			mine = *m.Score
		}
		r := 0
		if m.Remoteness != nil {
			r = *m.Remoteness
		}
		better := pick < 0 || mine > pm || (mine == pm && ((mine < 0 && r > pr) || (mine >= 0 && r < pr)))
		if better {
			pick, pm, pr = i, mine, r
		}
	}
	if pick < 0 {
		return nil, ""
	}
	switch {
	case pm > 0:
		return &moves[pick], fmt.Sprintf("the greatest margin: the mover wins by %d", pm)
	case pm < 0:
		return &moves[pick], fmt.Sprintf("every move loses; this one loses by the least, %d", -pm)
	}
	return &moves[pick], "no move wins; this one ties"
}
