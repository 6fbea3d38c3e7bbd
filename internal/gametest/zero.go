package gametest

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// ZeroValues calls every exported method of the zero State, View and Move of a game (value and
// pointer methods alike, each on a fresh zero value), and of the zero values of extra (other
// exported types of the game, as values: gametest.ZeroValues(t, allowed, herrlof.Trick{})),
// with simple arguments: seat 0, zero numbers, a fresh generator, a zero move, empty text and
// JSON. None may panic, except the methods allowed names, as "State.SampleChance", each with the
// sentence of its documentation that allows the panic (for people; the test does not read it).
// A method on the list that no longer panics is reported too, so the list stays true.
//
// A zero value is the one a program gets by declaring a variable; the contract is that every
// method on it either works as documented or returns an error, and panics only where the
// documentation says so.
func ZeroValues[S norns.State[S, M, V], M norns.Move, V norns.View[S, M]](t *testing.T, allowed map[string]string, extra ...any) {
	t.Helper()
	var s S
	var v V
	var m M
	used := map[string]bool{}
	for _, zero := range append([]any{s, v, m}, extra...) {
		typ := reflect.TypeOf(zero)
		ptr := reflect.PointerTo(typ)
		for i := range ptr.NumMethod() {
			meth := ptr.Method(i)
			name := typ.Name() + "." + meth.Name
			panicked := callZero(ptr, meth, zero)
			_, ok := allowed[name]
			used[name] = true
			switch {
			case panicked != "" && !ok:
				t.Errorf("%s panics on the zero value: %s", name, panicked)
			case panicked == "" && ok:
				t.Errorf("%s is listed as panicking on the zero value, but it does not: take it off the list", name)
			}
		}
	}
	for name := range allowed {
		if !used[name] {
			t.Errorf("%s is listed as panicking on the zero value but is no method", name)
		}
	}
}

// callZero calls method meth of a fresh copy of zero (through a pointer) with simple arguments
// and returns what it panicked with, or "".
func callZero(ptr reflect.Type, meth reflect.Method, zero any) (panicked string) {
	recv := reflect.New(ptr.Elem())
	recv.Elem().Set(reflect.ValueOf(zero))
	args := []reflect.Value{recv}
	ft := meth.Type
	for j := 1; j < ft.NumIn(); j++ {
		in := ft.In(j)
		if ft.IsVariadic() && j == ft.NumIn()-1 {
			break
		}
		args = append(args, simpleArg(in))
	}
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprint(r)
			if len(panicked) > 200 {
				panicked = panicked[:200] + "…"
			}
		}
	}()
	if ft.IsVariadic() {
		meth.Func.CallSlice(append(args, reflect.Zero(ft.In(ft.NumIn()-1))))
	} else {
		meth.Func.Call(args)
	}
	return ""
}

// simpleArg returns an argument of type in for a zero-value call.
func simpleArg(in reflect.Type) reflect.Value {
	switch {
	case in == reflect.TypeFor[*rng.Rand]():
		return reflect.ValueOf(rng.New(1))
	case in == reflect.TypeFor[[]byte]():
		return reflect.ValueOf([]byte("{}"))
	case in.Kind() == reflect.Slice:
		return reflect.MakeSlice(in, 0, 4)
	case in.Kind() == reflect.Pointer:
		return reflect.New(in.Elem())
	case in.Kind() == reflect.String:
		return reflect.ValueOf("").Convert(in)
	}
	return reflect.Zero(in)
}
