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
	if tf.h.Version != FormatVersion {
		return Records{}, TierInfo{}, corrupt(path, -1, "format version %d, written before this grundy's %d", tf.h.Version, FormatVersion)
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
	return encodeManifest(Manifest{Format: FormatVersion, Game: game, StartTier: startTier, StartRank: startRank, Tiers: tiers,
		Ranking: rk.Version})
}

// encodeManifest writes m with its checksum: the bytes of manifest.json.
func encodeManifest(m Manifest) ([]byte, error) {
	sum, err := manifestSum(m)
	if err != nil {
		return nil, err
	}
	m.Checksum = sum
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
