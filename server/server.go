package server

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/grundy-go/grundy/budget"
	"github.com/grundy-go/grundy/catalog"
	"github.com/grundy-go/grundy/catalog/strong"
	"github.com/grundy-go/grundy/impartial"
)

//go:embed web
var webFS embed.FS

// Config sets the server's limits. Zero fields take the defaults below.
type Config struct {
	// Scripts are games loaded from files when the server started, by name
	// (see LoadScripts). Requests name them; they never name files.
	Scripts map[string]catalog.Instance
	// Databases are strongly solved games (see OpenDatabases), by their
	// game's spec: requests for that game are answered from its database,
	// without searching. The caller closes them after the server stops.
	Databases map[string]*strong.DB
	// MaxStates caps the positions one search explores.
	MaxStates int
	// MaxMoves caps the moves listed for one position.
	MaxMoves int
	// Timeout is how long one request may compute.
	Timeout time.Duration
	// MaxBody caps the size of a request body, in bytes.
	MaxBody int64
	// CacheSize is the number of solved positions kept.
	CacheSize int
	// FastSlots is the number of fresh attempts the fast lane runs at
	// once (default max(32, 16 × CPUs)); an attempt that has run past
	// FastTimeout/5 gives its slot up to fresh requests and goes on among
	// at most demotedSlots × FastSlots such attempts, or, when those are
	// all taken, goes on to the slow lane at once; FastStates
	// and FastTimeout bound each (default 20,000 positions and 50 ms of
	// CPU time: the time the attempt ran, not the time it waited for a
	// processor; wall-clock time where no thread's CPU clock can be
	// read). What does not finish there goes to the slow lane.
	FastSlots   int
	FastStates  int
	FastTimeout time.Duration
	// SlowWorkers is the number of searches the slow lane runs at once
	// with the full budget (default max(1, GOMAXPROCS − 1), leaving a core
	// to the fast lane); MaxQueue is the
	// number of requests that may wait for it (default 64); more are
	// refused with 503.
	SlowWorkers int
	MaxQueue    int
	// MaxMemory is the memory all searches together may charge (default
	// 1 GiB): each request in the fast lane gets FastMemory (default
	// 8 MiB), and each search in the slow lane an equal share of the
	// rest, (MaxMemory − (1 + demotedSlots) × FastSlots × FastMemory) /
	// SlowWorkers, at
	// least FastMemory.
	MaxMemory  int64
	FastMemory int64
}

// cpus is the number of processors the server's work may use: GOMAXPROCS,
// or the machine's CPUs where GOMAXPROCS is set above them (Oversubscribe).
func cpus() int { return min(runtime.GOMAXPROCS(0), runtime.NumCPU()) }

// Oversubscribe sets GOMAXPROCS to twice the CPUs, for a process
// whose main work is serving: demoted attempts and searches then hold at
// most GOMAXPROCS − CPUs of Go's processors (the run tokens of prio.go),
// so that searches keep every CPU busy while as many processors are free
// for new requests. grundy serve calls it.
func Oversubscribe() {
	runtime.GOMAXPROCS(max(runtime.GOMAXPROCS(0), 2*runtime.NumCPU()))
}

// demotedSlots is how many attempts past FastTimeout/5 may go on in the
// fast lane for each fresh slot: enough that a cheap request that needs a
// little more CPU than most is seldom sent to the slow lane, few enough
// that they hold a small share of MaxMemory.
const demotedSlots = 1

// Defaults.
const (
	DefaultMaxStates = 2_000_000
	DefaultMaxMoves  = 500
	DefaultTimeout   = 20 * time.Second
	DefaultMaxBody   = 64 << 10
	DefaultCacheSize = 10_000

	DefaultFastStates  = 20_000
	DefaultFastTimeout = 50 * time.Millisecond
	DefaultMaxQueue    = 64
	DefaultMaxMemory   = 1 << 30
	DefaultFastMemory  = 8 << 20
)

