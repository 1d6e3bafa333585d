package db

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
)

// The tier index (manifest.gri): what a lookup needs of the manifest, in
// binary, so that opening a database of hundreds of tiers reads a few
// kilobytes and checks one crc32c instead of reading and scanning a
// JSON manifest of tens or hundreds of kilobytes (most of it the tiers'
// counts per remoteness, which a lookup never needs). doc.go gives the
// layout. The manifest stays the database's description: the index is
// derived from it, written just before it, and a database without an
// index (written before it existed, or by grundy-beam) opens from the
// manifest as before.

// IndexName is the tier index's file name in a database directory.
const IndexName = "manifest.gri"

const (
	indexMagic      = "GRDYMIDX"
	indexVersion    = 1
	indexHeaderSize = 64
	// indexTierFixed is the fixed part of a tier's entry: tier, size,
	// bytes, crc32c and width, before its name.
	indexTierFixed = 8 + 8 + 8 + 4 + 1
	// indexMaxBytes bounds the file an open reads whole: 64 MiB, far
	// past any real database's (about 40 bytes a tier).
	indexMaxBytes = 64 << 20
)

const (
	indexScored = 1 << iota
	indexKeyed
	indexFrom   // Manifest.From follows the parameters
	indexPlayed // Manifest.Played
)

// encodeIndex is the tier index of manifest m, whose file manifest.json
// is manifestLen bytes long: everything in m but the tiers' counts.
func encodeIndex(m Manifest, manifestLen int) []byte {
	body := make([]byte, 0, 64+len(m.Tiers)*(indexTierFixed+24))
	str := func(s string) {
		body = binary.AppendUvarint(body, uint64(len(s)))
		body = append(body, s...)
	}
	str(m.Game)
	body = binary.AppendUvarint(body, uint64(len(m.Params)))
	for _, k := range slices.Sorted(maps.Keys(m.Params)) {
		str(k)
		str(m.Params[k])
	}
	var flags uint32
	if m.Scored {
		flags |= indexScored
	}
	if m.Played {
		flags |= indexPlayed
	}
	if m.From != "" {
		flags |= indexFrom
		str(m.From)
	}
	if m.Keys != nil {
		flags |= indexKeyed
		str(m.Keys.Source)
		body = binary.AppendUvarint(body, uint64(len(m.Keys.Tiers)))
		for _, k := range m.Keys.Tiers {
			body = binary.LittleEndian.AppendUint64(body, k.Tier)
			body = binary.LittleEndian.AppendUint64(body, uint64(k.Keys))
			body = binary.LittleEndian.AppendUint64(body, uint64(k.Bytes))
			body = binary.LittleEndian.AppendUint32(body, k.CRC)
			str(k.File)
		}
	}
	for _, t := range m.Tiers {
		body = binary.LittleEndian.AppendUint64(body, t.Tier)
		body = binary.LittleEndian.AppendUint64(body, uint64(t.Size))
		body = binary.LittleEndian.AppendUint64(body, uint64(t.Bytes))
		body = binary.LittleEndian.AppendUint32(body, t.CRC)
		body = append(body, byte(t.Width))
		str(t.Name)
	}
	h := make([]byte, indexHeaderSize, indexHeaderSize+len(body))
	copy(h, indexMagic)
	binary.LittleEndian.PutUint32(h[8:], indexVersion)
	binary.LittleEndian.PutUint32(h[12:], uint32(m.Format))
	binary.LittleEndian.PutUint64(h[16:], uint64(manifestLen))
	binary.LittleEndian.PutUint32(h[24:], m.Checksum)
	binary.LittleEndian.PutUint32(h[28:], uint32(len(m.Tiers)))
	binary.LittleEndian.PutUint64(h[32:], m.StartTier)
	binary.LittleEndian.PutUint64(h[40:], uint64(m.StartRank))
	binary.LittleEndian.PutUint32(h[48:], uint32(m.Ranking))
	binary.LittleEndian.PutUint32(h[52:], flags)
	binary.LittleEndian.PutUint32(h[56:], crc(body))
	binary.LittleEndian.PutUint32(h[60:], crc(h[:60]))
	return append(h, body...)
}

