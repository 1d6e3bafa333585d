package server

import (
	"github.com/grundy-go/grundy/internal/cputime"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"
)

// firstAnswers are positions that the command line answers in well under
// 100 ms (grundy solve / value, each under 10 ms of CPU on the
// development machine), over the kinds of game the explorer serves: Nim's
// closed form, heap games by their value table and proven period,
// Wythoff's table, a subtraction game, partizan games by search, a board
// game by search, and misère play.
var firstAnswers = []struct{ name, query string }{
	{"nim_3_4_5", "game=nim&position=3+4+5"},
	{"kayles_2000", "game=kayles&position=2000"},
	{"kayles_1e12", "game=kayles&position=1000000000000"},
	{"grundy-game_700", "game=grundy-game&position=700"},
	{"wythoff_300_400", "game=wythoff&position=300+400"},
	{"subtract_1,3,4_10_11", "game=subtract:1,3,4&position=10+11"},
	{"domineering_3x3", "game=domineering&position=3x3"},
	{"hackenbush_lrrl_l[r,r]", "game=hackenbush&position=lrrl+l[r,r]"},
	{"tictactoe_empty", "game=tictactoe&position=........."},
	{"kayles_12_misere", "game=kayles&position=12&misere=1"},
	{"domineering_3x3_misere", "game=domineering&position=3x3&misere=1"},
	{"clobber_xoxo/oxox_misere", "game=clobber&position=xoxo%2Foxox&misere=1"},
	{"toads-and-frogs_TT..FF_misere", "game=toads-and-frogs&position=TT..FF&misere=1"},
}

// BenchmarkFirstAnswer times the explorer's first answer for a position,
// uncached (each iteration asks a server whose cache was just emptied):
// the page's first request (summary=1, the position's own answer) and its
// second (every move with its value). Issue 18's target: under 200 ms
// for a position the command line answers in under 100 ms. Besides the
// wall clock (ns/op), cpu-ns/op is the process's CPU time an answer, which
// other work on the machine does not inflate.
func BenchmarkFirstAnswer(b *testing.B) {
	s := New(Config{})
	for _, c := range firstAnswers {
		for _, part := range []struct{ name, extra string }{{"answer", "&summary=1"}, {"moves", ""}} {
			b.Run(c.name+"/"+part.name, func(b *testing.B) {
				q, err := url.ParseQuery(c.query + part.extra)
				if err != nil {
					b.Fatal(err)
				}
				var cpu time.Duration
				for range b.N {
					b.StopTimer()
					s.cache = newCache(s.cfg.CacheSize)
					req := httptest.NewRequest("GET", "/api/v1/position?"+q.Encode(), nil)
					rec := httptest.NewRecorder()
					before := cputime.Process()
					b.StartTimer()
					s.ServeHTTP(rec, req)
					b.StopTimer()
					cpu += cputime.Process() - before
					if rec.Code != 200 {
						b.Fatalf("%s: %d %s", c.query, rec.Code, rec.Body.String())
					}
					b.StartTimer()
				}
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