// Server serves the API and the explorer. It is an http.Handler.
type Server struct {
	cfg     Config
	scripts map[string]*served
	dbs     map[string]*strong.DB // databases by their game's spec
	// dbGames are the games served from databases, by spec and by the
	// aliases of a game without parameters (ttt), made once: a lookup in
	// the catalog may cost more than the database's answer (Connect-4's
	// ranking tables).
	dbGames map[string]*served
	entries map[string]*catalog.Entry // built-in games by name and alias
	mux     *http.ServeMux
	cache   *cache
	fast    chan struct{} // the fast lane's slots for fresh attempts
	demoted chan struct{} // and for attempts past FastTimeout/5
	slow    *lane         // the slow lane
	prio    *prio         // the order of work on the processor
}

// New returns a Server with the given limits.
func New(cfg Config) *Server {
	if cfg.MaxStates <= 0 {
		cfg.MaxStates = DefaultMaxStates
	}
	if cfg.MaxMoves <= 0 {
		cfg.MaxMoves = DefaultMaxMoves
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.CacheSize <= 0 {
		cfg.CacheSize = DefaultCacheSize
	}
	if cfg.FastSlots <= 0 {
		cfg.FastSlots = max(32, 16*cpus())
	}
	if cfg.FastStates <= 0 {
		cfg.FastStates = DefaultFastStates
	}
	cfg.FastStates = min(cfg.FastStates, cfg.MaxStates)
	if cfg.FastTimeout <= 0 {
		cfg.FastTimeout = DefaultFastTimeout
	}
	cfg.FastTimeout = min(cfg.FastTimeout, cfg.Timeout)
	if cfg.SlowWorkers <= 0 {
		cfg.SlowWorkers = max(1, cpus()-1)
	}
	if cfg.MaxQueue <= 0 {
		cfg.MaxQueue = DefaultMaxQueue
	}
	if cfg.MaxMemory <= 0 {
		cfg.MaxMemory = DefaultMaxMemory
	}
	if cfg.FastMemory <= 0 {
		cfg.FastMemory = DefaultFastMemory
	}
	s := &Server{cfg: cfg, scripts: loadScripts(cfg.Scripts), dbs: cfg.Databases, entries: map[string]*catalog.Entry{},
		mux: http.NewServeMux(), cache: newCache(cfg.CacheSize),
		fast: make(chan struct{}, cfg.FastSlots), demoted: make(chan struct{}, demotedSlots*cfg.FastSlots),
		slow: newLane(cfg.SlowWorkers, cfg.MaxQueue), prio: newPrio()}
	for _, e := range catalog.Entries() {
		for _, name := range append([]string{e.Name}, e.Aliases...) {
			s.entries[name] = e
		}
	}
	s.dbGames = map[string]*served{}
	for spec, d := range s.dbs {
		inst, err := catalog.LookupBuiltin(spec)
		if err != nil {
			continue // not served: OpenDatabases refuses such a database
		}
		g := &served{inst: inst, entry: s.entries[strings.SplitN(spec, ":", 2)[0]], db: d}
		g.ex, _ = catalog.AsExplorer(inst)
		s.dbGames[spec] = g
		if e := s.entries[spec]; e != nil {
			for _, a := range e.Aliases {
				s.dbGames[a] = g
			}
		}
	}
	s.mux.HandleFunc("/api/v1/games", s.only("GET", s.handleGames))
	s.mux.HandleFunc("/api/v1/game", s.only("GET", s.handleGame))
	s.mux.HandleFunc("/api/v1/start", s.only("GET", s.handleStart))
	s.mux.HandleFunc("/api/v1/position", s.only("GET POST", s.handlePosition))
	s.mux.HandleFunc("/api/v1/best", s.only("GET POST", s.handleBest))
	s.mux.HandleFunc("/api/v1/seq", s.only("GET POST", s.handleSeq))
	s.mux.HandleFunc("/api/v1/cgt", s.only("GET POST", s.handleCGT))
	s.mux.HandleFunc("/api/v1/value", s.only("GET POST", s.handleValue))
	s.mux.HandleFunc("/api/v1/matrix", s.only("GET POST", s.handleMatrix))
	s.mux.HandleFunc("/api/v1/table", s.only("GET", s.handleTable))
	s.mux.HandleFunc("/api/v1/pattern", s.only("GET", s.handlePattern))
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no API endpoint %s; see docs/api.md (endpoints: /api/v1/games, /api/v1/game, /api/v1/start, /api/v1/position, /api/v1/best, /api/v1/seq, /api/v1/table, /api/v1/pattern, /api/v1/cgt, /api/v1/value, /api/v1/matrix)", r.URL.Path))
	})
	web, err := fs.Sub(webFS, "web")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	assets, err := loadAssets(web)
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		serveAsset(w, r, assets)
	})
	return s
}

