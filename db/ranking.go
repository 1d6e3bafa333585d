package db

import (
	"encoding/binary"
	"runtime"
	"sync"
	"sync/atomic"
)

// Ranking is what a game's ranks mean beyond the records: the version of
// its rank function, so that a database is never read with ranks it was
// not built with, and, for a game that ranks one position of each orbit
// of a symmetry (connect4: a board and its mirror image), how many
// positions each rank stands for, so that the manifest's counts are of
// positions, not records. The functions that write files or count
// records take it from their caller, which has the game (tier.RankingOf;
// the zero Ranking is the first version, a position a rank).
type Ranking struct {
	// Version is the version of the game's ranking; 0 and 1 both mean
	// the first. The manifest records it (Manifest.Ranking).
	Version int
	// Orbit, if not nil, returns how many positions rank r of tier t
	// stands for (at least 1), and end > r such that every rank in
	// [r, end) stands for as many. Nil means one position a rank.
	Orbit func(t uint64, r int64) (n, end int64)
	// Scored is set for a game whose records are margins (game.Scored,
	// score.go): the manifest says so (Manifest.Scored) and the counts
	// are by margin too.
	Scored bool
	// Asked, if not nil, reports whether a lookup may ask for rank r of
	// tier t: false for a rank that names no position the game's lookups
	// read (its TierUnrank is false). Format 7's writer stores anything
	// there (free.go); nil means every rank may be asked for.
	Asked func(t uint64, r int64) bool
	// Played is set for a game whose lookups ask only for positions
	// reachable from its start (Connect-4: a position is written as the
	// moves played to it). Format 7's writer then keeps, in a database
	// built from the start, no presence of the records whose value a
	// lookup computes, nor of empty ranks (Manifest.Played).
	Played bool
}

// RankingVersion is v with 0 read as 1: the version a manifest without
// one was built with.
func RankingVersion(v int) int { return max(v, 1) }

// CountTier returns the counts of recs, ranks [first, first+recs.Len())
// of tier t of a game ranked by rk, as the manifest records them:
// positions, each rank counted as many times as rk says it stands for
// (and then the number of records in Count.Records).
//
// Large tiers are counted in chunks on every core (the solver's workers
// wait for it), and the chunks' counts added: the same counts.
func CountTier(rk Ranking, t uint64, first int64, recs Records) Count {
	return countTierOn(rk, t, first, recs, int64(runtime.GOMAXPROCS(0)))
}

// countTierOn is CountTier on the given number of cores.
func countTierOn(rk Ranking, t uint64, first int64, recs Records, workers int64) Count {
	n := recs.Len()
	if rk.Scored || workers < 2 || n < 2*countChunk {
		return countTierSerial(rk, t, first, recs)
	}
	chunks := (n + countChunk - 1) / countChunk
	counts := make([]Count, chunks)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, chunks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= chunks {
					return
				}
				lo, hi := i*countChunk, min((i+1)*countChunk, n)
				w := int64(recs.Width)
				counts[i] = countTierSerial(rk, t, first+lo, Records{Width: recs.Width, Data: recs.Data[lo*w : hi*w]})
			}
		}()
	}
	wg.Wait()
	var c Count
	for _, d := range counts {
		c.AddCount(d)
	}
	return c
}

// countChunk is the records a worker of CountTier counts at a time.
const countChunk = 1 << 22

// countTierSerial is CountTier on one core.
func countTierSerial(rk Ranking, t uint64, first int64, recs Records) Count {
	orbit := rk.Orbit
	if orbit == nil {
		return countRecords(recs, rk.Scored)
	}
	c := Count{Scored: rk.Scored}
	n := recs.Len()
	w := int64(recs.Width)
	for i := int64(0); i < n; {
		if recs.Data[i*w] == 0 && (w == 1 || recs.Data[i*w+1] == 0) {
			i++ // Empty: no need to ask what it stands for
			continue
		}
		k, end := orbit(t, first+i)
		end = min(max(end-first, i+1), n)
		switch {
		case end-i < shortOrbitRun || recs.Width == 2:
			// Record by record: a histogram's 256 counters cost more
			// than a short run's records (Connect-4's symmetric height
			// vectors are runs of one rank).
			for j := i; j < end; j++ {
				if code := recs.Get(j); code != Empty {
					c.Records++
					c.addN(code, k)
				}
			}
		default:
			h := byteHistogram(recs.Data[i:end])
			for code, m := range h[1:] {
				if m != 0 {
					c.Records += m
					c.addN(uint16(code+1), m*k)
				}
			}
		}
		i = end
	}
	return c
}

// shortOrbitRun is the run of ranks below which countTierSerial counts
// record by record rather than by a histogram.
const shortOrbitRun = 64

// byteHistogram counts the bytes of b. Most ranks of a sparse tier are
// Empty (0): whole zero words are skipped, and the rest counted into four
// tables in turn, so that a run of one code does not wait on the
// increment before it.
func byteHistogram(b []byte) [256]int64 {
	var h [4][256]int64
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:]) == 0 {
			h[0][0] += 8
			continue
		}
		h[0][b[i]]++
		h[1][b[i+1]]++
		h[2][b[i+2]]++
		h[3][b[i+3]]++
		h[0][b[i+4]]++
		h[1][b[i+5]]++
		h[2][b[i+6]]++
		h[3][b[i+7]]++
	}
	for ; i < len(b); i++ {
		h[0][b[i]]++
	}
	for j := range 256 {
		h[0][j] += h[1][j] + h[2][j] + h[3][j]
	}
	return h[0]
}
