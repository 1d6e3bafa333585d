package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// The explorer's files (web/), served from memory: each with an ETag (a
// hash of its bytes), so that a browser that has it asks and is told 304
// Not Modified, and compressed with gzip once, at start, for clients that
// accept it. The whole page is some 25 KB compressed.

type asset struct {
	typ  string
	etag string
	raw  []byte
	gz   []byte // nil when gzip does not make it smaller
}

// loadAssets reads the embedded files and compresses them.
func loadAssets(files fs.FS) (map[string]*asset, error) {
	out := map[string]*asset{}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(raw)
		a := &asset{raw: raw, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, typ: mime.TypeByExtension(path.Ext(p))}
		if a.typ == "" {
			a.typ = http.DetectContentType(raw)
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(raw)
		zw.Close()
		if b.Len() < len(raw) {
			a.gz = b.Bytes()
		}
		out["/"+p] = a
		return nil
	})
	return out, err
}

// serveAsset serves a file of the page: 304 when the client's copy is
// current (If-None-Match), gzip when the client takes it.
func serveAsset(w http.ResponseWriter, r *http.Request, assets map[string]*asset) {
	p := r.URL.Path
	if strings.HasSuffix(p, "/") {
		p += "index.html"
	}
	a := assets[p]
	if a == nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", a.etag)
	h.Set("Vary", "Accept-Encoding")
	h.Set("Content-Type", a.typ)
	for _, tag := range strings.Split(r.Header.Get("If-None-Match"), ",") {
		if t := strings.TrimSpace(tag); t == a.etag || t == "W/"+a.etag || t == "*" {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	body := a.raw
	if a.gz != nil && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// acceptsGzip reads an Accept-Encoding header: gzip named, and not with
// q=0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		f := strings.Split(strings.TrimSpace(part), ";")
		if strings.TrimSpace(f[0]) != "gzip" {
			continue
		}
		for _, param := range f[1:] {
			if q := strings.ReplaceAll(strings.TrimSpace(param), " ", ""); q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
				return false
			}
		}
		return true
	}
	return false
}
