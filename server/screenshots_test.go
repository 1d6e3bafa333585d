package server

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestScreenshots writes a picture of every game's page, opened from the
// gallery at its default variant's start, at 1280 and 390 px wide, into
// docs/screenshots (GAME-1280.png, GAME-390.png), and one of the gallery
// at each width: for reviewing the pages by eye, not a check. It runs
// only with GRUNDY_SCREENSHOTS=1 (a few minutes of a browser):
//
//	GRUNDY_SCREENSHOTS=1 go test ./server -run TestScreenshots -timeout 20m
//
// Each picture is the top of the page (640 px of it at 1280 px wide,
// 900 px on a phone), with at most 64 colours (the page's
// own flat colours, the rarer ones mapped to the nearest kept), so that
// all of them stay within about 3 MB.
func TestScreenshots(t *testing.T) {
	if os.Getenv("GRUNDY_SCREENSHOTS") != "1" {
		t.Skip("set GRUNDY_SCREENSHOTS=1 to write docs/screenshots")
	}
	ctx := browseWithin(t, 30*time.Minute)
	ts := httptest.NewServer(New(Config{}))
	defer ts.Close()
	dir := filepath.Join("..", "docs", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "opening the gallery", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`body[data-ready="true"]`))
	cards := run(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#gallery button.start-game")].map(b => b.dataset.game)`))
	for _, w := range []struct {
		width, height, shot int64
		suffix              string
	}{{1280, 900, 640, "1280"}, {390, 844, 900, "390"}} {
		do(t, ctx, "resizing", chromedp.EmulateViewport(w.width, w.height, chromedp.EmulateScale(1)))
		do(t, ctx, "the gallery", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`body[data-ready="true"]`))
		shoot(t, ctx, filepath.Join(dir, "gallery-"+w.suffix+".png"), w.width, w.shot)
		for _, name := range cards {
			do(t, ctx, "playing "+name,
				chromedp.Navigate(ts.URL+"/"),
				chromedp.WaitVisible(`body[data-ready="true"]`),
				chromedp.Click(`#gallery button.start-game[data-game="`+name+`"]`),
			)
			settled(t, ctx)
			// The charts are drawn for the width at hand.
			time.Sleep(300 * time.Millisecond)
			shoot(t, ctx, filepath.Join(dir, name+"-"+w.suffix+".png"), w.width, w.shot)
		}
	}
}

// shoot writes the top width×height of the page as a PNG of at most
// paletteSize colours.
func shoot(t *testing.T, ctx context.Context, path string, width, height int64) {
	t.Helper()
	do(t, ctx, "moving the mouse away", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1))
	buf := run(t, ctx, chromedp.FullScreenshot(100))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if int64(b.Dy()) > height {
		b.Max.Y = b.Min.Y + int(height)
	}
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, quantize(img, b)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

const paletteSize = 64

// quantize keeps the paletteSize commonest colours of img within b and maps the
// others to the nearest of them (a page's flat colours are few; the
// rest are the edges of letters).
func quantize(img image.Image, b image.Rectangle) *image.Paletted {
	counts := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			counts[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}]++
		}
	}
	cs := make([]color.RGBA, 0, len(counts))
	for c := range counts {
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, c color.RGBA) int { return counts[c] - counts[a] })
	// The page's own colours first (style.css's :root, the board's
	// discs and the hints' rings), so that a rare one (a draw's brown in
	// the legend) is never mapped to its neighbour (a loss's red).
	pal := color.Palette{}
	for _, hex := range []uint32{0x137333, 0xe6f4ea, 0xb3261e, 0xfce8e6, 0x8a4b00, 0xfef7e0, 0x202124, 0x5f6368, 0xdadce0, 0x3c4a8a,
		0xfafafa, 0xffffff, 0xc5221f, 0xf9ab00, 0x1a56c4, 0x9aa0a6, 0xfde293, 0x1a73e8} {
		pal = append(pal, color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 255})
	}
	for _, c := range cs {
		if len(pal) >= paletteSize {
			break
		}
		if !slices.Contains(pal, color.Color(c)) {
			pal = append(pal, c)
		}
	}
	out := image.NewPaletted(image.Rect(0, 0, b.Dx(), b.Dy()), pal)
	index := map[color.RGBA]uint8{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}
			i, ok := index[c]
			if !ok {
				i = uint8(pal.Index(c))
				index[c] = i
			}
			out.SetColorIndex(x-b.Min.X, y-b.Min.Y, i)
		}
	}
	return out
}
