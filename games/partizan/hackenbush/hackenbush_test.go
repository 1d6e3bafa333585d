package hackenbush

import (
	"bufio"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// TestSignExpansion checks every stalk of up to 10 edges: the value found by
// playing the game equals Berlekamp's sign-expansion value.
func TestSignExpansion(t *testing.T) {
	s := cgt.NewSpace()
	e, err := partizan.New[string](s, Stalks{})
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n <= 10; n++ {
		for bits := 0; bits < 1<<n; bits++ {
			var sb strings.Builder
			for i := 0; i < n; i++ {
				if bits>>i&1 == 1 {
					sb.WriteByte('r')
				} else {
					sb.WriteByte('l')
				}
			}
			p := sb.String()
			g, err := e.Value(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if want := s.Number(mustValue(t, p)); g != want {
				t.Fatalf("stalk %s: game value %s, sign expansion %s", p, s.String(g), s.String(want))
			}
		}
	}
}

// TestPublished checks values printed in Winning Ways, ch. 1.
func TestPublished(t *testing.T) {
	f, err := os.Open("testdata/stalks.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := cgt.NewSpace()
	e, _ := partizan.New[string](s, Stalks{})
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		pos, want, _ := strings.Cut(line, "=")
		stalks, err := Parse([]string{strings.TrimSpace(pos)})
		if err != nil {
			t.Fatal(err)
		}
		g, err := e.Value(context.Background(), stalks...)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.String(g); got != strings.TrimSpace(want) {
			t.Errorf("%s = %s, want %s", pos, got, want)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no values read")
	}
}

// TestSums checks random pictures of several stalks: the sum of the
// sign-expansion values.
func TestSums(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	s := cgt.NewSpace()
	e, _ := partizan.New[string](s, Stalks{})
	for k := 0; k < 300; k++ {
		var stalks []string
		want := cgt.Dyadic{}
		for j := r.IntN(4); j >= 0; j-- {
			b := make([]byte, r.IntN(8))
			for i := range b {
				b[i] = "lr"[r.IntN(2)]
			}
			stalks = append(stalks, string(b))
			var err error
			if want, err = want.Add(mustValue(t, string(b))); err != nil {
				t.Fatal(err)
			}
		}
		g, err := e.Value(context.Background(), stalks...)
		if err != nil {
			t.Fatal(err)
		}
		if x, ok := s.IsNumber(g); !ok || x != want {
			t.Fatalf("%v: %s, want %v", stalks, s.String(g), want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"lrx", `bad stalk "lrx": character 3 is 'x'`},
		{strings.Repeat("l", 41), "at most 40 edges"},
	} {
		_, err := Parse([]string{c.in})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"lrrl", "l r", "-", "", "lx", "LRB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		stalks, err := Parse([]string{in})
		if err != nil {
			return
		}
		for _, p := range stalks {
			if strings.Trim(p, "lr") != "" || len(p) > MaxEdges {
				t.Fatalf("Parse(%q) gave bad stalk %q", in, p)
			}
			if _, err := Value(p); err != nil {
				t.Fatalf("Value(%q) of a parsed stalk: %v", p, err)
			}
		}
	})
}

func mustValue(t *testing.T, p string) cgt.Dyadic {
	t.Helper()
	v, err := Value(p)
	if err != nil {
		t.Fatalf("Value(%q): %v", p, err)
	}
	return v
}

// TestValueTooFine checks that a stalk finer than cgt's numbers is an
// error, not a panic: 4097 edges past the first run need 2^-4097, past
// cgt.MaxExp; 60 edges need 2^-60, which cgt's numbers hold exactly.
func TestValueTooFine(t *testing.T) {
	_, err := Value("l" + strings.Repeat("r", cgt.MaxExp+1))
	if !errors.Is(err, budget.ErrExceeded) {
		t.Fatalf("Value of a stalk of MaxExp+2 edges: %v, want a budget error", err)
	}
	v, err := Value("l" + strings.Repeat("r", 60))
	if want, _ := cgt.NewDyadic(1, 60); err != nil || v != want {
		t.Fatalf("Value of a 61-edge stalk = %v, %v; want 2^-60", v, err)
	}
	v, err = Value("lrrr") // 1 − 1/2 − 1/4 − 1/8
	if want, _ := cgt.NewDyadic(1, 3); err != nil || v != want {
		t.Fatalf("Value(lrrr) = %v, %v; want 1/8", v, err)
	}
}
