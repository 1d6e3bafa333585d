package db

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/outcome"
)

func TestCodes(t *testing.T) {
	for _, width := range []int{1, 2} {
		for r := uint32(0); r <= MaxRemoteness(width); r++ {
			for _, o := range []outcome.Outcome{outcome.N, outcome.P} {
				c, ok := Encode(o, r)
				if !ok || !Fits(c, width) {
					t.Fatalf("Encode(%v, %d) = %d, %v: does not fit width %d", o, r, c, ok, width)
				}
				if o2, r2, ok := Decode(c); !ok || o2 != o || r2 != r {
					t.Fatalf("Decode(Encode(%v, %d)) = %v, %d", o, r, o2, r2)
				}
			}
		}
	}
	if c, _ := Encode(outcome.N, MaxRemoteness(1)+1); Fits(c, 1) {
		t.Errorf("remoteness %d fits a byte", MaxRemoteness(1)+1)
	}
	if _, ok := Encode(outcome.N, MaxRemoteness(2)+1); ok {
		t.Errorf("remoteness past 2 bytes encoded")
	}
	for _, tc := range []struct {
		o    outcome.Outcome
		r    uint32
		code uint16
	}{{outcome.D, NoRemoteness, Draw}, {outcome.N, NoRemoteness, EndlessWin}, {outcome.P, NoRemoteness, EndlessLos}, {outcome.P, 0, 4}, {outcome.N, 0, 5}, {outcome.N, 3, 11}} {
		if c, ok := Encode(tc.o, tc.r); !ok || c != tc.code {
			t.Errorf("Encode(%v, %d) = %d, want %d", tc.o, tc.r, c, tc.code)
		}
	}
}

// randomRecords returns n records with runs and empties, as tiers have.
func randomRecords(r *rand.Rand, n int64, width int) Records {
	recs := NewRecords(n, width)
	max := uint16(255)
	if width == 2 {
		max = 700
	}
	for i := int64(0); i < n; i++ {
		if r.IntN(3) == 0 {
			continue
		}
		recs.Set(i, uint16(r.IntN(int(max)+1)))
	}
	return recs
}

type builtTier struct {
	tier uint64
	recs Records
}

func build(t *testing.T, dir, game string, tiers []builtTier) {
	t.Helper()
	b, err := Create(dir, game)
	if err != nil {
		t.Fatal(err)
	}
	var infos []TierInfo
	for _, bt := range tiers {
		info, err := b.WriteTier(bt.tier, "tier "+string(rune('A'+bt.tier)), bt.recs)
		if err != nil {
			t.Fatal(err)
		}
		infos = append(infos, info)
	}
	if err := b.Finish(tiers[0].tier, 0, infos); err != nil {
		t.Fatal(err)
	}
}

func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	tiers := []builtTier{
		{0, randomRecords(r, 1, 1)},
		{1, randomRecords(r, 0, 1)},
		{2, randomRecords(r, BlockBytes, 1)},
		{3, randomRecords(r, 3*BlockBytes+17, 1)},
		{4, randomRecords(r, BlockBytes/2*3+5, 2)},
	}
	build(t, dir, "test:1", tiers)
	d, err := Open(dir, "test:1")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var want Count
	for _, bt := range tiers {
		for i := range bt.recs.Len() {
			c, err := d.Code(bt.tier, i)
			if err != nil || c != bt.recs.Get(i) {
				t.Fatalf("tier %d rank %d: %d, %v; want %d", bt.tier, i, c, err, bt.recs.Get(i))
			}
		}
		got, ok, err := d.LoadTier(bt.tier)
		if err != nil || !ok || !bytes.Equal(got.Data, bt.recs.Data) || got.Width != bt.recs.Width {
			t.Fatalf("LoadTier(%d): %v %v", bt.tier, ok, err)
		}
		want.AddCount(CountRecords(bt.recs))
	}
	if _, err := d.Code(3, 3*BlockBytes+17); err == nil {
		t.Errorf("a rank past the tier: no error")
	}
	if c, err := d.Code(99, 5); c != Empty || err != nil {
		t.Errorf("a tier not in the database: %d, %v", c, err)
	}
	s := d.Stats()
	if s.Total.Positions() != want.Positions() || s.Total.String() != want.String() || len(s.Tiers) != 5 {
		t.Errorf("stats %v, want %v", s.Total, want)
	}
	if err := d.Verify(); err != nil {
		t.Error(err)
	}
}

func TestDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	recs := randomRecords(r, 5*BlockBytes+3, 1)
	a, b := t.TempDir(), t.TempDir()
	build(t, a, "g", []builtTier{{7, recs}})
	build(t, b, "g", []builtTier{{7, recs}})
	for _, f := range []string{ManifestName, TierFileName(7)} {
		x, _ := os.ReadFile(filepath.Join(a, f))
		y, _ := os.ReadFile(filepath.Join(b, f))
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two builds", f)
		}
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	build(t, dir, "connect4:5x4", []builtTier{{0, randomRecords(rand.New(rand.NewPCG(1, 1)), 10, 1)}})
	_, err := Open(dir, "tictactoe")
	if err == nil || err.Error() != dir+" is a database of connect4:5x4, not tictactoe" {
		t.Errorf("other game: %v", err)
	}
	mp := filepath.Join(dir, ManifestName)
	m, _ := os.ReadFile(mp)
	// A database without a tier index (written before it existed) is
	// opened from its manifest, which is checked whole (index_test.go
	// has the same with the index).
	if err := os.Remove(filepath.Join(dir, IndexName)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(mp, bytes.Replace(m, fmt.Appendf(nil, `"format":%d`, WriteFormat), fmt.Appendf(nil, `"format":%d`, FormatVersion+1), 1), 0o644)
	_, err = Open(dir, "connect4:5x4")
	if err == nil || err.Error() != fmt.Sprintf("%s: format version %d, this grundy reads 1 to %d", dir, FormatVersion+1, FormatVersion) {
		t.Errorf("other version: %v", err)
	}
	os.WriteFile(mp, bytes.Replace(m, []byte(`"draw":`), []byte(`"draw":1`), 1), 0o644)
	if _, err = Open(dir, ""); !errors.Is(err, ErrCorrupt) {
		t.Errorf("changed count: %v", err)
	}
	if _, err := Open(t.TempDir(), ""); err == nil || !strings.Contains(err.Error(), "not a grundy database") {
		t.Errorf("empty dir: %v", err)
	}
	if _, err := Create(dir, "tictactoe"); err == nil || !strings.Contains(err.Error(), "connect4:5x4") {
		t.Errorf("Create over another game: %v", err)
	}
	b, _ := Create(t.TempDir(), "x")
	if _, err := Create(b.dir, "y"); err == nil || !strings.Contains(err.Error(), "a build of x") {
		t.Errorf("Create over another build: %v", err)
	}
	if _, err := Open(b.dir, "x"); err == nil || !strings.Contains(err.Error(), "not finished") {
		t.Errorf("unfinished: %v", err)
	}
}

// TestDamage flips bytes in, and truncates, each file of a database:
// every query then answers as before or fails with an error naming the
// file, never a wrong answer or a panic.
func TestDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	src := t.TempDir()
	tiers := []builtTier{{1, randomRecords(r, 2*BlockBytes+100, 1)}, {2, randomRecords(r, BlockBytes/2+9, 2)}}
	build(t, src, "g", tiers)
	files := []string{ManifestName, TierFileName(1), TierFileName(2)}
	check := func(dir, what string) {
		d, err := Open(dir, "g")
		if err != nil {
			return
		}
		defer d.Close()
		for _, bt := range tiers {
			for _, i := range []int64{0, 1, BlockBytes - 1, BlockBytes, bt.recs.Len() - 1, r.Int64N(bt.recs.Len())} {
				if i >= bt.recs.Len() {
					continue
				}
				c, err := d.Code(bt.tier, i)
				if err != nil {
					if !strings.Contains(err.Error(), dir) {
						t.Fatalf("%s: error names no file: %v", what, err)
					}
					continue
				}
				if c != bt.recs.Get(i) {
					t.Fatalf("%s: tier %d rank %d: %d, want %d", what, bt.tier, i, c, bt.recs.Get(i))
				}
			}
			got, _, err := d.LoadTier(bt.tier)
			if err == nil && !bytes.Equal(got.Data, bt.recs.Data) {
				t.Fatalf("%s: LoadTier(%d) gave wrong records", what, bt.tier)
			}
		}
	}
	dir := t.TempDir()
	for _, f := range files {
		orig, _ := os.ReadFile(filepath.Join(src, f))
		for _, g := range files {
			b, _ := os.ReadFile(filepath.Join(src, g))
			os.WriteFile(filepath.Join(dir, g), b, 0o644)
		}
		p := filepath.Join(dir, f)
		step := max(1, len(orig)/400)
		for i := 0; i < len(orig); i += step {
			b := bytes.Clone(orig)
			b[i] ^= byte(1 << r.IntN(8))
			os.WriteFile(p, b, 0o644)
			check(dir, fmt.Sprintf("%s flipped at %d", f, i))
			os.WriteFile(p, orig[:i], 0o644)
			check(dir, f+" truncated")
		}
		os.WriteFile(p, orig, 0o644)
	}
}

