package impartial

// entry is what the memo keeps for one position: 8 bytes.
type entry struct {
	value      uint32 // stateUnknown, stateOpen, or value+valueBase
	remoteness uint32
}

// memo maps positions to entries: in a flat table indexed by rank for
// games that rank their positions, in a hash map otherwise (and for ranks
// too large for the table).
type memo[P comparable] struct {
	rank     func(P) int
	dense    []entry
	denseMax int // ranks at or above this go to the map
	sparse   map[P]entry
	count    int // positions solved
}

func (m *memo[P]) init(rank func(P) int, maxStates int) {
	m.rank = rank
	// A flat table may be sparser than the positions it holds (ranks need
	// not be contiguous among reachable positions), but not without bound.
	m.denseMax = 4 * maxStates
	m.sparse = make(map[P]entry)
}

func (m *memo[P]) get(p P) entry {
	if m.rank != nil {
		if r := m.rank(p); r >= 0 && r < m.denseMax {
			if r < len(m.dense) {
				return m.dense[r]
			}
			return entry{}
		}
	}
	return m.sparse[p]
}

func (m *memo[P]) set(p P, e entry) {
	if m.rank != nil {
		if r := m.rank(p); r >= 0 && r < m.denseMax {
			if r >= len(m.dense) {
				n := max(r+1, 2*len(m.dense), 1024)
				n = min(n, m.denseMax)
				grown := make([]entry, n)
				copy(grown, m.dense)
				m.dense = grown
			}
			m.dense[r] = e
			return
		}
	}
	m.sparse[p] = e
}
