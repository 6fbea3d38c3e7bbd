// Package strictjson decodes JSON strictly, for the decoders of states, configs and records: one
// value of bounded size, object keys that match a field's name exactly (encoding/json would take
// {"PLAYERS":3} for "players", and the last of two equal keys), no unknown or repeated fields,
// no array longer than its Go array or its field's maxlen tag, and nothing after the value.
//
// The checks run over the tokens of the input before anything is decoded, so an oversized
// array is refused before one of its elements is built: what decoding allocates stays a small
// multiple of the input, which is itself at most the limit.
//
// A struct field may bound its slice, array or map with a tag, as in
//
//	Seats []seat `json:"seats" maxlen:"20"`
//
// Values whose type decodes itself (json.Unmarshaler, encoding.TextUnmarshaler, RawMessage)
// are checked by their own decoder, not walked.
package strictjson

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// MaxSize is the default limit of an input, in bytes.
const MaxSize = 1 << 20

// Options tunes a decoder. The zero Options is [Unmarshal]'s: strict, at most MaxSize bytes.
type Options struct {
	// Limit is the largest input accepted, in bytes; 0 means MaxSize.
	Limit int
	// AllowUnknown ignores object keys that name no field (for a newer minor version of a
	// format). Differently cased keys are still errors, and so are repeated ones.
	AllowUnknown bool
}

// Unmarshal decodes exactly one JSON value from data into v, strictly (see the package doc).
// On error v may be partly filled: decode into a fresh value and copy it out only on success.
func Unmarshal(data []byte, v any) error { return Options{}.Unmarshal(data, v) }

// Decode is Unmarshal reading from r, which must hold nothing after the value. It reads at most
// MaxSize+1 bytes.
func Decode(r io.Reader, v any) error { return Options{}.Decode(r, v) }

func (o Options) limit() int {
	if o.Limit <= 0 {
		return MaxSize
	}
	return o.Limit
}

// Decode reads all of r, up to the limit, and unmarshals it.
func (o Options) Decode(r io.Reader, v any) error {
	data, err := ReadLimited(r, o.limit())
	if err != nil {
		return err
	}
	return o.Unmarshal(data, v)
}

// ErrTooLarge is the error of ReadLimited for input longer than its limit: the input's fault,
// unlike the reader's own errors, which ReadLimited returns as they are.
var ErrTooLarge = errors.New("input too large")

// ReadLimited reads r to its end, failing without reading further once it holds more than limit
// bytes (an error wrapping ErrTooLarge). An error of r itself is returned unwrapped, so that a
// caller can tell a failed read from bad data.
func ReadLimited(r io.Reader, limit int) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > limit {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)
	}
	return data, nil
}

// Unmarshal decodes data into v with the options o.
func (o Options) Unmarshal(data []byte, v any) error {
	if len(data) > o.limit() {
		return fmt.Errorf("input of %d bytes, larger than %d", len(data), o.limit())
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errors.New("strictjson: Unmarshal needs a non-nil pointer")
	}
	if !json.Valid(data) {
		// Let encoding/json say where the syntax breaks.
		var x any
		if err := json.Unmarshal(data, &x); err != nil {
			return err
		}
		return errors.New("invalid JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	w := walker{dec: dec, allowUnknown: o.AllowUnknown}
	if err := w.value(rv.Type().Elem(), -1); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the value")
	}
	return json.Unmarshal(data, v)
}

// Quote returns s quoted for an error message: all of it when it is short, else its first few
// runes and its length, so that an error never grows with its input.
func Quote(s string) string {
	const max = 32
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

type walker struct {
	dec          *json.Decoder
	allowUnknown bool
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// value checks the next value of the input against type t; max bounds a slice, array or map
// (-1: no bound but the array's own length).
func (w *walker) value(t reflect.Type, max int) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return w.skip()
	}
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	d, isDelim := tok.(json.Delim)
	switch {
	case isDelim && d == '{' && t.Kind() == reflect.Struct:
		return w.object(t)
	case isDelim && d == '{' && t.Kind() == reflect.Map:
		n := 0
		for w.dec.More() {
			if n++; max >= 0 && n > max {
				return fmt.Errorf("more than %d entries in a %v", max, t)
			}
			if _, err := w.dec.Token(); err != nil {
				return err
			}
			if err := w.value(t.Elem(), -1); err != nil {
				return err
			}
		}
		_, err := w.dec.Token()
		return err
	case isDelim && d == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		if t.Kind() == reflect.Array && (max < 0 || max > t.Len()) {
			max = t.Len()
		}
		n := 0
		for w.dec.More() {
			if n++; max >= 0 && n > max {
				return fmt.Errorf("more than %d elements in a %v", max, t)
			}
			if err := w.value(t.Elem(), -1); err != nil {
				return err
			}
		}
		_, err := w.dec.Token()
		return err
	case isDelim:
		// A mismatch of kinds (or an interface): encoding/json reports a mismatch; here the
		// value is only skipped.
		return w.rest(1)
	}
	return nil
}

// object checks the fields of an object, its '{' read, against struct type t.
func (w *walker) object(t reflect.Type) error {
	fields := fieldsOf(t)
	var seen []string
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		f, ok := fields[key]
		if !ok {
			for name := range fields {
				if strings.EqualFold(name, key) {
					return fmt.Errorf("field %s is spelt %q", Quote(key), name)
				}
			}
			if !w.allowUnknown {
				return fmt.Errorf("unknown field %s", Quote(key))
			}
			if err := w.skip(); err != nil {
				return err
			}
			continue
		}
		for _, s := range seen {
			if s == key {
				return fmt.Errorf("field %q given twice", key)
			}
		}
		seen = append(seen, key)
		if err := w.value(f.typ, f.max); err != nil {
			return err
		}
	}
	_, err := w.dec.Token()
	return err
}

// skip consumes the next value.
func (w *walker) skip() error {
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	if _, ok := tok.(json.Delim); ok {
		return w.rest(1)
	}
	return nil
}

// rest consumes tokens until depth open delimiters are closed.
func (w *walker) rest(depth int) error {
	for depth > 0 {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

type field struct {
	typ reflect.Type
	max int
}

var fieldCache sync.Map // reflect.Type → map[string]field

// fieldsOf returns the JSON fields of struct type t by their exact names, embedded structs'
// fields promoted as encoding/json does (an outer field wins over an embedded one).
func fieldsOf(t reflect.Type) map[string]field {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]field)
	}
	m := map[string]field{}
	addFields(m, t, 0)
	fieldCache.Store(t, m)
	return m
}

func addFields(m map[string]field, t reflect.Type, depth int) {
	if depth > 8 {
		return
	}
	var embedded []reflect.Type
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				embedded = append(embedded, ft)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		max := -1
		if s := sf.Tag.Get("maxlen"); s != "" {
			if n, err := strconv.Atoi(s); err == nil && n >= 0 {
				max = n
			}
		}
		if _, ok := m[name]; !ok {
			m[name] = field{typ: sf.Type, max: max}
		}
	}
	for _, et := range embedded {
		addFields(m, et, depth+1)
	}
}