// ServeHTTP serves a request, with the security headers of a page that
// loads nothing from elsewhere.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// only admits the given methods.
func (s *Server) only(methods string, h http.HandlerFunc) http.HandlerFunc {
	allowed := strings.Fields(methods)
	return func(w http.ResponseWriter, r *http.Request) {
		for _, m := range allowed {
			if r.Method == m || r.Method == http.MethodHead && m == http.MethodGet {
				h(w, r)
				return
			}
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed on %s; use %s", r.Method, r.URL.Path, strings.Join(allowed, " or ")))
	}
}

// Listen serves on addr until ctx is done, then shuts down gracefully.
// ready is called with the URL once the port is open.
func (s *Server) Listen(ctx context.Context, addr string, ready func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--addr %s: %w", addr, err)
	}
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      s.cfg.Timeout + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	if ready != nil {
		ready("http://" + ln.Addr().String() + "/")
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := hs.Shutdown(shut); err != nil {
			return err
		}
		<-done
		return nil
	}
}

// LoadScripts reads game scripts and names each by its file name, e.g.
// "tshirts.star": the script is served under that name, which is also the
// file name its errors and reports give, so that no answer shows where
// the file is on the server.
func LoadScripts(paths []string) (map[string]catalog.Instance, error) {
	out := map[string]catalog.Instance{}
	for _, p := range paths {
		if !strings.HasSuffix(p, ".star") && !strings.HasSuffix(p, ".go") {
			return nil, fmt.Errorf("--script %s: a game script's name ends in .star (Starlark) or .go (a game written in Go)", p)
		}
		src, err := os.ReadFile(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("--script %s: game script %s: no such file", p, p)
			}
			return nil, fmt.Errorf("--script %s: %w", p, err)
		}
		name := filepath.Base(p)
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("--script %s: two scripts are named %q", p, name)
		}
		inst, err := catalog.OpenScript(name, src)
		if err != nil {
			return nil, fmt.Errorf("--script %s: %w", p, err)
		}
		out[name] = inst
	}
	return out, nil
}

// ---- errors

type apiError struct {
	Error string `json:"error"`
	// Input and Offset point at the fault of a bad position: the
	// position as read, and the byte offset in it (budget.BadInput).
	Input  *string `json:"input,omitempty"`
	Offset *int    `json:"offset,omitempty"`
}

// writeError writes a one-line error: a longer message (a script's
// Starlark traceback) is cut to its first line.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, apiError{Error: firstLine(msg)})
}

// firstLine is msg cut to its first line, its middle left out when it
// is long (budget.ShortLine), as the command line prints it.
func firstLine(msg string) string {
	msg, _, _ = strings.Cut(strings.TrimSpace(msg), "\n")
	return budget.ShortLine(msg)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = json.Marshal(apiError{Error: "encoding the answer: " + err.Error()})
	}
	writeRaw(w, status, b)
}

// writeRaw writes a JSON answer as the command line writes its JSON
// (catalog.PlainJSON: <, > and & unescaped), so one value reads the same
// from either.
func writeRaw(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(catalog.PlainJSON(b))
	w.Write([]byte("\n"))
}

// statusOf maps an error to an HTTP status by its type, never its words:
// limits of this server are 422 (the input is fine but too large to
// answer here: budget.ErrExceeded and the catalog's own kinds of "too
// large"), running out of time or a full queue is 503, a panic or a
// database that cannot answer (strong.DataError: a damaged file, the
// server's own data, which no retry mends) is 500, and everything else
// is bad input, 400.
func statusOf(err error) int {
	var data *strong.DataError
	switch {
	case errors.Is(err, errInternal), errors.As(err, &data):
		return http.StatusInternalServerError
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, errOverloaded):
		return http.StatusServiceUnavailable
	case errors.Is(err, budget.ErrExceeded),
		errors.Is(err, catalog.ErrTooLargeToExplore), errors.Is(err, impartial.ErrCycle):
		return http.StatusUnprocessableEntity
	}
	return http.StatusBadRequest
}

