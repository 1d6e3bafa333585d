package db

import (
	"encoding/binary"
	"fmt"

	"github.com/grundy-go/grundy/outcome"
)

// Record codes: one per rank of a tier, 1 or 2 bytes wide (see doc.go).
const (
	Empty      = 0 // no position of the game has this rank, or none reachable from the start
	Draw       = 1 // neither player can force a win
	EndlessWin = 2 // the player to move wins by the game's verdict on endless play (no remoteness)
	EndlessLos = 3 // the player to move loses by the game's verdict on endless play (no remoteness)
	firstLose  = 4 // 4+2r: the player to move loses in r moves; 5+2r: wins in r
)

// MaxRemoteness is the largest remoteness a record of the given width
// (1 or 2 bytes) holds.
func MaxRemoteness(width int) uint32 {
	if width == 1 {
		return (0xff - 5) / 2 // 125
	}
	return (0xffff - 5) / 2 // 32765
}

// NoRemoteness is the remoteness Decode reports for draws and positions
// decided by endless play (the same value as retro.NoRemoteness).
const NoRemoteness = 1<<32 - 1

// Encode returns the record code of an outcome (N, P or D) with its
// remoteness; rem is NoRemoteness for a draw or a verdict on endless play.
// ok is false for any other outcome or a remoteness no 2-byte record
// holds.
func Encode(o outcome.Outcome, rem uint32) (code uint16, ok bool) {
	switch {
	case o == outcome.D:
		return Draw, true
	case rem == NoRemoteness && o == outcome.N:
		return EndlessWin, true
	case rem == NoRemoteness && o == outcome.P:
		return EndlessLos, true
	case rem > MaxRemoteness(2):
		return 0, false
	case o == outcome.P:
		return firstLose + 2*uint16(rem), true
	case o == outcome.N:
		return firstLose + 1 + 2*uint16(rem), true
	}
	return 0, false
}

// Decode returns the outcome for the player to move and the remoteness
// (NoRemoteness for draws and endless verdicts) of a record code; ok is
// false for Empty.
func Decode(code uint16) (o outcome.Outcome, rem uint32, ok bool) {
	switch code {
	case Empty:
		return outcome.Unknown, 0, false
	case Draw:
		return outcome.D, NoRemoteness, true
	case EndlessWin:
		return outcome.N, NoRemoteness, true
	case EndlessLos:
		return outcome.P, NoRemoteness, true
	}
	if code&1 == 0 {
		return outcome.P, uint32(code-firstLose) / 2, true
	}
	return outcome.N, uint32(code-firstLose-1) / 2, true
}

// Records are the records of one tier, rank after rank, as a tier file
// holds them uncompressed: Width bytes each, little-endian.
type Records struct {
	Width int // 1 or 2
	Data  []byte
}

// NewRecords returns n empty records of the given width.
func NewRecords(n int64, width int) Records {
	return Records{Width: width, Data: make([]byte, n*int64(width))}
}

// Len is the number of records.
func (r Records) Len() int64 {
	if r.Width == 0 {
		return 0
	}
	return int64(len(r.Data) / r.Width)
}

// Get returns the code of rank i.
func (r Records) Get(i int64) uint16 {
	if r.Width == 1 {
		return uint16(r.Data[i])
	}
	return binary.LittleEndian.Uint16(r.Data[2*i:])
}

// Set stores code at rank i; the caller makes sure it fits the width.
func (r Records) Set(i int64, code uint16) {
	if r.Width == 1 {
		r.Data[i] = byte(code)
		return
	}
	binary.LittleEndian.PutUint16(r.Data[2*i:], code)
}

// Fits reports whether code fits a record of width bytes.
func Fits(code uint16, width int) bool { return width == 2 || code <= 0xff }

// Widen returns the records at width 2 (r itself if already so).
func (r Records) Widen() Records {
	if r.Width == 2 {
		return r
	}
	w := NewRecords(r.Len(), 2)
	for i, c := range r.Data {
		binary.LittleEndian.PutUint16(w.Data[2*i:], uint16(c))
	}
	return w
}

