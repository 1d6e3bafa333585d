package db

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// randomIndexedManifest is a manifest with every field a tier index keeps set
// at random (counts left out: the index has none).
func randomIndexedManifest(r *rand.Rand) Manifest {
	m := Manifest{Format: 1 + r.IntN(FormatVersion), Game: fmt.Sprintf("game:%d", r.IntN(100)), StartTier: r.Uint64(),
		StartRank: r.Int64() - 1<<62, Ranking: r.IntN(4), Scored: r.IntN(2) == 0, Played: r.IntN(2) == 0, Checksum: r.Uint32()}
	if r.IntN(2) == 0 {
		m.Params = map[string]string{}
		for range 1 + r.IntN(3) {
			m.Params[fmt.Sprintf("p%d", r.IntN(9))] = strings.Repeat("é", r.IntN(4))
		}
	}
	if r.IntN(2) == 0 {
		m.From = strings.Repeat("W.", 1+r.IntN(12)) + ":B:0,0"
	}
	n := r.IntN(300)
	seen := map[uint64]bool{}
	for range n {
		t := r.Uint64N(1 << uint(1+r.IntN(63)))
		if seen[t] {
			continue
		}
		seen[t] = true
		m.Tiers = append(m.Tiers, TierInfo{Tier: t, Name: strings.Repeat("x·", r.IntN(20)), Size: r.Int64N(1 << 40),
			Width: 1 + r.IntN(2), File: TierFileName(t), Bytes: r.Int64N(1 << 40), CRC: r.Uint32()})
	}
	if r.IntN(3) == 0 {
		m.Keys = &Keys{Source: SourceDigest(r.Uint64()), Tiers: []KeyInfo{}}
		for _, t := range m.Tiers[:len(m.Tiers)/2] {
			m.Keys.Tiers = append(m.Keys.Tiers, KeyInfo{Tier: t.Tier, File: KeyFileName(t.Tier), Keys: t.Size, Bytes: r.Int64N(1 << 30), CRC: r.Uint32()})
		}
	}
	return m
}

// TestIndexRoundTrip: parseIndex(encodeIndex(m)) is m on random
// manifests, and the index remembers the manifest's length.
func TestIndexRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 1))
	for i := range 300 {
		m := randomIndexedManifest(r)
		n := 1 + r.IntN(1<<30)
		ix, err := parseIndex(encodeIndex(m, n))
		if err != nil {
			t.Fatalf("manifest %d: %v", i, err)
		}
		if m.Tiers == nil {
			m.Tiers = []TierInfo{}
		}
		if !reflect.DeepEqual(ix.m, m) || ix.manifestLen != int64(n) {
			t.Fatalf("manifest %d read back as\n%+v\nnot\n%+v", i, ix.m, m)
		}
	}
}

