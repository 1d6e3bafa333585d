package script_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/grundy-go/grundy/catalog/reports"
	"github.com/grundy-go/grundy/script"
)

func TestCatalogCheck(t *testing.T) {
	if reports.DefaultScriptSteps != script.DefaultMaxSteps {
		t.Errorf("reports.DefaultScriptSteps %d, script.DefaultMaxSteps %d", reports.DefaultScriptSteps, script.DefaultMaxSteps)
	}
	src := []byte("start = 4\ndef moves(n):\n    return [n - t for t in (1, 2) if t <= n]\n")
	r, err := reports.CheckScript(context.Background(), "sub.star", src, reports.CheckOptions{Explore: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	want := `{"file":"sub.star","functions":["moves"],"players":2,"misere":false,"payoff":false,"labelled":false,` +
		`"solver":"Sprague–Grundy search (impartial); retrograde analysis (retro) if positions repeat or ends are drawn",` +
		`"start":"4","explored":3,"ends":0,"chance":0,"max_moves":2,"complete":false,"start_moves":["3","2"],"warnings":[]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	_, err = reports.CheckScript(context.Background(), "bad.star", []byte("start = 1\ndef moves(n):\n    return [1 // 0]\n"), reports.CheckOptions{})
	var se reports.ScriptError
	if !errors.As(err, &se) || se.ScriptPos() != "bad.star:3:15" {
		t.Errorf("a script's error: %v (%T)", err, err)
	}
}
