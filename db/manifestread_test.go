package db

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// randomManifest is a manifest with every field used, strings that need
// escaping included.
func randomManifest(r *rand.Rand) Manifest {
	names := []string{"plain", `q"uote`, `back\slash`, "<html&>", "tab\there", "é ünï", "nl\n", ""}
	pick := func() string { return names[r.IntN(len(names))] }
	m := Manifest{Format: 1 + r.IntN(3), Game: pick(), StartTier: r.Uint64(), StartRank: r.Int64N(1 << 40), Ranking: r.IntN(3)}
	for range r.IntN(5) {
		c := Count{Draw: r.Int64N(1e12), EndlessWin: r.Int64N(3), EndlessLose: r.Int64N(3), Records: r.Int64N(2)}
		for range r.IntN(40) {
			c.Win = append(c.Win, r.Int64N(1e10))
		}
		for range r.IntN(40) {
			c.Lose = append(c.Lose, r.Int64N(1e10))
		}
		m.Tiers = append(m.Tiers, TierInfo{Tier: r.Uint64(), Name: pick(), Size: r.Int64N(1 << 48), Width: 1 + r.IntN(2),
			File: pick(), Bytes: r.Int64N(1 << 40), CRC: r.Uint32(), Count: c})
	}
	if r.IntN(2) == 0 {
		m.Keys = &Keys{Source: pick()}
		for range r.IntN(3) {
			m.Keys.Tiers = append(m.Keys.Tiers, KeyInfo{Tier: r.Uint64(), File: pick(), Keys: r.Int64N(1e9), Bytes: r.Int64N(1e9), CRC: r.Uint32()})
		}
	}
	if r.IntN(2) == 0 {
		m.Params = map[string]string{pick(): pick(), "n": "3"}
	}
	if r.IntN(2) == 0 {
		m.From = pick() + "W.B:W:0,0"
	}
	return m
}

// TestParseManifest: the fast reading of a manifest (parseManifest,
// manifestBytesSum) gives what encoding/json and manifestSum give, on
// random manifests, the checked-in ones of formats 1 and 2, and damaged
// copies of them.
func TestParseManifest(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	var files [][]byte
	for range 100 {
		b, err := encodeManifest(randomManifest(r))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
		// The layout written before (indented, a line a count) reads
		// the same.
		var ind bytes.Buffer
		if err := json.Indent(&ind, b, "", "  "); err != nil {
			t.Fatal(err)
		}
		files = append(files, ind.Bytes())
	}
	fixtures, _ := filepath.Glob("../catalog/strong/testdata/*/manifest.json")
	if len(fixtures) < 2 {
		t.Fatal("no checked-in manifests")
	}
	for _, f := range fixtures {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
	}
	for i, b := range files {
		var want Manifest
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		got, err := parseManifest(b)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("manifest %d: %v\n%+v\nwant %+v", i, err, got, want)
		}
		sum, ok := manifestBytesSum(b)
		if wantSum, _ := manifestSum(want); !ok || sum != wantSum || sum != want.Checksum {
			t.Fatalf("manifest %d: checksum %d %v, want %d", i, sum, ok, wantSum)
		}
		checkLazy(t, b, want)
		var compact bytes.Buffer
		json.Compact(&compact, b)
		if got, want := compactCRC(0, b), crc(compact.Bytes()); got != want {
			t.Fatalf("manifest %d: compactCRC %d, crc of json.Compact %d", i, got, want)
		}
		// A damaged copy: wherever the fast reading accepts it with
		// a matching checksum, encoding/json reads the same manifest.
		for range 20 {
			d := append([]byte(nil), b...)
			d[r.IntN(len(d))] ^= byte(1 << r.IntN(8))
			got, err := parseManifest(d)
			sum, ok := manifestBytesSum(d)
			if err != nil || !ok || sum != got.Checksum {
				continue
			}
			var want Manifest
			if err := json.Unmarshal(d, &want); err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("manifest %d damaged to %q: read as %+v; encoding/json: %v", i, d, got, err)
			}
			checkLazy(t, d, want)
		}
	}
	// Keys a Manifest has no field for are skipped, as encoding/json
	// skips them.
	extra := []byte(`{"extra": {"a": [1, "x\"y", true, false, null, -2.5e3, {}]}, "format": 3, "game": "g", "tiers": [{"tier": 1, "more": [], "count": {"win": [1, 2], "x": 0}}], "checksum": 7}`)
	var want Manifest
	if err := json.Unmarshal(extra, &want); err != nil {
		t.Fatal(err)
	}
	if got, err := parseManifest(extra); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("unknown keys: %+v, %v; want %+v", got, err, want)
	}
	for _, bad := range []string{"", "{", `{"format":}`, `{"format":1,}`, `{"tiers":[{"tier":-1}]}`, `{"format":"3"}`, `[1,2]`, `{} x`, `{"game":"a` + "\x01" + `"}`} {
		if _, err := parseManifest([]byte(bad)); err == nil {
			t.Errorf("%q read as a manifest", bad)
		}
	}
}

