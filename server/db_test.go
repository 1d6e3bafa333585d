package server

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
)

// buildDB solves a game into a database in a temporary directory.
func buildDB(t testing.TB, spec string) string {
	t.Helper()
	inst, err := catalog.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := strong.Build(context.Background(), inst, dir, strong.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// openDBs opens databases for a server and closes them after the test.
func openDBs(t testing.TB, dirs ...string) map[string]*strong.DB {
	t.Helper()
	dbs, err := OpenDatabases(dirs)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, d := range dbs {
			d.Close()
		}
	})
	return dbs
}

// randomPlay is a position of random play from the start of a game the
// server explores, at most n moves in.
func randomPlay(t *testing.T, s *Server, spec string, r *rand.Rand, n int) string {
	t.Helper()
	code, out := get(t, s, "/api/v1/start", url.Values{"game": {spec}})
	if code != 200 {
		t.Fatalf("start of %s: %d %v", spec, code, out)
	}
	pos := out["position"].(string)
	for range n {
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {spec}, "position": {pos}})
		if code != 200 {
			t.Fatalf("%s %q: %d %v", spec, pos, code, out)
		}
		moves := out["moves"].([]any)
		if len(moves) == 0 {
			break
		}
		pos = moves[r.IntN(len(moves))].(map[string]any)["position"].(string)
	}
	return pos
}

// TestDatabaseAnswers: the server's answers from a database equal its
// search's, every field of /api/v1/position (the method and the notes
// aside: they say how the answer was found) and the engine's move, on
// positions of random play of tictactoe and connect4:4x4.
func TestDatabaseAnswers(t *testing.T) {
	search := New(Config{})
	fromDB := New(Config{Databases: openDBs(t, buildDB(t, "tictactoe"), buildDB(t, "connect4:4x4"))})
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range []struct {
		spec     string
		min, max int // moves of random play: solve's search of early Connect-4 positions is slow
		n        int
	}{{"tictactoe", 0, 9, 40}, {"ttt", 0, 9, 5}, {"connect4:4x4", 7, 16, 25}} {
		for range c.n {
			pos := randomPlay(t, fromDB, c.spec, r, c.min+r.IntN(c.max-c.min+1))
			q := url.Values{"game": {c.spec}, "position": {pos}}
			wcode, want := get(t, search, "/api/v1/position", q)
			gcode, got := get(t, fromDB, "/api/v1/position", q)
			if wcode != 200 || gcode != 200 {
				t.Fatalf("%s %q: search %d, database %d: %v", c.spec, pos, wcode, gcode, got)
			}
			if m, _ := got["method"].(string); !strings.Contains(m, "database") || strings.Contains(m, os.TempDir()) {
				t.Errorf("%s %q: method %q", c.spec, pos, m)
			}
			for _, k := range []string{"method", "notes"} {
				delete(want, k)
				delete(got, k)
			}
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("%s %q:\ndatabase %v\nsearch   %v", c.spec, pos, got, want)
			}
			if got["outcome"] == "P" && len(got["moves"].([]any)) == 0 {
				continue // over: no engine move
			}
			wcode, wbest := get(t, search, "/api/v1/best", q)
			gcode, gbest := get(t, fromDB, "/api/v1/best", q)
			if wcode != gcode || !reflect.DeepEqual(wbest, gbest) {
				t.Fatalf("%s %q best:\ndatabase %d %v\nsearch   %d %v", c.spec, pos, gcode, gbest, wcode, wbest)
			}
		}
	}
	// Bad input is still bad input: 400 with the parser's words.
	code, out := get(t, fromDB, "/api/v1/position", url.Values{"game": {"connect4:4x4"}, "position": {"11111"}})
	if code != 400 || !strings.Contains(errorOf(t, out), "column 1 is full") {
		t.Errorf("a full column: %d %v", code, out)
	}
	// Another size of the game is searched as before.
	code, out = get(t, fromDB, "/api/v1/position", url.Values{"game": {"connect4:4x5"}, "position": {"1212123434343"}})
	if code != 200 || strings.Contains(out["method"].(string), "database") {
		t.Errorf("connect4:4x5: %d %v", code, out)
	}
}

