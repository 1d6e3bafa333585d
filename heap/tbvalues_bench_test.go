package heap

import (
	"context"
	"testing"
)

// BenchmarkCodeValues: the general take-and-break engine (knapsack of
// nim-sum sets) on codes of each kind, 2000 heaps. "4!.0 general" is
// Grundy's game forced through the general engine, beside the classic
// engine's "4!.0".
func BenchmarkCodeValues(b *testing.B) {
	for _, tc := range []struct {
		name, code string
		general    bool
	}{
		{"4!.0 classic", "4!.0", false},
		{"4!.0 general", "4!.0", true},
		{"8?.0", "8?.0", true},
		{"0.*", "0.*", true},
		{"0.*!", "0.*!", true},
		{"{2+}=.0", "{2+}=.0", true},
		{"0.[37]", "0.[37]", true},
	} {
		b.Run(tc.name, func(b *testing.B) {
			r, err := Parse("tb:" + tc.code)
			if err != nil {
				b.Fatal(err)
			}
			if tc.general && r.Code == nil {
				c, _ := ParseCode(tc.code, 0, 32)
				r = &Rule{Spec: "tb:" + tc.code, Code: c}
			}
			for b.Loop() {
				if _, err := Compute(context.Background(), r, 2000, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
