// Package strictjson decodes JSON strictly, for the decoders of states and records: one value,
// no unknown fields, nothing after it.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// Unmarshal decodes exactly one JSON value from data into v. Unknown object fields and any data
// after the value are errors, as is malformed JSON. On error v may be partly filled: decode into
// a fresh value and copy it out only on success.
func Unmarshal(data []byte, v any) error {
	return Decode(bytes.NewReader(data), v)
}

// Decode is Unmarshal reading from r, which must hold nothing after the value.
func Decode(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the value")
	}
	return nil
}