// TestDatabaseGames: the games list marks a game served from a
// database, and lists a database of a game with parameters under its
// spec, with its start.
func TestDatabaseGames(t *testing.T) {
	s := New(Config{Databases: openDBs(t, buildDB(t, "tictactoe"), buildDB(t, "connect4:4x4"))})
	code, out := get(t, s, "/api/v1/games", nil)
	if code != 200 {
		t.Fatalf("status %d", code)
	}
	byName := map[string]map[string]any{}
	for _, g := range out["games"].([]any) {
		m := g.(map[string]any)
		byName[m["name"].(string)] = m
	}
	if g := byName["tictactoe"]; g == nil || g["database"] != true || g["start"] != "........." || g["explorable"] != true {
		t.Errorf("tictactoe: %v", g)
	}
	if g := byName["connect4:4x4"]; g == nil || g["database"] != true || g["start"] != "" || g["explorable"] != true || g["params"] != "" {
		t.Errorf("connect4:4x4: %v", g)
	}
	if g := byName["connect4"]; g == nil || g["database"] != false {
		t.Errorf("connect4: %v", g)
	}
	if g := byName["nim"]; g == nil || g["database"] != false {
		t.Errorf("nim: %v", g)
	}
	code, out = get(t, s, "/api/v1/start", url.Values{"game": {"connect4:4x4"}})
	if code != 200 || out["position"] != "" || out["explorable"] != true {
		t.Errorf("start of connect4:4x4: %d %v", code, out)
	}
	// The empty board: its four moves, each with its record.
	code, out = get(t, s, "/api/v1/position", url.Values{"game": {"connect4:4x4"}, "position": {""}})
	if code != 200 || out["outcome"] != "D" || len(out["moves"].([]any)) != 4 {
		t.Errorf("empty board: %d %v", code, out)
	}
	board, _ := out["board"].(map[string]any)
	if board["kind"] != "grid" || len(board["rows"].([]any)) != 4 {
		t.Errorf("empty board's board: %v", board)
	}
}

// TestDatabaseDamaged: a damaged database is the server's own failure:
// 500, one line that says so and names the file within the database
// but no path of the server's, and never an answer.
func TestDatabaseDamaged(t *testing.T) {
	dir := buildDB(t, "tictactoe")
	s := New(Config{Databases: openDBs(t, dir)})
	name := "tier-0000000000000002.grt" // boards of two marks
	path := filepath.Join(dir, name)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[70] ^= 0x5a
	if err := os.WriteFile(path, b, 0o666); err != nil {
		t.Fatal(err)
	}
	for _, pos := range []string{"X...O....", "X........"} { // the position's tier, a child's
		code, out := get(t, s, "/api/v1/position", url.Values{"game": {"tictactoe"}, "position": {pos}})
		msg := errorOf(t, out)
		if code != 500 || !strings.Contains(msg, "the server's database cannot answer: "+name) || strings.Contains(msg, dir) {
			t.Errorf("%s: %d %q", pos, code, msg)
		}
	}
	// A tier the damage does not touch still answers.
	if code, out := get(t, s, "/api/v1/position", url.Values{"game": {"tictactoe"}, "position": {"XXOOX.O.."}}); code != 200 {
		t.Errorf("an undamaged tier: %d %v", code, out)
	}
}

func TestOpenDatabases(t *testing.T) {
	ttt := buildDB(t, "tictactoe")
	for _, c := range []struct {
		dirs []string
		want string
	}{
		{[]string{filepath.Join(ttt, "nowhere")}, "no such database directory"},
		{[]string{t.TempDir()}, "is not a grundy database"},
		{[]string{ttt, ttt}, "a second database of tictactoe"},
	} {
		if _, err := OpenDatabases(c.dirs); err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "--db ") {
			t.Errorf("%v: %v", c.dirs, err)
		}
	}
}

// BenchmarkDatabasePosition is /api/v1/position answered from a
// database, past the server's cache (of one answer, for two positions
// in turn): the lookups of the position and of its moves, and the JSON.
func BenchmarkDatabasePosition(b *testing.B) {
	s := New(Config{CacheSize: 1, Databases: openDBs(b, buildDB(b, "connect4:4x4"))})
	targets := []string{"/api/v1/position?game=connect4:4x4&position=2233", "/api/v1/position?game=connect4:4x4&position=2323"}
	for i := 0; b.Loop(); i++ {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", targets[i%2], nil))
		if rec.Code != 200 {
			b.Fatal(rec.Body)
		}
	}
}
