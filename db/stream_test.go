package db

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The stream forms write the bytes Builder writes.
func TestStreamMatchesBuilder(t *testing.T) {
	dir := t.TempDir()
	b, err := Create(dir, "g")
	if err != nil {
		t.Fatal(err)
	}
	recs := NewRecords(3*BlockBytes+7, 1)
	for i := range recs.Len() {
		recs.Set(i, uint16(4+i%9))
	}
	info, err := b.WriteTier(5, "five", recs)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Finish(5, 1, []TierInfo{info}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	got, err := EncodeTier(&buf, "g", Ranking{}, 5, "five", recs)
	if err != nil {
		t.Fatal(err)
	}
	file, _ := os.ReadFile(filepath.Join(dir, TierFileName(5)))
	if !bytes.Equal(buf.Bytes(), file) {
		t.Fatal("EncodeTier's bytes differ from WriteTier's")
	}
	back, info2, err := DecodeTier(bytes.NewReader(file), int64(len(file)), "f", "g", Ranking{}, 5, "five", recs.Len())
	if err != nil || !bytes.Equal(back.Data, recs.Data) || info2.CRC != info.CRC || info2.Bytes != info.Bytes {
		t.Fatalf("DecodeTier: %v", err)
	}
	if _, _, err := DecodeTier(bytes.NewReader(file), int64(len(file)), "f", "other", Ranking{}, 5, "five", recs.Len()); err == nil {
		t.Fatal("DecodeTier took another game's file")
	}
	m, err := ManifestBytes("g", Ranking{}, 5, 1, []TierInfo{got})
	if err != nil {
		t.Fatal(err)
	}
	mf, _ := os.ReadFile(filepath.Join(dir, ManifestName))
	if !bytes.Equal(m, mf) {
		t.Fatal("ManifestBytes differ from Finish's manifest")
	}
}
