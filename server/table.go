package server

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/grundy-go/grundy/catalog"
)

// MaxTableUpto bounds /api/v1/table: a two-heap game's grid is upto²
// values.
const MaxTableUpto = 128

// handleTable answers GET /api/v1/table?game=SPEC&upto=N with the CLI's
// 'grundy table GAME --upto N --json': a one-heap game's values G(0..N-1),
// or a two-heap game's grid of values of (a, b) for a, b < N (Wythoff's
// P-positions are its zeros). It runs through the lanes as a position
// does.
func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	if !v.Has("game") || !v.Has("upto") {
		writeError(w, http.StatusBadRequest, "missing query parameter 'game' or 'upto'")
		return
	}
	upto, err := strconv.Atoi(v.Get("upto"))
	if err != nil || upto < 1 {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("bad upto %q: expected a number from 1 to %d", v.Get("upto"), MaxTableUpto))
		return
	}
	if upto > MaxTableUpto {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("upto %d: this server tabulates at most %d (the command line takes more: grundy table)", upto, MaxTableUpto))
		return
	}
	g, err := s.lookup(v.Get("game"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	tab, ok := g.inst.(catalog.Tabler)
	if !ok || g.lock != nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%s has no table here: tables are of built-in heap games (one heap: its values; two heaps: the grid)", v.Get("game")))
		return
	}
	rep, err := runReport(s, r, func(ctx context.Context, fast bool) (*catalog.Table, error) {
		opts := catalog.Options{MaxStates: s.cfg.MaxStates}
		if fast {
			opts.MaxStates = s.cfg.FastStates
		}
		return tab.Table(ctx, upto, opts)
	})
	if err != nil {
		s.reportFailure(w, r, err, "the table")
		return
	}
	writeJSON(w, http.StatusOK, rep)
}
