package impartialgame

// A SumSearch may be kept between requests (a front end's shared table of
// sums it has solved, as the explorer keeps one for Nim): its memo holds
// only finished answers between calls (an entry still open when a budget
// runs out is taken back), so what it knows stays right, and Renew gives
// it full budgets for the next request.

// Renew readies the search for another request: full budgets of moves
// and work; its memo stays.
func (s *SumSearch[P]) Renew() {
	s.budget, s.work, s.unchecked = SumSearchMaxMoves, SumSearchMaxWork, 0
	s.exhausted, s.overStates, s.overMemory = false, false, false
}

// Size is the number of sums the memo holds.
func (s *SumSearch[P]) Size() int { return len(s.memo) }
