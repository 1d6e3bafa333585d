package nativebuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grundy-go/grundy/native"
)

// Module is grundy's module path: a game is compiled inside it.
const Module = "github.com/grundy-go/grundy"

// version changes when what Build generates changes, so that builds made
// by an older grundy are not reused.
const version = "nativebuild 1"

// Files returns the games written in Go that a command line names: the
// arguments that end in .go and are files, and the games of the
// databases it names (a directory whose manifest.json records a game
// ending in .go, as grundy db build wrote it).
func Files(args []string) []string {
	var out []string
	add := func(f string) {
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if _, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(a, "--") {
			a = v // --script=game.go, --db=DIR
		}
		if native.IsSpec(a) {
			add(a)
			continue
		}
		if m, err := os.ReadFile(filepath.Join(a, "manifest.json")); err == nil {
			var manifest struct {
				Game string `json:"game"`
			}
			if json.Unmarshal(m, &manifest) == nil && native.IsSpec(manifest.Game) {
				add(manifest.Game)
			}
		}
	}
	return out
}

// IsBuild reports whether this program is the build of files (it was
// built with every one of them, as their text is now). If so, it is
// about to answer for them from a command line, so their code stuck past
// the time limit or growing the heap past the memory budget stops the
// process (native.ExitWhenStuck): Go code cannot be cancelled from
// outside.
func IsBuild(files []string) bool {
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil || !native.Has(f, src) {
			return false
		}
	}
	native.ExitWhenStuck = true
	return true
}

// Source is the directory of grundy's source code that games are built
// against: $GRUNDY_SOURCE, else the directory this program was built from
// when it is still there.
func Source() (string, error) {
	if dir := os.Getenv("GRUNDY_SOURCE"); dir != "" {
		if err := checkSource(dir); err != nil {
			return "", fmt.Errorf("GRUNDY_SOURCE=%s: %v", dir, err)
		}
		return filepath.Abs(dir)
	}
	_, file, _, ok := runtime.Caller(0)
	if ok {
		dir := filepath.Dir(filepath.Dir(filepath.Dir(file)))
		if checkSource(dir) == nil {
			return dir, nil
		}
	}
	return "", errors.New("a game written in Go is compiled against grundy's source code, and the directory this grundy was built from is not there: set GRUNDY_SOURCE to a checkout of grundy")
}

func checkSource(dir string) error {
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return fmt.Errorf("no go.mod there")
	}
	if !regexp.MustCompile(`(?m)^module\s+` + regexp.QuoteMeta(Module) + `\s*$`).Match(mod) {
		return fmt.Errorf("its go.mod is not grundy's (module %s)", Module)
	}
	return nil
}

// game is one file to build.
type game struct {
	path  string // as given
	abs   string
	src   []byte
	funcs map[string]string // name → "func" or "var"
	pkg   string            // the directory, inside the module, it is compiled in
	file  string            // its path as the compiler sees it (the overlay's)
	// text and reg are the files in the build's directory that the
	// overlay puts in place: the compiler's errors name them.
	text, reg string
	regLines  map[int]string // line of the generated file → the function it takes
}

// known are the names of a game's functions (docs/native.md).
var known = []string{"Moves", "Split", "Key", "Start", "View", "Parse", "Format", "Init", "Rank", "Tier", "Label"}

// signatures are the types of a game's functions, P its positions' type.
var signatures = map[string]string{
	"Moves": "func(P) []P, P a comparable type", "Split": "func(P) []P", "Key": "func(P) P",
	"Start": "func() P, or var Start P", "View": "func(P) []string", "Parse": "func(string) (P, error)",
	"Format": "func(P) string", "Init": "func(map[string]string) error", "Rank": "func(P) int", "Tier": "func(P) int", "Label": "func(P, P) string",
}

