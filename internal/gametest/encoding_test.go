package gametest_test

import (
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/gametest"
	"github.com/nornsgames/norns/internal/toy"
)

// TestEncodingOnToy runs the encoding checks on the toy game's encoding.
func TestEncodingOnToy(t *testing.T) {
	gametest.Encoding(t, toyGame(), func(toy.State) norns.Encoder[toy.View, toy.Move] { return toy.Encoding{} })
}

// TestZeroValuesOnToy runs the zero-value check on the toy game, which documents no panic.
func TestZeroValuesOnToy(t *testing.T) {
	gametest.ZeroValues(t, "../toy", nil, new(toy.State), new(toy.View), new(toy.Move), new(toy.Encoding))
}
