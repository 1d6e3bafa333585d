package retroreport

import (
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/retro"
)

// GameOptions is the retrograde analysis's options under a solve's
// catalog options: its bounds on positions and memory, and its progress
// reported as positions done.
func GameOptions(opts catalog.Options) retro.GameOptions {
	g := retro.GameOptions{MaxStates: opts.MaxStates, Memory: opts.Memory}
	if opts.Progress != nil {
		g.Progress = func(done, _ int) { opts.Progress(done) }
	}
	return g
}

// RefuseLoopy is how a game with no closed form whose positions repeat
// (repeats says how) refuses method m: closed form and search, which
// cannot prove outcomes through cycles, are refused, each with
// retrograde analysis, the default, offered instead; any other method
// is nil.
func RefuseLoopy(spec, name string, m catalog.Method, repeats string) error {
	var e *catalog.MethodError
	switch m {
	case catalog.ClosedForm:
		e = catalog.RefuseMethod(spec, catalog.ClosedForm, "%s has no closed form", name)
	case catalog.Search:
		e = catalog.RefuseMethod(spec, catalog.Search, "%s, and a game-tree search cannot prove outcomes through cycles", repeats)
	default:
		return nil
	}
	e.Instead = "retrograde analysis"
	return e
}
