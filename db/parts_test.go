package db

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// orbitGame is a game whose ranks stand for 1 to 3 positions each, in
// runs of 1000 ranks (Ranking.Orbit), so the manifest's counts of a tier
// written in parts must weigh each part's ranks as EncodeTier does.
const orbitGame = "test:orbits"

var orbitRanking = Ranking{Version: 2, Orbit: func(t uint64, r int64) (int64, int64) {
	return 1 + (r/1000+int64(t))%3, (r/1000 + 1) * 1000
}}

// rankingOf is the ranking of a test game: orbitGame's, or one
// position a rank.
func rankingOf(game string) Ranking {
	if game == orbitGame {
		return orbitRanking
	}
	return Ranking{}
}

// tierRecords makes size records at 2 bytes a record: runs of empty
// ranks (whole empty blocks among them) and random codes, codes past a
// byte at the ranks in wide (so the tier is 2 bytes wide iff wide is
// not empty).
func tierRecords(rng *rand.Rand, size int64, wide []int64) Records {
	recs := NewRecords(size, 2)
	for r := int64(0); r < size; {
		run := min(size-r, 1+rng.Int64N(3*BlockBytes))
		if rng.IntN(3) > 0 {
			for i := r; i < r+run; i++ {
				if rng.IntN(4) > 0 {
					recs.Set(i, uint16(1+rng.IntN(255)))
				}
			}
		}
		r += run
	}
	for _, r := range wide {
		recs.Set(r, uint16(256+rng.IntN(1000)))
	}
	return recs
}

// cuts splits [0, size) at random ranks, some on block boundaries.
func cuts(rng *rand.Rand, size int64) []int64 {
	cs := []int64{0}
	for k := rng.IntN(8); k > 0 && size > 0; k-- {
		c := rng.Int64N(size + 1)
		if rng.IntN(3) == 0 {
			c -= c % (BlockBytes / 2) // a boundary at width 2, maybe at width 1
		}
		cs = append(cs, c)
	}
	cs = append(cs, size)
	for i := 1; i < len(cs); i++ { // sort (few cuts)
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	return cs
}

// assemble writes recs in parts at the given cuts (ranges with no
// record are left out at random, as the pipeline writes no part for a
// range without reachable positions) and assembles them.
func assemble(t *testing.T, rng *rand.Rand, recs Records, cs []int64, game string, tier uint64) ([]byte, TierInfo) {
	t.Helper()
	size := recs.Len()
	var parts []Part
	var files [][]byte
	for i := 0; i+1 < len(cs); i++ {
		r0, r1 := cs[i], cs[i+1]
		if r0 == r1 && rng.IntN(2) == 0 {
			continue
		}
		sub := Records{Width: 2, Data: recs.Data[2*r0 : 2*r1]}
		if CountRecords(sub).Positions() == 0 && rng.IntN(2) == 0 {
			continue
		}
		var buf bytes.Buffer
		p, err := WritePart(&buf, game, rankingOf(game), tier, size, r0, sub.Narrow())
		if err != nil {
			t.Fatal(err)
		}
		if p.Bytes != int64(buf.Len()) {
			t.Fatalf("part says %d bytes, wrote %d", p.Bytes, buf.Len())
		}
		parts = append(parts, p)
		files = append(files, buf.Bytes())
	}
	var out bytes.Buffer
	info, err := AssembleTier(&out, game, tier, "T", size, parts, func(i int) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(files[i])), nil
	})
	if err != nil {
		t.Fatalf("cuts %v: %v", cs, err)
	}
	return out.Bytes(), info
}