// failure writes err, unless the client has gone away (then nobody reads
// the answer).
func (s *Server) failure(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		return
	}
	msg := err.Error()
	var data *strong.DataError
	switch {
	case errors.As(err, &data):
		msg = dataMessage(data)
	case errors.Is(err, context.DeadlineExceeded):
		msg = fmt.Sprintf("this position needs more than the %s this server gives one answer (grundy serve --timeout), so it stopped; try a smaller position, or solve this one on your own computer with the command line (grundy solve), which has no time limit", s.cfg.Timeout)
	case errors.Is(err, catalog.ErrTooLargeToExplore):
		msg = firstLine(msg) + "; the explorer lists every move with its value, so it takes smaller positions than the command line (grundy solve): ask for the position's answer alone (summary=1), which has the command line's limits"
	case errors.Is(err, errOverloaded):
		msg = fmt.Sprintf("the server is busy: %d searches are already waiting; try again later", s.cfg.MaxQueue)
		w.Header().Set("Retry-After", "5")
	}
	e := apiError{Error: firstLine(msg)}
	var bad *budget.BadInput
	if errors.As(err, &bad) && bad.Offset >= 0 && bad.Input != "" {
		e.Input, e.Offset = &bad.Input, &bad.Offset
	}
	writeJSON(w, statusOf(err), e)
}

// dataMessage words a database's failure without the server's paths
// (the file's name within the database only): the client learns that the
// server's data is at fault, its operator which file.
func dataMessage(e *strong.DataError) string {
	msg := strings.ReplaceAll(e.Error(), e.Dir+string(filepath.Separator), "")
	msg = strings.ReplaceAll(msg, e.Dir, "the database")
	return "the server's database cannot answer: " + msg + "; its operator should rebuild it (grundy db build)"
}

// OpenDatabases opens the databases in dirs (built by grundy db build)
// for Config.Databases, by their game's spec. Only built-in games are
// served from a database (a game script's database would name a file);
// two databases of one game are an error.
func OpenDatabases(dirs []string) (map[string]*strong.DB, error) {
	out := map[string]*strong.DB{}
	fail := func(err error) (map[string]*strong.DB, error) {
		for _, d := range out {
			d.Close()
		}
		return nil, err
	}
	for _, dir := range dirs {
		d, err := strong.Open(dir)
		if err != nil {
			return fail(fmt.Errorf("--db %s: %w", dir, err))
		}
		if _, err := catalog.LookupBuiltin(d.Game()); err != nil {
			d.Close()
			return fail(fmt.Errorf("--db %s: a database of %s, which is not a built-in game: %w", dir, d.Game(), err))
		}
		if _, dup := out[d.Game()]; dup {
			d.Close()
			return fail(fmt.Errorf("--db %s: a second database of %s", dir, d.Game()))
		}
		out[d.Game()] = d
	}
	return out, nil
}

// ---- requests

// request is the body of POST /api/v1/position and /api/v1/best, and the
// query of their GET forms.
type request struct {
	Game     string          `json:"game"`
	Position json.RawMessage `json:"position"`
	// Params are a game script's parameters, "NAME=VALUE" each, as the
	// CLI's --param takes them (GET: param=NAME=VALUE, repeated).
	Params []string `json:"params"`
	// Player is the side the engine plays in /api/v1/best for a partizan
	// game: "left" (the default) or "right".
	Player string `json:"player"`
	// Summary asks /api/v1/position for the position's own solution
	// only, without its moves (GET: summary=1).
	Summary bool `json:"summary"`
	// Misere asks for misère play, where the player who makes the last
	// move loses (GET: misere=1), for impartial games that offer it.
	Misere bool `json:"misere"`
}

// query is a parsed request.
type query struct {
	game, position, player string
	params                 map[string]string
	how                    ask
}

