package graphfile

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"
)

// BenchmarkParse reads a text file of a random graph with 10^5 nodes and
// 5·10^5 edges.
func BenchmarkParse(b *testing.B) {
	const n, m = 100_000, 500_000
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%d %d\n", n, m)
	x := uint64(1)
	var line []byte
	for range m {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		line = strconv.AppendUint(line[:0], x%n, 10)
		line = append(line, ' ')
		line = strconv.AppendUint(line, (x>>32)%n, 10)
		line = append(line, '\n')
		buf.Write(line)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for range b.N {
		if _, err := Parse("bench", bytes.NewReader(data), Limits{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(m)*float64(b.N)/b.Elapsed().Seconds(), "edges/s")
}
