package main

import (
	"encoding/json"
	"io"
)

// writeJSON prints v as one JSON object on its own line.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}
