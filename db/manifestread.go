package db

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"strconv"
)

// Reading a manifest fast. A cold query opens the database, and
// encoding/json spends some hundreds of microseconds on a manifest of a
// few tens of kilobytes (its counts per remoteness), more than the rest
// of the query: parseManifest reads the same JSON in one plain pass
// straight into a Manifest (no tree, no reflection), and
// manifestBytesSum checks the checksum on the file's bytes instead of
// encoding the manifest again. The tests check both against
// encoding/json and manifestSum.

type jparser struct {
	b []byte
	i int
	// counts, when set, receives the byte range of each tier's "count"
	// value, which is skipped: parseManifestLazy.
	counts *[][2]int
}

var errJSON = errors.New("not valid JSON")

func (p *jparser) fail(what string) error {
	return fmt.Errorf("%w: %s at byte %d", errJSON, what, p.i)
}

func (p *jparser) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// peek skips whitespace and returns the next byte (0 at the end).
func (p *jparser) peek() byte {
	p.ws()
	if p.i < len(p.b) {
		return p.b[p.i]
	}
	return 0
}

// null consumes a null if one is next.
func (p *jparser) null() bool {
	if p.peek() == 'n' && len(p.b)-p.i >= 4 && string(p.b[p.i:p.i+4]) == "null" {
		p.i += 4
		return true
	}
	return false
}

// obj parses an object (or null), calling f with each key to parse its
// value.
func (p *jparser) obj(f func(key []byte) error) error {
	if p.null() {
		return nil
	}
	if p.peek() != '{' {
		return p.fail("an object expected")
	}
	p.i++
	if p.peek() == '}' {
		p.i++
		return nil
	}
	for {
		if p.peek() != '"' {
			return p.fail("a key expected")
		}
		k, esc, err := p.rawStr()
		if err != nil {
			return err
		}
		if esc {
			s, err := strconv.Unquote(`"` + string(k) + `"`)
			if err != nil {
				return p.fail("a bad key")
			}
			k = []byte(s)
		}
		if p.peek() != ':' {
			return p.fail("':' expected")
		}
		p.i++
		if err := f(k); err != nil {
			return err
		}
		switch p.peek() {
		case ',':
			p.i++
		case '}':
			p.i++
			return nil
		default:
			return p.fail("',' or '}' expected")
		}
	}
}

// arr parses an array (or null), calling f to parse each item.
func (p *jparser) arr(f func() error) error {
	if p.null() {
		return nil
	}
	if p.peek() != '[' {
		return p.fail("an array expected")
	}
	p.i++
	if p.peek() == ']' {
		p.i++
		return nil
	}
	for {
		if err := f(); err != nil {
			return err
		}
		switch p.peek() {
		case ',':
			p.i++
		case ']':
			p.i++
			return nil
		default:
			return p.fail("',' or ']' expected")
		}
	}
}

// rawStr parses a string, returning its bytes between the quotes and
// whether it has escapes.
func (p *jparser) rawStr() (raw []byte, escaped bool, err error) {
	p.i++ // the opening quote
	start := p.i
	for p.i < len(p.b) && p.b[p.i] != '"' {
		if p.b[p.i] == '\\' {
			escaped = true
			p.i++
		} else if p.b[p.i] < 0x20 {
			return nil, false, p.fail("a control character in a string")
		}
		p.i++
	}
	if p.i >= len(p.b) {
		return nil, false, p.fail("an unterminated string")
	}
	p.i++
	return p.b[start : p.i-1], escaped, nil
}

// str parses a string (or null, leaving dst as it is) into dst.
func (p *jparser) str(dst *string) error {
	if p.null() {
		return nil
	}
	if p.peek() != '"' {
		return p.fail("a string expected")
	}
	start := p.i
	raw, esc, err := p.rawStr()
	if err != nil {
		return err
	}
	if !esc {
		*dst = string(raw)
		return nil
	}
	s, err := strconv.Unquote(string(p.b[start:p.i]))
	if err != nil {
		return p.fail("a bad string")
	}
	*dst = s
	return nil
}

