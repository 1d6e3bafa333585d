// Package db stores a strongly solved game on disk: for every position
// reachable from the start, its outcome for the player to move and its
// remoteness, one record per rank of each tier (see game.Tiered) that
// holds a reachable position, in compressed blocks that a lookup reads
// one at a time. Package tier
// writes databases; front ends open them to answer queries.
//
// The design follows the databases of GamesmanOne (Gamesman's tier
// solver, Garcia et al.): one file per tier, records in fixed-size
// blocks compressed separately so that random access decompresses one
// block, a block index to find them, and a checksum per block so that a
// damaged file is an error, never a wrong answer.
//
// # Records
//
// A record is 1 byte, or 2 bytes (little-endian) in a tier whose
// remoteness passes 125. Its code:
//
//	0        no position: the rank names no legal position, or one not reachable from the start
//	1        draw
//	2        won by the game's verdict on endless play (game.Endless), no remoteness
//	3        lost by the game's verdict on endless play, no remoteness
//	4 + 2r   the player to move loses in r moves (r = 0: a terminal loss)
//	5 + 2r   the player to move wins in r moves
//
// so r ≤ 125 in a 1-byte record and r ≤ 32765 in a 2-byte one.
// Remoteness is Steinhaus's: the winner hurries, the loser delays.
//
// A database of a game with scores (game.Scored: Kalah, Othello), marked
// "scored": true in its manifest (format 4), holds margins instead
// (score.go): every record is 2 bytes,
//
//	0                              no position
//	4 + (score+127)·256 + r        margin score ∈ [−127, 127] for the player to move, reached in r ≤ 255 moves
//
// and its counts are by margin too (Count.Scores). Codes of the two kinds
// overlap, so a reader decides by the manifest (DB.Scored, DecodeScore);
// a grundy before format 4 refuses such a database by its version rather
// than misread it.
//
// # A database directory
//
//	manifest.json         written last: the directory holds a database once it exists
//	manifest.gri          the tier index: the manifest but for its counts, in binary (below)
//	tier-<tier in hex>.grt  one file per tier holding a reachable position
//	tier-<tier in hex>.grk  its key file, in a keyed database only (below)
//	build.json            present only while a build is unfinished (the game's spec)
//	reach-<tier in hex>.grb a build's scratch: the tier's reachable ranks (reach.go)
//	reachpart-<tier>-<first rank>.grb, part-<tier>-<first rank>.grp(.json)
//	                      a build by ranges' scratch: a range's reachable
//	                      ranks, its records and their checksummed
//	                      description (ooc.go: MarshalDescription)
//
// The manifest (JSON) holds the format version (FormatVersion), the game's
// spec string, the start position's tier and rank, and per tier its
// number, name, size (records), record width, file name, file length,
// the file's crc32c and the counts of its records per outcome and
// remoteness (so statistics need no file read), and a crc32c of the
// manifest itself (computed over its compact JSON encoding with the
// checksum field 0), and, in a keyed database only, "keys": the digest
// of the game's definition and per tier its key file's name, number of
// keys, length and crc32c. A manifest without "keys" is the same bytes
// as before key files existed, so databases already written stay valid
// and the format version stays 1. Formats 2, 3, 5 and 6 changed only the
// blocks of tier files (below), format 4 added scored databases, format
// 7 free records (below: what a record means, not how blocks are
// coded); databases of formats 1 to 6 are still read.
//
// # The tier index
//
// A lookup needs of the manifest only its header fields and each tier's
// number, size, width, file length and checksum, not the counts per
// remoteness that make most of its bytes (six men's morris: 463 tiers,
// an 89 KB manifest; Gobblet Gobblers, written indented: 378 tiers,
// 282 KB). manifest.gri holds those, in binary, written by Finish just
// before the manifest (Create removes an old one; WriteIndex adds one
// to a database written before it existed); Open reads it in one read
// and checks one crc32c, and reads the manifest only when the counts
// are asked for (Manifest, Stats, CountsErr, Verify), then checks it
// (its checksum, and that it is the same as the index but for the
// counts). A database without the file is opened from its manifest as
// before, so this is not a new format version; a grundy from before it
// ignores the file. Layout, little-endian:
//
//	header, 64 bytes:
//	  0  "GRDYMIDX"
//	  8  uint32 index version (1)
//	 12  uint32 the manifest's format version
//	 16  uint64 manifest.json's length: an index beside a manifest of
//	     another length is an error (the manifest was replaced)
//	 24  uint32 the manifest's checksum field
//	 28  uint32 number of tiers
//	 32  uint64 start tier
//	 40  int64  start rank
//	 48  uint32 ranking version
//	 52  uint32 flags: 1 scored, 2 keyed, 4 built from a position
//	 56  uint32 crc32c of the body
//	 60  uint32 crc32c of bytes 0–59
//	body (a string is a uvarint length and its bytes):
//	  the game's spec string; a uvarint number of parameters, then
//	  each name and value (strings, sorted by name); when built from a
//	  position, the position (Manifest.From, a string); when keyed, the
//	  key source (a string), a uvarint number of key files and for each
//	  uint64 tier, uint64 keys, uint64 length, uint32 crc32c and its
//	  file name (a string); then per tier, in the manifest's order:
//	  uint64 tier, uint64 size, uint64 file length, uint32 crc32c,
//	  byte record width, its name (a string). The tier files' names are
//	  TierFileName's.
//
// A lookup's answer depends only on the index and the tier files: each
// tier file's header is checked against the index (tier, records,
// width, the game's hash, the format version) and its blocks against
// their checksums, so a damaged or foreign manifest cannot make an
// answer wrong; it shows when the manifest is read. A damaged index is
// a *CorruptError naming it and the byte where reading it failed.
//
// # Rankings
//
// A rank means a position only through the game's rank function, so the
// manifest records the version of the game's ranking ("ranking", absent
// for the first), covered by its checksum; the front end (catalog/strong)
// refuses a database built with another version ("built with connect4
// ranking v1; rebuild") rather than read it with the wrong ranks. A game
// may rank one position of each orbit of a symmetry (connect4 ranks a
// board and its mirror image once): a record then stands for several
// positions, and the manifest's counts are of positions (each record
// counted as many times as its rank stands for, Ranking.Orbit), with
// the number of records beside them ("records", absent when every
// record is one position). Every function that writes a file or counts
// records takes the game's Ranking from its caller (Builder.SetRanking,
// EncodeTier, DecodeTier, WritePart, ScanTier, ManifestBytes, CountTier),
// which resolves it once from the game (tier.RankingOf; catalog/strong's
// Game.Ranking for the front ends and the Beam pipeline).
//
// Every file is written to a temporary name (.tmp-*) in the directory,
// flushed to disk (fsync), renamed, and the directory synced: a file is
// there whole or not at all, so a build killed at any moment leaves the
// finished tiers, and a rerun resumes after them. Files hold no
// timestamps and the compressor's output depends only on the records,
// so a build writes the same bytes every time.
//
// # A tier file
//
// All integers little-endian; crc32c is CRC-32 with the Castagnoli
// polynomial.
//
//	header, 64 bytes:
//	  0  "GRDYTIER"
//	  8  uint32 format version
//	 12  uint32 record width (1 or 2)
//	 16  uint64 tier
//	 24  uint64 records (the tier's size)
//	 32  uint32 records per block (BlockBytes / width)
//	 36  4 bytes zero
//	 40  uint64 CRC-64 (ECMA) of the game's spec string
//	 48  12 bytes zero
//	 60  uint32 crc32c of bytes 0–59
//	blocks: each the records of BlockBytes/width consecutive ranks (the
//	  last block may have fewer), one after another from offset 64: in
//	  formats 5 and 6 their sparse form coded by streams or (format 6)
//	  by a context model (below), in formats 1 to 4 a zstd frame, of
//	  their sparse form from format 2 on
//	block index, 16 bytes per block:
//	  uint64 offset of the block, uint32 its compressed length,
//	  uint32 crc32c of the block's bytes before compression (its sparse
//	  form); in formats 1 and 2, of its records rank by rank (empty ones
//	  included)
//	footer, 32 bytes:
//	  0  uint64 offset of the block index
//	  8  uint64 number of blocks
//	 16  uint32 crc32c of the block index
//	 20  uint32 crc32c of footer bytes 0–19
//	 24  "GRDYEND1"
//
// In formats 3 and 4 a block's zstd frame was written by klauspost/compress at its
// SpeedBetterCompression level without entropy coding of literals
// (WithNoEntropyCompression): its literals are stored raw, its sequences
// still coded. A warm lookup's time is mostly the decoding of one frame,
// and 40% of that went to its literals' Huffman table (read anew for
// every frame) and their decoding; raw literals decode in about 60% of
// the time for 18–19% more bytes on disk (Connect-4 5x5 and 6x5,
// BENCHMARKS.md). Frames describe how they
// are coded, so this is not a new format version: files whose frames
// have Huffman-coded literals (written before) are read as before, and a
// build resumed across the change keeps its finished tiers as they were
// written. Key files' blocks keep entropy coding.
//
// A block of format 2, before compression, is its sparse form: a bitmap
// of its k ranks, bit i of little-endian 64-bit word i/64 set when rank i
// of the block holds a record (not Empty), (k+63)/64 words, then the
// records of the set bits in rank order. So a tier takes a bit per rank
// and its record width per position before compression, where format 1
// took the record width per rank: Connect-4 6×5 has about 1.75 ranks per
// record (3.5 per position before its ranking counted mirror images
// once). A block of format 1 is the records of its ranks as they are.
// Format 3 has the same blocks as format 2 but its index entries'
// checksums are of the sparse form, not of the records spread to their
// ranks, so that a lookup checks a block without spreading it.
// encodeBlock is the one encoder of a block (tier files and the part
// files of parts.go alike). A lookup decompresses a block, checks its
// checksum and its bitmap's lengths (no bit past k, as many records as
// set bits), keeps the sparse form in the block cache, and reads the
// record of rank i as the record after as many as the bitmap's set bits
// before bit i (popcount), an error if that record is empty; in a file
// of format 2 or 1 it spreads the block and checks the checksum of the
// result, as reading a whole tier does in every format (checking too
// that every set bit has a non-empty record). Manifest.RawBytes is a
// tier's bytes before compression, grundy db stats' raw_bytes.
//
// # Blocks of format 5
//
// A block of format 5 is its sparse form (above) cut into streams, each
// coded apart (blockform.go): the bitmap; the records' low bytes; at
// width 2, their high bytes (byte planes). Layout:
//
//	byte 0: the streams' codings, 2 bits each from bit 0 (bitmap,
//	  low bytes, high bytes; the bits of streams the width lacks 0):
//	  0 raw bytes, 1 one byte repeated the stream's length, 2 a
//	  Huffman-coded stream of klauspost/compress/huff0 (Compress1X:
//	  its table, then the codes), 3 a zstd frame (its literals raw or
//	  Huffman-coded, as the frame says); bit 7 set when the bitmap
//	  stream holds the bitmap's runs (below)
//	then each stream but the last: a uvarint length and its coded bytes
//	then the last stream's coded bytes, to the block's end
//
// The bitmap's runs are the lengths of its runs as uvarints, of empty
// ranks first (0 when the block's first rank holds a record), then of
// ranks that hold one, alternately; the stream is then a uvarint (the
// runs' length in bytes) and the runs coded by the stream's coding. The
// bitmap's length follows from the block's ranks and the records' from
// the bitmap's set bits, so a stream that decodes to another length, or
// runs that cover other than the block's ranks, are an error. The writer
// chooses each stream's coding from its statistics (codeStream,
// chooseZstd: its order-0 entropy and a greedy parse of its repeats,
// in integer arithmetic) and runs only the codings predicted close,
// keeping the shortest of those (a zstd frame with Huffman-coded
// literals only when a 16th shorter than one with raw literals, which
// decodes faster; runs of the bitmap a quarter of its bytes or fewer
// coded alone): within half a percent of coding every way, at about
// two thirds of its CPU (BENCHMARKS.md, issue 35, eleventh stop). The
// choice depends on the stream's bytes alone, so a build still writes
// the same bytes every time, on any number of cores. The checksum in the index is the sparse form's, as
// in format 3, and a lookup keeps the sparse form in its cache and reads
// it as before; only the decoding differs.
//
// Why (BENCHMARKS.md, "Denser databases, third pass"): the records of a
// solved game are a few codes, one of them most (Teeko's 21.5 M records
// take 2.4–2.6 bits each at their order-0 entropy, db/entropy_test.go),
// which format 4's zstd frames with raw literals stored at about a byte
// a literal; Huffman codes store them within 1% of their entropy. The
// bitmap is mostly runs (Teeko's: the images of one board, which its
// ranking puts side by side, are all empty but the orbit's
// representative), which zstd's matches or a Huffman code of the runs'
// lengths store best, and coded apart from the records neither spoils
// the other's statistics. klauspost/compress's FSE (tANS) streams came
// within 1% of Huffman's bytes on Teeko's records and decoded at half
// the speed, so they are not used; huff0 and zstd are
// klauspost/compress's, and only the streams, the runs and the choice
// between codings are this package's.
//
// # Blocks of format 6
//
// A block of format 6 is a block of format 5 (above), or, when that is
// shorter, the byte 0x40 (cmCoded: no byte of codings of format 5 has
// bit 6 set) followed by the block's ranks coded by an adaptive context
// model (cmblock.go) with a binary range coder (rangecoder.go): every
// rank is one symbol, Empty included, so no bitmap is stored; its
// decisions are "does the rank hold a record?" given the emptiness of
// the 8 ranks before it, then the record's place among the codes seen
// so far in the block (commonest first), one decision a place for the
// first 16, given the place of the record before and whether the rank
// before was empty, then a later place by its bits or a new code by its
// bytes. Every probability starts at ½ and adapts in the block, so a
// block decodes alone, as before. The decoder checks that it read every
// coded byte and no more than the four a flush leaves out, and that no
// code is Empty; the block's sparse form it yields is checked by its
// lengths and by its checksum in the index, as in format 5, so a
// damaged block is an error, never other records. The writer codes
// every block both ways and keeps the shorter, format 5's on a tie, so
// that no block takes more bytes than in format 5 and the bytes still
// depend on the records alone. Formats 1 to 5 are still read. Builds
// write format 5 (WriteFormat): format 6 is an archive's, written by
// grundy db repack --format 6 (repack.go), since a lookup whose block is
// not cached decodes it about 6 times slower (Connect-4 5x5: 66 µs of
// CPU against 13, past the 20 µs a warm lookup may take) for 10% fewer
// bytes; grundy db stats --sample-density projects what format 6 would
// take (density.go).
//
// Why (BENCHMARKS.md, "Format 6 (dense)"): a Connect-4 tier's bitmap
// has little structure that format 5's streams find (short runs), and
// its records follow the previous rank's; coded as one sequence with
// contexts learnt in the block, connect4:5x5 takes 10.7% fewer bytes.
// The model's decoding is slower than format 5's streams (about 8
// times: a binary decision or two a rank where a Huffman table decodes
// a byte at a time), which the cold lookup's 1 ms absorbs and a lookup
// in a block held by the cache never pays. The range coder and the
// model are written here: ulikunitz/xz's range coder is internal to its
// LZMA, whose blocks took more bytes than format 5's and decoded slower
// (measured), and klauspost/compress's Huffman and FSE coders have
// static tables, which cannot follow contexts that change rank by rank.
//
// # Free records (format 7)
//
// A database of format 7 has format 6's blocks (in practice format 5's
// streams: its writer codes no block by the context model, which would
// slow a warm lookup past 20 µs) but does not keep every record
// faithfully (free.go). A record is free when
//
//   - its rank names no position a lookup asks for: the game's
//     TierUnrank is false there (not an orbit's representative, or a
//     position the rules refuse); the file may hold Empty or any record;
//   - or its value is one a lookup computes from the position and its
//     moves (tier.KnownRecord): lost in 0 (terminal), won in 1 (a move
//     wins at once, tier.Finisher), lost in 2 (every move lets the
//     opponent win at once, or has won already); the file holds some
//     record there, so that "not reachable" is still told from the file;
//   - or, in a database built from the start of a game whose lookups ask
//     only for positions reachable from it (Ranking.Played: Connect-4's
//     positions are the moves played to them), marked "played" in the
//     manifest (Manifest.Played; flag 8 of the tier index): every empty
//     rank, and every record whose value a lookup computes, presence
//     included.
//
// The writer (Repack with format 7; Ranking.Asked gives TierUnrank)
// tries four fillings of each block's free records — the block's
// commonest kept record or the record before, and the unasked ranks
// Empty or the rank before's code (longer runs) — and keeps the one
// that codes shortest, the first on a tie, so the bytes depend on the
// records alone. Each new block is read back and checked against the
// old records by the same rule (every kept record equal, every freed
// record present). The manifest's counts are the true ones (the old
// manifest's, checked against the old records); the index's checksums
// are of the new sparse forms, so Verify checks the files as before.
//
// So a record read from a file of format 7 means something only to a
// reader that knows the game: catalog/strong's lookups (db query, the
// server, the explorer) answer "not reachable" where TierUnrank is
// false and KnownRecord's value where it has one (where the file holds
// a record, or anywhere in a "played" database), and read the file
// otherwise. DB.FreeRecords and DB.Played say which; LoadTier and Code
// return the stored codes. A database of format 7 is not repacked again
// (its free records mean nothing without the game): repack the one it
// came from. A grundy before format 7 refuses such a database by
// its version. Builds keep writing format 5: the tier solver reads its
// children's records from the files it wrote. Scored databases
// (margins) have no free records and are not written in format 7.
//
// Why (BENCHMARKS.md, "Denser databases, fourth pass"): on Connect-4
// 5x5, 60.5% of the records are lost in 0, won in 1 or lost in 2, and
// half the ranks are never asked for; their values cost most of the
// records' entropy, and filled to extend runs they cost almost nothing:
// 0.213 -> 0.122 bytes a position, and 0.069 when the presence of the
// computed records and of the unreachable ranks is free too ("played":
// the bitmap then marks only the records kept). Teeko's records are 6.7% free and
// its unasked ranks (87.5%, the images of an orbit's representative)
// are empty runs already, so it gains 7%.
//
// # A key file (keyed databases)
//
// A game whose tiers were found by search (tier.Discover; a game script
// that defines tier(pos)) has no rank function of its own: a tier's
// ranks are its positions in the byte order of their canonical keys. Its
// database stores each tier's sorted keys in a key file, so that a
// query finds a position's rank from the files alone: the block index
// and each block's first key (the fences) are read and checked when the
// file is opened, a binary search over the fences picks one block, and
// the key's place in that block gives the rank. Key files are written
// before any tier file, through the same temporary name and rename, and
// hold no timestamps. Layout:
//
//	header, 64 bytes:
//	  0  "GRDYKEYS"
//	  8  uint32 format version
//	 12  4 bytes zero
//	 16  uint64 tier
//	 24  uint64 keys (the tier's size)
//	 32  uint32 BlockBytes
//	 36  4 bytes zero
//	 40  uint64 CRC-64 (ECMA) of the game's spec string
//	 48  uint64 digest of the game's definition (the manifest's source)
//	 56  4 bytes zero
//	 60  uint32 crc32c of bytes 0–59
//	blocks: each a zstd frame of consecutive keys by rank, each key a
//	  uvarint length and its bytes; a block closes once it holds at
//	  least BlockBytes bytes (one key is at most MaxKeyBytes)
//	block index, 24 bytes per block:
//	  uint64 offset, uint32 compressed length, uint32 uncompressed
//	  length, uint32 crc32c of the uncompressed keys, uint32 keys in it
//	fences: each block's first key, a uvarint length and its bytes
//	footer, 32 bytes:
//	  0  uint64 offset of the block index
//	  8  uint64 number of blocks
//	 16  uint32 crc32c of the block index and the fences
//	 20  uint32 crc32c of footer bytes 0–19
//	 24  "GRDYKEY1"
//
// A build of a keyed game refuses a directory whose key files carry
// another digest (the game's definition changed, so the finished tiers
// there are not this game's), and a query with a definition whose digest
// differs from the manifest's is refused the same way.
//
// Opening a tier file for lookups reads and checks its header alone (the
// footer and the index's checksum are checked by whole reads, below).
// A lookup reads its block's 16-byte index entry and the block, and
// checks that the block decompresses to exactly its length (the decoder
// is capped there) and that its checksum matches, which also catches a
// damaged entry. The
// entry is read with the rest of its page of the file (4 KiB, 256
// entries: what the disk fetches for it anyway), which the open
// database keeps, so that later lookups in the same stretch of the index
// read their entries from memory: at most 16 bytes of memory per block
// of 8 KiB, only for the pages lookups touched. Reading
// a whole tier (LoadTier, resuming a build) also checks the index's
// checksum and that the blocks tile the file exactly, and the file's
// checksum in the manifest. Every failure is a
// *CorruptError naming the file and, where it is about one, the block.
package db
