package db_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/grundy-go/grundy/db"
)

// TestSameRecords compares two databases of one game built by grundys
// of different formats ($GRUNDY_SAME_OLD, $GRUNDY_SAME_NEW: directories;
// skipped without them): the same tiers with the same counts, and every
// tier's records equal record for record. Out of CI: the databases are
// built by hand (BENCHMARKS.md, "Denser databases, third pass").
//
//	GRUNDY_SAME_OLD=DIR4 GRUNDY_SAME_NEW=DIR5 go test ./db -run TestSameRecords -v
func TestSameRecords(t *testing.T) {
	oldDir, newDir := os.Getenv("GRUNDY_SAME_OLD"), os.Getenv("GRUNDY_SAME_NEW")
	if oldDir == "" || newDir == "" {
		t.Skip("GRUNDY_SAME_OLD and GRUNDY_SAME_NEW are not both set")
	}
	od, err := db.Open(oldDir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer od.Close()
	nd, err := db.Open(newDir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer nd.Close()
	om, nm := od.Manifest(), nd.Manifest()
	if om.Game != nm.Game || len(om.Tiers) != len(nm.Tiers) || om.StartTier != nm.StartTier || om.StartRank != nm.StartRank {
		t.Fatalf("%s (%s, %d tiers) and %s (%s, %d tiers) are not the same game's", oldDir, om.Game, len(om.Tiers), newDir, nm.Game, len(nm.Tiers))
	}
	var ob, nb int64
	for i, ot := range om.Tiers {
		nt := nm.Tiers[i]
		if ot.Tier != nt.Tier || ot.Size != nt.Size || ot.Width != nt.Width || !reflect.DeepEqual(ot.Count, nt.Count) {
			t.Fatalf("tier %d: %+v and %+v differ", ot.Tier, ot, nt)
		}
		a, _, err := od.LoadTier(ot.Tier)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := nd.LoadTier(nt.Tier)
		if err != nil {
			t.Fatal(err)
		}
		if a.Width != b.Width || !bytes.Equal(a.Data, b.Data) {
			t.Fatalf("tier %d: the records differ", ot.Tier)
		}
		ob += ot.Bytes
		nb += nt.Bytes
	}
	t.Logf("%s: %d tiers equal; tier files %d bytes in format %d, %d in format %d (%+.1f%%)", om.Game, len(om.Tiers),
		ob, om.Format, nb, nm.Format, 100*float64(nb-ob)/float64(ob))
}
