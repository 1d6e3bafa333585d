package cgt_test

import (
	"os"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/cgt"
)

func TestProbe(t *testing.T) {
	s := cgt.NewSpace()
	for _, e := range strings.Split(os.Getenv("PROBE"), ";;") {
		got, ok := evalOps(s, e)
		t.Logf("%q -> %v %s", e, ok, got)
	}
}
