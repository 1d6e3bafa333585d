package db

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// keyedDB writes a database of one tier per entry of sizes whose keys
// are random and sorted (some long, to cross blocks), and returns the
// keys by tier.
func keyedDB(t *testing.T, r *rand.Rand, dir string, sizes []int) [][][]byte {
	b, err := Create(dir, "keyed")
	if err != nil {
		t.Fatal(err)
	}
	var all [][][]byte
	var infos []TierInfo
	for tr, n := range sizes {
		seen := map[string]bool{}
		var keys [][]byte
		for len(keys) < n {
			k := make([]byte, r.IntN(12))
			if r.IntN(50) == 0 {
				k = make([]byte, 3000+r.IntN(9000))
			}
			for i := range k {
				k[i] = byte(r.IntN(4))
			}
			if !seen[string(k)] {
				seen[string(k)] = true
				keys = append(keys, k)
			}
		}
		slices.SortFunc(keys, bytes.Compare)
		all = append(all, keys)
		if _, err := b.WriteKeys(uint64(tr), 0xabc, slices.Values(keys)); err != nil {
			t.Fatal(err)
		}
		recs := NewRecords(int64(n), 1)
		for i := range n {
			recs.Set(int64(i), uint16(4+i%200))
		}
		info, err := b.WriteTier(uint64(tr), fmt.Sprint(tr), recs)
		if err != nil {
			t.Fatal(err)
		}
		infos = append(infos, info)
	}
	if err := b.Finish(0, 0, infos); err != nil {
		t.Fatal(err)
	}
	return all
}

func TestKeyFiles(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	all := keyedDB(t, r, dir, []int{1, 0, 40, 5000})
	d, err := Open(dir, "keyed")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if !d.Keyed() || d.KeySource() != "0000000000000abc" {
		t.Fatalf("keyed %v, source %q", d.Keyed(), d.KeySource())
	}
	for tr, keys := range all {
		for i, k := range keys {
			rank, ok, err := d.KeyRank(uint64(tr), k)
			if err != nil || !ok || rank != int64(i) {
				t.Fatalf("tier %d key %d: rank %d %v %v", tr, i, rank, ok, err)
			}
			miss := append(slices.Clone(k), 9)
			if _, ok, err := d.KeyRank(uint64(tr), miss); ok || err != nil {
				t.Fatalf("tier %d: a missing key found (%v)", tr, err)
			}
		}
	}
	if _, ok, err := d.KeyRank(99, []byte{1}); ok || err != nil {
		t.Errorf("a tier the database does not hold: %v %v", ok, err)
	}
	if err := d.Verify(); err != nil {
		t.Fatal(err)
	}
	b, _ := Create(dir, "keyed")
	if src, err := b.KeySources(); err != nil || !slices.Equal(src, []uint64{0xabc}) {
		t.Errorf("KeySources = %x, %v", src, err)
	}
}

// Flipping any byte of a key file: every lookup answers right or fails
// with a *CorruptError.
func TestKeyFileDamage(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	dir := t.TempDir()
	all := keyedDB(t, r, dir, []int{3000})
	path := filepath.Join(dir, KeyFileName(0))
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for trial := range 60 {
		bad := slices.Clone(good)
		bad[r.IntN(len(bad))] ^= byte(1 + r.IntN(255))
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := Open(dir, "keyed")
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(all[0]); i += 97 {
			rank, ok, err := d.KeyRank(0, all[0][i])
			if err != nil {
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("trial %d: %v", trial, err)
				}
				continue
			}
			if !ok || rank != int64(i) {
				t.Fatalf("trial %d: key %d has rank %d %v", trial, i, rank, ok)
			}
		}
		if err := d.Verify(); err == nil {
			t.Fatalf("trial %d: Verify passed a damaged file", trial)
		}
		d.Close()
	}
}
