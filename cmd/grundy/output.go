package main

import (
	"encoding/json"
	"io"

	"github.com/grundy-go/grundy/catalog"
)

// writeJSON prints v as one JSON object on its own line.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(catalog.PlainJSON(b), '\n')
	_, err = w.Write(b)
	return err
}
