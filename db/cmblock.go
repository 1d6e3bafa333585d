package db

import (
	"errors"
	"math/bits"
	"sync"
)

// A block coded by a context model (format 6, doc.go "Blocks of format
// 6"): every rank of the block, the empty ones included, is one symbol,
// so that the bitmap is not stored apart; each symbol is coded as binary
// decisions by the range coder (rangecoder.go), each decision with a
// probability learnt in the block from the decisions before it in the
// same context:
//
//   - whether the rank holds a record, given whether the cmHist ranks
//     before it do (the bitmap's runs and its period, such as the images
//     of one board under a symmetry lying side by side);
//   - if it does, the record's place in the block's list of the codes
//     seen so far, ordered by how often they were seen (the commonest
//     first): "is it the first? the second? ..." up to cmUnary places,
//     each decision given the place of the record before it and
//     whether the rank before was empty (an order-1 model of the
//     records: order 2 learnt too slowly in a block to pay, below);
//   - a place past cmUnary by its bits, and a code not seen before in
//     the block by its bytes (a binary tree a byte).
//
// Nothing is stored but the coded decisions: the list, the counts and
// the probabilities start the same in the encoder and the decoder and
// change with what is coded. The contexts are few because a block is
// short: every probability starts at ½ and is learnt within the block
// (a lookup decodes one block alone), so each context more costs bits
// while it learns. Measured on Connect-4 5x5 and Teeko (BENCHMARKS.md,
// "Format 6"): 8 ranks of history beat 12 and 6; an order-1 model of
// the records beat order 2; adding the record's place to the empty
// decision's context lost.
const (
	cmHist  = 8  // ranks of emptiness history: the context of the empty decision
	cmUnary = 16 // places in the list coded one decision each
	cmA     = cmUnary + 2
	cmB     = 1 // places of the record two back that give context (1: none; 2 and 4 measured worse)
)

// cmModel is the adaptive state of a block's coding, the same in the
// encoder and the decoder.
type cmModel struct {
	empty  [1 << cmHist]prob
	unary  [cmA * cmB * 2][cmUnary]prob
	far    [2]prob      // [ctx]: the place is past cmUnary (else a new code)
	farB   [16][2]prob  // bits of a place past cmUnary: [bit][prefix bit]
	farN   [17]prob     // unary of the number of bits of a far place
	tree   [2][256]prob // a new code's bytes: [byte][node]
	syms   []uint16     // the codes seen, commonest first
	cnt    []uint32     // syms' counts
	pos    []int32      // code → 1 + its place in syms, 0 if absent (encoder only)
	usePos bool         // the encoder's: seen keeps pos
}

var cmPool = sync.Pool{New: func() any { return new(cmModel) }}

func (m *cmModel) reset() {
	for i := range m.empty {
		m.empty[i] = probInit
	}
	for i := range m.unary {
		for j := range m.unary[i] {
			m.unary[i][j] = probInit
		}
	}
	m.far = [2]prob{probInit, probInit}
	for i := range m.farB {
		m.farB[i] = [2]prob{probInit, probInit}
	}
	for i := range m.farN {
		m.farN[i] = probInit
	}
	for i := range m.tree {
		for j := range m.tree[i] {
			m.tree[i][j] = probInit
		}
	}
	m.syms, m.cnt = m.syms[:0], m.cnt[:0]
	m.usePos = false
}

// seen counts one more use of the code at place x of the list and moves
// it ahead of the codes seen less often.
func (m *cmModel) seen(x int) {
	m.cnt[x]++
	for x > 0 && m.cnt[x] > m.cnt[x-1] {
		m.syms[x], m.syms[x-1] = m.syms[x-1], m.syms[x]
		m.cnt[x], m.cnt[x-1] = m.cnt[x-1], m.cnt[x]
		if m.usePos {
			m.pos[m.syms[x]] = int32(x + 1)
			m.pos[m.syms[x-1]] = int32(x)
		}
		x--
	}
}

// placeCtx is the context a record's place gives the records after it:
// its place up to cmUnary-1, cmUnary for one past them, cmUnary+1 for a
// new code.
func placeCtx(x int, isNew bool) int {
	switch {
	case isNew:
		return cmUnary + 1
	case x >= cmUnary:
		return cmUnary
	}
	return x
}

