package strictjson_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nornsgames/norns/internal/strictjson"
)

type inner struct {
	B int `json:"b"`
}

type T struct {
	A    int             `json:"a"`
	List []int           `json:"list,omitempty" maxlen:"3"`
	Arr  [2]int          `json:"arr"`
	Map  map[string]int  `json:"map,omitempty" maxlen:"2"`
	In   *inner          `json:"in,omitempty"`
	Raw  json.RawMessage `json:"raw,omitempty"`
	inner
}

func TestUnmarshal(t *testing.T) {
	var v T
	if err := strictjson.Unmarshal([]byte(` {"a": 3, "b": 4, "list": [1,2,3], "arr":[1,2], "map":{"x":1,"y":2}, "in":{"b":5}, "raw":{"ANY":[1]}} `), &v); err != nil || v.A != 3 || v.B != 4 || v.In.B != 5 || len(v.List) != 3 {
		t.Errorf("good input: %v, %+v", err, v)
	}
	for _, bad := range []string{
		``, `{`, `{"a":1,"c":2}`, `{"a":1} {}`, `{"a":1} x`, `{"a":1}}`, `{"a":"x"}`,
		`{"A":1}`, `{"a":1,"a":2}`, `{"in":{"B":1}}`, `{"B":1}`,
		`{"list":[1,2,3,4]}`, `{"arr":[1,2,3]}`, `{"map":{"x":1,"y":2,"z":3}}`,
		`{"list":[` + strings.Repeat("1,", 1000) + `1]}`,
	} {
		var w T
		if err := strictjson.Unmarshal([]byte(bad), &w); err == nil {
			t.Errorf("Unmarshal(%q) accepted", bad)
		}
		if err := strictjson.Decode(strings.NewReader(bad), &w); err == nil {
			t.Errorf("Decode(%q) accepted", bad)
		}
	}
}

func TestAllowUnknown(t *testing.T) {
	var v T
	o := strictjson.Options{AllowUnknown: true}
	if err := o.Unmarshal([]byte(`{"a":1,"later":{"x":[1,{"y":2}]}}`), &v); err != nil || v.A != 1 {
		t.Errorf("unknown field not skipped: %v", err)
	}
	for _, bad := range []string{`{"A":1}`, `{"a":1,"a":1}`} {
		if err := o.Unmarshal([]byte(bad), &v); err == nil {
			t.Errorf("AllowUnknown accepted %s", bad)
		}
	}
}

func TestLimit(t *testing.T) {
	big := []byte(`{"a":1` + strings.Repeat(" ", 200) + `}`)
	var v T
	o := strictjson.Options{Limit: 100}
	if err := o.Unmarshal(big, &v); err == nil {
		t.Error("Unmarshal over the limit accepted")
	}
	if err := o.Decode(bytes.NewReader(big), &v); err == nil {
		t.Error("Decode over the limit accepted")
	}
	if err := (strictjson.Options{Limit: 300}).Decode(bytes.NewReader(big), &v); err != nil {
		t.Errorf("Decode under the limit: %v", err)
	}
}

func TestErrorsQuoteAShortPrefix(t *testing.T) {
	key := strings.Repeat("k", 10000)
	var v T
	err := strictjson.Unmarshal([]byte(`{"`+key+`":1}`), &v)
	if err == nil || len(err.Error()) > 100 {
		t.Errorf("error %d bytes long: %.200v", len(err.Error()), err)
	}
	if q := strictjson.Quote("héllo"); q != `"héllo"` {
		t.Errorf("Quote = %s", q)
	}
	if q := strictjson.Quote(strings.Repeat("é", 40)); len(q) > 60 || !strings.Contains(q, "(80 bytes)") {
		t.Errorf("Quote = %s", q)
	}
}
