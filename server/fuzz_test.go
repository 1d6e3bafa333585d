package server

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// checkAnswer fails unless the answer is JSON with a status the API
// documents, and an error is one line.
func checkAnswer(t *testing.T, what string, code int, body []byte) {
	t.Helper()
	switch code {
	case 200, 400, 413, 415, 422, 503:
	default:
		t.Fatalf("%s: status %d: %s", what, code, body)
	}
	var out map[string]any
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("%s: not JSON: %q", what, body)
	}
	if code != 200 {
		msg, ok := out["error"].(string)
		if !ok || msg == "" || strings.Contains(msg, "\n") {
			t.Fatalf("%s: error %q is not one line", what, out["error"])
		}
	}
}

// FuzzPositionBody sends arbitrary JSON bodies: never a panic or a 500.
func FuzzPositionBody(f *testing.F) {
	for _, seed := range []string{
		`{"game":"nim","position":"3 4 5"}`, `{"game":"nim","position":[3,4,5]}`, `{"game":"bash:3","position":"10"}`,
		`{"game":"subtract:1,3,4","position":"99999999"}`, `{"game":"wythoff","position":"3 5"}`, `{"game":"kayles","position":[5,7]}`,
		`{"game":"nim","position":[1e400]}`, `{"game":"nim","position":"-1"}`, `{"game":"octal:0.07","position":"12"}`,
		`{"game":"graph:/etc/passwd","position":"0"}`, `{"game":"pursuit","position":"/etc/passwd"}`, `{`, `[]`, `null`, `""`,
		`{"game":"nim","position":null}`, `{"game":"misere-nim","position":"1 1 1"}`, `{"game":"staircase","position":"1 5 6"}`,
		`{"game":"domineering","position":"2x2","player":"right"}`, `{"game":"hackenbush","position":"-"}`, `{"game":"kuhn","position":"KQ check"}`,
		`{"game":"tshirts","position":"3 1 2 / 1 2 3 / 2 3 1 / deleted 9"}`, `{"game":"pig:10","position":"9 0 5"}`, `{"game":"landlords","position":[0,0]}`,
		`{"game":"nim","position":"1","params":["a=b"]}`, `{"game":"nim","position":"1","params":"a=b"}`, `{"game":"nim","player":7}`,
	} {
		f.Add(seed)
	}
	s := New(Config{MaxStates: 20_000, MaxMoves: 20, Timeout: 2 * time.Second, MaxBody: 4096})
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/api/v1/position", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		checkAnswer(t, body, rec.Code, rec.Body.Bytes())
	})
}

// FuzzQuery sends arbitrary game specs and positions as a query.
func FuzzQuery(f *testing.F) {
	for _, seed := range [][2]string{
		{"nim", "3 4 5"}, {"bash:0", "1"}, {"subtract:", "3"}, {"circle:2", "7"}, {"fibonacci-nim", "20"},
		{"multiply:162", ""}, {"lasker", "3,4"}, {"../x.star", ""}, {"nim:3", "1"}, {"moore:2", "1 2 3"}, {"treblecross", "X....X"},
		{"domineering", "1x2"}, {"snort", "L..R"}, {"kuhn", "JQ bet"}, {"landlords", "2 3"}, {"pig:8", "7 0 0"}, {"cutcake", "1x1"},
	} {
		f.Add(seed[0], seed[1])
	}
	s := New(Config{MaxStates: 20_000, MaxMoves: 20, Timeout: 2 * time.Second})
	f.Fuzz(func(t *testing.T, game, position string) {
		for _, path := range []string{"/api/v1/position", "/api/v1/best", "/api/v1/start"} {
			req := httptest.NewRequest("GET", path+"?"+url.Values{"game": {game}, "position": {position}}.Encode(), nil)
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			checkAnswer(t, path+" "+game+" "+position, rec.Code, rec.Body.Bytes())
		}
	})
}
