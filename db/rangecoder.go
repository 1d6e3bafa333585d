package db

import "errors"

// An adaptive binary range coder (the carry-propagating coder of
// Subbotin's and of LZMA, after Martin's "Range encoding", 1979): each
// binary decision is coded with a probability that adapts to the
// decisions seen before in its context (probBits of precision, moved a
// 2^-adaptShift of the way toward each outcome). It is the entropy coder
// of format 6's context-model blocks (cmblock.go). Written here because
// no maintained Go library exposes one with caller-chosen contexts:
// ulikunitz/xz keeps its range coder internal to its LZMA codec, and
// klauspost/compress has only Huffman and tANS (FSE) coders, whose
// static tables cannot follow contexts that change symbol by symbol.
const (
	probBits   = 12
	probInit   = 1 << (probBits - 1)
	adaptShift = 4
	rcTop      = 1 << 24
)

// prob is the probability, in units of 2^-probBits, that a decision is 0.
type prob uint16

// rcEncoder appends the coded bytes to out.
type rcEncoder struct {
	low       uint64
	rng       uint32
	cache     byte
	cacheSize int64
	out       []byte
	first     bool // the first byte shifted out, always 0, is not written
}

func newRCEncoder(out []byte) rcEncoder {
	return rcEncoder{rng: 0xffffffff, cacheSize: 1, out: out, first: true}
}

func (e *rcEncoder) shiftLow() {
	if uint32(e.low) < 0xff000000 || e.low>>32 != 0 {
		carry := byte(e.low >> 32)
		for b := e.cache; ; b = 0xff {
			if e.first {
				e.first = false
			} else {
				e.out = append(e.out, b+carry)
			}
			e.cacheSize--
			if e.cacheSize == 0 {
				break
			}
		}
		e.cache = byte(e.low >> 24)
	}
	e.cacheSize++
	e.low = e.low & 0x00ffffff << 8
}

// bit codes b (0 or 1) with the probability *p, and adapts *p.
func (e *rcEncoder) bit(p *prob, b int) {
	bound := e.rng >> probBits * uint32(*p)
	if b == 0 {
		e.rng = bound
		*p += (1<<probBits - *p) >> adaptShift
	} else {
		e.low += uint64(bound)
		e.rng -= bound
		*p -= *p >> adaptShift
	}
	for e.rng < rcTop {
		e.rng <<= 8
		e.shiftLow()
	}
}

// finish flushes the coder and returns the coded bytes, without up to
// four trailing zero bytes (of the flush's), which the decoder reads
// past the end as zeros.
func (e *rcEncoder) finish(start int) []byte {
	for range 5 {
		e.shiftLow()
	}
	out := e.out
	for n := 0; n < 4 && len(out) > start && out[len(out)-1] == 0; n++ {
		out = out[:len(out)-1]
	}
	return out
}

// rcDecoder decodes what rcEncoder coded, with the same probabilities.
type rcDecoder struct {
	code, rng uint32
	in        []byte
	past      int // bytes read past the end of in (as zeros)
}

func newRCDecoder(in []byte) rcDecoder {
	d := rcDecoder{rng: 0xffffffff, in: in}
	for range 4 {
		d.code = d.code<<8 | uint32(d.next())
	}
	return d
}

func (d *rcDecoder) next() byte {
	if len(d.in) == 0 {
		d.past++
		return 0
	}
	b := d.in[0]
	d.in = d.in[1:]
	return b
}

// bit decodes a decision coded with the probability *p and adapts *p.
func (d *rcDecoder) bit(p *prob) int {
	bound := d.rng >> probBits * uint32(*p)
	var b int
	if d.code < bound {
		d.rng = bound
		*p += (1<<probBits - *p) >> adaptShift
	} else {
		d.code -= bound
		d.rng -= bound
		*p -= *p >> adaptShift
		b = 1
	}
	for d.rng < rcTop {
		d.rng <<= 8
		d.code = d.code<<8 | uint32(d.next())
	}
	return b
}

// check reports an error when the decoding read bytes that the encoder
// could not have left out (more than its flush's four), or left bytes
// unread: the coded bytes were not these decisions'.
func (d *rcDecoder) check() error {
	if d.past > 4 || len(d.in) > 0 {
		return errors.New("its coded length does not match its decisions")
	}
	return nil
}
