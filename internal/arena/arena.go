package arena

import "unsafe"

// chunkBytes is the size of a chunk.
const chunkBytes = 64 << 10

// Strings hands out strings stored in shared chunks. The zero value is
// ready to use.
type Strings struct{ chunk []byte }

// Intern returns a string equal to b, stored in the arena.
func (a *Strings) Intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > cap(a.chunk)-len(a.chunk) {
		a.chunk = make([]byte, 0, max(chunkBytes, len(b)))
	}
	off := len(a.chunk)
	a.chunk = append(a.chunk, b...)
	return unsafe.String(&a.chunk[off], len(b))
}

// Slices hands out copies of slices of T stored in shared chunks. The
// zero value is ready to use.
type Slices[T any] struct{ chunk []T }

// Copy returns a copy of xs stored in the arena, with no capacity past
// its length; nil when xs is empty.
func (a *Slices[T]) Copy(xs []T) []T {
	if len(xs) == 0 {
		return nil
	}
	if len(xs) > cap(a.chunk)-len(a.chunk) {
		var zero T
		per := max(chunkBytes/max(int(unsafe.Sizeof(zero)), 1), 1)
		a.chunk = make([]T, 0, max(per, len(xs)))
	}
	off := len(a.chunk)
	a.chunk = append(a.chunk, xs...)
	return a.chunk[off:len(a.chunk):len(a.chunk)]
}
