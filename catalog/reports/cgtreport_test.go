package reports_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog/reports"
)

func TestCGTReport(t *testing.T) {
	r, err := reports.CGT(context.Background(), "{2|-1/2}", reports.CGTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	want := `{"value":"{2|-1/2}","outcome":"N","birthday":3,"left_stop":"2","right_stop":"-1/2","mean":"3/4","temperature":"5/4","atomic_weight":null}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	if r.Mean.Rat().Cmp(big.NewRat(3, 4)) != 0 || r.RightStop.Float64() != -0.5 {
		t.Errorf("mean %v, right stop %v: not typed exactly", r.Mean, r.RightStop)
	}
	r, err = reports.CGT(context.Background(), "^^*", reports.CGTOptions{Thermograph: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.AtomicWeight == nil || *r.AtomicWeight != "2" || !strings.Contains(string(r.Thermograph), "<svg") {
		t.Errorf("^^*: atomic weight %v, thermograph %.20q", r.AtomicWeight, r.Thermograph)
	}
}

func TestCGTComparison(t *testing.T) {
	r, err := reports.CGT(context.Background(), "{0|*} == ^", reports.CGTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	if string(b) != `{"result":true}` || r.Comparison.Op != "==" || r.Comparison.Right != "^" {
		t.Errorf("got %s, %+v", b, r.Comparison)
	}
	if _, err := reports.CGT(context.Background(), "1 < 2", reports.CGTOptions{Thermograph: true}); !errors.Is(err, reports.ErrThermographOfComparison) {
		t.Errorf("thermograph of a comparison: %v", err)
	}
}

func TestCGTErrors(t *testing.T) {
	_, err := reports.CGT(context.Background(), "{1|", reports.CGTOptions{})
	if err == nil || !strings.Contains(err.Error(), `bad expression "{1|": column 1`) {
		t.Errorf("bad expression: %v", err)
	}
	_, err = reports.CGT(context.Background(), "+-(1,2,3,4,5,6,7,8) + +-(1,2,3,4,5,6,7,9)", reports.CGTOptions{MaxSteps: 10})
	if !errors.Is(err, budget.ErrExceeded) {
		t.Errorf("over the step budget: %v, want a budget.Exceeded", err)
	}
}

func TestNumberJSON(t *testing.T) {
	for _, c := range []struct {
		n    reports.Number
		want string
	}{
		{reports.Number{}, `"0"`},
		{reports.NumberFrac(-5, 4), `"-5/16"`},
		{reports.NumberFrac(6, 1), `"3"`},
		{reports.NewNumber(big.NewRat(2, 3)), `"2/3"`},
	} {
		b, err := json.Marshal(c.n)
		if err != nil || string(b) != c.want {
			t.Errorf("%v: got %s, %v; want %s", c.n, b, err, c.want)
		}
		var back reports.Number
		if err := json.Unmarshal(b, &back); err != nil || back.Rat().Cmp(c.n.Rat()) != 0 {
			t.Errorf("%s read back as %v, %v", b, back, err)
		}
	}
	var n reports.Number
	if err := json.Unmarshal([]byte(`"1/0"`), &n); err == nil {
		t.Errorf(`"1/0" read as %v`, n)
	}
}
