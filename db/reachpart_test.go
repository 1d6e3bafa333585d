package db

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// A reachability part reads back as written, for random ranges and
// densities; every damaged byte, a truncation, a trailing byte and the
// part of another game, tier, range or tier size are refused.
func TestReachPart(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	const game = "test:reach"
	for trial := range 300 {
		size := 1 + rng.Int64N(5000)
		first := rng.Int64N(size)
		n := rng.Int64N(size - first + 1)
		words := make([]uint64, (n+63)/64)
		var want int64
		for r := range n {
			if rng.IntN(1+trial%7) == 0 {
				words[r/64] |= 1 << (r % 64)
				want++
			}
		}
		var buf bytes.Buffer
		count, err := WriteReachPart(&buf, game, 3, size, first, n, words)
		if err != nil || count != want {
			t.Fatalf("WriteReachPart: %d, %v; want %d", count, err, want)
		}
		// A resumed build's count, from the header and footer alone.
		if c, err := ReachPartCount(bytes.NewReader(buf.Bytes()), int64(buf.Len()), game, 3, size, first, n); err != nil || c != want {
			t.Fatalf("ReachPartCount: %d, %v; want %d", c, err, want)
		}
		for _, bad := range []struct {
			what string
			data []byte
		}{
			{"truncated", buf.Bytes()[:buf.Len()-1]},
			{"footer damaged", append(append([]byte(nil), buf.Bytes()[:buf.Len()-1]...), 'X')},
			{"header damaged", append([]byte{buf.Bytes()[0] ^ 1}, buf.Bytes()[1:]...)},
		} {
			if _, err := ReachPartCount(bytes.NewReader(bad.data), int64(len(bad.data)), game, 3, size, first, n); !errors.Is(err, ErrReachPart) {
				t.Fatalf("ReachPartCount of a part %s: %v", bad.what, err)
			}
		}
		if _, err := ReachPartCount(bytes.NewReader(buf.Bytes()), int64(buf.Len()), game, 4, size, first, n); !errors.Is(err, ErrReachPart) {
			t.Fatalf("ReachPartCount of another tier's part: %v", err)
		}
		got, count, err := ReadReachPart(bytes.NewReader(buf.Bytes()), game, 3, size, first, n)
		if err != nil || count != want || len(got) != len(words) {
			t.Fatalf("ReadReachPart: %d words, %d marked, %v; want %d, %d", len(got), count, err, len(words), want)
		}
		for i := range words {
			if got[i] != words[i] {
				t.Fatalf("word %d: %x, want %x", i, got[i], words[i])
			}
		}
		b := buf.Bytes()
		bad := func(what string, data []byte, game string, tier uint64, size, first, n int64) {
			t.Helper()
			if _, _, err := ReadReachPart(bytes.NewReader(data), game, tier, size, first, n); !errors.Is(err, ErrReachPart) {
				t.Fatalf("%s: %v, want ErrReachPart", what, err)
			}
		}
		i := rng.IntN(len(b))
		flipped := bytes.Clone(b)
		flipped[i] ^= 1 << rng.IntN(8)
		bad("a flipped bit", flipped, game, 3, size, first, n)
		bad("truncated", b[:rng.IntN(len(b))], game, 3, size, first, n)
		bad("a byte after", append(bytes.Clone(b), 0), game, 3, size, first, n)
		bad("another game", b, "test:other", 3, size, first, n)
		bad("another tier", b, game, 4, size, first, n)
		bad("another tier size", b, game, 3, size+1, first, n)
		bad("another first rank", b, game, 3, size+1, first+1, n)
		if first+n < size {
			bad("another length", b, game, 3, size, first, n+1)
		}
	}
}

func TestReachPartRefuses(t *testing.T) {
	var buf bytes.Buffer
	for _, c := range []struct {
		size, first, n int64
		words          []uint64
	}{
		{10, 5, 6, []uint64{1}},         // past the tier
		{100, 0, 64, nil},               // too few words
		{100, 0, 10, []uint64{1 << 10}}, // a bit past the range
		{100, -1, 10, []uint64{1}},
	} {
		if _, err := WriteReachPart(&buf, "g", 0, c.size, c.first, c.n, c.words); err == nil {
			t.Errorf("WriteReachPart(size %d, first %d, n %d, %x) wrote", c.size, c.first, c.n, c.words)
		}
	}
	// A bit past the range in a file (a writer that did not check).
	h := reachPartHeader("g", 0, 100, 0, 10, reachRaw)
	w := []byte{0, 4, 0, 0, 0, 0, 0, 0} // bit 10
	var f [16]byte
	f[0] = byte(bits.OnesCount8(4))
	sum := crc(w)
	f[8], f[9], f[10], f[11] = byte(sum), byte(sum>>8), byte(sum>>16), byte(sum>>24)
	copy(f[12:], reachPartFooter)
	data := append(append(h, w...), f[:]...)
	if _, _, err := ReadReachPart(bytes.NewReader(data), "g", 0, 100, 0, 10); !errors.Is(err, ErrReachPart) {
		t.Errorf("a bit past the range: %v", err)
	}
}

