package reports_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog/reports"
)

func TestMatrixReport(t *testing.T) {
	// Matching pennies with a bias: each player plays the first choice with
	// probability 1/3, and the row player secures 3/3 - 2/3 = 1/3.
	r, err := reports.Matrix(context.Background(), strings.NewReader("3 -1\n-1 1\n"), reports.MatrixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	want := `{"value":0.3333333333333333,"row_strategy":[0.3333333333333333,0.6666666666666666],"column_strategy":[0.3333333333333333,0.6666666666666666],"verified":true,` +
		`"exact":{"value":"1/3","row_strategy":["1/3","2/3"],"column_strategy":["1/3","2/3"],"lower":"1/3","upper":"1/3"}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	if r.Rows != 2 || r.Columns != 2 || r.Value.String() != "1/3" {
		t.Errorf("report %+v", r)
	}
}

func TestMatrixErrors(t *testing.T) {
	_, err := reports.Matrix(context.Background(), strings.NewReader("1 2\n3\n"), reports.MatrixOptions{})
	if err == nil || !strings.Contains(err.Error(), "row 2 (line 2) has 1 entries") {
		t.Errorf("ragged matrix: %v", err)
	}
	_, err = reports.Matrix(context.Background(), strings.NewReader("1 2 3\n4 5 6\n"), reports.MatrixOptions{MaxColumns: 2})
	var ex *budget.Exceeded
	if !errors.As(err, &ex) || ex.Resource != budget.Size || ex.Limit != 2 {
		t.Errorf("3 columns, at most 2: %v", err)
	}
	_, err = reports.Matrix(context.Background(), strings.NewReader("1\n2\n3\n"), reports.MatrixOptions{MaxRows: 2})
	if !errors.As(err, &ex) || err.Error() != "the matrix has 3 rows, more than the 2 solved here" {
		t.Errorf("3 rows, at most 2: %v", err)
	}
}
