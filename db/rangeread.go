package db

import (
	"fmt"
	"io"
)

// DecodeTierRange reads ranks [r0, r1) of a tier file of size bytes
// through r (path is how errors name it): only the blocks that hold
// them, each checked against its checksum, after the header, the footer
// and the block index (checked too). It checks that the file is tier t
// of game with the given number of records, as DecodeTier does, but not
// the whole file's checksum, which needs every byte: a worker of the
// Beam pipeline (module grundy/beam) reads the part of a child tier its
// range of a parent needs, so no worker holds a whole large tier. A
// damaged or foreign file is a *CorruptError.
func DecodeTierRange(r io.ReaderAt, size int64, path, game string, t uint64, records, r0, r1 int64) (Records, error) {
	tf, err := readTierFile(r, size, path)
	if err != nil {
		return Records{}, err
	}
	if tf.h.GameHash != GameHash(game) || tf.h.Tier != t || tf.h.Records != records {
		return Records{}, corrupt(path, -1, "the file of another game or tier")
	}
	if r0 < 0 || r1 > records || r0 > r1 {
		return Records{}, fmt.Errorf("%s: ranks [%d, %d) asked of a tier of %d records", path, r0, r1, records)
	}
	if err := tf.loadIndex(r); err != nil {
		return Records{}, err
	}
	w := int64(tf.h.Width)
	out := NewRecords(r1-r0, tf.h.Width)
	if r0 == r1 {
		return out, nil
	}
	var buf []byte
	for b := r0 / tf.h.BlockRecs; b <= (r1-1)/tf.h.BlockRecs; b++ {
		buf, err = tf.readBlock(r, b, buf)
		if err != nil {
			return Records{}, err
		}
		// The block's ranks [b0, b0+len) overlap [r0, r1).
		b0 := b * tf.h.BlockRecs
		lo, hi := max(r0, b0), min(r1, b0+int64(len(buf))/w)
		copy(out.Data[(lo-r0)*w:(hi-r0)*w], buf[(lo-b0)*w:(hi-b0)*w])
	}
	return out, nil
}
