package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// rawSend sends one request and returns the status and the body as sent.
func rawSend(t *testing.T, h http.Handler, method, target, body string) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s %s: Content-Type %q", method, target, ct)
	}
	return rec.Code, rec.Body.String()
}

// TestReports: /api/v1/seq, /api/v1/cgt and /api/v1/matrix answer with
// the JSON of the CLI's --json, by GET and by POST.
func TestReports(t *testing.T) {
	h := New(Config{})
	for _, c := range []struct {
		method, target, body, want string
	}{
		{"GET", "/api/v1/seq?" + url.Values{"game": {"subtract:4,3,1"}, "upto": {"14"}}.Encode(), "",
			`{"game":"subtract:1,3,4","values":[0,1,0,1,2,3,2,0,1,0,1,2,3,2],"preperiod":0,"period":7,"proven":true}`},
		{"POST", "/api/v1/seq", `{"game":"lasker","upto":12}`,
			`{"game":"lasker","values":[0,1,2,4,3,5,6,8,7,9,10,12],"preperiod":null,"period":null,"proven":false,"rare":{"mask":7,"count":5,"last":7}}`},
		{"POST", "/api/v1/seq", `{"game":"allbut:1,2","upto":12}`,
			`{"game":"allbut:1,2","values":[0,0,0,1,1,1,2,2,2,3,3,3],"preperiod":null,"period":null,"proven":false,"arithmetic_period":{"preperiod":0,"period":3,"saltus":1}}`},
		{"GET", "/api/v1/cgt?" + url.Values{"expr": {"{2|-1/2}"}}.Encode(), "",
			`{"value":"{2|-1/2}","outcome":"N","birthday":3,"left_stop":"2","right_stop":"-1/2","mean":"3/4","temperature":"5/4","atomic_weight":null}`},
		{"POST", "/api/v1/cgt", `{"expr":"{0|*} == ^"}`, `{"result":true}`},
		// <, > and & as they are (catalog.PlainJSON), as the command
		// line writes them, not as encoding/json's \u003c, \u003e, \u0026.
		{"GET", "/api/v1/cgt?" + url.Values{"expr": {"^<2>"}}.Encode(), "",
			`{"value":"^<2>","outcome":"L","birthday":3,"left_stop":"0","right_stop":"0","mean":"0","temperature":"0","atomic_weight":"0"}`},
		{"POST", "/api/v1/cgt", `{"expr":"{0|{dud|},*}"}`,
			`{"value":"^ & v*","kind":"sided value","outcome":"NHat","left_first":"Left wins","right_first":"draw","onside":"^","offside":"v*","left_stop":null,"right_stop":null,"birthday":null,"mean":null,"temperature":null,"atomic_weight":null,` +
				`"note":"not a stopper (play can go on for ever with the players alternating): its value is the sided value onside & offside"}`},
		{"POST", "/api/v1/matrix", `{"matrix":"3 -1\n-1 1"}`,
			`{"value":0.3333333333333333,"row_strategy":[0.3333333333333333,0.6666666666666666],"column_strategy":[0.3333333333333333,0.6666666666666666],"verified":true,` +
				`"exact":{"value":"1/3","row_strategy":["1/3","2/3"],"column_strategy":["1/3","2/3"],"lower":"1/3","upper":"1/3"}}`},
		{"GET", "/api/v1/matrix?" + url.Values{"matrix": {"0 1 -1; -1 0 1; 1 -1 0"}}.Encode(), "",
			`{"value":0,"row_strategy":[0.3333333333333333,0.3333333333333333,0.3333333333333333],"column_strategy":[0.3333333333333333,0.3333333333333333,0.3333333333333333],"verified":true,` +
				`"exact":{"value":"0","row_strategy":["1/3","1/3","1/3"],"column_strategy":["1/3","1/3","1/3"],"lower":"0","upper":"0"}}`},
	} {
		code, body := rawSend(t, h, c.method, c.target, c.body)
		if code != http.StatusOK || body != c.want+"\n" {
			t.Errorf("%s %s %s:\ngot  %d %s\nwant 200 %s", c.method, c.target, c.body, code, body, c.want)
		}
	}
}

// TestReportErrors: bad input is 400, input over the server's bounds 422,
// each with a one-line error.
func TestReportErrors(t *testing.T) {
	h := New(Config{})
	wide := strings.Repeat("1 ", MaxMatrixSide+1)
	for _, c := range []struct {
		method, target, body string
		status               int
		msg                  string
	}{
		{"GET", "/api/v1/seq?game=kayles&upto=0", "", 400, "bad upto 0: expected a number of values from 1 to 100000"},
		{"GET", "/api/v1/seq?game=kayles&upto=1e3", "", 400, `bad upto "1e3"`},
		{"GET", "/api/v1/seq?game=kayles", "", 400, "missing query parameter 'game' or 'upto'"},
		{"GET", "/api/v1/seq?game=kayles&upto=100001", "", 422, "upto 100001: this server computes at most 100000 values"},
		{"GET", "/api/v1/seq?game=wythoff&upto=10", "", 400, "wythoff is not a game on one heap"},
		{"GET", "/api/v1/seq?game=sub.star&upto=10", "", 400, "this server serves only built-in games"},
		{"GET", "/api/v1/seq?game=subtract:1,1000001&upto=10", "", 400, "bad amount 1000001 in the subtraction set: amounts are integers from 1 to 1000000"},
		{"POST", "/api/v1/seq", `{"game":"kayles"}`, 400, `missing "upto"`},
		{"POST", "/api/v1/seq", `{"game":"kayles","upto":10,"x":1}`, 400, `unknown field "x"`},
		{"POST", "/api/v1/cgt", ``, 400, "empty body"},
		{"POST", "/api/v1/cgt", `{"expr":"{1|"}`, 400, `bad expression "{1|": column 1`},
		{"POST", "/api/v1/cgt", `{"expr":"` + strings.Repeat("*", MaxCGTExpr+1) + `"}`, 422, "this server takes at most 2000"},
		{"GET", "/api/v1/cgt", "", 400, "missing query parameter 'expr'"},
		{"POST", "/api/v1/matrix", `{"matrix":"1 2\n3"}`, 400, "row 2 (line 2) has 1 entries"},
		{"POST", "/api/v1/matrix", `{"matrix":"` + wide + `"}`, 422, "the matrix has 101 columns, more than the 100 solved here"},
		{"DELETE", "/api/v1/matrix", "", 405, "method DELETE not allowed"},
	} {
		code, body := rawSend(t, h, c.method, c.target, c.body)
		var out struct{ Error string }
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatalf("%s %s: %v: %s", c.method, c.target, err, body)
		}
		if code != c.status || !strings.Contains(out.Error, c.msg) || strings.Contains(out.Error, "\n") {
			t.Errorf("%s %s %.40s:\ngot  %d %s\nwant %d …%s…", c.method, c.target, c.body, code, out.Error, c.status, c.msg)
		}
	}
}
