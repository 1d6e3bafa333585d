package reports

import (
	"encoding/json"
	"fmt"
	"math/big"
)

// Number is an exact rational number in a report: a value, a stop, a
// payoff or a probability. It is written, in text and in JSON, as an
// integer ("3") or a fraction in lowest terms ("-5/16"), never rounded.
// The zero Number is 0.
type Number struct{ r *big.Rat }

// NewNumber returns the Number x (a copy: x may change afterwards).
func NewNumber(x *big.Rat) Number { return Number{new(big.Rat).Set(x)} }

// NumberFrac returns num/2^exp, the Number of a dyadic rational.
func NumberFrac(num int64, exp uint) Number {
	den := new(big.Int).Lsh(big.NewInt(1), exp)
	return Number{new(big.Rat).SetFrac(big.NewInt(num), den)}
}

// Rat returns the number as a new *big.Rat.
func (n Number) Rat() *big.Rat {
	if n.r == nil {
		return new(big.Rat)
	}
	return new(big.Rat).Set(n.r)
}

// Float64 returns the nearest float64.
func (n Number) Float64() float64 {
	f, _ := n.Rat().Float64()
	return f
}

// String writes the number as an integer or a fraction "p/q".
func (n Number) String() string { return n.Rat().RatString() }

// MarshalJSON writes the number as a JSON string, "3" or "-5/16".
func (n Number) MarshalJSON() ([]byte, error) { return json.Marshal(n.String()) }

// UnmarshalJSON reads a number written by MarshalJSON.
func (n *Number) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("an exact number is a string such as \"-5/16\": %w", err)
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return fmt.Errorf("bad exact number %q: expected an integer or a fraction such as -5/16", s)
	}
	n.r = r
	return nil
}

// numbers returns xs as Numbers.
func numbers(xs []*big.Rat) []Number {
	out := make([]Number, len(xs))
	for i, x := range xs {
		out[i] = NewNumber(x)
	}
	return out
}
