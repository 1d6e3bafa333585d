package connect4

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseSpec reads "WxH" or "WxH:K"; "" is the standard 7x6 board.
func ParseSpec(params string) (w, h, k int, err error) {
	if params == "" {
		return 7, 6, 4, nil
	}
	dims, ks, hasK := strings.Cut(params, ":")
	ws, hs, ok := strings.Cut(dims, "x")
	if !ok {
		return 0, 0, 0, fmt.Errorf("bad board %q: expected WxH or WxH:K, e.g. 7x6 or 5x4:3", params)
	}
	num := func(s, what string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || s != strconv.Itoa(n) {
			return 0, fmt.Errorf("bad %s %q in %q: expected a small positive number", what, s, params)
		}
		return n, nil
	}
	if w, err = num(ws, "width"); err != nil {
		return
	}
	if h, err = num(hs, "height"); err != nil {
		return
	}
	k = 4
	if hasK {
		if k, err = num(ks, "line length"); err != nil {
			return
		}
	}
	return w, h, k, nil
}
