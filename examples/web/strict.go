package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/nornsgames/norns"
)

// strictUnmarshal decodes exactly one JSON value into v, strictly: an object's keys must be
// exactly the json names of the struct it fills (encoding/json alone matches them without
// regard to case), no object anywhere in the document may repeat a key (encoding/json alone
// keeps the last), nothing may follow the value, and every field the struct does not declare
// is refused. Objects decoded into json.RawMessage, maps or interfaces are checked for
// duplicate keys only; their readers check the rest.
//
// examples/web imports only the library's public API, so it cannot use the module's internal
// strict decoder: this is a pre-pass over the tokens, then encoding/json with
// DisallowUnknownFields.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := checkKeys(dec, reflect.TypeOf(v), 0); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the value")
	}
	dec = json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// maxDepth bounds the nesting strictUnmarshal walks, well above any request's.
const maxDepth = 64

var rawMessage = reflect.TypeFor[json.RawMessage]()

// checkKeys reads one value from dec and checks its objects' keys against t (nil: any keys,
// but no key twice).
func checkKeys(dec *json.Decoder, t reflect.Type, depth int) error {
	if depth > maxDepth {
		return errors.New("nested too deeply")
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == rawMessage {
		t = nil
	}
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for dec.More() {
			if err := checkKeys(dec, elem, depth+1); err != nil {
				return err
			}
		}
	case '{':
		var fields map[string]reflect.Type
		var elem reflect.Type
		switch {
		case t != nil && t.Kind() == reflect.Struct:
			fields = jsonFields(t)
		case t != nil && t.Kind() == reflect.Map:
			elem = t.Elem()
		}
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			key := tok.(string) // the decoder returns only strings as keys
			if seen[key] {
				return fmt.Errorf("the key %q appears twice", norns.Clip(key))
			}
			seen[key] = true
			ft := elem
			if fields != nil {
				var ok bool
				if ft, ok = fields[key]; !ok {
					return fmt.Errorf("unknown field %q (keys are case-sensitive)", norns.Clip(key))
				}
			}
			if err := checkKeys(dec, ft, depth+1); err != nil {
				return err
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err
}

// jsonFields returns the json names of struct t's exported fields and their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}
