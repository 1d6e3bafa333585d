package db

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
)

// DensityEstimate projects what a database would take rewritten in the
// format this package writes (Repack), from a sample of its blocks
// coded again: for a database too large to repack in the time one has.
type DensityEstimate struct {
	Format    int     `json:"format"`     // the database's format
	NewFormat int     `json:"new_format"` // 6 or 7
	Positions int64   `json:"positions"`
	Blocks    int64   `json:"blocks"`  // the database's blocks
	Sampled   int64   `json:"sampled"` // blocks read and coded again
	Bytes     int64   `json:"bytes"`   // the tier files' bytes now
	Projected float64 `json:"projected_bytes"`
	// StdErr is the projection's standard error (bytes): the
	// projection is within two of them of the repacked size with about
	// 95% confidence, by the ratio estimator's normal approximation.
	StdErr float64 `json:"stderr_bytes"`
}

// BytesPerPosition is the database's bytes a position now and projected.
func (e DensityEstimate) BytesPerPosition() (now, projected, stderr float64) {
	p := float64(max(e.Positions, 1))
	return float64(e.Bytes) / p, e.Projected / p, e.StdErr / p
}

// SampleDensity reads n blocks of every tier of d chosen at random
// (every block of a tier of at most n), checks each (its checksum) and
// codes it again in format 6 or 7 (0: 6) as Repack would, and projects
// the tier files' bytes
// by the ratio estimator: per tier, the sample's new bytes over its old
// bytes, times the tier's old bytes (known exactly from the block
// index), plus the index and the file's header and footer, which do not
// change. Its standard error is the ratio estimator's, with the finite
// population correction: exact (0) for a tier sampled whole. seed makes
// the sample reproducible; progress (may be nil) is called after each
// tier with the blocks sampled so far. Format 7's free records need the
// game's ranking: rk.Asked and rk.Played, as Repack takes them.
func SampleDensity(ctx context.Context, d *DB, n int, seed uint64, format int, rk Ranking, progress func(done, total int64)) (DensityEstimate, error) {
	m := d.Manifest()
	if format == 0 {
		format = 6
	}
	if err := repackable(d, format, rk); err != nil {
		return DensityEstimate{}, err
	}
	if format != 6 && format != FreeFormat {
		return DensityEstimate{}, fmt.Errorf("format %d: the density is projected for format 6 or 7", format)
	}
	if err := d.counted(); err != nil {
		return DensityEstimate{}, err
	}
	played := format == FreeFormat && rk.Played && m.From == ""
	est := DensityEstimate{Format: m.Format, NewFormat: format}
	r := rand.New(rand.NewPCG(seed, 0x64656e7365))
	var variance float64
	var total int64
	for _, ti := range m.Tiers {
		total += min(int64(n), (ti.Size*int64(ti.Width)+BlockBytes-1)/BlockBytes)
	}
	buf := make([]byte, 0, BlockBytes)
	for i, ti := range m.Tiers {
		est.Positions += ti.Count.Positions()
		est.Bytes += ti.Bytes
		tf, err := d.openTier(i, false)
		if err != nil {
			return est, err
		}
		err = tf.loadIndex(tf.f)
		if err != nil {
			tf.f.Close()
			return est, err
		}
		blocks := int64(len(tf.index))
		est.Blocks += blocks
		var oldAll int64
		for _, e := range tf.index {
			oldAll += int64(e.clen)
		}
		pick := make([]int64, 0, min(int64(n), blocks))
		if blocks <= int64(n) {
			for b := range blocks {
				pick = append(pick, b)
			}
		} else {
			seen := map[int64]bool{}
			for int64(len(pick)) < int64(n) {
				if b := r.Int64N(blocks); !seen[b] {
					seen[b] = true
					pick = append(pick, b)
				}
			}
		}
		var xs, ys []float64 // old and new bytes of the sampled blocks
		for _, b := range pick {
			if err := ctx.Err(); err != nil {
				tf.f.Close()
				return est, err
			}
			raw, err := tf.readBlock(tf.f, b, buf)
			if err != nil {
				tf.f.Close()
				return est, err
			}
			buf = raw[:0]
			var comp []byte
			if format == FreeFormat {
				mask := freeMask(raw, tf.h.Width, ti.Tier, b*tf.h.BlockRecs, rk.Asked, played, nil)
				comp, _ = encodeFreeBlock(raw, tf.h.Width, mask, nil)
			} else {
				comp, _ = encodeBlockV(6, raw, tf.h.Width, nil)
			}
			xs = append(xs, float64(tf.index[b].clen))
			ys = append(ys, float64(len(comp)))
		}
		tf.f.Close()
		est.Sampled += int64(len(pick))
		fixed := float64(ti.Bytes - oldAll) // header, index, footer
		if len(pick) == 0 {
			est.Projected += fixed
			continue
		}
		var sx, sy float64
		for j := range xs {
			sx += xs[j]
			sy += ys[j]
		}
		ratio := sy / max(sx, 1)
		est.Projected += fixed + ratio*float64(oldAll)
		if s := float64(len(pick)); len(pick) > 1 && int64(len(pick)) < blocks {
			// Var(R̂·X) ≈ N²(1−s/N)/s · Σ(y−R̂x)²/(s−1), N the blocks.
			var ss float64
			for j := range xs {
				e := ys[j] - ratio*xs[j]
				ss += e * e
			}
			nb := float64(blocks)
			variance += nb * nb * (1 - s/nb) / s * ss / (s - 1)
		}
		if progress != nil {
			progress(est.Sampled, total)
		}
	}
	est.StdErr = math.Sqrt(variance)
	return est, nil
}
