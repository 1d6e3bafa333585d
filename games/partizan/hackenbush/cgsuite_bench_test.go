package hackenbush

import (
	"context"
	"testing"

	"github.com/grundy-go/grundy/cgt"
	"github.com/grundy-go/grundy/games/partizan"
)

// BenchmarkCGSuiteChildishLollipop values CGSuite's second Childish
// Hackenbush lollipop (GameGraphTest.scala) from an empty memo.
func BenchmarkCGSuiteChildishLollipop(b *testing.B) {
	pos, err := ParsePictures([]string{"(e:B;e:B;e:Blllllllllrr:B)"}, 'g')
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s := cgt.NewSpace()
		e, _ := partizan.New[string](s, Graphs{Childish: true})
		if _, err := e.Value(context.Background(), pos...); err != nil {
			b.Fatal(err)
		}
	}
}