// inspect reads a game's file and finds its functions, with the errors
// of a file that cannot be a game worded for its author.
func inspect(path string) (*game, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			return nil, fmt.Errorf("%s%s", list[0], more(len(list)-1))
		}
		return nil, err
	}
	g := &game{path: path, abs: abs, src: src, funcs: map[string]string{}}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Recv == nil {
				g.funcs[decl.Name.Name] = "func"
			}
		case *ast.GenDecl:
			if decl.Tok != token.VAR {
				continue
			}
			for _, spec := range decl.Specs {
				for _, n := range spec.(*ast.ValueSpec).Names {
					g.funcs[n.Name] = "var"
				}
			}
		}
	}
	if g.funcs["Moves"] != "func" {
		return nil, fmt.Errorf("%s: a game written in Go defines func Moves(p P) []P (P its type of positions); see docs/native.md", path)
	}
	for _, name := range known {
		if name != "Start" && g.funcs[name] == "var" {
			return nil, fmt.Errorf("%s: %s must be a function; see docs/native.md", path, name)
		}
	}
	return g, nil
}

func more(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf(" (and %d more errors)", n)
}

// rewritten is the game's text as it is compiled: in package usergame,
// whatever its own package clause says (so a file that is its author's
// package main builds too), and without build constraints, which would
// leave it out. Lines keep their numbers, so errors point at the file.
func (g *game) rewritten() ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, g.path, g.src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return nil, err
	}
	out := append([]byte(nil), g.src...)
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				start := fset.Position(c.Pos()).Offset
				for i := start + 2; i < start+len(c.Text); i++ {
					out[i] = ' '
				}
			}
		}
	}
	name := f.Name
	start := fset.Position(name.Pos()).Offset
	const pkg = "usergame"
	out = append(out[:start:start], append([]byte(pkg), out[start+len(name.Name):]...)...)
	return out, nil
}

// register is the Go file that registers the game from its package.
func (g *game) register() []byte {
	var b bytes.Buffer
	b.WriteString("package usergame\n\nimport grundynative \"" + Module + "/native\"\n\nfunc init() {\n\td := grundynative.New(Moves)\n")
	g.regLines = map[int]string{6: "Moves"}
	for _, name := range known[1:] {
		if g.funcs[name] != "" {
			g.regLines[bytes.Count(b.Bytes(), []byte("\n"))+1] = name
		}
		switch g.funcs[name] {
		case "func":
			fmt.Fprintf(&b, "\td.%s = %s\n", name, name)
		case "var":
			fmt.Fprintf(&b, "\td.SetStart(%s)\n", name)
		}
	}
	fmt.Fprintf(&b, "\tgrundynative.Register(%q, %q, %q, d)\n}\n", g.abs, g.file, native.Sum(g.src))
	return b.Bytes()
}

