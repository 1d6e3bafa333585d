package tier

import (
	"fmt"
	"math"

	"github.com/grundy-go/grundy/budget"
)

// fileBytesPerRank is what a tier file takes on disk per rank, for the
// disk estimate: an upper figure from the Connect-4 databases (0.20 on
// 5x5, 0.14 on 6x5: a bitmap bit a rank, then the compressed records
// of about one rank in three), since the records a tier will hold are
// not known before it is solved.
const fileBytesPerRank = 0.25

// diskNeed estimates the most disk a build of the tiers not yet written
// takes at once: solving goes from the last tier to the first, so when
// tier k is being written the files of the tiers after it are there,
// the reachability bitmaps of k and the tiers before it (a bit a rank)
// too, and k's own file being written; a build by ranges (ranged) holds
// k's parts as well until its file is assembled.
func (s *solver[P]) diskNeed(ranged bool) int64 {
	file := func(size int64) int64 { return int64(math.Ceil(float64(size)*fileBytesPerRank)) + 4096 }
	reach := func(size int64) int64 { return 8*ReachBits(size) + 128 }
	var reachAll int64
	todo := make([]bool, len(s.tiers))
	for i, ts := range s.tiers {
		todo[i] = !s.b.HasTierFile(uint64(ts.t))
		if todo[i] {
			reachAll += reach(ts.size)
		}
	}
	var written, peak int64
	for k := len(s.tiers) - 1; k >= 0; k-- {
		if !todo[k] {
			continue
		}
		ts := s.tiers[k]
		now := written + reachAll + file(ts.size)
		if ranged {
			now += file(ts.size)
		}
		peak = max(peak, now)
		written += file(ts.size)
		reachAll -= reach(ts.size)
	}
	return peak
}

// checkDisk refuses a build whose estimated disk is more than the
// filesystem's free bytes (Options.DiskFree).
func (s *solver[P]) checkDisk(ranged bool) error {
	if s.opts.DiskFree == nil {
		return nil
	}
	free, err := s.opts.DiskFree()
	if err != nil {
		return fmt.Errorf("cannot tell the free disk of %s: %w", s.b.Dir(), err)
	}
	if need := s.diskNeed(ranged); need > free {
		return fmt.Errorf("the build needs about %s of disk in %s and its filesystem has %s free: free some, or build elsewhere",
			budget.FormatBytes(need), s.b.Dir(), budget.FormatBytes(free))
	}
	return nil
}
