package matrix

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
)

// Limits on what Parse accepts: the simplex refactorises its basis at
// every pivot, so a 200×200 game takes seconds and a 300×300 one about a
// minute and a half; larger games would look like a hang.
const (
	MaxRows    = 300
	MaxColumns = 300
	maxToken   = 200 // characters in one entry
	maxExp     = 300 // |exponent| in one entry
)

// Matrix is a payoff matrix for the row player: Entries[i][j] is what the
// column player pays the row player when row i meets column j.
type Matrix struct {
	Entries [][]*big.Rat
}

// Rows and Cols return the dimensions.
func (m *Matrix) Rows() int { return len(m.Entries) }
func (m *Matrix) Cols() int {
	if len(m.Entries) == 0 {
		return 0
	}
	return len(m.Entries[0])
}

// New checks that rows form a non-empty rectangular matrix and wraps it.
func New(rows [][]*big.Rat) (*Matrix, error) {
	if len(rows) == 0 {
		return nil, errors.New("the matrix is empty: no rows")
	}
	for i, r := range rows {
		if len(r) == 0 {
			return nil, fmt.Errorf("row %d is empty", i+1)
		}
		if len(r) != len(rows[0]) {
			return nil, fmt.Errorf("row %d has %d entries, but row 1 has %d: the matrix is ragged", i+1, len(r), len(rows[0]))
		}
		for j, x := range r {
			if x == nil {
				return nil, fmt.Errorf("row %d, column %d: not a finite number", i+1, j+1)
			}
		}
	}
	return &Matrix{Entries: rows}, nil
}

// FromInts builds a matrix of integers.
func FromInts(rows [][]int64) (*Matrix, error) {
	out := make([][]*big.Rat, len(rows))
	for i, r := range rows {
		out[i] = make([]*big.Rat, len(r))
		for j, x := range r {
			out[i][j] = big.NewRat(x, 1)
		}
	}
	return New(out)
}

// Parse reads a matrix: one row a line, entries separated by white space;
// blank lines and comments from '#' to the end of a line are skipped.
// Errors name the row (and its line in the file) and the column.
func Parse(r io.Reader) (*Matrix, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), MaxColumns*(maxToken+1)+1024)
	var rows [][]*big.Rat
	var lines []int
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // a byte-order mark some editors write
		}
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		row := len(rows) + 1
		if row > MaxRows {
			return nil, fmt.Errorf("line %d: more than %d rows", line, MaxRows)
		}
		if len(fields) > MaxColumns {
			return nil, fmt.Errorf("row %d (line %d): %d entries, at most %d are supported", row, line, len(fields), MaxColumns)
		}
		if len(rows) > 0 && len(fields) != len(rows[0]) {
			return nil, fmt.Errorf("row %d (line %d) has %d entries, but row 1 (line %d) has %d: the matrix is ragged", row, line, len(fields), lines[0], len(rows[0]))
		}
		vals := make([]*big.Rat, len(fields))
		for j, f := range fields {
			x, err := ParseNumber(f)
			if err != nil {
				return nil, fmt.Errorf("row %d (line %d), column %d: %w", row, line, j+1, err)
			}
			vals[j] = x
		}
		rows = append(rows, vals)
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: too long", line+1)
		}
		return nil, err
	}
	if len(rows) == 0 {
		return nil, errors.New("the matrix is empty: no rows of numbers")
	}
	return New(rows)
}

// ParseNumber parses one entry: an integer, a decimal with an optional
// exponent (-1.5, 2e3), or a fraction of integers (2/3).
func ParseNumber(s string) (*big.Rat, error) {
	if len(s) > maxToken {
		return nil, fmt.Errorf("%.20q… is too long for a number (more than %d characters)", s, maxToken)
	}
	low := strings.ToLower(strings.TrimLeft(s, "+-"))
	if low == "nan" || low == "inf" || low == "infinity" {
		return nil, fmt.Errorf("%q is not a finite number", s)
	}
	if strings.Trim(low, "0123456789.e/+-") != "" {
		return nil, fmt.Errorf("%q is not a number", s)
	}
	if num, den, ok := strings.Cut(s, "/"); ok {
		if !isInt(num, true) || !isInt(den, false) {
			return nil, fmt.Errorf("%q is not a number (a fraction is written like 2/3)", s)
		}
		d, _ := new(big.Int).SetString(den, 10)
		if d.Sign() == 0 {
			return nil, fmt.Errorf("%q has a zero denominator", s)
		}
		x, _ := new(big.Rat).SetString(s)
		return x, nil
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		e, err := strconv.Atoi(exp)
		if err != nil || !isInt(exp, true) {
			return nil, fmt.Errorf("%q is not a number: bad exponent", s)
		}
		if e > maxExp || e < -maxExp {
			return nil, fmt.Errorf("%q is out of range: the exponent must be between -%d and %d", s, maxExp, maxExp)
		}
	}
	ip, fp, hasDot := strings.Cut(mant, ".")
	ip = strings.TrimLeft(ip, "+-")
	if len(mant)-len(strings.TrimLeft(mant, "+-")) > 1 || !digits(ip) || !digits(fp) || ip == "" && fp == "" || hasDot && strings.ContainsAny(fp, "+-") {
		return nil, fmt.Errorf("%q is not a number", s)
	}
	x, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, fmt.Errorf("%q is not a number", s)
	}
	return x, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isInt(s string, signed bool) bool {
	if signed && s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	return s != "" && digits(s)
}
