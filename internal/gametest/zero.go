package gametest

import (
	"context"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// ZeroValues holds a game package to the contract on zero values: every exported method on a
// zero value either works as documented or returns an error, and panics only where its
// documentation says so.
//
// values are the package's exported types, each as a pointer to its zero value (new(State),
// new(View), new(Move), the enums, the bots…), so that the method sets include the pointer
// methods (Step, UnmarshalJSON). ZeroValues calls every exported method of each on a fresh zero
// value, found by reflection so that a new method cannot be missed, with simple arguments: seat
// 0, a fresh generator, a live context, and the zero value of anything else (nil buffers, the
// zero Move). None may panic but the methods panics lists, keyed "Type.Method", each with the
// sentence of its documentation that allows the panic; each of those must panic (so the list
// stays exact), and its documentation, read from the Go files in dir (the package's directory,
// "." from its tests), must say that sentence. A method other than Step and the Unmarshal
// methods must also leave the zero value as it was.
func ZeroValues(t *testing.T, dir string, panics map[string]string, values ...any) {
	t.Helper()
	docs, err := methodDocs(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, z := range values {
		ptr := reflect.ValueOf(z)
		if ptr.Kind() != reflect.Pointer || ptr.IsNil() {
			t.Fatalf("gametest.ZeroValues: %T is not a pointer to a zero value", z)
		}
		typ := ptr.Type()
		name := typ.Elem().Name()
		for i := range typ.NumMethod() {
			m := typ.Method(i)
			key := name + "." + m.Name
			seen[key] = true
			p := callZero(ptr, m)
			allowed, listed := panics[key]
			switch {
			case p != nil && !listed:
				t.Errorf("zero %s: %s panics: %v", name, m.Name, p)
			case p == nil && listed:
				t.Errorf("zero %s: %s does not panic, but the list of allowed panics has it", name, m.Name)
			case listed:
				d, ok := docs[key]
				if !ok {
					t.Errorf("%s: no documentation found in %s", key, dir)
				} else if !strings.Contains(words(d), strings.TrimSuffix(words(allowed), ".")) {
					t.Errorf("%s panics on the zero value, but its documentation does not say %q:\n%s", key, allowed, d)
				}
			}
			if !strings.HasPrefix(m.Name, "Unmarshal") && m.Name != "Step" && !ptr.Elem().IsZero() {
				t.Errorf("zero %s: %s changed it to %v", name, m.Name, ptr.Elem().Interface())
			}
			ptr.Elem().SetZero()
		}
	}
	for key := range panics {
		if !seen[key] {
			t.Errorf("the list of allowed panics has %s, which is not a method", key)
		}
	}
}

// words returns s with its comment markers dropped and its spaces made single, to compare
// sentences however a comment wraps them.
func words(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n// ", " ")), " ")
}

// zeroArg returns the simple argument callZero gives a parameter of type t.
func zeroArg(t reflect.Type) reflect.Value {
	switch t {
	case reflect.TypeFor[norns.Player]():
		return reflect.ValueOf(norns.Player(0))
	case reflect.TypeFor[*rng.Rand]():
		return reflect.ValueOf(rng.New(1))
	case reflect.TypeFor[context.Context]():
		return reflect.ValueOf(context.Background())
	}
	return reflect.Zero(t)
}

// callZero calls method m of the value ptr points to with zeroArg's arguments, and returns the
// panic it raised, if any.
func callZero(ptr reflect.Value, m reflect.Method) (panicked any) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprint(r)
		}
	}()
	args := []reflect.Value{ptr}
	for i := 1; i < m.Type.NumIn(); i++ {
		if m.Type.IsVariadic() && i == m.Type.NumIn()-1 {
			break
		}
		args = append(args, zeroArg(m.Type.In(i)))
	}
	m.Func.Call(args)
	return nil
}

// methodDocs returns the doc comment of every method of the exported types of the package in
// dir, promoted methods of unexported embedded types included, keyed "Type.Method".
func methodDocs(dir string) (map[string]string, error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("gametest.ZeroValues: no Go files in %s", dir)
	}
	p, err := doc.NewFromFiles(fset, files, "example.com/"+files[0].Name.Name, doc.PreserveAST|doc.AllMethods)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, ty := range p.Types {
		for _, f := range ty.Methods {
			out[ty.Name+"."+f.Name] = f.Decl.Doc.Text()
		}
	}
	return out, nil
}