// number parses a number by JSON's grammar,
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, and returns its text.
func (p *jparser) number() ([]byte, error) {
	p.ws()
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.b) && p.b[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.b) && p.b[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return nil, p.fail("a number expected")
	}
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, p.fail("a bad number")
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, p.fail("a bad number")
		}
	}
	return p.b[start:p.i], nil
}

// skip parses any value and drops it (a key a Manifest has no field for).
func (p *jparser) skip(depth int) error {
	if depth > 32 {
		return p.fail("nested too deep")
	}
	switch c := p.peek(); {
	case c == '{':
		return p.obj(func([]byte) error { return p.skip(depth + 1) })
	case c == '[':
		return p.arr(func() error { return p.skip(depth + 1) })
	case c == '"':
		var s string
		return p.str(&s)
	case c == '-' || c >= '0' && c <= '9':
		_, err := p.number()
		return err
	}
	for _, w := range []string{"true", "false", "null"} {
		if len(p.b)-p.i >= len(w) && string(p.b[p.i:p.i+len(w)]) == w {
			p.i += len(w)
			return nil
		}
	}
	return p.fail("a value expected")
}

// integer parses a number (or null, leaving dst as it is) into an
// integer field as encoding/json does: a plain decimal integer, a minus
// sign only for a signed type, no overflow.
func integer[T int | int64 | uint32 | uint64](p *jparser, dst *T) error {
	if p.null() {
		return nil
	}
	num, err := p.number()
	if err != nil {
		return err
	}
	d := num
	neg := len(d) > 0 && d[0] == '-'
	if neg {
		d = d[1:]
	}
	one := T(1)
	ok := len(d) > 0 && len(d) <= 20 && (!neg || -one < 0)
	var x uint64
	for _, c := range d {
		if c < '0' || c > '9' || x > (1<<64-1-uint64(c-'0'))/10 {
			ok = false
			break
		}
		x = x*10 + uint64(c-'0')
	}
	v := T(x)
	if neg {
		v = -v
		ok = ok && x <= 1<<63 && v <= 0 && int64(v) == -int64(x)
	} else {
		ok = ok && uint64(v) == x && v >= 0
	}
	if !ok {
		return fmt.Errorf("%w: number %q", errJSON, num)
	}
	*dst = v
	return nil
}

func (p *jparser) ints(dst *[]int64) error {
	if p.null() {
		*dst = nil
		return nil
	}
	s := make([]int64, 0, 64)
	err := p.arr(func() error {
		var v int64
		err := integer(p, &v)
		s = append(s, v)
		return err
	})
	*dst = s
	return err
}

func (p *jparser) count(c *Count) error {
	return p.obj(func(k []byte) error {
		switch string(k) {
		case "draw":
			return integer(p, &c.Draw)
		case "endless_win":
			return integer(p, &c.EndlessWin)
		case "endless_lose":
			return integer(p, &c.EndlessLose)
		case "win":
			return p.ints(&c.Win)
		case "lose":
			return p.ints(&c.Lose)
		case "records":
			return integer(p, &c.Records)
		case "scored":
			return p.boolean(&c.Scored)
		case "score_low":
			return integer(p, &c.ScoreLow)
		case "scores":
			return p.ints(&c.Scores)
		}
		return p.skip(0)
	})
}

