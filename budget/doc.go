// Package budget says what one computation may spend — positions, script
// steps, bytes of memory, time — and how a solver reports reaching a
// limit, so that every front end can word it its own way: the command
// line names the flag that raises the limit, the HTTP server answers 422
// with the field a client may change.
//
// A solver that stops at a limit returns an *Exceeded (errors.As), which
// matches ErrExceeded (errors.Is). Running out of time is not an
// Exceeded: it is the context's error, context.DeadlineExceeded or
// context.Canceled, wrapped with %w wherever it is passed on. A
// *BadInput carries a position or parameter that is wrong, with its
// offset, so a front end can point at it.
//
// Memory counts bytes a solver allocates for its own tables, charged as
// it allocates them (Memory.Charge), not sampled from the Go runtime:
// charging is exact, costs one atomic add, and makes a search stop at the
// same point on every run, whatever else the process is doing. The
// runtime's own figure is a backstop: SetProcessLimit asks the garbage
// collector to keep the heap under a share of the machine (Go's soft
// memory limit, runtime/debug.SetMemoryLimit).
package budget
