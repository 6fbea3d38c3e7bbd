package strictjson_test

import (
	"strings"
	"testing"

	"github.com/nornsgames/norns/internal/strictjson"
)

func TestUnmarshal(t *testing.T) {
	type T struct {
		A int `json:"a"`
	}
	var v T
	if err := strictjson.Unmarshal([]byte(` {"a": 3} `), &v); err != nil || v.A != 3 {
		t.Errorf("good input: %v, %+v", err, v)
	}
	for _, bad := range []string{``, `{`, `{"a":1,"b":2}`, `{"a":1} {}`, `{"a":1} x`, `{"a":1}}`, `{"a":"x"}`} {
		var w T
		if err := strictjson.Unmarshal([]byte(bad), &w); err == nil {
			t.Errorf("Unmarshal(%q) accepted", bad)
		}
		if err := strictjson.Decode(strings.NewReader(bad), &w); err == nil {
			t.Errorf("Decode(%q) accepted", bad)
		}
	}
}
