package db

import (
	"encoding/binary"
	"sync"
)

// Ranking is what a game's ranks mean beyond the records: the version of
// its rank function, so that a database is never read with ranks it was
// not built with, and, for a game that ranks one position of each orbit
// of a symmetry (connect4: a board and its mirror image), how many
// positions each rank stands for, so that the manifest's counts are of
// positions, not records.
type Ranking struct {
	// Version is the version of the game's ranking; 0 and 1 both mean
	// the first. The manifest records it (Manifest.Ranking).
	Version int
	// Orbit, if not nil, returns how many positions rank r of tier t
	// stands for (at least 1), and end > r such that every rank in
	// [r, end) stands for as many. Nil means one position a rank.
	Orbit func(t uint64, r int64) (n, end int64)
}

// The rankings of the games, by spec. Files are written through
// functions that take the game's spec alone (EncodeTier, WritePart,
// ManifestBytes: the Beam pipeline of module grundy/beam calls them with
// the spec it looks the game up by), so the game's ranking is found by
// its spec: the code that binds a game to the tier solver registers it
// (catalog/strong's Bind, tier.Solve) before any file is written.
var (
	rankingsMu sync.RWMutex
	rankings   = map[string]Ranking{}
)

// RegisterRanking records game's (its spec's) ranking for the files and
// manifests written for it from now on.
func RegisterRanking(game string, r Ranking) {
	rankingsMu.Lock()
	defer rankingsMu.Unlock()
	rankings[game] = r
}

// RankingOf is the ranking registered for game: the zero Ranking (the
// first version, one position a rank) if none.
func RankingOf(game string) Ranking {
	rankingsMu.RLock()
	defer rankingsMu.RUnlock()
	return rankings[game]
}

// RankingVersion is v with 0 read as 1: the version a manifest without
// one was built with.
func RankingVersion(v int) int { return max(v, 1) }

// CountTier returns the counts of recs, ranks [first, first+recs.Len())
// of tier t of game, as the manifest records them: positions, each rank
// counted as many times as the game's ranking says it stands for (and
// then the number of records in Count.Records).
func CountTier(game string, t uint64, first int64, recs Records) Count {
	orbit := RankingOf(game).Orbit
	if orbit == nil {
		return CountRecords(recs)
	}
	var c Count
	n := recs.Len()
	w := int64(recs.Width)
	for i := int64(0); i < n; {
		if recs.Data[i*w] == 0 && (w == 1 || recs.Data[i*w+1] == 0) {
			i++ // Empty: no need to ask what it stands for
			continue
		}
		k, end := orbit(t, first+i)
		end = min(max(end-first, i+1), n)
		if recs.Width == 1 {
			var h [256]int64
			for _, b := range recs.Data[i:end] {
				h[b]++
			}
			for code, m := range h[1:] {
				if m != 0 {
					c.Records += m
					c.addN(uint16(code+1), m*k)
				}
			}
		} else {
			for j := i; j < end; j++ {
				if code := binary.LittleEndian.Uint16(recs.Data[2*j:]); code != Empty {
					c.Records++
					c.addN(code, k)
				}
			}
		}
		i = end
	}
	return c
}
