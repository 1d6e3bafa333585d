package db

// Free records (format 7): a record a lookup does not read faithfully,
// so that the writer may store whatever codes shortest there. See doc.go,
// "Free records (format 7)".

// FreeFormat is the format of a database with free records, written by
// Repack on request (format 7).
const FreeFormat = 7

// The codes a lookup in a database of format 7 computes from the
// position itself (tier.KnownRecord): lost in 0 (a terminal position),
// won in 1 (a move wins at once, tier.Finisher) and lost in 2 (every
// move lets the opponent win at once).
const (
	codeLostIn0 = 4
	codeWonIn1  = 5 + 2
	codeLostIn2 = 4 + 2*2
)

// FreeCode reports whether a record of code c is free in format 7: one
// whose value a lookup computes from its position (tier.KnownRecord), so
// the file need only say that the position is there.
func FreeCode(c uint16) bool { return c == codeLostIn0 || c == codeWonIn1 || c == codeLostIn2 }

// What a rank's record is to format 7's writer (a mask byte a rank).
const (
	kept   = 0 // the record as it is (Empty included)
	anyRec = 1 // any record but Empty: its value is computed (FreeCode)
	anyAll = 2 // anything, Empty or a record: no lookup asks (Ranking.Asked)
)

// freeMask returns the mask of a block's records raw (of width bytes,
// ranks first, first+1, ... of tier t) in dst's space: asked (nil: every
// rank) says which ranks a lookup may ask for; played, that it asks
// only for positions reachable from the start (Manifest.Played), so
// that neither an empty rank nor a record it computes need be kept.
func freeMask(raw []byte, width int, t uint64, first int64, asked func(t uint64, r int64) bool, played bool, dst []byte) []byte {
	k := len(raw) / width
	dst = append(dst[:0], make([]byte, k)...)
	for i := range k {
		c := Records{width, raw}.Get(int64(i))
		switch {
		case played && (c == Empty || FreeCode(c)):
			dst[i] = anyAll
		case c != Empty && FreeCode(c):
			dst[i] = anyRec
		case c == Empty && asked != nil && !asked(t, first+int64(i)):
			dst[i] = anyAll
		}
	}
	return dst
}

// encodeFreeBlock codes a block of format 7: the records raw with those
// the mask frees replaced, coded in format 5's streams (encodeModelBlock,
// which decode fast enough for a warm lookup). The free records take the
// block's commonest kept record or the record before them (a longer
// run), and the ranks whose record is free whole (no lookup asks for
// them, or it computes them and needs no presence: Manifest.Played) are
// Empty or repeat the rank before (a longer run of the bitmap): of the four, the coding with the
// fewest bytes, the first of them on a tie, so the bytes depend on the
// records alone. It returns the coded block and the checksum of its
// sparse form (the index's, as in format 3 on).
func encodeFreeBlock(raw []byte, width int, mask []byte, dst []byte) (comp []byte, sum uint32) {
	k := len(raw) / width
	mode := commonestKept(raw, width, mask)
	if mode == Empty {
		mode = 1 // no kept record: any code will do
	}
	// A filling that differs from an earlier one only where the mask has
	// no such rank writes the same records: code it once (the first of
	// equals wins a tie anyway, so the bytes are the same).
	var anyRecs, anyAlls bool
	for _, m := range mask[:k] {
		anyRecs = anyRecs || m == anyRec
		anyAlls = anyAlls || m == anyAll
	}
	fill := make([]byte, len(raw))
	sp := make([]byte, 0, bitmapBytes(k)+len(raw))
	var best []byte
	for cand := range 4 {
		prev, runs := cand&1 == 1, cand&2 == 2
		if prev && !anyRecs || runs && !anyAlls {
			continue
		}
		if width == 1 {
			fillBytes(fill, raw, mask, byte(mode), prev, runs)
		} else {
			fillRecords(fill, raw, width, mask, mode, prev, runs)
		}
		sp = sparseBlock(sp[:0], fill, width)
		at := len(dst)
		dst = encodeModelBlock(dst, sp, k, width)
		if best == nil || len(dst)-at < len(best) {
			best = append(best[:0:0], dst[at:]...)
			sum = crc(sp)
		}
		dst = dst[:at]
	}
	return append(dst, best...), sum
}

// commonestKept is the commonest record the mask keeps in raw (the least
// code of the commonest on a tie), Empty when it keeps none.
func commonestKept(raw []byte, width int, mask []byte) uint16 {
	if width == 1 {
		var counts [256]int32
		for i, c := range raw {
			if c != Empty && mask[i] == kept {
				counts[c]++
			}
		}
		mode := 0
		for c, n := range counts {
			if n > counts[mode] {
				mode = c
			}
		}
		if counts[mode] == 0 {
			return Empty
		}
		return uint16(mode)
	}
	counts := map[uint16]int{}
	var mode uint16
	for i := range len(raw) / width {
		if c := (Records{width, raw}).Get(int64(i)); c != Empty && mask[i] == kept {
			counts[c]++
			if n := counts[c]; n > counts[mode] || (n == counts[mode] && c < mode) {
				mode = c
			}
		}
	}
	return mode
}

// fillRecords writes into fill the records raw with those the mask frees
// replaced: a free record by mode, or by the record before it when prev;
// a rank free whole by Empty, or by the rank before's code when runs.
func fillRecords(fill, raw []byte, width int, mask []byte, mode uint16, prev, runs bool) {
	last := mode
	for i := range len(raw) / width {
		c := Records{width, raw}.Get(int64(i))
		switch mask[i] {
		case anyRec:
			if prev {
				c = last
			} else {
				c = mode
			}
		case anyAll:
			c = Empty
			if runs && i > 0 {
				c = Records{width, fill}.Get(int64(i - 1))
			}
		}
		Records{width, fill}.Set(int64(i), c)
		if c != Empty {
			last = c
		}
	}
}

// fillBytes is fillRecords for records of one byte.
func fillBytes(fill, raw, mask []byte, mode byte, prev, runs bool) {
	last := mode
	for i, c := range raw {
		switch mask[i] {
		case anyRec:
			if prev {
				c = last
			} else {
				c = mode
			}
		case anyAll:
			c = Empty
			if runs && i > 0 {
				c = fill[i-1]
			}
		}
		fill[i] = c
		if c != Empty {
			last = c
		}
	}
}

// freeAgrees reports the first rank at which the records got (decoded
// from a block of format 7) disagree with the records want under the
// block's mask: -1 when they agree (every kept record equal, every
// record the mask frees present).
func freeAgrees(want, got []byte, width int, mask []byte) int {
	for i := range len(want) / width {
		w, g := Records{width, want}.Get(int64(i)), Records{width, got}.Get(int64(i))
		switch mask[i] {
		case kept:
			if w != g {
				return i
			}
		case anyRec:
			if g == Empty {
				return i
			}
		}
	}
	return -1
}
