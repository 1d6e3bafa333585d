package strong_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
)

// TestRepackFormats: databases of several games (one with 1-byte
// records, Connect-4 by mirror orbits, a scored one with 2-byte records)
// and the older databases in testdata, repacked into format 5 and into
// format 6, hold the same records tier for tier and the same counts,
// and every one of them reads back whole (Repack itself checks each new
// block against the old block's checksum).
func TestRepackFormats(t *testing.T) {
	dirs := map[string]string{}
	for _, spec := range []string{"tictactoe", "connect4:4x4", "kalah:2,2"} {
		dirs[spec] = build(t, spec)
	}
	for _, old := range []string{"testdata/format3-tictactoe", "testdata/format4-tictactoe", "testdata/format5-tictactoe"} {
		dirs[old] = old
	}
	for name, src := range dirs {
		var got [2]string
		for i, format := range []int{5, 6} {
			out := filepath.Join(t.TempDir(), "r")
			var calls int
			if _, err := strong.Repack(context.Background(), src, out, format, 0, func(strong.RepackProgress) { calls++ }); err != nil {
				t.Fatalf("%s to format %d: %v", name, format, err)
			}
			if calls == 0 {
				t.Errorf("%s: no progress reported", name)
			}
			got[i] = out
		}
		a, err := db.Open(src, "")
		if err != nil {
			t.Fatal(err)
		}
		for i, out := range got {
			b, err := db.Open(out, "")
			if err != nil {
				t.Fatal(err)
			}
			if b.Manifest().Format != 5+i {
				t.Errorf("%s: repacked in format %d, want %d", name, b.Manifest().Format, 5+i)
			}
			if err := b.Verify(); err != nil {
				t.Fatalf("%s, format %d: %v", name, 5+i, err)
			}
			eachTierPair(t, fmt.Sprintf("%s, format %d", name, 5+i), a, b, func(ti db.TierInfo, ra, rb db.Records) {
				if ra.Width != rb.Width || !bytes.Equal(ra.Data, rb.Data) {
					t.Fatalf("%s, format %d, tier %s: other records", name, 5+i, ti.Name)
				}
			})
			b.Close()
		}
		a.Close()
	}
}

// eachTierPair checks that databases a and b (what one was repacked
// into) hold the same tiers with the same counts, and calls f with each
// tier's records in both.
func eachTierPair(t *testing.T, what string, a, b *db.DB, f func(ti db.TierInfo, ra, rb db.Records)) {
	t.Helper()
	if len(a.Manifest().Tiers) != len(b.Manifest().Tiers) || a.Stats().Total.Positions() != b.Stats().Total.Positions() {
		t.Fatalf("%s: other tiers or counts", what)
	}
	for j, ti := range a.Manifest().Tiers {
		if tb := b.Manifest().Tiers[j]; tb.Tier != ti.Tier || tb.Count.Positions() != ti.Count.Positions() || tb.Count.RecordCount() != ti.Count.RecordCount() {
			t.Fatalf("%s, tier %s: other counts", what, ti.Name)
		}
		ra, _, err := a.LoadTier(ti.Tier)
		if err != nil {
			t.Fatal(err)
		}
		rb, _, err := b.LoadTier(ti.Tier)
		if err != nil {
			t.Fatal(err)
		}
		f(ti, ra, rb)
	}
}