func (p *jparser) tier(t *TierInfo) error {
	return p.obj(func(k []byte) error {
		switch string(k) {
		case "tier":
			return integer(p, &t.Tier)
		case "name":
			return p.str(&t.Name)
		case "size":
			return integer(p, &t.Size)
		case "width":
			return integer(p, &t.Width)
		case "file":
			return p.str(&t.File)
		case "bytes":
			return integer(p, &t.Bytes)
		case "crc32c":
			return integer(p, &t.CRC)
		case "count":
			if p.counts != nil {
				// Skipped to its closing brace (a count holds no
				// object), read by parseCounts when asked for.
				start := p.i
				if p.null() {
					*p.counts = append(*p.counts, [2]int{start, p.i})
					return nil
				}
				if p.peek() != '{' {
					return p.fail("an object expected")
				}
				start = p.i
				end := bytes.IndexByte(p.b[start:], '}')
				if end < 0 {
					return p.fail("'}' expected")
				}
				p.i = start + end + 1
				*p.counts = append(*p.counts, [2]int{start, p.i})
				return nil
			}
			return p.count(&t.Count)
		}
		return p.skip(0)
	})
}

func (p *jparser) keyInfo(ki *KeyInfo) error {
	return p.obj(func(k []byte) error {
		switch string(k) {
		case "tier":
			return integer(p, &ki.Tier)
		case "file":
			return p.str(&ki.File)
		case "keys":
			return integer(p, &ki.Keys)
		case "bytes":
			return integer(p, &ki.Bytes)
		case "crc32c":
			return integer(p, &ki.CRC)
		}
		return p.skip(0)
	})
}

func (p *jparser) keys(dst **Keys) error {
	if p.null() {
		*dst = nil
		return nil
	}
	k := &Keys{}
	*dst = k
	return p.obj(func(f []byte) error {
		switch string(f) {
		case "source":
			return p.str(&k.Source)
		case "tiers":
			if p.null() {
				k.Tiers = nil
				return nil
			}
			k.Tiers = []KeyInfo{}
			return p.arr(func() error {
				k.Tiers = append(k.Tiers, KeyInfo{})
				return p.keyInfo(&k.Tiers[len(k.Tiers)-1])
			})
		}
		return p.skip(0)
	})
}

// parseManifestLazy is parseManifest without the tiers' counts, which a
// lookup does not need (a manifest holds a count per remoteness for
// every tier: most of its bytes on a game of hundreds of tiers, such as
// six men's morris): it skips each to its closing brace and returns
// their byte ranges, for parseCounts to read when they are asked for.
// A count that is not what parseManifest reads (a number that is no
// integer, say) is then parseCounts' error: the manifest's checksum
// holds such bytes only if another program wrote them.
func parseManifestLazy(b []byte) (Manifest, [][2]int, error) {
	var ranges [][2]int
	p := &jparser{b: b, counts: &ranges}
	m, err := p.manifest()
	if err == nil && len(ranges) != len(m.Tiers) {
		// Some tier has no count (or two): read it the slow way.
		m, err = parseManifest(b)
		return m, nil, err
	}
	return m, ranges, err
}

// parseCounts reads the counts whose ranges parseManifestLazy returned
// into m's tiers, as parseManifest would have.
func parseCounts(b []byte, ranges [][2]int, tiers []TierInfo) error {
	for i, r := range ranges {
		p := &jparser{b: b[:r[1]], i: r[0]}
		tiers[i].Count = Count{}
		if err := p.count(&tiers[i].Count); err != nil {
			return err
		}
		if p.peek() != 0 {
			return p.fail("bytes after a count")
		}
	}
	return nil
}

// parseManifest reads manifest.json's bytes as json.Unmarshal does into
// a Manifest (unknown keys ignored), faster.
func parseManifest(b []byte) (Manifest, error) {
	p := &jparser{b: b}
	return p.manifest()
}

