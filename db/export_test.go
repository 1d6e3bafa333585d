package db

// EncodeBlockForTest is encodeBlockV for the external tests' measurements
// (dontcare_test.go): a block's bytes in format v (5 or 6) from its
// records raw, rank by rank.
func EncodeBlockForTest(v uint32, raw []byte, width int) []byte {
	comp, _ := encodeBlockV(v, raw, width, make([]byte, 0, len(raw)+len(raw)/8+64))
	return comp
}
