package heap

import "fmt"

// Values holds G(0), …, G(Len()-1) in the narrowest unsigned integer type
// that fits every value: one byte each while all values are below 256, two
// bytes below 65536, four bytes beyond. The zero Values is empty.
type Values struct {
	u8  []uint8
	u16 []uint16
	u32 []uint32
	// spill is the mapped file that holds the values, when a run spilled
	// them (spill.go); nil for values in the Go heap.
	spill *spillFile
	// perA, perP: the values are periodic with period perP from perA on
	// (a run filled them by a proven period); perP = 0 when not known.
	perA, perP int
}

// Len is the number of values held.
func (v *Values) Len() int {
	switch {
	case v == nil:
		return 0
	case v.u32 != nil:
		return len(v.u32)
	case v.u16 != nil:
		return len(v.u16)
	}
	return len(v.u8)
}

// Width is the number of bytes each value takes: 1, 2 or 4.
func (v *Values) Width() int {
	switch {
	case v.u32 != nil:
		return 4
	case v.u16 != nil:
		return 2
	}
	return 1
}

// At returns G(n); n must be below Len().
func (v *Values) At(n int) uint32 {
	switch {
	case v.u32 != nil:
		return v.u32[n]
	case v.u16 != nil:
		return uint32(v.u16[n])
	}
	return uint32(v.u8[n])
}

// Max returns the largest value held, 0 if none.
func (v *Values) Max() uint32 {
	n := v.Len()
	if v.perP > 0 && v.perA+v.perP <= n {
		n = v.perA + v.perP // the rest repeats the last period
	}
	switch {
	case v.u32 != nil:
		return maxOf(v.u32[:n])
	case v.u16 != nil:
		return maxOf(v.u16[:n])
	case v.u8 != nil:
		return maxOf(v.u8[:n])
	}
	return 0
}

func maxOf[T unsigned](g []T) uint32 {
	var m T
	for _, x := range g {
		m = max(m, x)
	}
	return uint32(m)
}

// Uint64s returns the values as a new slice of uint64.
func (v *Values) Uint64s() []uint64 {
	out := make([]uint64, v.Len())
	for i := range out {
		out[i] = uint64(v.At(i))
	}
	return out
}

// Truncate keeps the first n values (n <= Len()).
func (v *Values) Truncate(n int) {
	switch {
	case v.u32 != nil:
		v.u32 = v.u32[:n]
	case v.u16 != nil:
		v.u16 = v.u16[:n]
	default:
		v.u8 = v.u8[:n]
	}
}

// FromSlice builds Values from plain numbers, in the narrowest type.
func FromSlice(xs []uint32) *Values {
	var m uint32
	for _, x := range xs {
		m = max(m, x)
	}
	v := &Values{}
	switch {
	case m >= 1<<16:
		v.u32 = append([]uint32{}, xs...)
	case m >= 1<<8:
		v.u16 = make([]uint16, len(xs))
		for i, x := range xs {
			v.u16[i] = uint16(x)
		}
	default:
		v.u8 = make([]uint8, len(xs))
		for i, x := range xs {
			v.u8[i] = uint8(x)
		}
	}
	return v
}

func (v *Values) String() string {
	return fmt.Sprintf("%d values of %d bytes", v.Len(), v.Width())
}

type unsigned interface{ uint8 | uint16 | uint32 }

// widen copies src into a slice of the wider type U, with length n and the
// given capacity.
func widen[T, U unsigned](src []T, capacity int) []U {
	dst := make([]U, len(src), capacity)
	for i, x := range src {
		dst[i] = U(x)
	}
	return dst
}