// checkLazy: reading b without its counts, then the counts, gives want
// (what parseManifest gave), and the counts are not read before.
func checkLazy(t *testing.T, b []byte, want Manifest) {
	t.Helper()
	m, ranges, err := parseManifestLazy(b)
	if err != nil {
		t.Fatalf("lazy: %v", err)
	}
	if ranges != nil {
		for _, ti := range m.Tiers {
			if !reflect.DeepEqual(ti.Count, Count{}) {
				t.Fatalf("lazy: counts read at once: %+v", ti.Count)
			}
		}
		if err := parseCounts(b, ranges, m.Tiers); err != nil {
			t.Fatalf("counts: %v", err)
		}
	}
	if !reflect.DeepEqual(m, want) {
		t.Fatalf("lazy: %+v\nwant %+v", m, want)
	}
}

// TestJint: an integer field reads a number as encoding/json does (the
// value, or an error), for each field type, at the edges of their ranges.
func TestJint(t *testing.T) {
	nums := []string{"0", "-0", "1", "-1", "4294967295", "4294967296", "-4294967296", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "99999999999999999999",
		"123456789012345678901", "1.5", "1e3", "12", "007", "-", "1.", "null"}
	for _, n := range nums {
		check := func(typ string, got, want any, err, werr error) {
			if (err == nil) != (werr == nil) || err == nil && !reflect.DeepEqual(got, want) {
				t.Errorf("%s into %s: %v, %v; encoding/json: %v, %v", n, typ, got, err, want, werr)
			}
		}
		p := func() *jparser { return &jparser{b: []byte(n)} }
		whole := func(p *jparser, err error) error {
			if err == nil && p.peek() != 0 {
				return errJSON
			}
			return err
		}
		var a, wa int
		pa := p()
		check("int", &a, &wa, whole(pa, integer(pa, &a)), json.Unmarshal([]byte(n), &wa))
		var b, wb int64
		pb := p()
		check("int64", &b, &wb, whole(pb, integer(pb, &b)), json.Unmarshal([]byte(n), &wb))
		var c, wc uint32
		pc := p()
		check("uint32", &c, &wc, whole(pc, integer(pc, &c)), json.Unmarshal([]byte(n), &wc))
		var d, wd uint64
		pd := p()
		check("uint64", &d, &wd, whole(pd, integer(pd, &d)), json.Unmarshal([]byte(n), &wd))
	}
}

// TestIsTierFileName: isTierFileName(name, t) is name == TierFileName(t).
func TestIsTierFileName(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for range 2000 {
		tier := r.Uint64() >> r.IntN(64)
		name := TierFileName(tier)
		if !isTierFileName(name, tier) {
			t.Fatalf("%s not the name of tier %d", name, tier)
		}
		other := []byte(name)
		other[r.IntN(len(other))] ^= byte(1 << r.IntN(7))
		if isTierFileName(string(other), tier) {
			t.Fatalf("%s taken for the name of tier %d", other, tier)
		}
		if isTierFileName(name, tier^1<<r.IntN(64)) || isTierFileName(name+"x", tier) || isTierFileName(strings.ToUpper(name), tier) && tier != 0 {
			t.Fatalf("%s taken for another tier's name", name)
		}
	}
}
