package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestImports: the command is a front end of the catalog. Its code (not
// its tests) imports only the catalog (and catalog/builtin, which
// registers every game), the server, budget (the typed limits it words),
// nativebuild (which compiles a game written in Go into a grundy that
// runs the command line in its place),
// its CLI library and the standard library; every computation goes
// through the catalog, which the server serves too.
func TestImports(t *testing.T) {
	allowed := []string{
		"github.com/grundy-go/grundy/catalog",
		"github.com/grundy-go/grundy/catalog/builtin",
		"github.com/grundy-go/grundy/catalog/reports",
		"github.com/grundy-go/grundy/catalog/strong",
		"github.com/grundy-go/grundy/server",
		"github.com/grundy-go/grundy/budget",
		"github.com/grundy-go/grundy/native/nativebuild",
		"github.com/spf13/cobra",
	}
	// Imports still to go, by file: delete each line when its file drops
	// the import (a line for an import no longer there fails too).
	pending := map[string][]string{}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		var seen []string
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			if !strings.Contains(first, ".") || slices.Contains(allowed, path) {
				continue // the standard library, or allowed
			}
			if slices.Contains(pending[name], path) {
				seen = append(seen, path)
				continue
			}
			t.Errorf("%s imports %s; cmd/grundy may import only %s and the standard library", name, path, strings.Join(allowed, ", "))
		}
		for _, path := range pending[name] {
			if !slices.Contains(seen, path) {
				t.Errorf("%s no longer imports %s: delete it from the pending imports of this test", name, path)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no Go files found")
	}
}
