package db

import (
	"runtime"
	"sync"
)

// codeBlocks codes blocks [0, n) of a file of format v and records of
// width bytes, block b's records raw from src(b, buf) (which may use
// buf's space; called once a block, in order, from the calling
// goroutine), on as many goroutines as the process has cores, and hands
// each coded block with its checksum to put in order, on the calling
// goroutine. Reading, coding and writing overlap: a window of 4 blocks
// a core is in flight (at most about 16 KiB each: its records and their
// coding), so the cores code while a block waits to be written, without
// the barrier of a batch. Each block's bytes are encodeBlockV's, which
// depend on its records alone, so the output is the same on any number
// of cores. A format-7 file passes mask (else nil): mask(b, raw, buf)
// is block b's mask of free records (freeMask), called after src(b), in
// order, on the calling goroutine, and the block is coded by
// encodeFreeBlock.
func codeBlocks(n int64, v uint32, width int, src func(b int64, buf []byte) ([]byte, error), mask func(b int64, raw, buf []byte) []byte, put func(b int64, comp []byte, sum uint32) error) error {
	return codeBlocksOn(n, v, width, src, false, mask, put)
}

// codeBlocksOn is codeBlocks; with parallelSrc, src and mask are called
// on the coding goroutines instead, for blocks in any order and at once
// (so they must be safe for concurrent use), which takes a repack's
// reading and checking of the old blocks off the one goroutine that
// otherwise limits it to about one core.
func codeBlocksOn(n int64, v uint32, width int, src func(b int64, buf []byte) ([]byte, error), parallelSrc bool, mask func(b int64, raw, buf []byte) []byte, put func(b int64, comp []byte, sum uint32) error) error {
	workers := runtime.GOMAXPROCS(0)
	window := int64(4 * workers)
	type slot struct {
		raw, mask, comp []byte
		sum             uint32
		err             error // src's, with parallelSrc
		done            chan struct{}
	}
	slots := make([]slot, min(window, max(n, 1)))
	for i := range slots {
		slots[i].done = make(chan struct{}, 1)
	}
	jobs := make(chan int64, len(slots))
	var wg sync.WaitGroup
	for range min(workers, len(slots)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				s := &slots[b%int64(len(slots))]
				if parallelSrc {
					raw, err := src(b, s.raw)
					if s.err = err; err != nil {
						s.done <- struct{}{}
						continue
					}
					s.raw = raw
					if mask != nil {
						s.mask = mask(b, raw, s.mask)
					}
				}
				if mask != nil {
					s.comp, s.sum = encodeFreeBlock(s.raw, width, s.mask, s.comp[:0])
				} else {
					s.comp, s.sum = encodeBlockV(v, s.raw, width, s.comp)
				}
				s.done <- struct{}{}
			}
		}()
	}
	// next is the first block not yet handed to put; blocks [next, b)
	// are being coded.
	var next int64
	flush := func(to int64) error {
		for ; next < to; next++ {
			s := &slots[next%int64(len(slots))]
			<-s.done
			if s.err != nil {
				next++
				return s.err
			}
			if err := put(next, s.comp, s.sum); err != nil {
				next++
				return err
			}
		}
		return nil
	}
	err := func() error {
		for b := range n {
			if b-next == int64(len(slots)) {
				if err := flush(next + 1); err != nil {
					return err
				}
			}
			if !parallelSrc {
				s := &slots[b%int64(len(slots))]
				raw, err := src(b, s.raw)
				if err != nil {
					return err
				}
				s.raw = raw
				if mask != nil {
					s.mask = mask(b, raw, s.mask)
				}
			}
			jobs <- b
		}
		return flush(n)
	}()
	close(jobs)
	wg.Wait()
	return err
}
