package native

import (
	"fmt"

	"reflect"
	"unsafe"

	"go.starlark.net/starlark"
)

// A native game's positions are Go values. Unless the game writes its own
// notation (Parse and Format), they are read and written in a script's
// notation, through the Starlark value a script would have used: ints of
// any size, strings and bools as themselves, arrays and structs as tuples
// of their elements or fields in order. So a game and its script twin
// take and print the same positions.

// checkType reports why values of t cannot be positions written in the
// script notation, or nil.
func checkType(t reflect.Type) error {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.String, reflect.Bool:
		return nil
	case reflect.Array:
		return checkType(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if err := checkType(t.Field(i).Type); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("a position of type %s has no notation: write positions with ints, strings, bools, arrays and structs of them, or define Parse and Format", t)
}

// toValue is the Starlark value a script would use for the position rv.
func toValue(rv reflect.Value) starlark.Value {
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return starlark.MakeInt64(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return starlark.MakeUint64(rv.Uint())
	case reflect.String:
		return starlark.String(rv.String())
	case reflect.Bool:
		return starlark.Bool(rv.Bool())
	case reflect.Array:
		t := make(starlark.Tuple, rv.Len())
		for i := range t {
			t[i] = toValue(rv.Index(i))
		}
		return t
	case reflect.Struct:
		t := make(starlark.Tuple, rv.NumField())
		for i := range t {
			t[i] = toValue(rv.Field(i))
		}
		return t
	}
	return starlark.None
}

// fromValue sets rv, which is addressable, to the position v stands for.
func fromValue(v starlark.Value, rv reflect.Value) error {
	t := rv.Type()
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(starlark.Int)
		if !ok {
			return fmt.Errorf("expected an int (%s), got %s", t, describe(v))
		}
		x, ok := n.Int64()
		if !ok || rv.OverflowInt(x) {
			return fmt.Errorf("%s does not fit in %s", n, t)
		}
		settable(rv).SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, ok := v.(starlark.Int)
		if !ok {
			return fmt.Errorf("expected a non-negative int (%s), got %s", t, describe(v))
		}
		x, ok := n.Uint64()
		if !ok || rv.OverflowUint(x) {
			return fmt.Errorf("%s does not fit in %s", n, t)
		}
		settable(rv).SetUint(x)
	case reflect.String:
		s, ok := v.(starlark.String)
		if !ok {
			return fmt.Errorf("expected a string, got %s", describe(v))
		}
		settable(rv).SetString(string(s))
	case reflect.Bool:
		b, ok := v.(starlark.Bool)
		if !ok {
			return fmt.Errorf("expected True or False, got %s", describe(v))
		}
		settable(rv).SetBool(bool(b))
	case reflect.Array, reflect.Struct:
		n := rv.Len
		what := "elements"
		if rv.Kind() == reflect.Struct {
			n, what = rv.NumField, "fields"
		}
		tup, ok := v.(starlark.Tuple)
		if !ok || len(tup) != n() {
			return fmt.Errorf("expected a tuple of %d (the %s of %s), got %s", n(), what, t, describe(v))
		}
		for i, e := range tup {
			f := rv.Field
			if rv.Kind() == reflect.Array {
				f = rv.Index
			}
			if err := fromValue(e, f(i)); err != nil {
				return fmt.Errorf("at index %d: %w", i, err)
			}
		}
	default:
		return fmt.Errorf("a position of type %s has no notation", t)
	}
	return nil
}

// settable makes a field that is not exported settable: the position
// belongs to the game's own package, and reading it back from its text is
// what that package's Parse would do.
func settable(rv reflect.Value) reflect.Value {
	if rv.CanSet() {
		return rv
	}
	return reflect.NewAt(rv.Type(), unsafe.Pointer(rv.UnsafeAddr())).Elem()
}

// describe names a value for an error, briefly.
func describe(v starlark.Value) string {
	s := v.String()
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return fmt.Sprintf("%s %s", v.Type(), s)
}

// intTuple is the value of a table's cell: the int n, or the tuple
// (a, b), as the notation reads them.
func intTuple(xs ...int) starlark.Value {
	if len(xs) == 1 {
		return starlark.MakeInt(xs[0])
	}
	t := make(starlark.Tuple, len(xs))
	for i, x := range xs {
		t[i] = starlark.MakeInt(x)
	}
	return t
}
