package tier

import (
	"fmt"
	"math"

	"github.com/grundy-go/grundy/budget"
)

// The disk estimate. A tier file holds, per block of ranks, a bitmap of
// the ranks that hold a position and their records, compressed; what it
// takes on disk is estimated as compressedShare of that sparse form
// (measured in format 5: Connect-4 0.32 on 5x5, 0.19 on 6x6; Dobutsu
// 0.22; Teeko 0.19; format 4 took 0.40 and 0.34 on Connect-4 5x5 and
// 6x5; BENCHMARKS.md).
// Before the forward pass the number of records is not known, and is
// taken as recordShare of the ranks (measured: 0.36 on 5x5, 0.27 on
// 6x5; about 0.11 on 6x6, Tromp's count halved by the mirror ranking
// over its ranks), so that a build that may fit is not refused before
// its counts are known; after the forward pass, the build checks again
// with the counts it marked. A reachability bitmap is saved compressed
// (db's reachability files and parts): until it is saved it is taken as
// reachShare of a bit a rank (measured: 0.38 on Connect-4 5x5's
// bitmaps, 0.02–0.5 on Nine Men's Morris's), and once saved as the bytes
// it takes, so that the check after the forward pass knows them.
const (
	compressedShare = 0.35
	recordShare     = 0.25
	reachShare      = 0.5
)

// reachBytes is what tier ts's reachability bitmap takes on disk: its
// saved file's and parts' bytes, or before it is saved the estimate.
func (s *solver[P]) reachBytes(ts *tierState) int64 {
	if n := s.b.SavedReachBytes(uint64(ts.t)); n > 0 {
		return n
	}
	return int64(math.Ceil(reachShare*8*float64(ReachBits(ts.size)))) + 128
}

// fileBytes estimates the tier file of ts.
func fileBytes(ts *tierState) int64 {
	records := float64(ts.marked)
	if ts.marked < 0 {
		records = float64(ts.size) * recordShare
	}
	return int64(math.Ceil(compressedShare*(float64(ts.size)/8+records))) + 4096
}

// diskNeed estimates the most disk the build of the tiers not yet
// written takes at once: solving goes from the last tier to the first,
// so when tier k is being written the files of the tiers after it are
// there, the reachability bitmaps of k and the tiers before it too, and
// k's own file being written; a build by ranges (ranged) holds k's parts
// as well until its file is assembled.
func (s *solver[P]) diskNeed(ranged bool) int64 {
	var reachAll int64
	todo := make([]bool, len(s.tiers))
	reach := make([]int64, len(s.tiers))
	for i, ts := range s.tiers {
		todo[i] = !ts.finished && !s.b.HasTierFile(uint64(ts.t))
		if todo[i] {
			reach[i] = s.reachBytes(ts)
			reachAll += reach[i]
		}
	}
	var written, peak int64
	for k := len(s.tiers) - 1; k >= 0; k-- {
		if !todo[k] {
			continue
		}
		ts := s.tiers[k]
		f := fileBytes(ts)
		now := written + reachAll + f
		if ranged {
			now += f
		}
		peak = max(peak, now)
		written += f
		reachAll -= reach[k]
	}
	return peak
}

// checkDisk refuses a build whose estimated disk is more than the
// filesystem's free bytes (Options.DiskFree). What the build has written
// already (tier files, saved bitmaps) is on the disk, so the free bytes
// are checked against what is still to come: the estimate less the
// saved bitmaps' bytes, those of a stopped build's forward pass included.
func (s *solver[P]) checkDisk(ranged bool) error {
	if s.opts.DiskFree == nil {
		return nil
	}
	free, err := s.opts.DiskFree()
	if err != nil {
		return fmt.Errorf("cannot tell the free disk of %s: %w", s.b.Dir(), err)
	}
	need := s.diskNeed(ranged)
	var saved int64
	for _, ts := range s.tiers {
		if ts.finished {
			continue
		}
		// The bitmaps on disk: all of them after the forward pass, and
		// before it those a stopped build saved.
		saved += s.b.SavedReachBytes(uint64(ts.t))
	}
	if need-saved > free {
		return fmt.Errorf("the build needs about %s more of disk in %s and its filesystem has %s free: free some, or build elsewhere",
			budget.FormatBytes(need-saved), s.b.Dir(), budget.FormatBytes(free))
	}
	return nil
}