// parseRequest reads game and position (and a script's parameters, and
// the player) from the query (GET) or a JSON body (POST). The position is
// a string of tokens ("3 4 5") or an array of strings and numbers ([3, 4,
// 5]).
func (s *Server) parseRequest(w http.ResponseWriter, r *http.Request) (q query, status int, err error) {
	if r.Method != http.MethodPost {
		v := r.URL.Query()
		if !v.Has("game") {
			return q, http.StatusBadRequest, errors.New("missing query parameter 'game'")
		}
		q = query{game: v.Get("game"), position: v.Get("position"), player: v.Get("player")}
		switch v.Get("summary") {
		case "", "0", "false":
		case "1", "true":
			q.how.summary = true
		default:
			return q, http.StatusBadRequest, fmt.Errorf("bad summary %q: expected 1 (the position's solution only, without its moves) or 0", v.Get("summary"))
		}
		switch v.Get("misere") {
		case "", "0", "false":
		case "1", "true":
			q.how.misere = true
		default:
			return q, http.StatusBadRequest, fmt.Errorf("bad misere %q: expected 1 (misère play: the last player to move loses) or 0 (normal play)", v.Get("misere"))
		}
		if q.params, err = catalog.ParseParams(v["param"]); err != nil {
			return q, http.StatusBadRequest, err
		}
		if err := checkPlayer(q.player); err != nil {
			return q, http.StatusBadRequest, err
		}
		return q, 0, nil
	}
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return q, http.StatusUnsupportedMediaType, fmt.Errorf("request body must be JSON (Content-Type application/json), got %q", ct)
	}
	body := http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	var req request
	if err := dec.Decode(&req); err != nil {
		return q, bodyStatus(err), fmt.Errorf("bad JSON body: %s", jsonMessage(err, s.cfg.MaxBody))
	}
	if _, err := dec.Token(); err != io.EOF {
		if err == nil {
			err = errors.New("more than one JSON value")
		}
		return q, bodyStatus(err), fmt.Errorf("bad JSON body: %s", jsonMessage(err, s.cfg.MaxBody))
	}
	if req.Game == "" {
		return q, http.StatusBadRequest, errors.New(`bad JSON body: missing "game"`)
	}
	pos, err := positionOf(req.Position)
	if err != nil {
		return q, http.StatusBadRequest, err
	}
	q = query{game: req.Game, position: pos, player: req.Player, how: ask{summary: req.Summary, misere: req.Misere}}
	if q.params, err = catalog.ParseParams(req.Params); err != nil {
		return q, http.StatusBadRequest, err
	}
	if err := checkPlayer(q.player); err != nil {
		return q, http.StatusBadRequest, err
	}
	return q, 0, nil
}

func checkPlayer(p string) error {
	switch p {
	case "", catalog.PlayerLeft, catalog.PlayerRight:
		return nil
	}
	return fmt.Errorf("bad player %q: expected %q or %q (the side the engine plays in a partizan game)", p, catalog.PlayerLeft, catalog.PlayerRight)
}

func bodyStatus(err error) int {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return http.StatusRequestEntityTooLarge
	}
	return http.StatusBadRequest
}

func jsonMessage(err error, limit int64) string {
	var tooBig *http.MaxBytesError
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooBig):
		return fmt.Sprintf("larger than the limit of %d bytes", limit)
	case errors.As(err, &syntax):
		return fmt.Sprintf("%s at byte %d", syntax, syntax.Offset)
	case errors.As(err, &typ):
		return fmt.Sprintf("field %q must be %s, not %s", typ.Field, typ.Type, typ.Value)
	case errors.Is(err, io.EOF):
		return "empty body; expected an object such as {\"game\":\"nim\",\"position\":\"3 4 5\"}"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "unexpected end of input"
	}
	return err.Error()
}

// positionOf turns the JSON position into tokens separated by spaces.
func positionOf(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var str string
	if err := json.Unmarshal(raw, &str); err == nil {
		return str, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return "", errors.New(`bad JSON body: "position" must be a string such as "3 4 5" or an array such as [3, 4, 5]`)
	}
	toks := make([]string, len(list))
	for i, item := range list {
		var n json.Number
		if err := json.Unmarshal(item, &str); err == nil {
			toks[i] = str
		} else if err := json.Unmarshal(item, &n); err == nil {
			toks[i] = n.String()
		} else {
			return "", fmt.Errorf(`bad JSON body: "position" item %d must be a string or a number, got %s`, i+1, item)
		}
	}
	return strings.Join(toks, " "), nil
}

