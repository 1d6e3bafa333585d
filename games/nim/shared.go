package nim

import (
	"strconv"
	"sync"

	"github.com/grundy-go/grundy/catalog/impartialgame"
)

// The explorer's Nim positions share one search of sums across requests:
// the remoteness of a sum of heaps is found by search (there is no closed
// form), and the positions of one game walked move by move, and of the
// requests of many users, are mostly among each other's sub-sums. The
// search is not safe for concurrent use, so a request takes it and gives
// it back; a request that finds it taken makes its own, kept afterwards
// if the shared one is gone. It is bounded: one past maxSharedSums sums
// is dropped, not kept. Its memo is not charged to a request's memory
// budget (it outlives the request); the bound keeps it to about 20 MiB.

// maxSharedSums bounds the sums the shared search keeps.
const maxSharedSums = 1 << 18

var shared struct {
	mu   sync.Mutex
	sums *impartialgame.SumSearch[int]
}

// takeSums returns the shared search of Nim sums, or a new one when a
// request holds it.
func takeSums() *impartialgame.SumSearch[int] {
	shared.mu.Lock()
	s := shared.sums
	shared.sums = nil
	shared.mu.Unlock()
	if s == nil {
		s = impartialgame.NewSumSearch(nimHeap, strconv.Itoa, false, nil)
		s.Single = singleHeap
	}
	s.Renew()
	return s
}

// giveSums keeps s as the shared search, unless it grew past
// maxSharedSums or another is kept already.
func giveSums(s *impartialgame.SumSearch[int]) {
	if s.Size() > maxSharedSums {
		return
	}
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.sums == nil {
		shared.sums = s
	}
}
