package strong

import (
	"context"
	"fmt"

	"github.com/grundy-go/grundy/db"
)

// RepackProgress is Repack's report after each batch of blocks.
type RepackProgress = db.RepackProgress

// Repack rewrites the database in dir into the new directory out in
// format 5, 6 or 7 (0: the one builds write; db.Repack), tier by tier,
// without solving again; the game (found in the catalog, as Open does)
// gives the ranking for the counts, which must equal the old manifest's,
// and for format 7 the ranks a lookup may ask for (its TierUnrank). memory is the budget in
// bytes (0: none): a tier whose repack needs more (db.RepackMemory) is
// refused before anything is written.
func Repack(ctx context.Context, dir, out string, format int, memory int64, progress func(RepackProgress)) (*BuildResult, error) {
	d, err := Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	if memory > 0 {
		for _, t := range d.Manifest().Tiers {
			if need := db.RepackMemory(t.Size, t.Width); need > memory {
				return nil, fmt.Errorf("repacking tier %s needs %d bytes of memory, more than --max-memory's %d", t.Name, need, memory)
			}
		}
	}
	rk := d.g.Ranking()
	rk.Asked = d.g.asked
	if err := db.Repack(ctx, d.d, out, rk, format, progress); err != nil {
		return nil, err
	}
	nd, err := db.Open(out, d.g.Spec())
	if err != nil {
		return nil, err
	}
	defer nd.Close()
	s := nd.Stats()
	return &BuildResult{Game: d.g.Spec(), Dir: out, Tiers: len(s.Tiers), Positions: s.Total.Positions(), Bytes: s.Bytes}, nil
}

// DensityEstimate is SampleDensity's projection.
type DensityEstimate = db.DensityEstimate

// SampleDensity projects the bytes of the database in dir rewritten in
// format 6 or 7 (0: 6) from n blocks of each tier coded again
// (db.SampleDensity; seed fixes the sample); the game (found in the
// catalog, as Open does) gives format 7 its free records.
func SampleDensity(ctx context.Context, dir string, n int, seed uint64, format int, progress func(done, total int64)) (DensityEstimate, error) {
	if format != db.FreeFormat {
		// Format 6 needs no game: its records mean what they say.
		d, err := db.Open(dir, "")
		if err != nil {
			return DensityEstimate{}, err
		}
		defer d.Close()
		m := d.Manifest()
		return db.SampleDensity(ctx, d, n, seed, format, db.Ranking{Version: m.Ranking, Scored: m.Scored}, progress)
	}
	d, err := Open(dir)
	if err != nil {
		return DensityEstimate{}, err
	}
	defer d.Close()
	rk := d.g.Ranking()
	rk.Asked = d.g.asked
	return db.SampleDensity(ctx, d.d, n, seed, format, rk, progress)
}
