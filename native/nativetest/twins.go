// Package nativetest registers the Go twins of the example scripts
// (examples/native/...) in a test binary, as a build of grundy with them
// would, so that tests reach them through the catalog without compiling
// anything: catalog.Lookup of a twin's path resolves to it.
package nativetest

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundy-go/grundy/examples/native/chomp"
	"github.com/grundy-go/grundy/examples/native/euclid"
	"github.com/grundy-go/grundy/examples/native/mock"
	"github.com/grundy-go/grundy/native"
)

// Twins are the example scripts with a Go twin: script → Go file, both
// relative to the repository's root.
var Twins = map[string]string{
	"examples/euclid.star": "examples/native/euclid/euclid.go",
	"examples/chomp.star":  "examples/native/chomp/chomp.go",
	"examples/mock.star":   "examples/native/mock/mock.go",
}

// Register registers the Go twins, root being the repository's root as
// seen from the test's directory ("../.." from cmd/grundy).
func Register(root string) error {
	for _, rel := range Twins {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return err
		}
		sum := native.Sum(src)
		switch rel {
		case Twins["examples/euclid.star"]:
			d := native.New(euclid.Moves)
			d.SetStart(euclid.Start)
			native.Register(abs, abs, sum, d)
		case Twins["examples/chomp.star"]:
			d := native.New(chomp.Moves)
			d.Init, d.Start, d.Parse, d.Format = chomp.Init, chomp.Start, chomp.Parse, chomp.Format
			native.Register(abs, abs, sum, d)
		case Twins["examples/mock.star"]:
			d := native.New(mock.Moves)
			d.Split, d.Parse, d.Format = mock.Split, mock.Parse, mock.Format
			d.SetStart(mock.Start)
			native.Register(abs, abs, sum, d)
		default:
			return fmt.Errorf("no definition for the twin %s", rel)
		}
	}
	return nil
}