// CheckPart passes a part as WritePart wrote it and refuses it with any
// byte changed, cut short or lengthened, or described as another range,
// width or tier.
func TestCheckPart(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2))
	const game = "test:parts"
	for range 40 {
		size := 1 + rng.Int64N(4*BlockBytes)
		first := rng.Int64N(size)
		n := 1 + rng.Int64N(size-first)
		recs := NewRecords(n, 2)
		for i := range n {
			if rng.IntN(3) > 0 {
				recs.Set(i, uint16(1+rng.IntN(300)))
			}
		}
		var buf bytes.Buffer
		p, err := WritePart(&buf, game, Ranking{}, 5, size, first, recs.Narrow())
		if err != nil {
			t.Fatal(err)
		}
		b := buf.Bytes()
		if err := CheckPart(bytes.NewReader(b), p, game, 5, size); err != nil {
			t.Fatalf("a whole part: %v", err)
		}
		bad := func(what string, data []byte, p Part, game string, tier uint64, size int64) {
			t.Helper()
			if err := CheckPart(bytes.NewReader(data), p, game, tier, size); !errors.Is(err, errPart) {
				t.Fatalf("%s: %v, want errPart", what, err)
			}
		}
		flipped := bytes.Clone(b)
		flipped[rng.IntN(len(b))] ^= 1 << rng.IntN(8)
		bad("a flipped bit", flipped, p, game, 5, size)
		bad("truncated", b[:rng.IntN(len(b))], p, game, 5, size)
		bad("a byte after", append(bytes.Clone(b), 0), p, game, 5, size)
		bad("another game", b, p, "test:other", 5, size)
		bad("another tier", b, p, game, 6, size)
		q := p
		q.First++
		bad("another first rank", b, q, game, 5, size+1)
		q = p
		q.Width = 3 - p.Width
		bad("another width", b, q, game, 5, size)
	}
}

// TestReachPartRawAndLarge: a part as written before bitmaps were
// compressed (the words as they are) still reads and counts; a part of
// many frames round-trips.
func TestReachPartRawAndLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const game = "test:reach"
	n := int64(64*1000 - 13)
	words := make([]uint64, (n+63)/64)
	var want int64
	for r := range n {
		if rng.IntN(3) == 0 {
			words[r/64] |= 1 << (r % 64)
			want++
		}
	}
	var body []byte
	for _, x := range words {
		body = binary.LittleEndian.AppendUint64(body, x)
	}
	var f [16]byte
	binary.LittleEndian.PutUint64(f[:], uint64(want))
	binary.LittleEndian.PutUint32(f[8:], crc(body))
	copy(f[12:], reachPartFooter)
	data := append(append(reachPartHeader(game, 2, 2*n, n, n, reachRaw), body...), f[:]...)
	got, count, err := ReadReachPart(bytes.NewReader(data), game, 2, 2*n, n, n)
	if err != nil || count != want || !slices.Equal(got, words) {
		t.Fatalf("a raw part: %d marked, %v, equal %v; want %d", count, err, slices.Equal(got, words), want)
	}
	if c, err := ReachPartCount(bytes.NewReader(data), int64(len(data)), game, 2, 2*n, n, n); err != nil || c != want {
		t.Fatalf("a raw part's count: %d, %v; want %d", c, err, want)
	}

	big := int64(64 * 19 * reachChunkWords / 2)
	bw := make([]uint64, big/64)
	for i := 0; i < len(bw); i += 1 + rng.IntN(40) {
		bw[i] = ^uint64(0) << rng.IntN(64)
	}
	var buf bytes.Buffer
	marked, err := WriteReachPart(&buf, game, 7, big, 0, big, bw)
	if err != nil {
		t.Fatal(err)
	}
	if int64(buf.Len()) >= big/8/2 {
		t.Errorf("a part of %d ranks takes %d bytes: not compressed", big, buf.Len())
	}
	back, count, err := ReadReachPart(bytes.NewReader(buf.Bytes()), game, 7, big, 0, big)
	if err != nil || count != marked || !slices.Equal(back, bw) {
		t.Fatalf("a part of %d frames: %d marked, %v, equal %v; want %d", (len(bw)+reachChunkWords-1)/reachChunkWords, count, err, slices.Equal(back, bw), marked)
	}
	if c, err := ReachPartCount(bytes.NewReader(buf.Bytes()), int64(buf.Len()), game, 7, big, 0, big); err != nil || c != marked {
		t.Fatalf("its count: %d, %v; want %d", c, err, marked)
	}
}
