package pursuit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestPositionTable lists every position of a problem whose graph is one
// edge 1 → 2, Alice on 1 and Bob on 2: Bob, to move, is stuck and loses;
// Alice on 1 moves onto Bob (a meeting: Bob loses) while Bob on 1 must run
// into her.
func TestPositionTable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(path, []byte("2 1\n1 2\n1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inst, err := catalog.Lookup("pursuit")
	if err != nil {
		t.Fatal(err)
	}
	tabler, ok := inst.(catalog.PositionTabler)
	if !ok {
		t.Fatal("pursuit has no position table")
	}
	tab, err := tabler.PositionTable(ctx, []string{path}, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Game != "pursuit" || tab.HasValues || tab.Width != len("alice=2 bob=2 turn=alice") || !strings.HasPrefix(tab.Caption, "every position:") {
		t.Errorf("table %q, caption %q, values %v, width %d", tab.Game, tab.Caption, tab.HasValues, tab.Width)
	}
	var got []string
	err = tab.Rows(ctx, func(r catalog.PositionRow) error {
		rem := "-"
		if r.Remoteness != nil {
			rem = fmt.Sprint(*r.Remoteness)
		}
		got = append(got, fmt.Sprintf("%s %s %s", r.Position, r.Outcome, rem))
		return nil
	})
	want := []string{
		"alice=1 bob=1 turn=bob P 0", "alice=1 bob=1 turn=alice N 0",
		"alice=1 bob=2 turn=bob P 0", "alice=1 bob=2 turn=alice N 1",
		"alice=2 bob=1 turn=bob P 1", "alice=2 bob=1 turn=alice P 0",
		"alice=2 bob=2 turn=bob P 0", "alice=2 bob=2 turn=alice N 0",
	}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("rows %q, %v;\nwant %q", got, err, want)
	}
	// The file as the parameter: then no position may follow.
	inst, err = catalog.Lookup("pursuit:" + path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inst.(catalog.PositionTabler).PositionTable(ctx, []string{path}, catalog.Options{}); err == nil || !strings.Contains(err.Error(), "names its problem file already") {
		t.Errorf("file twice: %v", err)
	}
	if tab, err := inst.(catalog.PositionTabler).PositionTable(ctx, nil, catalog.Options{}); err != nil || tab.Game != "pursuit:"+path {
		t.Errorf("pursuit:FILE: %v, %v", tab, err)
	}
}

// TestLookupBuiltinRefusesPursuit: pursuit reads its problem file, so the
// server's lookup refuses it.
func TestLookupBuiltinRefusesPursuit(t *testing.T) {
	if _, err := catalog.LookupBuiltin("pursuit"); err == nil || !strings.Contains(err.Error(), "reads a file") {
		t.Errorf("LookupBuiltin: %v, want a refusal", err)
	}
}

// TestStdinNotServed: pursuit:- and pursuit - read stdin on the command
// line only; the server's lookup refuses pursuit, as it refuses every game
// that reads a file, before anything is read.
func TestStdinNotServed(t *testing.T) {
	for _, spec := range []string{"pursuit:-", "pursuit"} {
		inst, err := catalog.LookupBuiltin(spec)
		const want = `game "pursuit" reads a file named in its parameters or position, which is not allowed here`
		if inst != nil || err == nil || err.Error() != want {
			t.Errorf("LookupBuiltin(%q) = %v, %v; want the error %q", spec, inst, err, want)
		}
	}
}