// Build returns a grundy program built with the games in files, from the
// cache when one was built before for the same texts and the same grundy;
// status, when not nil, is told that a build starts.
func Build(ctx context.Context, files []string, status io.Writer) (string, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return "", errors.New("a game written in Go is compiled by the Go toolchain, and there is no go command on PATH")
	}
	src, err := Source()
	if err != nil {
		return "", err
	}
	var games []*game
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", version, src, runtime.Version())
	// The grundy that builds is named by its file's path, size and time
	// (any rebuild changes them), not hashed: reading the whole program
	// on every run of a game cost as much as the run.
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00", exe, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	for i, f := range files {
		g, err := inspect(f)
		if err != nil {
			return "", err
		}
		g.pkg = fmt.Sprintf("native/user/game%d", i)
		g.file = filepath.Join(src, g.pkg, strings.TrimSuffix(filepath.Base(f), ".go")+".go")
		fmt.Fprintf(h, "%s\x00%s\x00", g.abs, native.Sum(g.src))
		games = append(games, g)
	}
	key := hex.EncodeToString(h.Sum(nil))[:24]
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "grundy", "native", key)
	exe := filepath.Join(dir, "grundy")
	if _, err := os.Stat(exe); err == nil {
		now := time.Now()
		os.Chtimes(dir, now, now)
		return exe, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("building %s: %w", files[0], err)
	}
	overlay := map[string]string{}
	var imports bytes.Buffer
	imports.WriteString("package main\n\n")
	for i, g := range games {
		text, err := g.rewritten()
		if err != nil {
			return "", err
		}
		gameFile := filepath.Join(dir, fmt.Sprintf("game%d.go", i))
		regFile := filepath.Join(dir, fmt.Sprintf("register%d.go", i))
		if err := os.WriteFile(gameFile, text, 0o644); err != nil {
			return "", err
		}
		if err := os.WriteFile(regFile, g.register(), 0o644); err != nil {
			return "", err
		}
		g.text, g.reg = gameFile, regFile
		overlay[g.file] = gameFile
		overlay[filepath.Join(src, g.pkg, "zz_register.go")] = regFile
		fmt.Fprintf(&imports, "import _ %q\n", Module+"/"+g.pkg)
	}
	mainFile := filepath.Join(dir, "games.go")
	if err := os.WriteFile(mainFile, imports.Bytes(), 0o644); err != nil {
		return "", err
	}
	overlay[filepath.Join(src, "cmd", "grundy", "zz_native_games.go")] = mainFile
	ov, _ := json.Marshal(map[string]any{"Replace": overlay})
	ovFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ovFile, ov, 0o644); err != nil {
		return "", err
	}
	if status != nil {
		fmt.Fprintf(status, "grundy: compiling %s (once; later runs reuse the build)\n", strings.Join(files, ", "))
	}
	tmp := filepath.Join(dir, fmt.Sprintf("grundy.%d.tmp", os.Getpid()))
	cmd := exec.CommandContext(ctx, "go", "build", "-overlay", ovFile, "-o", tmp, "./cmd/grundy")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly") // never edit grundy's go.mod for a game's imports
	out, err := cmd.CombinedOutput()
	if err != nil {
		os.Remove(tmp)
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", compileError(games, string(out), err)
	}
	if err := os.Rename(tmp, exe); err != nil {
		return "", err
	}
	prune(filepath.Dir(dir), dir)
	return exe, nil
}

// errLine matches a compiler's error line: file:line:col: message.
var errLine = regexp.MustCompile(`^(.+?\.go):(\d+)(?::(\d+))?: (.*)$`)

// compileError words the compiler's complaint as one line about the
// game's own file: the first error, with the number of the others.
func compileError(games []*game, out string, err error) error {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if errLine.MatchString(l) {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		msg := strings.TrimSpace(out)
		if msg == "" {
			msg = err.Error()
		}
		first, _, _ := strings.Cut(msg, "\n")
		return fmt.Errorf("building the game: %s", strings.TrimPrefix(first, "# "))
	}
	m := errLine.FindStringSubmatch(lines[0])
	file, line, col, msg := m[1], m[2], m[3], m[4]
	where := file
	for _, g := range games {
		switch {
		case file == g.text || file == g.file || strings.HasSuffix(file, filepath.Join(g.pkg, filepath.Base(g.file))):
			where = g.path
		case file == g.reg:
			n, _ := strconv.Atoi(line)
			name := g.regLines[n]
			return fmt.Errorf("%s: %s has the wrong type for this game's positions (%s); see docs/native.md: %s%s", g.path, name, signatures[name], msg, more(len(lines)-1))
		}
	}
	if strings.Contains(msg, "cannot find module providing package") {
		msg += " (a game may import the standard library and the modules grundy's go.mod requires)"
	}
	if col != "" {
		return fmt.Errorf("%s:%s:%s: %s%s", where, line, col, msg, more(len(lines)-1))
	}
	return fmt.Errorf("%s:%s: %s%s", where, line, msg, more(len(lines)-1))
}

// keep is how long builds not used are kept.
const keep = 14 * 24 * time.Hour

// prune removes the builds in root not used for keep, except current.
func prune(root, current string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := filepath.Join(root, e.Name())
		if info, err := e.Info(); err == nil && p != current && time.Since(info.ModTime()) > keep {
			os.RemoveAll(p)
		}
	}
}