// TestRepackRefuses: a repack into a directory that holds anything, or
// into the database itself, is refused before anything is written; a
// cancelled one leaves no manifest (no database) in its directory.
func TestRepackRefuses(t *testing.T) {
	src := build(t, "connect4:4x4")
	full := t.TempDir()
	os.WriteFile(filepath.Join(full, "x"), nil, 0o644)
	if _, err := strong.Repack(context.Background(), src, full, 0, 0, nil); err == nil || err.Error() != full+" is not empty: repack into a new directory" {
		t.Errorf("a directory not empty: %v", err)
	}
	if _, err := strong.Repack(context.Background(), src, src, 0, 0, nil); err == nil {
		t.Error("the database itself: no error")
	}
	if _, err := strong.Repack(context.Background(), src, filepath.Join(t.TempDir(), "r"), 4, 0, nil); err == nil || err.Error() != "format 4: repack writes format 5, 6 or 7" {
		t.Errorf("format 4: %v", err)
	}
	if _, err := strong.Repack(context.Background(), src, filepath.Join(t.TempDir(), "r"), 0, 1000, nil); err == nil {
		t.Error("a budget of 1000 bytes: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	out := filepath.Join(t.TempDir(), "r")
	_, err := strong.Repack(ctx, src, out, 0, 0, func(p strong.RepackProgress) {
		if p.Index == 10 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, db.ManifestName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a cancelled repack left a manifest: %v", err)
	}
	if _, err := db.Open(out, ""); err == nil {
		t.Error("a cancelled repack's directory opens as a database")
	}
}

// TestSampleDensity: a sample of every block projects exactly the
// database's tier bytes repacked in format 6 with no error; a smaller sample comes
// within its stated error (generously: eight standard errors) of them.
func TestSampleDensity(t *testing.T) {
	src := "testdata/format5-tictactoe"
	big := build(t, "connect4:4x4")
	mills := build(t, "morris:3")
	for _, dir := range []string{src, big, mills} {
		for _, format := range []int{6, db.FreeFormat} {
			out := filepath.Join(t.TempDir(), "r")
			if _, err := strong.Repack(context.Background(), dir, out, format, 0, nil); err != nil {
				t.Fatal(err)
			}
			d, err := db.Open(out, "")
			if err != nil {
				t.Fatal(err)
			}
			var want int64
			for _, ti := range d.Manifest().Tiers {
				want += ti.Bytes
			}
			d.Close()
			whole, err := strong.SampleDensity(context.Background(), dir, 1<<30, 1, format, nil)
			if err != nil {
				t.Fatal(err)
			}
			if int64(whole.Projected) != want || whole.StdErr != 0 || whole.Sampled != whole.Blocks || whole.NewFormat != format {
				t.Errorf("%s, format %d: every block: projected %.1f ± %.1f from %d of %d blocks, repacked %d", dir, format, whole.Projected, whole.StdErr, whole.Sampled, whole.Blocks, want)
			}
			part, err := strong.SampleDensity(context.Background(), dir, 2, 7, format, nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := part.Projected - float64(want); diff > 8*part.StdErr+1 || -diff > 8*part.StdErr+1 {
				t.Errorf("%s, format %d: 2 blocks a tier: projected %.1f ± %.1f, repacked %d", dir, format, part.Projected, part.StdErr, want)
			}
		}
	}
	// Format 7 is refused for a scored database, as repack refuses it.
	if _, err := strong.SampleDensity(context.Background(), build(t, "kalah:2,2"), 2, 1, db.FreeFormat, nil); err == nil || !strings.Contains(err.Error(), "scored database") {
		t.Errorf("kalah:2,2 in format 7: %v", err)
	}
}

// TestRepackResume: a repack stopped midway resumes when run again with
// the same database and format: the tier files it finished and checked
// are kept as they are (the same inode and time), a finished one found damaged is
// written again, and the result is byte for byte the repack run whole.
// Another format, a build, or a repack of another database into that
// directory is refused, naming what it holds.
func TestRepackResume(t *testing.T) {
	src := build(t, "connect4:4x4")
	for _, format := range []int{5, db.FreeFormat} {
		whole := filepath.Join(t.TempDir(), "whole")
		if _, err := strong.Repack(context.Background(), src, whole, format, 0, nil); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "r")
		ctx, cancel := context.WithCancel(context.Background())
		_, err := strong.Repack(ctx, src, out, format, 0, func(p strong.RepackProgress) {
			if p.Index == 10 {
				cancel()
			}
		})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("format %d, cancelled: %v", format, err)
		}
		entries, _ := os.ReadDir(out)
		kept := map[string]os.FileInfo{}
		for _, e := range entries {
			// A tier file with its description beside it was finished
			// and checked; one without may have been stopped in its check.
			if _, err := os.Stat(filepath.Join(out, e.Name()+".json")); err == nil && strings.HasSuffix(e.Name(), ".grt") {
				kept[e.Name()], _ = e.Info()
			}
		}
		if len(kept) < 5 {
			t.Fatalf("format %d: %d tier files left by the stopped repack, want at least 5", format, len(kept))
		}
		// Damage one finished tier file: its description no longer matches.
		var damaged string
		for name := range kept {
			damaged = name
			break
		}
		path := filepath.Join(out, damaged)
		b, _ := os.ReadFile(path)
		b[len(b)/2] ^= 0x40
		os.WriteFile(path, b, 0o644)
		delete(kept, damaged)

		other := map[int]int{5: db.FreeFormat, db.FreeFormat: 5}[format]
		if _, err := strong.Repack(context.Background(), src, out, other, 0, nil); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("holds an unfinished repack of connect4:4x4 (from %s, in format %d), not an unfinished repack", src, format)) {
			t.Errorf("format %d resumed in format %d: %v", format, other, err)
		}
		if _, err := db.Create(out, "connect4:4x4"); err == nil || !strings.Contains(err.Error(), "not a build of connect4:4x4") {
			t.Errorf("format %d: a build into a stopped repack: %v", format, err)
		}
		// The same records in format 6: another manifest, so another
		// database to repack from (a build of the same game again would
		// be the same database, whose repack may rightly resume).
		six := filepath.Join(t.TempDir(), "six")
		if _, err := strong.Repack(context.Background(), src, six, 6, 0, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := strong.Repack(context.Background(), six, out, format, 0, nil); err == nil || !strings.Contains(err.Error(), "holds an unfinished repack") {
			t.Errorf("format %d: a repack of another database into this one's directory: %v", format, err)
		}

		if _, err := strong.Repack(context.Background(), src, out, format, 0, nil); err != nil {
			t.Fatalf("format %d, resumed: %v", format, err)
		}
		for name, was := range kept {
			now, err := os.Stat(filepath.Join(out, name))
			if err != nil || !os.SameFile(was, now) || !now.ModTime().Equal(was.ModTime()) {
				t.Errorf("format %d: %s was written again (%v)", format, name, err)
			}
		}
		sameFiles(t, whole, out)
	}
	// A repack into an unfinished build's directory is refused too.
	bdir := t.TempDir()
	b, err := db.Create(bdir, "connect4:4x4")
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	if _, err := strong.Repack(context.Background(), src, bdir, 5, 0, nil); err == nil || !strings.Contains(err.Error(), "holds a build of connect4:4x4, not an unfinished repack") {
		t.Errorf("a repack into a build: %v", err)
	}
}

// sameFiles checks that directories a and b hold the same files, byte
// for byte.
func sameFiles(t *testing.T, a, b string) {
	t.Helper()
	ea, _ := os.ReadDir(a)
	eb, _ := os.ReadDir(b)
	if len(ea) != len(eb) {
		t.Fatalf("%d files, want %d", len(eb), len(ea))
	}
	for _, e := range ea {
		x, _ := os.ReadFile(filepath.Join(a, e.Name()))
		y, err := os.ReadFile(filepath.Join(b, e.Name()))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs (%v)", e.Name(), err)
		}
	}
}
