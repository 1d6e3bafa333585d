package cgt_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/cgt"
)

func Example() {
	s := cgt.NewSpace()
	g, err := s.Parse("{2|0||-1} + ^*")
	if err != nil {
		log.Fatal(err)
	}
	o, err := s.Outcome(g)
	if err != nil {
		log.Fatal(err)
	}
	mean, err := s.Mean(g)
	if err != nil {
		log.Fatal(err)
	}
	temp, err := s.Temperature(g)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.String(g), o, mean, temp)

	up, _ := s.Parse("{0|*}")
	h, err := s.NumberUpStar(cgt.Int(0), 1, 0)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.String(up), up == h)

	d, _ := s.Parse("{2|-1/2}") // Domineering on a 2x3 board
	t, _ := cgt.NewDyadic(5, 2)
	cooled, err := s.Cool(d, t)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.LeftStop(d), s.RightStop(d), s.String(cooled))
	// Output:
	// {2^*|^*||-1^*} N 0 1
	// ^ true
	// 2 -1/2 3/4*
}

func ExampleSpace_ParseComparison() {
	s := cgt.NewSpace()
	g, op, h, _ := s.ParseComparison("^* || 0")
	fmt.Println(s.Compare(g, op, h))
	// Output: true <nil>
}

// Every operation that can go past a limit returns an error: a
// *budget.Exceeded for a limit of the Space, the context's error (wrapped)
// for a cancelled computation.
func Example_errors() {
	s := cgt.NewSpace()
	s.MaxSteps = 100
	_, err := s.Parse("{3|-3} + {5|-5} + {7|-7} + {9|-9} + {11|-11} + ^ + *2")
	fmt.Println(errors.Is(err, budget.ErrExceeded), err)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = cgt.NewSpace()
	s.Context = ctx
	_, err = s.Parse("{1|-1} + {2|-2} + {3|-3} + {4|-4} + {5|-5} + {6|-6} + {7|-7} + {8|-8}")
	fmt.Println(errors.Is(err, context.Canceled))
	// Output:
	// true the computation needs more than 100 steps; it is too large
	// true
}