// TestIndexOpen: a build writes the tier index; a database opened from
// it answers every rank as the database opened from its manifest alone,
// and its Manifest and Stats (read when asked for) are the same;
// WriteIndex writes the same index again.
func TestIndexOpen(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 2))
	dir := t.TempDir()
	var tiers []builtTier
	for i := range 30 {
		tiers = append(tiers, builtTier{uint64(3 * i), randomRecords(r, r.Int64N(2*BlockBytes), 1+i%2)})
	}
	build(t, dir, "indexed", tiers)
	written, err := os.ReadFile(filepath.Join(dir, IndexName))
	if err != nil {
		t.Fatal(err)
	}
	withIndex, err := Open(dir, "indexed")
	if err != nil {
		t.Fatal(err)
	}
	defer withIndex.Close()
	if !withIndex.indexed {
		t.Fatal("not opened from the tier index")
	}
	plain := t.TempDir()
	copyDir(t, dir, plain)
	os.Remove(filepath.Join(plain, IndexName))
	alone, err := Open(plain, "indexed")
	if err != nil {
		t.Fatal(err)
	}
	defer alone.Close()
	if alone.indexed {
		t.Fatal("opened from an index that is not there")
	}
	for _, bt := range tiers {
		for x := range bt.recs.Len() {
			c1, err1 := withIndex.Code(bt.tier, x)
			c2, err2 := alone.Code(bt.tier, x)
			if err1 != nil || err2 != nil || c1 != bt.recs.Get(x) || c2 != c1 {
				t.Fatalf("tier %d rank %d: %d, %v (index) and %d, %v (manifest), want %d", bt.tier, x, c1, err1, c2, err2, bt.recs.Get(x))
			}
		}
	}
	if err := withIndex.CountsErr(); err != nil {
		t.Fatal(err)
	}
	s1, s2 := withIndex.Stats(), alone.Stats()
	if s1.Bytes != s2.Bytes+int64(len(written)) {
		t.Errorf("bytes %d with the index, %d without, index %d", s1.Bytes, s2.Bytes, len(written))
	}
	s1.Bytes = s2.Bytes
	if !reflect.DeepEqual(withIndex.Manifest(), alone.Manifest()) || !reflect.DeepEqual(s1, s2) {
		t.Fatalf("from the index\n%+v\nfrom the manifest\n%+v", withIndex.Manifest(), alone.Manifest())
	}
	if err := withIndex.Verify(); err != nil {
		t.Fatal(err)
	}
	if err := WriteIndex(plain); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(filepath.Join(plain, IndexName)); !bytes.Equal(again, written) {
		t.Error("WriteIndex wrote another index than the build")
	}
	// A rebuild in the directory removes the index until it finishes.
	b, err := Create(dir, "indexed")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, IndexName)); err == nil {
		t.Error("Create left the index of the database it rebuilds")
	}
	b.Close()
}

// TestIndexOldFormats: databases of formats 1 and 3 (the fixtures of
// catalog/strong) given a tier index answer every rank as from their
// manifests alone.
func TestIndexOldFormats(t *testing.T) {
	for _, fix := range []string{"v1-connect4-4x4", "v1-tictactoe", "format3-tictactoe"} {
		src := filepath.Join("..", "catalog", "strong", "testdata", fix)
		dir := t.TempDir()
		copyDir(t, src, dir)
		if err := WriteIndex(dir); err != nil {
			t.Fatal(err)
		}
		a, err := Open(src, "")
		if err != nil {
			t.Fatal(err)
		}
		b, err := Open(dir, "")
		if err != nil {
			t.Fatal(err)
		}
		if a.indexed || !b.indexed {
			t.Fatalf("%s: indexed %v and %v", fix, a.indexed, b.indexed)
		}
		n := 0
		for _, ti := range a.Manifest().Tiers {
			for x := range ti.Size {
				c1, err1 := a.Code(ti.Tier, x)
				c2, err2 := b.Code(ti.Tier, x)
				if err1 != nil || err2 != nil || c1 != c2 {
					t.Fatalf("%s tier %d rank %d: %d, %v; indexed %d, %v", fix, ti.Tier, x, c1, err1, c2, err2)
				}
				n++
			}
		}
		if !reflect.DeepEqual(a.Manifest(), b.Manifest()) {
			t.Errorf("%s: manifests differ", fix)
		}
		a.Close()
		b.Close()
		if n == 0 {
			t.Errorf("%s: no ranks", fix)
		}
	}
}