// normalize writes a position's words separated by single spaces, so that
// "3 4  5" and "3 4 5" share a cache entry. Commas are kept: some games'
// notations use them ("l[r,r]").
func normalize(pos string) string {
	return strings.Join(strings.Fields(pos), " ")
}

// served is a game as the server serves it.
type served struct {
	inst catalog.Instance
	ex   catalog.Explorer // nil when its moves cannot be listed
	// entry is the built-in game's catalog entry (nil for scripts).
	entry *catalog.Entry
	// db, when set, answers for the game's positions (no search).
	db *strong.DB
	// lock is set for game scripts: a script instance keeps its solver
	// between calls and is not safe for concurrent use, so its requests
	// take turns (the cache still answers repeated positions at once).
	lock chan struct{}
}

// loadScripts prepares the scripts given at start.
func loadScripts(scripts map[string]catalog.Instance) map[string]*served {
	out := map[string]*served{}
	for name, inst := range scripts {
		g := &served{inst: inst, lock: make(chan struct{}, 1)}
		g.ex, _ = catalog.AsExplorer(inst)
		out[name] = g
	}
	return out
}

// lookup resolves a game spec from a client: a script loaded at start, or
// a built-in game (never a path).
func (s *Server) lookup(spec string) (*served, error) {
	if g, ok := s.scripts[spec]; ok {
		return g, nil
	}
	if g, ok := s.dbGames[spec]; ok {
		return g, nil
	}
	// LookupBuiltin reads no path, so a built-in game's parameters may
	// hold a slash (partizan-subtract:1,3/2,3); a spec it does not know
	// that looks like a file is told that files are not served.
	inst, err := catalog.LookupBuiltin(spec)
	if err != nil {
		if strings.ContainsAny(spec, `/\`) || strings.HasSuffix(spec, ".star") {
			return nil, fmt.Errorf("unknown game %q: this server serves only built-in games and the scripts it was started with (see /api/v1/games)", spec)
		}
		return nil, err
	}
	g := &served{inst: inst, entry: s.entries[strings.SplitN(spec, ":", 2)[0]], db: s.dbs[inst.Spec()]}
	g.ex, _ = catalog.AsExplorer(inst)
	return g, nil
}

// position prepares a client's position text: for built-in games its
// words are normalised; a script's text is kept as it is, since its
// positions may be strings.
func (g *served) position(text string) string {
	if g.lock != nil {
		return strings.TrimSpace(text)
	}
	return normalize(text)
}

// tokens splits a position into the tokens Solve reads: the words, as a
// shell splits a command line, for built-in games; the whole text for a
// script.
func (g *served) tokens(pos string) []string {
	if pos == "" {
		return nil
	}
	if g.lock != nil {
		return []string{pos}
	}
	return strings.Fields(pos)
}

// take waits for the game's turn (scripts only); release gives it back.
func (g *served) take(ctx context.Context) error {
	if g.lock == nil {
		return nil
	}
	select {
	case g.lock <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// tryTake takes the game's turn if it is free (always, for built-in
// games).
func (g *served) tryTake() bool {
	if g.lock == nil {
		return true
	}
	select {
	case g.lock <- struct{}{}:
		return true
	default:
		return false
	}
}

func (g *served) release() {
	if g.lock != nil {
		<-g.lock
	}
}

// start is the game's start position: its own, else the position of its
// example in the catalog (games such as Wythoff have no start, and their
// example is a position worth a look).
func (g *served) start(ctx context.Context, params map[string]string) (*string, error) {
	if g.db != nil {
		st, err := g.db.Start()
		return &st, err
	}
	if err := g.take(ctx); err != nil {
		return nil, err
	}
	defer g.release()
	if params == nil {
		// A start written as nothing (Connect-4's empty board) is a
		// start: it is not the example's position.
		if st, ok := catalog.AsStarter(g.inst); ok {
			return &st, nil
		}
	}
	st, err := catalog.StartWith(g.inst, catalog.Options{Params: params})
	if err != nil {
		return nil, err
	}
	if st != "" {
		return &st, nil
	}
	if g.entry != nil {
		if st := exampleArgs(g.entry)[1]; st != "" {
			return &st, nil
		}
	}
	return nil, nil
}

// exampleArgs reads an entry's example command line ("solve wythoff 3 5
// --json", "value domineering 2x3") as a spec and a position ("wythoff",
// "3 5"); flags are left out.
func exampleArgs(e *catalog.Entry) [2]string {
	f := strings.Fields(e.Example)
	if len(f) < 2 || f[0] != "solve" && f[0] != "value" {
		return [2]string{}
	}
	var pos []string
	for _, x := range f[2:] {
		if strings.HasPrefix(x, "--") {
			break
		}
		pos = append(pos, x)
	}
	return [2]string{f[1], strings.Join(pos, " ")}
}

// ---- handlers

type gameInfo struct {
	Name           string   `json:"name"`
	Aliases        []string `json:"aliases,omitempty"`
	Params         string   `json:"params"`
	OptionalParams bool     `json:"optional_params"`
	Position       string   `json:"position"`
	Kind           string   `json:"kind"`
	Summary        string   `json:"summary"`
	Example        string   `json:"example"`
	Script         bool     `json:"script"`
	// Start is the start position when the game needs no parameters.
	Start *string `json:"start"`
	// Explorable says whether moves can be listed (else only the solution).
	Explorable bool `json:"explorable"`
	// Database says that the server answers for the game from a
	// database of every position (grundy serve --db), without searching.
	Database bool `json:"database"`
	// Misere is set for impartial games that can be explored under misère
	// play too (misere=1: the player who makes the last move loses).
	Misere bool `json:"misere"`
	// What the game says about itself (catalog.About): the players, first
	// mover first; the rules with their source; the variants a person
	// picks, written into a spec by SpecFormat; and the spec of the
	// variant of every default, which a gallery's card starts.
	Players     []string        `json:"players,omitempty"`
	Rules       string          `json:"rules,omitempty"`
	Source      string          `json:"source,omitempty"`
	Variants    []catalog.Param `json:"variants,omitempty"`
	SpecFormat  string          `json:"spec_format,omitempty"`
	DefaultSpec string          `json:"default_spec,omitempty"`
}

// describe adds what e's game says about itself to info.
func describe(info *gameInfo, e *catalog.Entry) {
	a := e.About()
	if a == nil {
		return
	}
	info.Players, info.Rules, info.Source = a.Players, a.Rules, a.Source
	info.Variants, info.SpecFormat, info.DefaultSpec = a.Variants, a.SpecFormat, a.DefaultSpec(e.Name)
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	out := struct {
		Games []gameInfo `json:"games"`
	}{Games: s.games(r.Context())}
	writeJSON(w, http.StatusOK, out)
}

// handleGame is one game of /api/v1/games, asked for by its name, an
// alias or (a database's game) its spec.
func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if name == "" {
		writeError(w, http.StatusBadRequest, "missing query parameter 'name' (a game's name, as /api/v1/games lists them)")
		return
	}
	for _, g := range s.games(r.Context()) {
		if g.Name == name || slices.Contains(g.Aliases, name) {
			writeJSON(w, http.StatusOK, g)
			return
		}
	}
	writeError(w, http.StatusNotFound, fmt.Sprintf("no game named %q here; /api/v1/games lists them", name))
}

// games lists the games this server offers.
func (s *Server) games(ctx context.Context) []gameInfo {
	out := struct{ Games []gameInfo }{Games: []gameInfo{}}
	for _, e := range catalog.Entries() {
		info := gameInfo{Name: e.Name, Aliases: e.Aliases, Params: e.Params, OptionalParams: e.OptionalParams,
			Position: e.Position, Kind: e.Kind, Summary: e.Summary, Example: "grundy " + e.Example}
		spec := e.Name
		if e.Params != "" && !e.OptionalParams {
			// Explorability does not depend on the parameters: ask the
			// example's game.
			if ex := exampleArgs(e)[0]; ex != "" {
				spec = ex
			}
		}
		g, err := s.lookup(spec)
		if err != nil {
			continue // a game the server does not offer (it reads files)
		}
		info.Explorable = g.ex != nil
		info.Misere = misereOffered(g.inst) == nil
		describe(&info, e)
		if spec == e.Name {
			info.Start, _ = g.start(ctx, nil)
			info.Database = g.db != nil
		}
		out.Games = append(out.Games, info)
	}
	// A database of a game with parameters (connect4:4x4) is a game of
	// its own in the list, named by its spec, so that a page offers it.
	for _, spec := range slices.Sorted(maps.Keys(s.dbs)) {
		g, err := s.lookup(spec)
		if err != nil || g.entry == nil || g.entry.Name == spec {
			continue
		}
		e := g.entry
		info := gameInfo{Name: spec, Position: e.Position, Kind: e.Kind, Database: true, Explorable: true,
			Summary: e.Summary + ". Answered from this server's database of every position", Example: "grundy solve " + spec + " --db DIR"}
		describe(&info, e)
		// The database's game is the variant it holds.
		info.Variants, info.SpecFormat, info.DefaultSpec = nil, "", spec
		info.Start, _ = g.start(ctx, nil)
		out.Games = append(out.Games, info)
	}
	names := make([]string, 0, len(s.scripts))
	for name := range s.scripts {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		g := s.scripts[name]
		info := gameInfo{Name: name, Kind: "script", Script: true, Summary: "game script " + name,
			Position: "as the script writes it: numbers, a word, or a Starlark value such as (\"ABBA\", 0)", Example: "grundy solve " + g.inst.Spec()}
		info.Explorable = g.ex != nil
		info.Start, _ = g.start(ctx, nil)
		out.Games = append(out.Games, info)
	}
	return out.Games
}

func (s *Server) handleStart(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if !q.Has("game") {
		writeError(w, http.StatusBadRequest, "missing query parameter 'game'")
		return
	}
	g, err := s.lookup(q.Get("game"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	params, err := catalog.ParseParams(q["param"])
	if _, script := g.inst.(catalog.ScriptInstance); err == nil && params != nil && !script {
		err = fmt.Errorf("--param is for game scripts (a GAME ending in .star); %q takes its parameters after a colon", q.Get("game"))
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	spec := q.Get("game")
	if g.lock == nil {
		spec = g.inst.Spec()
	}
	start, err := g.start(r.Context(), params)
	if err != nil {
		s.failure(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Game       string  `json:"game"`
		Position   *string `json:"position"`
		Explorable bool    `json:"explorable"`
	}{spec, start, g.ex != nil})
}

func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) {
	q, status, err := s.parseRequest(w, r)
	if err != nil {
		writeError(w, status, err.Error())
		return
	}
	res, err := s.solveParams(withClient(r), q.game, q.position, q.params, q.how)
	if err != nil {
		s.failure(w, r, err)
		return
	}
	writeRaw(w, http.StatusOK, res.json)
}

func (s *Server) handleBest(w http.ResponseWriter, r *http.Request) {
	q, status, err := s.parseRequest(w, r)
	if err != nil {
		writeError(w, status, err.Error())
		return
	}
	res, err := s.solveParams(withClient(r), q.game, q.position, q.params, ask{misere: q.how.misere})
	if err != nil {
		s.failure(w, r, err)
		return
	}
	best, why := res.best, res.bestWhy
	if q.player != "" || res.kind == catalog.MovesChance {
		best, why = bestMove(res.report, res.moves, res.kind, q.player)
	}
	if best == nil && !res.explorable {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("the server does not list the moves of %s and %s has no winning move, so the engine cannot play it here", res.resp.Game, res.resp.Position))
		return
	}
	if best == nil && res.kind == catalog.MovesPartizan {
		side := "Left"
		if q.player == catalog.PlayerRight {
			side = "Right"
		}
		writeError(w, http.StatusBadRequest, fmt.Sprintf("no move: %s has no move in position %q of %s, and loses", side, res.resp.Position, res.resp.Game))
		return
	}
	if best == nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("no move: position %q of %s is over", res.resp.Position, res.resp.Game))
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Game     string        `json:"game"`
		Position string        `json:"position"`
		Move     *moveResponse `json:"move"`
		Reason   string        `json:"reason"`
	}{res.resp.Game, res.resp.Position, best, why})
}
