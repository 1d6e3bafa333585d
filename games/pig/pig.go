package pig

import (
	"context"
	"fmt"
	"math"
)

// MaxGoal bounds the goal: the table holds Goal³ float64s (8 MB at 100).
const MaxGoal = 200

// DefaultTolerance is the value-iteration stopping threshold: a partition
// is solved when no sweep changes any value by more than this.
const DefaultTolerance = 1e-12

// Table holds the optimal win probabilities of every position of Pig to a
// goal.
type Table struct {
	Goal int
	// Sweeps is the number of Gauss–Seidel sweeps made over all partitions.
	Sweeps int
	p      []float64 // p[(i*Goal+j)*Goal+k], for i+k < Goal
}

// Options tune Solve.
type Options struct {
	// Tolerance is the stopping threshold; 0 means DefaultTolerance.
	Tolerance float64
	// Progress, if not nil, is called after each partition with the number
	// of positions solved so far.
	Progress func(solved int)
}

// Solve computes the table for Pig to goal points.
func Solve(ctx context.Context, goal int, opts Options) (*Table, error) {
	if goal < 1 || goal > MaxGoal {
		return nil, fmt.Errorf("the goal must be between 1 and %d, got %d", MaxGoal, goal)
	}
	tol := opts.Tolerance
	if tol <= 0 {
		tol = DefaultTolerance
	}
	t := &Table{Goal: goal, p: make([]float64, goal*goal*goal)}
	solved := 0
	for s := 2*goal - 2; s >= 0; s-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for {
			t.Sweeps++
			delta := 0.0
			for i := max(0, s-goal+1); i <= min(s, goal-1); i++ {
				j := s - i
				for k := goal - 1 - i; k >= 0; k-- {
					v := t.best(i, j, k)
					idx := t.index(i, j, k)
					delta = max(delta, math.Abs(v-t.p[idx]))
					t.p[idx] = v
				}
			}
			if delta <= tol {
				break
			}
		}
		for i := max(0, s-goal+1); i <= min(s, goal-1); i++ {
			solved += goal - i // the partition's positions (i, s−i, k)
		}
		if opts.Progress != nil {
			opts.Progress(solved)
		}
	}
	return t, nil
}

func (t *Table) index(i, j, k int) int { return (i*t.Goal+j)*t.Goal + k }

// Win returns the probability that the player to move wins from (i, j, k)
// under optimal play by both: 1 once i + k reaches the goal.
func (t *Table) Win(i, j, k int) float64 {
	if i+k >= t.Goal {
		return 1
	}
	return t.p[t.index(i, j, k)]
}

// Roll and Hold return the winning probabilities of rolling and of holding
// at (i, j, k), each followed by optimal play.
func (t *Table) Roll(i, j, k int) float64 {
	v := (1 - t.Win(j, i, 0)) / 6
	for r := 2; r <= 6; r++ {
		v += t.Win(i, j, k+r) / 6
	}
	return v
}

func (t *Table) Hold(i, j, k int) float64 {
	if i+k >= t.Goal {
		return 1
	}
	return 1 - t.Win(j, i+k, 0)
}

func (t *Table) best(i, j, k int) float64 { return max(t.Roll(i, j, k), t.Hold(i, j, k)) }

// Valid reports whether (i, j, k) is a position of the table: scores below
// the goal (a player at the goal has won) and any turn total.
func (t *Table) Valid(i, j, k int) error {
	switch {
	case i < 0 || j < 0 || k < 0:
		return fmt.Errorf("scores and turn total must not be negative")
	case i >= t.Goal:
		return fmt.Errorf("the mover's score %d has already reached the goal %d", i, t.Goal)
	case j >= t.Goal:
		return fmt.Errorf("the opponent's score %d has already reached the goal %d: the game is over", j, t.Goal)
	}
	return nil
}
