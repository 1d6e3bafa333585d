package clobber

import "strings"

// Row is the alternating row xoxo… of n stones.
func Row(n int) string {
	var sb strings.Builder
	for i := range n {
		sb.WriteByte("xo"[i%2])
	}
	return sb.String()
}

// Checkerboard is the r×c board with x on the squares whose coordinates
// sum to an even number.
func Checkerboard(r, c int) string {
	rows := make([]string, r)
	for i := range rows {
		var sb strings.Builder
		for j := range c {
			sb.WriteByte("xo"[(i+j)%2])
		}
		rows[i] = sb.String()
	}
	return strings.Join(rows, "/")
}
