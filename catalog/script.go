package catalog

import (
	"fmt"
	"strings"
)

// ScriptInstance is a game script ready to solve positions (package
// script registers them: import it, or catalog/builtin, for Lookup to read
// a spec ending in .star). A script takes parameters by name
// (Options.Params, the CLI's --param), which built-in games refuse, and
// its start position may depend on them.
type ScriptInstance interface {
	Instance
	// StartWith is the start position for opts' parameters, written so
	// that Explore reads it back: "" when the script has none, the
	// script's error when it fails to load with them.
	StartWith(opts Options) (string, error)
}

// openScript is the opener that package script registers.
var openScript func(path string, src []byte) ScriptInstance

// RegisterScriptOpener sets the function that OpenScript calls; package
// script registers its own from its init function, with its resolver.
func RegisterScriptOpener(open func(path string, src []byte) ScriptInstance) {
	openScript = open
}

// openers are the openers of games in other languages, by the extension
// of their files (package native registers ".go").
var openers = map[string]func(path string, src []byte) (ScriptInstance, error){}

// RegisterScriptOpenerFor sets the function that OpenScript calls for a
// file whose name ends in ext.
func RegisterScriptOpenerFor(ext string, open func(path string, src []byte) (ScriptInstance, error)) {
	openers[ext] = open
}

// OpenScript returns the instance of a game script whose text is src, as
// Lookup does for a spec ending in .star (or in an extension registered
// with RegisterScriptOpenerFor); it is an error in a program that links no
// package of game scripts.
func OpenScript(path string, src []byte) (ScriptInstance, error) {
	for ext, open := range openers {
		if strings.HasSuffix(path, ext) {
			return open(path, src)
		}
	}
	if openScript == nil {
		return nil, fmt.Errorf("game script %s: this program does not include game scripts", path)
	}
	return openScript(path, src), nil
}

// ParseParams reads a game script's parameters given as NAME=VALUE, as the
// CLI's --param flags and the server's requests give them, with the same
// one-line errors for both.
func ParseParams(params []string) (map[string]string, error) {
	if len(params) == 0 {
		return nil, nil
	}
	m := map[string]string{}
	for _, kv := range params {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("bad --param %q: expected NAME=VALUE", kv)
		}
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("--param %s is given twice", k)
		}
		m[k] = v
	}
	return m, nil
}
