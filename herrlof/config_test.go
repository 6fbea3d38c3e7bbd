package herrlof_test

import (
	"errors"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
)

func TestConfig(t *testing.T) {
	for _, tc := range []struct {
		c  herrlof.Config
		ok bool
	}{
		{herrlof.Config{}, true},
		{herrlof.Config{Players: 2, FiveTrickBonus: true, HandLimit: 10}, true},
		{herrlof.Config{Players: 3, HandLimit: herrlof.MaxHandLimit}, true},
		{herrlof.Config{Players: 3, FiveTrickBonus: true}, false},
		{herrlof.Config{HandLimit: -1}, false},
		{herrlof.Config{HandLimit: herrlof.MaxHandLimit + 1}, false},
		{herrlof.Config{Players: 4}, false},
	} {
		err := tc.c.Validate()
		if (err == nil) != tc.ok || err != nil && !errors.Is(err, norns.ErrBadConfig) {
			t.Errorf("%+v: %v", tc.c, err)
		}
	}
	s := mustNew(t, herrlof.Config{})
	if s.Config() != (herrlof.Config{Players: 2}) || s.Players() != 2 || s.ToMove() != norns.Chance || s.Round() != 0 {
		t.Errorf("New(zero Config): %+v", s.Config())
	}
}
