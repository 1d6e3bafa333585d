package cgt_test

import (
	"fmt"

	"github.com/grundy-go/grundy/cgt"
)

func Example() {
	s := cgt.NewSpace()
	g, _ := s.Parse("{2|0||-1} + ^*")
	fmt.Println(s.String(g), s.Outcome(g), s.Mean(g), s.Temperature(g))

	up, _ := s.Parse("{0|*}")
	fmt.Println(s.String(up), up == s.NumberUpStar(cgt.Int(0), 1, 0))

	d, _ := s.Parse("{2|-1/2}") // Domineering on a 2x3 board
	fmt.Println(s.LeftStop(d), s.RightStop(d), s.Mean(d), s.Temperature(d))
	fmt.Println(s.String(s.Cool(d, cgt.NewDyadic(5, 2))))
	// Output:
	// {2^*|^*||-1^*} N 0 1
	// ^ true
	// 2 -1/2 3/4 5/4
	// 3/4*
}

func ExampleSpace_ParseComparison() {
	s := cgt.NewSpace()
	g, op, h, _ := s.ParseComparison("^* || 0")
	fmt.Println(s.Compare(g, op, h))
	// Output: true
}