// A tier written in parts and assembled is EncodeTier's file of the same
// records, byte for byte, with the same description: for random splits,
// tiers of 1-byte records, of 2-byte ones where some parts fit a byte
// (their blocks widened when assembling) or none does, empty ranges left
// out, and empty tiers, tiers of less than a block and with a last
// partial block.
func TestPartsSameAsWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	sizes := []int64{0, 1, 7, BlockBytes / 2, BlockBytes - 1, BlockBytes, BlockBytes + 1, 3 * BlockBytes, 5*BlockBytes + 123}
	for trial := range 200 {
		size := sizes[trial%len(sizes)]
		if trial >= 2*len(sizes) {
			size = rng.Int64N(6 * BlockBytes)
		}
		var wide []int64
		switch k := trial % 3; {
		case size == 0 || k == 0:
		case k == 1: // a few wide records: most parts are narrow
			wide = []int64{rng.Int64N(size)}
		default: // wide records everywhere
			for r := int64(0); r < size; r += 1 + rng.Int64N(2000) {
				wide = append(wide, r)
			}
		}
		game := "test:parts"
		if trial%2 == 1 {
			game = orbitGame // counts weighed by orbits, as Connect-4's
		}
		recs := tierRecords(rng, size, wide)
		whole := recs.Narrow()
		var want bytes.Buffer
		wantInfo, err := EncodeTier(&want, game, rankingOf(game), uint64(trial), "T", whole)
		if err != nil {
			t.Fatal(err)
		}
		cs := cuts(rng, size)
		got, info := assemble(t, rng, recs, cs, game, uint64(trial))
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("trial %d: %d records of width %d in parts %v: %d bytes, EncodeTier's %d", trial, size, whole.Width, cs, len(got), want.Len())
		}
		a, _ := json.Marshal(info)
		b, _ := json.Marshal(wantInfo)
		if !bytes.Equal(a, b) {
			t.Fatalf("trial %d: the description\n %s\nwant\n %s", trial, a, b)
		}
		back, _, err := DecodeTier(bytes.NewReader(got), int64(len(got)), "T", game, rankingOf(game), uint64(trial), "T", size)
		if err != nil || !bytes.Equal(back.Data, whole.Data) {
			t.Fatalf("trial %d: read back: %v", trial, err)
		}
	}
}

// An index larger than spillAt goes through a temporary file, with the
// same bytes.
func TestPartsIndexSpilled(t *testing.T) {
	defer func(n int) { spillAt = n }(spillAt)
	spillAt = 3 * entrySize
	rng := rand.New(rand.NewPCG(17, 2))
	for _, size := range []int64{20*BlockBytes + 5, 9 * BlockBytes} {
		recs := tierRecords(rng, size, nil)
		var want bytes.Buffer
		if _, err := EncodeTier(&want, "g", Ranking{}, 3, "T", recs.Narrow()); err != nil {
			t.Fatal(err)
		}
		cs := []int64{0}
		for _, c := range []int64{3*BlockBytes + 17, 4 * BlockBytes, 7 * BlockBytes, 11 * BlockBytes, size} {
			cs = append(cs, min(c, size))
		}
		got, _ := assemble(t, rng, recs, cs, "g", 3)
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("%d records: the assembled file differs from EncodeTier's", size)
		}
	}
}

