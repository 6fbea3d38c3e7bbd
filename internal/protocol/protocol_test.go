package protocol_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/nornsgames/norns/internal/protocol"
)

func TestReadLines(t *testing.T) {
	long := strings.Repeat("x", protocol.MaxLine+10)
	in := "{\"type\":\"a\"}\r\n" + long + "\n{\"type\":\"b\"}\n{\"type\":\"c\"}"
	r := protocol.NewReader(strings.NewReader(in))
	m, err := r.Next()
	if err != nil || m.Type != "a" {
		t.Fatalf("first: %+v, %v", m, err)
	}
	if _, err := r.Next(); !errors.Is(err, protocol.ErrLineTooLong) {
		t.Fatalf("long line: %v, want ErrLineTooLong", err)
	}
	for _, want := range []string{"b", "c"} {
		if m, err := r.Next(); err != nil || m.Type != want {
			t.Fatalf("after the long line: %+v, %v; want type %s", m, err, want)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("at the end: %v, want io.EOF", err)
	}
}

func TestDecodeIsStrict(t *testing.T) {
	for _, bad := range []string{
		``, `null`, `[]`, `{}`, `{"type":""}`, `{"type":"move","bogus":1}`, `{"Type":"move"}`,
		`{"type":"move","type":"hello"}`, `{"type":"move"} {"type":"move"}`, `{"type":"move","action":"x"}`,
		`{"type":"move"`, "\xff",
	} {
		if m, err := protocol.Decode([]byte(bad)); !errors.Is(err, protocol.ErrBadMessage) {
			t.Errorf("Decode(%q) = %+v, %v; want ErrBadMessage", bad, m, err)
		}
	}
	one := 1
	m, err := protocol.Decode([]byte(`{"type":"move","action":1,"move":"R7"}`))
	if err != nil || m.Type != "move" || m.Action == nil || *m.Action != one || m.Move != "R7" {
		t.Fatalf("good message: %+v, %v", m, err)
	}
}

func TestEncodeRoundTrips(t *testing.T) {
	seat, act := 2, 7
	m := protocol.Message{Type: "decide", Seat: &seat, Legal: []protocol.Legal{{Move: "R7", Action: &act}}, TimeLeftMS: 90, View: []byte(`{"game":"x"}`)}
	line := protocol.Encode(m)
	if !bytes.HasSuffix(line, []byte("\n")) || bytes.Count(line, []byte("\n")) != 1 {
		t.Fatalf("Encode gave %q: want one line", line)
	}
	back, err := protocol.Decode(bytes.TrimSuffix(line, []byte("\n")))
	if err != nil || back.Type != "decide" || *back.Seat != 2 || *back.Legal[0].Action != 7 || string(back.View) != `{"game":"x"}` {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
}

// FuzzReader feeds arbitrary bytes to the reader: it never panics, never returns a line over
// MaxLine, and every message it returns encodes and decodes again.
func FuzzReader(f *testing.F) {
	f.Add([]byte("{\"type\":\"move\",\"move\":\"R7\"}\n"))
	f.Add([]byte("{\"type\":\"new\",\"game\":\"herrlof\",\"config\":{\"players\":2},\"seed\":3}\n{\"type\":\"step\",\"action\":4}\n"))
	f.Add([]byte("{\"type\":\"decide\",\"legal\":[{\"move\":\"a\",\"action\":0}],\"view\":{}}\r\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := protocol.NewReader(bytes.NewReader(data))
		for range 1000 {
			m, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !errors.Is(err, protocol.ErrBadMessage) && !errors.Is(err, protocol.ErrLineTooLong) {
					t.Fatalf("unexpected error %v", err)
				}
				continue
			}
			back, err := protocol.Decode(bytes.TrimSuffix(protocol.Encode(m), []byte("\n")))
			if err != nil || back.Type != m.Type {
				t.Fatalf("message %+v does not round-trip: %+v, %v", m, back, err)
			}
		}
	})
}
