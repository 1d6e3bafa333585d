package server

import (
	"context"
	"encoding/json"
	"github.com/grundy-go/grundy/internal/cputime"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"
)

// BenchmarkGalleryStarts times what the page asks for when a gallery
// card's Play is clicked, for every game's default variant (catalog
// About's DefaultSpec): its start (/api/v1/start), then the start's
// answer (summary=1) and its moves, with the cache emptied before each
// round, so each is a first answer. cpu-ns/op is the process's CPU time
// a round (the figure to trust on a shared machine); first-cpu-ns/op
// that of the start and its answer, which the page shows before the
// moves.
//
//	go test ./server -run '^$' -bench GalleryStarts -benchtime 3x
func BenchmarkGalleryStarts(b *testing.B) {
	s := New(Config{})
	for _, g := range s.games(context.Background()) {
		if !g.Explorable {
			continue
		}
		spec := g.DefaultSpec
		if spec == "" {
			spec = g.Name
		}
		b.Run(spec, func(b *testing.B) {
			var cpu, first time.Duration
			for range b.N {
				b.StopTimer()
				s.cache = newCache(s.cfg.CacheSize)
				before := cputime.Process()
				b.StartTimer()
				// The start (a game with none of its own: its example's
				// position, as the page opens it).
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/start?"+url.Values{"game": {spec}}.Encode(), nil))
				var st struct{ Position *string }
				if err := json.Unmarshal(rec.Body.Bytes(), &st); rec.Code != 200 || err != nil {
					b.Fatalf("%s: start %d %s", spec, rec.Code, rec.Body.String())
				}
				pos := "" // no start and no example's position: the game's default (multiply's 1)
				if st.Position != nil {
					pos = *st.Position
				}
				for _, extra := range []string{"1", ""} {
					req := httptest.NewRequest("GET", "/api/v1/position?"+url.Values{"game": {spec}, "position": {pos}, "summary": {extra}}.Encode(), nil)
					rec := httptest.NewRecorder()
					s.ServeHTTP(rec, req)
					if rec.Code != 200 {
						b.Fatalf("%s %q: %d %s", spec, pos, rec.Code, rec.Body.String())
					}
					if extra == "1" {
						first += cputime.Process() - before
					}
				}
				b.StopTimer()
				cpu += cputime.Process() - before
				b.StartTimer()
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			// The first answer: the start and its summary, which the page
			// shows before the moves come.
			b.ReportMetric(float64(first.Nanoseconds())/float64(b.N), "first-cpu-ns/op")
		})
	}
}