// tierIndex is a tier index read and checked: the manifest it stands
// for, without counts, and which manifest.json that is.
type tierIndex struct {
	m           Manifest // Checksum is the manifest's
	manifestLen int64
}

// indexError is the error of a tier index that is not what encodeIndex
// writes, at byte offset at of the file.
type indexError struct {
	at  int
	msg string
}

func (e *indexError) Error() string { return fmt.Sprintf("%s at byte %d", e.msg, e.at) }

// parseIndex reads a tier index's bytes and checks them: its checksums,
// and that every length and value is one encodeIndex writes. Its tier
// file names are derived from the tiers (TierFileName). Any bytes give a
// tierIndex or an *indexError, never a panic or an allocation past a
// few times the input's length.
func parseIndex(b []byte) (tierIndex, error) {
	fail := func(at int, format string, args ...any) (tierIndex, error) {
		return tierIndex{}, &indexError{at, fmt.Sprintf(format, args...)}
	}
	if len(b) < indexHeaderSize {
		return fail(len(b), "%d bytes, too short for a tier index's header", len(b))
	}
	if string(b[:8]) != indexMagic {
		return fail(0, "not a grundy tier index")
	}
	if crc(b[:60]) != binary.LittleEndian.Uint32(b[60:]) {
		return fail(60, "the header's checksum does not match")
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != indexVersion {
		return fail(8, "tier index version %d, this grundy reads %d", v, indexVersion)
	}
	body := b[indexHeaderSize:]
	if crc(body) != binary.LittleEndian.Uint32(b[56:]) {
		return fail(indexHeaderSize, "the checksum of the tiers does not match")
	}
	var ix tierIndex
	m := &ix.m
	m.Format = int(binary.LittleEndian.Uint32(b[12:]))
	ix.manifestLen = int64(binary.LittleEndian.Uint64(b[16:]))
	m.Checksum = binary.LittleEndian.Uint32(b[24:])
	n := int(binary.LittleEndian.Uint32(b[28:]))
	m.StartTier = binary.LittleEndian.Uint64(b[32:])
	m.StartRank = int64(binary.LittleEndian.Uint64(b[40:]))
	m.Ranking = int(binary.LittleEndian.Uint32(b[48:]))
	flags := binary.LittleEndian.Uint32(b[52:])
	if ix.manifestLen <= 0 || ix.manifestLen > indexMaxBytes<<4 {
		return fail(16, "a manifest of %d bytes", ix.manifestLen)
	}
	if flags&^(indexScored|indexKeyed|indexFrom|indexPlayed) != 0 {
		return fail(52, "unknown flags %#x", flags)
	}
	if n > len(body)/(indexTierFixed+1) {
		return fail(28, "%d tiers in %d bytes", n, len(body))
	}
	m.Scored = flags&indexScored != 0
	m.Played = flags&indexPlayed != 0
	i := 0 // in body
	at := func() int { return indexHeaderSize + i }
	uvarint := func(max uint64) (uint64, bool) {
		v, k := binary.Uvarint(body[i:])
		if k <= 0 || v > max {
			return 0, false
		}
		i += k
		return v, true
	}
	str := func() (string, bool) {
		l, ok := uvarint(uint64(len(body)))
		if !ok || l > uint64(len(body)-i) {
			return "", false
		}
		s := string(body[i : i+int(l)])
		i += int(l)
		return s, true
	}
	fixed := func(k int) []byte {
		if len(body)-i < k {
			return nil
		}
		i += k
		return body[i-k : i]
	}
	var ok bool
	if m.Game, ok = str(); !ok {
		return fail(at(), "a bad game spec")
	}
	np, ok := uvarint(uint64(len(body) - i))
	if !ok {
		return fail(at(), "a bad number of parameters")
	}
	if np > 0 {
		m.Params = make(map[string]string, np)
	}
	for range np {
		k, ok1 := str()
		v, ok2 := str()
		if !ok1 || !ok2 {
			return fail(at(), "a bad parameter")
		}
		if _, dup := m.Params[k]; dup {
			return fail(at(), "parameter %q twice", k)
		}
		m.Params[k] = v
	}
	if flags&indexFrom != 0 {
		if m.From, ok = str(); !ok || m.From == "" {
			return fail(at(), "a bad start position")
		}
	}
	if flags&indexKeyed != 0 {
		m.Keys = &Keys{}
		if m.Keys.Source, ok = str(); !ok {
			return fail(at(), "a bad key source")
		}
		nk, ok := uvarint(uint64(len(body)-i) / 28)
		if !ok {
			return fail(at(), "a bad number of key files")
		}
		m.Keys.Tiers = make([]KeyInfo, nk)
		for j := range m.Keys.Tiers {
			k := &m.Keys.Tiers[j]
			e := fixed(28)
			if e == nil {
				return fail(at(), "a key file's entry cut short")
			}
			k.Tier = binary.LittleEndian.Uint64(e)
			k.Keys = int64(binary.LittleEndian.Uint64(e[8:]))
			k.Bytes = int64(binary.LittleEndian.Uint64(e[16:]))
			k.CRC = binary.LittleEndian.Uint32(e[24:])
			if k.File, ok = str(); !ok {
				return fail(at(), "a bad key file name")
			}
		}
	}
	m.Tiers = make([]TierInfo, n)
	files := newTierNames(len(body), n)
	for j := range m.Tiers {
		t := &m.Tiers[j]
		e := fixed(indexTierFixed)
		if e == nil {
			return fail(at(), "tier %d of %d cut short", j, n)
		}
		t.Tier = binary.LittleEndian.Uint64(e)
		t.Size = int64(binary.LittleEndian.Uint64(e[8:]))
		t.Bytes = int64(binary.LittleEndian.Uint64(e[16:]))
		t.CRC = binary.LittleEndian.Uint32(e[24:])
		t.Width = int(e[28])
		if t.Size < 0 || t.Size > 1<<48 || t.Bytes < 0 || (t.Width != 1 && t.Width != 2) {
			return fail(at()-indexTierFixed, "tier %d is described wrongly", t.Tier)
		}
		l, ok := uvarint(uint64(len(body) - i))
		if !ok {
			return fail(at(), "a bad tier name")
		}
		files.add(body[i : i+int(l)])
		i += int(l)
	}
	if i != len(body) {
		return fail(at(), "%d bytes after the last tier", len(body)-i)
	}
	files.finish(m.Tiers)
	return ix, nil
}

// tierNames builds the tiers' names and file names in one string, so
// that an index of hundreds of tiers allocates two strings for them,
// not two a tier.
type tierNames struct {
	buf   []byte
	spans [][2]int // the names', then the file names' bytes in buf
}

func newTierNames(nameBytes, n int) *tierNames {
	return &tierNames{buf: make([]byte, 0, nameBytes+n*len("tier-0123456789abcdef.grt")), spans: make([][2]int, 0, 2*n)}
}

// add records the next tier's name; finish makes its string.
func (tn *tierNames) add(name []byte) {
	tn.spans = append(tn.spans, [2]int{len(tn.buf), len(tn.buf) + len(name)})
	tn.buf = append(tn.buf, name...)
}

// finish appends the tiers' file names and sets every tier's Name and
// File from the one string.
func (tn *tierNames) finish(tiers []TierInfo) {
	const hex = "0123456789abcdef"
	for _, t := range tiers {
		start := len(tn.buf)
		tn.buf = append(tn.buf, "tier-"...)
		for s := 60; s >= 0; s -= 4 {
			tn.buf = append(tn.buf, hex[t.Tier>>s&15])
		}
		tn.buf = append(tn.buf, ".grt"...)
		tn.spans = append(tn.spans, [2]int{start, len(tn.buf)})
	}
	all := string(tn.buf)
	for j := range tiers {
		s, f := tn.spans[j], tn.spans[len(tiers)+j]
		tiers[j].Name, tiers[j].File = all[s[0]:s[1]], all[f[0]:f[1]]
	}
}

// readIndex reads dir's tier index. ok is false when there is none, or
// when it stands for no manifest: manifest.json is missing (a build that
// stopped between writing the two; Open then says what the directory
// is). A tier index that is damaged, or that was written for another
// manifest than the one beside it (of another length), is a
// *CorruptError naming it.
func readIndex(dir string) (ix tierIndex, ok bool, err error) {
	path := filepath.Join(dir, IndexName)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return tierIndex{}, false, nil
	}
	if err != nil {
		return tierIndex{}, false, err
	}
	defer f.Close()
	fst, err := f.Stat()
	if err != nil {
		return tierIndex{}, false, err
	}
	if fst.Size() > indexMaxBytes {
		return tierIndex{}, false, corrupt(path, -1, "%d bytes, more than a tier index holds", fst.Size())
	}
	buf := make([]byte, fst.Size())
	if _, err := io.ReadFull(f, buf); err != nil {
		return tierIndex{}, false, corrupt(path, -1, "reading: %v", err)
	}
	st, err := os.Stat(filepath.Join(dir, ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return tierIndex{}, false, nil
	}
	if err != nil {
		return tierIndex{}, false, err
	}
	ix, err = parseIndex(buf)
	if err != nil {
		return tierIndex{}, false, corrupt(path, -1, "%v (remove it to open the database from %s alone)", err, ManifestName)
	}
	if st.Size() != ix.manifestLen {
		return tierIndex{}, false, corrupt(path, -1, "written for a manifest of %d bytes, %s has %d (remove it to open the database from %s alone)",
			ix.manifestLen, ManifestName, st.Size(), ManifestName)
	}
	return ix, true, nil
}

// sameButCounts reports whether manifests a and b are the same but for
// the tiers' counts: what a tier index says of its manifest.
func sameButCounts(a, b *Manifest) bool {
	if a.Format != b.Format || a.Game != b.Game || a.StartTier != b.StartTier || a.StartRank != b.StartRank ||
		a.Ranking != b.Ranking || a.Scored != b.Scored || a.Played != b.Played || a.From != b.From || a.Checksum != b.Checksum || !maps.Equal(a.Params, b.Params) ||
		len(a.Tiers) != len(b.Tiers) || (a.Keys == nil) != (b.Keys == nil) {
		return false
	}
	if a.Keys != nil && (a.Keys.Source != b.Keys.Source || !slices.Equal(a.Keys.Tiers, b.Keys.Tiers)) {
		return false
	}
	for i := range a.Tiers {
		x, y := a.Tiers[i], b.Tiers[i]
		if x.Tier != y.Tier || x.Name != y.Name || x.Size != y.Size || x.Width != y.Width || x.File != y.File ||
			x.Bytes != y.Bytes || x.CRC != y.CRC {
			return false
		}
	}
	return true
}

// IndexBytes is the tier index of the manifest whose bytes are manifest,
// as ManifestBytes writes them: for a writer of databases other than
// Builder (grundy-beam) to write as IndexName just before the manifest,
// so that its databases have the same files as Builder's.
func IndexBytes(manifest []byte) ([]byte, error) {
	m, err := parseManifest(manifest)
	if err != nil {
		return nil, fmt.Errorf("not a database manifest: %v", err)
	}
	if sum, ok := manifestBytesSum(manifest); !ok || sum != m.Checksum {
		return nil, errors.New("not a database manifest: its checksum does not match")
	}
	return encodeIndex(m, len(manifest)), nil
}

// WriteIndex writes the tier index of the database in dir, which every
// build since the index exists writes with its manifest: for a database
// written before (or by grundy-beam), so that it opens as fast. It reads
// and checks the whole manifest first, and writes the index whole or
// not at all.
func WriteIndex(dir string) error {
	m, b, _, err := readManifest(dir)
	if err != nil {
		return err
	}
	if m.Format < 1 || m.Format > FormatVersion {
		return &VersionError{Dir: dir, Got: m.Format, Want: FormatVersion}
	}
	// Not while a build writes the directory (it removes the index and
	// writes its own with its manifest).
	lk, err := lock(dir)
	if err != nil {
		return err
	}
	defer func() {
		os.Remove(filepath.Join(dir, lockName))
		lk.Close()
	}()
	return writeAtomic(dir, IndexName, func(w io.Writer) error { _, err := w.Write(encodeIndex(m, len(b))); return err })
}
