package db

import "github.com/grundy-go/grundy/outcome"

// Scored records (a game.Scored game's database, Manifest.Scored): every
// record is 2 bytes wide and holds the margin for the player to move,
// score in [-MaxScore, MaxScore], and the remoteness of the line that
// reaches it, r ≤ MaxScoredRemoteness:
//
//	0                          no position
//	4 + (score+MaxScore)·256 + r   a position
//
// The outcome is the sign of the score (N positive, P negative, D zero).
const (
	MaxScore            = 127
	MaxScoredRemoteness = 255
)

// EncodeScore returns the record code of a margin and its remoteness; ok
// is false when either is out of range.
func EncodeScore(score int, rem uint32) (code uint16, ok bool) {
	if score < -MaxScore || score > MaxScore || rem > MaxScoredRemoteness {
		return 0, false
	}
	return uint16(firstLose + (score+MaxScore)<<8 + int(rem)), true
}

// DecodeScore returns the margin and remoteness of a scored record code;
// ok is false for Empty (and codes below the first score).
func DecodeScore(code uint16) (score int, rem uint32, ok bool) {
	if code < firstLose {
		return 0, 0, false
	}
	c := int(code) - firstLose
	return c>>8 - MaxScore, uint32(c & 0xff), true
}

// ScoreOutcome is the outcome for the player to move of a margin.
func ScoreOutcome(score int) outcome.Outcome {
	switch {
	case score > 0:
		return outcome.N
	case score < 0:
		return outcome.P
	}
	return outcome.D
}

// addScored counts n positions of one scored record code: by outcome and
// remoteness as for any database (Win, Lose; a zero margin is a Draw),
// and by margin (Scores).
func (c *Count) addScored(code uint16, n int64) {
	s, r, ok := DecodeScore(code)
	if !ok {
		return
	}
	c.Scored = true
	switch {
	case s > 0:
		c.Win = grown(c.Win, int(r))
		c.Win[r] += n
	case s < 0:
		c.Lose = grown(c.Lose, int(r))
		c.Lose[r] += n
	default:
		c.Draw += n
	}
	c.addScore(s, n)
}

// addScore adds n positions of margin s to Scores, which starts at
// ScoreLow.
func (c *Count) addScore(s int, n int64) {
	if len(c.Scores) == 0 {
		c.ScoreLow = s
	}
	if s < c.ScoreLow {
		c.Scores = append(make([]int64, c.ScoreLow-s), c.Scores...)
		c.ScoreLow = s
	}
	c.Scores = grown(c.Scores, s-c.ScoreLow)
	c.Scores[s-c.ScoreLow] += n
}

func grown(s []int64, i int) []int64 {
	for len(s) <= i {
		s = append(s, 0)
	}
	return s
}

// ByScore returns the positions counted per margin, from the least.
func (c Count) ByScore() map[int]int64 {
	out := make(map[int]int64, len(c.Scores))
	for i, n := range c.Scores {
		if n != 0 {
			out[c.ScoreLow+i] = n
		}
	}
	return out
}

// Scored reports whether d holds margins (Manifest.Scored): its codes
// are then read by DecodeScore.
func (d *DB) Scored() bool { return d.m.Scored }
