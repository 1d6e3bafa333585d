package db

import (
	"encoding/json"
	"io"
)

// Tier files and the manifest as bytes through io.Writer and io.ReaderAt,
// for writers that do not write to a local directory (the Beam pipeline
// of module grundy/beam writes through Beam's filesystems: gs://, s3://).
// The bytes are those Builder writes; the caller makes the writes atomic
// (a temporary name, then a rename).

// EncodeTier writes recs as the file of tier t (named name for people)
// of game (its spec), ranked by rk, to w and returns the file's
// description for the manifest.
func EncodeTier(w io.Writer, game string, rk Ranking, t uint64, name string, recs Records) (TierInfo, error) {
	info := TierInfo{Tier: t, Name: name, Size: recs.Len(), Width: recs.Width, File: TierFileName(t)}
	var err error
	info.Bytes, info.CRC, err = writeTierFile(w, fileHeader{Tier: t, GameHash: GameHash(game)}, recs)
	if err != nil {
		return TierInfo{}, err
	}
	info.Count = CountTier(rk, t, 0, recs)
	return info, nil
}

// DecodeTier reads the whole tier file of size bytes through r (path is
// how errors name it), checks that it is tier t of game with the given
// number of records, every block's checksum and the index's, and returns
// its records with its description (counted as rk says). A damaged or
// foreign file is a *CorruptError.
func DecodeTier(r io.ReaderAt, size int64, path, game string, rk Ranking, t uint64, name string, records int64) (Records, TierInfo, error) {
	tf, err := readTierFile(r, size, path)
	if err != nil {
		return Records{}, TierInfo{}, err
	}
	if tf.h.GameHash != GameHash(game) || tf.h.Tier != t || tf.h.Records != records {
		return Records{}, TierInfo{}, corrupt(path, -1, "the file of another game or tier")
	}
	if tf.h.Version != WriteFormat {
		return Records{}, TierInfo{}, corrupt(path, -1, "format version %d, written before this grundy's %d", tf.h.Version, WriteFormat)
	}
	recs, err := tf.readAll(r, 0, false)
	if err != nil {
		return Records{}, TierInfo{}, err
	}
	sum, err := fileCRC(r, size)
	if err != nil {
		return Records{}, TierInfo{}, corrupt(path, -1, "%v", err)
	}
	return recs, TierInfo{Tier: t, Name: name, Size: records, Width: tf.h.Width, File: TierFileName(t),
		Bytes: size, CRC: sum, Count: CountTier(rk, t, 0, recs)}, nil
}

// ManifestBytes is the manifest Builder.Finish writes for these tiers
// (sorted by the caller by tier number) of game ranked by rk.
func ManifestBytes(game string, rk Ranking, startTier uint64, startRank int64, tiers []TierInfo) ([]byte, error) {
	return encodeManifest(Manifest{Format: WriteFormat, Game: game, StartTier: startTier, StartRank: startRank, Tiers: tiers,
		Ranking: rk.Version})
}

// encodeManifest writes m with its checksum: the bytes of manifest.json.
func encodeManifest(m Manifest) ([]byte, error) {
	sum, err := manifestSum(m)
	if err != nil {
		return nil, err
	}
	m.Checksum = sum
	data, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return manifestLines(data), nil
}

// manifestLines lays out a manifest's compact JSON one field a line and
// one tier a line. It was written indented (json.MarshalIndent), a line
// for every count of every remoteness: twice the bytes, which a cold
// lookup reads and scans whole to check the checksum (six men's morris:
// 463 tiers, 178 KB indented, 89 KB compact). The checksum is of the
// compact form either way, so readers of any version read both.
func manifestLines(c []byte) []byte {
	out := make([]byte, 0, len(c)+len(c)/64+8)
	var stack []byte // the open containers: '{' or '['
	for i := 0; i < len(c); i++ {
		ch := c[i]
		if ch == '"' {
			j := i + 1
			for j < len(c) && c[j] != '"' {
				if c[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(c))
			out = append(out, c[i:j]...)
			i = j - 1
			continue
		}
		out = append(out, ch)
		switch ch {
		case '{', '[':
			stack = append(stack, ch)
			if len(stack) == 1 || len(stack) == 2 && ch == '[' {
				out = append(out, '\n')
			}
		case '}', ']':
			stack = stack[:max(len(stack)-1, 0)]
		case ',':
			if len(stack) == 1 || len(stack) == 2 && stack[1] == '[' {
				out = append(out, '\n')
			}
		}
	}
	return append(out, '\n')
}