// TestIndexDamage: every flipped byte and every truncation of a tier
// index is an error naming it; a manifest replaced beside it, a
// manifest damaged in place (its counts then an error, lookups still
// right), an index of a later format or of another game are refused as
// the manifest alone would be.
func TestIndexDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 3))
	dir := t.TempDir()
	tiers := []builtTier{{1, randomRecords(r, 300, 1)}, {5, randomRecords(r, BlockBytes+7, 2)}}
	build(t, dir, "g:1", tiers)
	ip, mp := filepath.Join(dir, IndexName), filepath.Join(dir, ManifestName)
	good, _ := os.ReadFile(ip)
	manifest, _ := os.ReadFile(mp)
	refused := func(what string, want string) {
		t.Helper()
		d, err := Open(dir, "g:1")
		if err == nil {
			d.Close()
			t.Fatalf("%s: opened", what)
		}
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: %v; want %q", what, err, want)
		}
	}
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 1 << (i % 8)
		os.WriteFile(ip, bad, 0o644)
		refused(fmt.Sprintf("byte %d flipped", i), ip+": ")
	}
	for n := range len(good) {
		os.WriteFile(ip, good[:n], 0o644)
		refused(fmt.Sprintf("cut to %d bytes", n), ip+": ")
	}
	os.WriteFile(ip, good, 0o644)
	os.WriteFile(mp, append(bytes.Clone(manifest), ' '), 0o644)
	refused("manifest longer", "written for a manifest of")
	// Damaged in place (same length): the index still answers lookups
	// rightly; the manifest's damage shows when it is read.
	os.WriteFile(mp, bytes.Replace(manifest, []byte(`"draw":`), []byte(`"draw" `), 1), 0o644)
	d, err := Open(dir, "g:1")
	if err != nil {
		t.Fatal(err)
	}
	if c, err := d.Code(5, 3); err != nil || c != tiers[1].recs.Get(3) {
		t.Errorf("lookup: %d, %v", c, err)
	}
	if err := d.CountsErr(); !errors.Is(err, ErrCorrupt) {
		t.Errorf("damaged manifest's counts: %v", err)
	}
	if err := d.Verify(); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Verify of a damaged manifest: %v", err)
	}
	d.Close()
	os.WriteFile(mp, manifest, 0o644)
	// Indexes that are whole (their checksums match) but say other
	// things than the manifest: read by their own words, refused as the
	// manifest would be, never answering for another game.
	ix, err := parseIndex(good)
	if err != nil {
		t.Fatal(err)
	}
	later := ix.m
	later.Format = FormatVersion + 1
	os.WriteFile(ip, encodeIndex(later, len(manifest)), 0o644)
	if _, err := Open(dir, ""); err == nil || err.Error() != fmt.Sprintf("%s: format version %d, this grundy reads 1 to %d", dir, FormatVersion+1, FormatVersion) {
		t.Errorf("later format: %v", err)
	}
	other := ix.m
	other.Game = "h:1"
	os.WriteFile(ip, encodeIndex(other, len(manifest)), 0o644)
	if _, err := Open(dir, "g:1"); err == nil || err.Error() != dir+" is a database of h:1, not g:1" {
		t.Errorf("another game's index: %v", err)
	}
	// Opened for no game in particular: the tier files' headers name
	// g:1, so no lookup answers for h:1; the manifest disagrees too.
	d, err = Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Code(1, 0); !errors.Is(err, ErrCorrupt) {
		t.Errorf("lookup through another game's index: %v", err)
	}
	if err := d.CountsErr(); err == nil || !strings.Contains(err.Error(), "does not match "+IndexName) {
		t.Errorf("manifest against another game's index: %v", err)
	}
	d.Close()
	os.WriteFile(ip, good, 0o644)
	if d, err := Open(dir, "g:1"); err != nil {
		t.Errorf("restored: %v", err)
	} else {
		d.Close()
	}
}

// FuzzParseIndex: any bytes give a tier index or an error, never a
// panic; an index read back re-encodes to one that reads the same.
func FuzzParseIndex(f *testing.F) {
	r := rand.New(rand.NewPCG(34, 4))
	for range 4 {
		m := randomIndexedManifest(r)
		m.Tiers = m.Tiers[:min(len(m.Tiers), 5)]
		if m.Keys != nil {
			m.Keys.Tiers = m.Keys.Tiers[:min(len(m.Keys.Tiers), 2)]
		}
		f.Add(encodeIndex(m, 100))
	}
	f.Add([]byte(indexMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		ix, err := parseIndex(b)
		if err != nil {
			var ie *indexError
			if !errors.As(err, &ie) || ie.at < 0 || ie.at > len(b) {
				t.Fatalf("error %v (%T) names no offset in the %d bytes", err, err, len(b))
			}
			return
		}
		again, err := parseIndex(encodeIndex(ix.m, int(ix.manifestLen)))
		if err != nil || !reflect.DeepEqual(again, ix) {
			t.Fatalf("re-encoded index reads as %+v, %v; want %+v", again, err, ix)
		}
	})
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
