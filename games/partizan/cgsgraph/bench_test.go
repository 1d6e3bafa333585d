package cgsgraph

import "testing"

// BenchmarkParse reads Winning Ways' green girl (CGSuite's test case).
func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := Parse("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", hackenbush); err != nil {
			b.Fatal(err)
		}
	}
}
