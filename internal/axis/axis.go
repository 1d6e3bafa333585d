// Package axis chooses the ticks of a chart's axis, for the SVG pictures
// the command line draws (grundy table --svg, grundy cgt --svg): about n
// round values, steps of 1, 2 or 5 times a power of ten, from the first
// multiple of the step at or above lo to the last at or below hi (the
// "nice numbers" of Heckbert, Graphics Gems, 1990, which the explorer's
// charts use too, in server/web/app.js).
package axis

import (
	"math"
	"strconv"
)

// Ticks returns about n round values in [lo, hi], ascending; integers
// only when whole is set (a step below 1 is raised to 1).
func Ticks(lo, hi float64, n int, whole bool) []float64 {
	if n < 1 || math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || hi < lo {
		return nil
	}
	span := hi - lo
	if span == 0 {
		span = 1
	}
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, k := range []float64{1, 2, 5} {
		if k*mag >= raw {
			step = k * mag
			break
		}
	}
	if whole && step < 1 {
		step = 1
	}
	var out []float64
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi+1e-9*step; i++ {
		out = append(out, i*step+0) // +0: no -0
	}
	return out
}

// Label writes a tick's value: integers without a point, others with the
// fewest digits that tell them apart at the chart's precision.
func Label(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(math.Round(v*1e6)/1e6, 'g', -1, 64)
}