// encodeCMBlock appends to dst the context-model coding of a block's
// records raw (of width bytes each, rank by rank, empty ones included).
func encodeCMBlock(dst, raw []byte, width int) []byte {
	m := cmPool.Get().(*cmModel)
	defer cmPool.Put(m)
	m.reset()
	if len(m.pos) < 1<<(8*width) {
		m.pos = make([]int32, 1<<(8*width))
	}
	m.usePos = true
	defer func() {
		for _, s := range m.syms {
			m.pos[s] = 0
		}
	}()
	e := newRCEncoder(dst)
	start := len(dst)
	k := len(raw) / width
	hist, a, b, prevEmpty := uint32(0), cmUnary+1, cmB-1, 1
	for i := range k {
		c := uint16(raw[i*width])
		if width == 2 {
			c |= uint16(raw[i*width+1]) << 8
		}
		ctx := &m.empty[hist]
		if c == Empty {
			e.bit(ctx, 1)
			hist = (hist<<1 | 1) & (1<<cmHist - 1)
			prevEmpty = 1
			continue
		}
		e.bit(ctx, 0)
		hist = hist << 1 & (1<<cmHist - 1)
		u := &m.unary[(a*cmB+b)*2+prevEmpty]
		x := int(m.pos[c]) - 1
		n := len(m.syms)
		isNew := x < 0
		for j := range min(n, cmUnary) {
			if j == x {
				e.bit(&u[j], 1)
				break
			}
			e.bit(&u[j], 0)
		}
		if x < 0 || x >= cmUnary {
			if n > cmUnary {
				far := 0
				if x >= 0 {
					far = 1
				}
				e.bit(&m.far[0], far)
			}
			if x >= cmUnary {
				encodeFar(&e, m, x-cmUnary)
			} else {
				encodeNew(&e, m, c, width)
				m.syms = append(m.syms, c)
				m.cnt = append(m.cnt, 0)
				x = n
				m.pos[c] = int32(x + 1)
			}
		}
		m.seen(x)
		a, b = placeCtx(x, isNew), min(a, cmB-1)
		prevEmpty = 0
	}
	return e.finish(start)
}

// encodeFar codes v, a place past cmUnary less that, as the number of
// its bits (one decision each, Elias's gamma code) and its bits below
// the top one.
func encodeFar(e *rcEncoder, m *cmModel, v int) {
	nb := bits.Len(uint(v)) // 0 for v = 0
	for j := range nb {
		e.bit(&m.farN[j], 0)
	}
	e.bit(&m.farN[nb], 1)
	for j := nb - 2; j >= 0; j-- {
		e.bit(&m.farB[j][v>>(j+1)&1], v>>j&1)
	}
}

func decodeFar(d *rcDecoder, m *cmModel) int {
	nb := 0
	for nb < 16 && d.bit(&m.farN[nb]) == 0 {
		nb++
	}
	if nb == 0 {
		return 0
	}
	v := 1
	for j := nb - 2; j >= 0; j-- {
		v = v<<1 | d.bit(&m.farB[j][v&1])
	}
	return v
}

// encodeNew codes a code not seen before in the block by its bytes,
// the high one first, each by a binary tree of its bits.
func encodeNew(e *rcEncoder, m *cmModel, c uint16, width int) {
	for by := width - 1; by >= 0; by-- {
		t := &m.tree[by]
		v := int(c>>(8*by)) & 0xff
		node := 1
		for j := 7; j >= 0; j-- {
			bit := v >> j & 1
			e.bit(&t[node], bit)
			node = node<<1 | bit
		}
	}
}

func decodeNew(d *rcDecoder, m *cmModel, width int) uint16 {
	var c uint16
	for by := width - 1; by >= 0; by-- {
		t := &m.tree[by]
		node := 1
		for range 8 {
			node = node<<1 | d.bit(&t[node])
		}
		c |= uint16(node&0xff) << (8 * by)
	}
	return c
}

var errCMDamaged = errors.New("its coded records are damaged")

// decodeCMBlock is encodeCMBlock's inverse, to the block's sparse form:
// the bitmap of its k ranks, then its records (of width bytes each), in
// dst's space (its capacity at least the sparse form's largest length).
// An error when comp cannot be such a block; the caller checks the
// checksum.
func decodeCMBlock(comp []byte, k, width int, dst []byte) ([]byte, error) {
	nb := bitmapBytes(k)
	if cap(dst) < nb+k*width {
		return nil, errors.New("the block does not fit its buffer")
	}
	out := dst[:nb]
	clear(out)
	m := cmPool.Get().(*cmModel)
	defer cmPool.Put(m)
	m.reset()
	d := newRCDecoder(comp)
	hist, a, b, prevEmpty := uint32(0), cmUnary+1, cmB-1, 1
	for i := range k {
		if d.bit(&m.empty[hist]) == 1 {
			hist = (hist<<1 | 1) & (1<<cmHist - 1)
			prevEmpty = 1
			continue
		}
		hist = hist << 1 & (1<<cmHist - 1)
		u := &m.unary[(a*cmB+b)*2+prevEmpty]
		n := len(m.syms)
		x := -1
		for j := range min(n, cmUnary) {
			if d.bit(&u[j]) == 1 {
				x = j
				break
			}
		}
		isNew := false
		if x < 0 {
			if n > cmUnary && d.bit(&m.far[0]) == 1 {
				x = cmUnary + decodeFar(&d, m)
				if x >= n {
					return nil, errCMDamaged
				}
			} else {
				c := decodeNew(&d, m, width)
				if c == Empty {
					return nil, errCMDamaged
				}
				m.syms = append(m.syms, c)
				m.cnt = append(m.cnt, 0)
				x, isNew = n, true
			}
		}
		c := m.syms[x]
		m.seen(x)
		out[i>>3] |= 1 << (i & 7)
		out = append(out, byte(c))
		if width == 2 {
			out = append(out, byte(c>>8))
		}
		a, b = placeCtx(x, isNew), min(a, cmB-1)
		prevEmpty = 0
		if d.past > 4 {
			return nil, errCMDamaged
		}
	}
	if err := d.check(); err != nil {
		return nil, err
	}
	return out, nil
}