func FuzzTierFile(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 8))
	var buf bytes.Buffer
	writeTierFile(&buf, fileHeader{Tier: 3}, randomRecords(r, 300, 1))
	f.Add(buf.Bytes())
	buf.Reset()
	writeTierFile(&buf, fileHeader{Tier: 4}, randomRecords(r, BlockBytes/2+3, 2))
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		tf, err := readTierFile(bytes.NewReader(data), int64(len(data)), "f")
		if err != nil {
			return
		}
		if tf.h.Records > 1<<24 {
			return // a header may claim a size the test need not allocate
		}
		for b := range tf.h.blocks {
			tf.readBlock(bytes.NewReader(data), b, nil)
		}
		tf.readAll(bytes.NewReader(data), 0, true)
	})
}

// TestManifestLayouts: the manifest is written a tier a line, its counts
// are read when first asked for and equal those counted from the
// records, and the same manifest laid out as grundy wrote it before
// (indented, a line a count) opens to the same database.
func TestManifestLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	dir := t.TempDir()
	var tiers []builtTier
	for i := range 40 {
		tiers = append(tiers, builtTier{uint64(i), randomRecords(r, r.Int64N(3*BlockBytes), 1+i%2)})
	}
	build(t, dir, "layout", tiers)
	// The manifest alone, as a database written before the tier index.
	os.Remove(filepath.Join(dir, IndexName))
	mp := filepath.Join(dir, ManifestName)
	written, _ := os.ReadFile(mp)
	if lines := bytes.Count(written, []byte("\n")); lines < len(tiers) || lines > len(tiers)+12 {
		t.Errorf("manifest of %d tiers in %d lines", len(tiers), lines)
	}
	read := func() (*Manifest, Stats) {
		d, err := Open(dir, "layout")
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		for _, bt := range tiers {
			if bt.recs.Len() == 0 {
				continue
			}
			i := r.Int64N(bt.recs.Len())
			if c, err := d.Code(bt.tier, i); err != nil || c != bt.recs.Get(i) {
				t.Fatalf("tier %d rank %d: %d, %v; want %d", bt.tier, i, c, err, bt.recs.Get(i))
			}
		}
		return d.Manifest(), d.Stats()
	}
	m, st := read()
	for i, bt := range tiers {
		var want Count
		for x := range bt.recs.Len() {
			if c := bt.recs.Get(x); c != Empty {
				want.Add(c)
			}
		}
		if got := m.Tiers[i].Count; got.Positions() != want.Positions() || got.Draw != want.Draw || !slices.Equal(got.Win, want.Win) || !slices.Equal(got.Lose, want.Lose) {
			t.Fatalf("tier %d: counts %+v, want %+v", bt.tier, got, want)
		}
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, written, "", "  "); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(mp, ind.Bytes(), 0o644)
	m2, st2 := read()
	st.Bytes, st2.Bytes = 0, 0
	if !reflect.DeepEqual(m, m2) || !reflect.DeepEqual(st, st2) {
		t.Fatalf("indented manifest read as\n%+v\nnot\n%+v", m2, m)
	}
	// A count that is no integer, under a checksum that matches (another
	// program wrote it): lookups answer, the counts are an error.
	bad := bytes.Replace(written, []byte(`"draw":`), []byte(`"draw":1.5e0,"x":`), 1)
	sum, ok := manifestBytesSum(bad)
	if !ok {
		t.Fatal("no checksum")
	}
	i := bytes.LastIndex(bad, []byte(`"checksum":`))
	bad = append(bad[:i:i], fmt.Sprintf(`"checksum":%d}`+"\n", sum)...)
	os.WriteFile(mp, bad, 0o644)
	d, err := Open(dir, "layout")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if c, err := d.Code(tiers[1].tier, 0); err != nil || c != tiers[1].recs.Get(0) {
		t.Errorf("lookup: %d, %v", c, err)
	}
	if err := d.CountsErr(); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "counts") {
		t.Errorf("counts of 1.5: %v", err)
	}
}
