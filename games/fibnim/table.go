package fibnim

import (
	"context"

	"github.com/grundy-go/grundy/budget"
)

// Table holds the Sprague–Grundy value and remoteness of every position
// (n, L) with n ≤ N, L ≤ n. No closed form for the values is known:
// Larsson and Rubinstein-Salzedo ("Grundy values of Fibonacci nim", 2016)
// characterise the positions of value at most 3 and bound the growth of
// the start positions' values, but give no formula. The table is the
// search done row by row: the options of (n, L) are those of (n, L-1) and
// one more, (n-L, min(2L, n-L)), so a row's values are a running mex
// (which only grows) and its remotenesses a running least even and
// greatest remoteness of the options: O(N²) steps and positions, where a
// search from each position would take O(N³).
type Table struct {
	n     int
	value []uint16
	rem   []int32
}

// TableBytes is what a table up to n takes, as charged.
func TableBytes(n int) int64 { return int64(n+1) * int64(n+2) / 2 * 6 }

// NewTable computes the table up to n, charging mem first.
func NewTable(ctx context.Context, n int, mem *budget.Bytes) (*Table, error) {
	if err := mem.Charge(TableBytes(n), "the table of Fibonacci Nim's values"); err != nil {
		return nil, err
	}
	size := (n + 1) * (n + 2) / 2
	t := &Table{n: n, value: make([]uint16, size), rem: make([]int32, size)}
	var count []int32
	for m := 1; m <= n; m++ {
		if m&63 == 0 {
			if err := ctx.Err(); err != nil {
				mem.Release(TableBytes(n))
				return nil, err
			}
		}
		count = count[:0]
		mex := 0
		minEven, maxRem := int32(-1), int32(-1)
		base := m * (m + 1) / 2
		for l := 1; l <= m; l++ {
			q := Canon(m-l, 2*l)
			i := q.N*(q.N+1)/2 + q.L
			v, r := int(t.value[i]), t.rem[i]
			for len(count) <= v {
				count = append(count, 0)
			}
			count[v]++
			for mex < len(count) && count[mex] > 0 {
				mex++
			}
			if v == 0 && (minEven < 0 || r < minEven) {
				minEven = r
			}
			maxRem = max(maxRem, r)
			t.value[base+l] = uint16(mex)
			if minEven >= 0 {
				t.rem[base+l] = 1 + minEven
			} else {
				t.rem[base+l] = 1 + maxRem
			}
		}
	}
	return t, nil
}

// Max is the largest heap the table holds.
func (t *Table) Max() int { return t.n }

// Value returns the Sprague–Grundy value and remoteness of p (p.N ≤ Max).
func (t *Table) Value(p Pos) (value uint64, remoteness int) {
	p = Canon(p.N, p.L)
	i := p.N*(p.N+1)/2 + p.L
	return uint64(t.value[i]), int(t.rem[i])
}