func (p *jparser) manifest() (Manifest, error) {
	var m Manifest
	err := p.obj(func(k []byte) error {
		switch string(k) {
		case "format":
			return integer(p, &m.Format)
		case "game":
			return p.str(&m.Game)
		case "start_tier":
			return integer(p, &m.StartTier)
		case "start_rank":
			return integer(p, &m.StartRank)
		case "tiers":
			if p.null() {
				m.Tiers = nil
				return nil
			}
			m.Tiers = make([]TierInfo, 0, 64)
			return p.arr(func() error {
				m.Tiers = append(m.Tiers, TierInfo{})
				return p.tier(&m.Tiers[len(m.Tiers)-1])
			})
		case "keys":
			return p.keys(&m.Keys)
		case "params":
			if p.null() {
				m.Params = nil
				return nil
			}
			if m.Params == nil {
				m.Params = map[string]string{}
			}
			return p.obj(func(k []byte) error {
				var s string
				err := p.str(&s)
				m.Params[string(k)] = s
				return err
			})
		case "from":
			return p.str(&m.From)
		case "ranking":
			return integer(p, &m.Ranking)
		case "scored":
			return p.boolean(&m.Scored)
		case "played":
			return p.boolean(&m.Played)
		case "checksum":
			return integer(p, &m.Checksum)
		}
		return p.skip(0)
	})
	if err == nil && p.peek() != 0 {
		err = p.fail("bytes after the manifest")
	}
	return m, err
}

// manifestBytesSum is the checksum of a manifest as manifestSum computes
// it, from the bytes of its file as encodeManifest writes them (indented
// JSON whose last field is the checksum): the compact form of those
// bytes, with the checksum's value 0, is what manifestSum encodes. ok is
// false when the bytes do not end with the checksum field.
func manifestBytesSum(b []byte) (sum uint32, ok bool) {
	const field = `"checksum":`
	// Find the checksum's digits from the end: '}', the digits, ':',
	// "checksum" and ',' with whitespace anywhere between them.
	i := len(b) - 1
	back := func() {
		for i >= 0 && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
			i--
		}
	}
	back()
	if i < 0 || b[i] != '}' {
		return 0, false
	}
	i--
	back()
	end := i + 1
	for i >= 0 && b[i] >= '0' && b[i] <= '9' {
		i--
	}
	if i+1 == end {
		return 0, false
	}
	digits := i + 1
	back()
	if i < 0 || b[i] != ':' {
		return 0, false
	}
	i--
	back()
	if i+1 < len(field)-1 || string(b[i+2-len(field):i+1]) != field[:len(field)-1] {
		return 0, false
	}
	i -= len(field) - 1
	back()
	if i < 0 || b[i] != ',' {
		return 0, false
	}
	// The crc32c of the compact form of b up to the digits, then "0}",
	// without building that form: each stretch between whitespace goes
	// into the checksum as it is.
	sum = compactCRC(0, b[:digits])
	return crc32.Update(sum, castagnoli, []byte("0}")), true
}

// compactCRC continues the crc32c sum over the compact form of the JSON
// text src (as compactJSON makes it) without copying it.
func compactCRC(sum uint32, src []byte) uint32 {
	start := 0
	for i := 0; i < len(src); i++ {
		switch jsonClass[src[i]] {
		case 0:
		case 1: // whitespace
			if start < i {
				sum = crc32.Update(sum, castagnoli, src[start:i])
			}
			start = i + 1
		case 2: // a string: to its closing quote
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = min(j+1, len(src)) - 1
		}
	}
	if start < len(src) {
		sum = crc32.Update(sum, castagnoli, src[start:])
	}
	return sum
}

// jsonClass is 1 for JSON's whitespace, 2 for a quote, 0 for the rest.
var jsonClass = [256]byte{' ': 1, '\t': 1, '\n': 1, '\r': 1, '"': 2}

// boolean reads true or false (null leaves dst as it is).
func (p *jparser) boolean(dst *bool) error {
	if p.null() {
		return nil
	}
	p.ws()
	for _, w := range []string{"true", "false"} {
		if len(p.b)-p.i >= len(w) && string(p.b[p.i:p.i+len(w)]) == w {
			p.i += len(w)
			*dst = w == "true"
			return nil
		}
	}
	return p.fail("a value that is not true or false")
}
