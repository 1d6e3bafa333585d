package strong_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/db"
)

// TestOlderFormatsStillRead opens testdata/format3-tictactoe, a database
// written by grundy before scored databases (format 3, commit cbb47a6's
// grundy db build tictactoe), and testdata/format4-tictactoe, written
// before blocks coded by streams (format 4, commit 553c335's), and
// testdata/format5-tictactoe, written before blocks coded by a context
// model (format 5, by the grundy of main at e49c2fa), and checks that this grundy reads each as it was: every tier's records
// equal a fresh build's, and so do the answers and the statistics.
func TestOlderFormatsStillRead(t *testing.T) {
	fresh := build(t, "tictactoe")
	for _, c := range []struct {
		dir    string
		format int
	}{{"testdata/format3-tictactoe", 3}, {"testdata/format4-tictactoe", 4}, {"testdata/format5-tictactoe", 5}} {
		t.Run(c.dir, func(t *testing.T) { olderFormatReads(t, c.dir, c.format, fresh) })
	}
}

func olderFormatReads(t *testing.T, old string, format int, fresh string) {
	od, err := db.Open(old, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	defer od.Close()
	nd, err := db.Open(fresh, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	defer nd.Close()
	if od.Manifest().Format != format || nd.Manifest().Format != db.WriteFormat || db.WriteFormat != 5 || db.FormatVersion != 7 {
		t.Fatalf("formats %d and %d", od.Manifest().Format, nd.Manifest().Format)
	}
	if od.Scored() || nd.Scored() {
		t.Fatal("tic-tac-toe read as a game with scores")
	}
	for _, ti := range od.Manifest().Tiers {
		a, ok, err := od.LoadTier(ti.Tier)
		if err != nil || !ok {
			t.Fatalf("tier %d of the old database: %v", ti.Tier, err)
		}
		b, _, err := nd.LoadTier(ti.Tier)
		if err != nil {
			t.Fatal(err)
		}
		if a.Width != b.Width || !bytes.Equal(a.Data, b.Data) {
			t.Fatalf("tier %d: the old database's records differ from a fresh build's", ti.Tier)
		}
	}
	inst, err := catalog.Lookup("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range []string{"", "X........", "XO.X.....", "XXOOX...."} {
		var tokens []string
		if pos != "" {
			tokens = []string{pos}
		}
		var answers [2][]byte
		for i, dir := range []string{old, fresh} {
			d, err := strong.OpenFor(dir, inst)
			if err != nil {
				t.Fatal(err)
			}
			r, err := d.Query(tokens)
			d.Close()
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != nil {
				t.Fatalf("%q: a score from a database of outcomes", pos)
			}
			r.Method = ""
			answers[i], _ = json.Marshal(r)
		}
		if !bytes.Equal(answers[0], answers[1]) {
			t.Fatalf("%q: the old database answers %s, a fresh one %s", pos, answers[0], answers[1])
		}
	}
	os, err := strong.ReadStats(old)
	if err != nil {
		t.Fatal(err)
	}
	ns, err := strong.ReadStats(fresh)
	if err != nil {
		t.Fatal(err)
	}
	if os.Positions != 5478 || os.Outcomes != ns.Outcomes || os.Scores != nil {
		t.Fatalf("stats: old %+v, fresh %+v", os, ns)
	}
}