// Count is a histogram of record codes: the statistics of a tier.
type Count struct {
	Draw        int64   `json:"draw"`
	EndlessWin  int64   `json:"endless_win,omitempty"`
	EndlessLose int64   `json:"endless_lose,omitempty"`
	Win         []int64 `json:"win"`  // Win[r]: positions won in r moves
	Lose        []int64 `json:"lose"` // Lose[r]: positions lost in r moves
	// Records is the number of records counted when a record stands for
	// more than one position (a game that ranks one position of each
	// orbit of a symmetry: Ranking.Orbit); absent when each stands for
	// one, so equal to Positions.
	Records int64 `json:"records,omitempty"`
	// Scored is set in the counts of a scored database (score.go): Win,
	// Lose and Draw are then the positive, negative and zero margins,
	// and Scores[i] the positions of margin ScoreLow+i.
	Scored   bool    `json:"scored,omitempty"`
	ScoreLow int     `json:"score_low,omitempty"`
	Scores   []int64 `json:"scores,omitempty"`
}

// Add counts one record code.
func (c *Count) Add(code uint16) { c.addN(code, 1) }

// addN counts n positions of one record code.
func (c *Count) addN(code uint16, n int64) {
	if c.Scored {
		c.addScored(code, n)
		return
	}
	switch code {
	case Empty:
	case Draw:
		c.Draw += n
	case EndlessWin:
		c.EndlessWin += n
	case EndlessLos:
		c.EndlessLose += n
	default:
		o, r, _ := Decode(code)
		s := &c.Lose
		if o == outcome.N {
			s = &c.Win
		}
		for int(r) >= len(*s) {
			*s = append(*s, 0)
		}
		(*s)[r] += n
	}
}

// RecordCount is the number of records counted: Records, or Positions
// when each record stands for one position.
func (c Count) RecordCount() int64 {
	if c.Records != 0 {
		return c.Records
	}
	return c.Positions()
}

// AddCount adds the counts of d.
func (c *Count) AddCount(d Count) {
	if c.Records != 0 || d.Records != 0 {
		c.Records = c.RecordCount() + d.RecordCount()
	}
	c.Draw += d.Draw
	c.EndlessWin += d.EndlessWin
	c.EndlessLose += d.EndlessLose
	grow := func(s *[]int64, t []int64) {
		for len(*s) < len(t) {
			*s = append(*s, 0)
		}
		for i, v := range t {
			(*s)[i] += v
		}
	}
	grow(&c.Win, d.Win)
	grow(&c.Lose, d.Lose)
	if d.Scored {
		c.Scored = true
		for i, n := range d.Scores {
			if n != 0 {
				c.addScore(d.ScoreLow+i, n)
			}
		}
	}
}

// Positions is the number of positions counted.
func (c Count) Positions() int64 {
	n := c.Draw + c.EndlessWin + c.EndlessLose
	for _, v := range c.Win {
		n += v
	}
	for _, v := range c.Lose {
		n += v
	}
	return n
}

// Outcomes returns the positions won (N), lost (P) and drawn (D) for the
// player to move.
func (c Count) Outcomes() (n, p, d int64) {
	n, p, d = c.EndlessWin, c.EndlessLose, c.Draw
	for _, v := range c.Win {
		n += v
	}
	for _, v := range c.Lose {
		p += v
	}
	return n, p, d
}

// CountRecords returns the histogram of r's codes.
func CountRecords(r Records) Count { return countRecords(r, false) }

// countRecords is CountRecords, of scored records when scored (score.go).
func countRecords(r Records, scored bool) Count {
	c := Count{Scored: scored}
	if r.Width == 1 {
		h := byteHistogram(r.Data)
		for code, n := range h[1:] {
			if n != 0 {
				c.addN(uint16(code+1), n)
			}
		}
		return c
	}
	if r.Len() < 1<<12 {
		// A block's records: fewer than a histogram of every code has
		// counters (512 KiB to clear and scan).
		for i := range r.Len() {
			if code := r.Get(i); code != Empty {
				c.addN(code, 1)
			}
		}
		return c
	}
	h := make([]int64, 1<<16)
	for i := 0; i+1 < len(r.Data); i += 2 {
		h[binary.LittleEndian.Uint16(r.Data[i:])]++
	}
	for code, n := range h[1:] {
		if n != 0 {
			c.addN(uint16(code+1), n)
		}
	}
	return c
}

func (c Count) String() string {
	n, p, d := c.Outcomes()
	return fmt.Sprintf("%d positions: %d N, %d P, %d D", c.Positions(), n, p, d)
}