// A damaged, truncated or foreign part, or parts that overlap, are an
// error naming the part, never a file.
func TestPartsDamaged(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 3))
	size := int64(3*BlockBytes + 100)
	recs := tierRecords(rng, size, nil).Narrow()
	var buf bytes.Buffer
	p, err := WritePart(&buf, "g", Ranking{}, 5, size, 100, Records{Width: 1, Data: recs.Data[100:]})
	if err != nil {
		t.Fatal(err)
	}
	file := buf.Bytes()
	try := func(what string, parts []Part, data []byte, want string) {
		t.Helper()
		_, err := AssembleTier(io.Discard, "g", 5, "T", size, parts, func(int) (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(data)), nil
		})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", what, err, want)
		}
	}
	for _, at := range []int{5, 70, len(file) / 2, len(file) - 20, len(file) - 3} {
		bad := bytes.Clone(file)
		bad[at] ^= 0x10
		try(fmt.Sprintf("a bit flipped at byte %d", at), []Part{p}, bad, "the part of ranks 100 to ")
	}
	try("truncated", []Part{p}, file[:len(file)-100], "ends early")
	try("longer", []Part{p}, append(bytes.Clone(file), 0), "after its footer")
	other := p
	other.First = 99
	try("another range", []Part{other}, file, "not the one of this game")
	try("overlapping", []Part{p, p}, file, "overlaps")
	var b2 bytes.Buffer
	if _, err := WritePart(&b2, "h", Ranking{}, 5, size, 100, Records{Width: 1, Data: recs.Data[100:]}); err != nil {
		t.Fatal(err)
	}
	try("another game", []Part{p}, b2.Bytes(), "not the one of this game")
	if _, err := WritePart(io.Discard, "g", Ranking{}, 5, size, size-1, Records{Width: 1, Data: make([]byte, 2)}); err == nil {
		t.Error("a part past the tier's end was written")
	}
}

// ScanTier describes a tier file as DecodeTier does, and finds the same
// damage.
func TestScanTier(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	for _, size := range []int64{0, 5, 4*BlockBytes + 9, 3*BlockBytes + 2000} {
		for _, wide := range [][]int64{nil, {size / 2}} {
			if size == 0 && wide != nil {
				continue
			}
			var buf bytes.Buffer
			recs := tierRecords(rng, size, wide).Narrow()
			if _, err := EncodeTier(&buf, orbitGame, orbitRanking, 2, "T", recs); err != nil {
				t.Fatal(err)
			}
			file := buf.Bytes()
			_, want, err := DecodeTier(bytes.NewReader(file), int64(len(file)), "T", orbitGame, orbitRanking, 2, "T", size)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ScanTier(bytes.NewReader(file), int64(len(file)), "T", orbitGame, orbitRanking, 2, "T", size)
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			if err != nil || !bytes.Equal(a, b) {
				t.Fatalf("%d records: %s, %v\nwant %s", size, a, err, b)
			}
			for _, at := range []int{3, 80, len(file) / 2, len(file) - 40, len(file) - 5} {
				bad := bytes.Clone(file)
				bad[at] ^= 1
				_, _, derr := DecodeTier(bytes.NewReader(bad), int64(len(bad)), "T", orbitGame, orbitRanking, 2, "T", size)
				_, err := ScanTier(bytes.NewReader(bad), int64(len(bad)), "T", orbitGame, orbitRanking, 2, "T", size)
				if err == nil || derr == nil {
					t.Errorf("%d records, a bit flipped at byte %d: ScanTier %v, DecodeTier %v; want both to fail", size, at, err, derr)
				}
			}
			if _, err := ScanTier(bytes.NewReader(file), int64(len(file)), "T", orbitGame, orbitRanking, 3, "T", size); err == nil {
				t.Error("another tier's file was taken")
			}
		}
	}
}

// TestDescriptionChecksum: a description reads back as written, and no
// byte of it can change (two bits flipped, anywhere, the newlines and
// the checksum included) without UnmarshalDescription refusing it.
func TestDescriptionChecksum(t *testing.T) {
	want := Part{First: 4096, Len: 1000, Width: 1, Bytes: 1234, CRC: 0xdeadbeef}
	want.Count.Draw = 17
	desc, err := MarshalDescription(want)
	if err != nil {
		t.Fatal(err)
	}
	var got Part
	if !UnmarshalDescription(desc, &got) || !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %+v, want %+v", got, want)
	}
	for i := range desc {
		bad := bytes.Clone(desc)
		bad[i] ^= 0x21
		if UnmarshalDescription(bad, &got) {
			t.Errorf("byte %d changed (%q): taken", i, bad)
		}
	}
	if UnmarshalDescription(desc[:len(desc)-1], &got) {
		t.Error("a description without its last byte: taken")
	}
}
