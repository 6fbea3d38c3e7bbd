package norns_test

import (
	"bufio"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// theGames are the game packages VOCABULARY.md speaks of, by directory and import path.
var theGames = []string{"herrlof", "gulveig", "gnav", "voluspa"}

// vocabRow is one row of a table of VOCABULARY.md.
type vocabRow struct {
	line    int
	name    string   // "State.Step", "Deck"
	kind    string   // "func", "method State", …
	games   []string // the games that have it
	retired bool     // a row of "Retired spellings": no game may have it
}

// readVocabulary reads the rows of VOCABULARY.md's tables.
func readVocabulary(t *testing.T) []vocabRow {
	t.Helper()
	f, err := os.Open("VOCABULARY.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []vocabRow
	retired := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			retired = strings.HasPrefix(line, "## Retired")
			continue
		}
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 4 {
			t.Fatalf("VOCABULARY.md:%d: a row needs four cells: %s", n, line)
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		r := vocabRow{line: n, name: strings.Trim(cells[0], "`"), kind: cells[1], retired: retired}
		if cells[2] == "all" {
			r.games = theGames
		} else {
			r.games = strings.Fields(cells[2])
			for _, g := range r.games {
				if !slices.Contains(theGames, g) {
					t.Fatalf("VOCABULARY.md:%d: unknown game %q", n, g)
				}
			}
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) < 50 {
		t.Fatalf("VOCABULARY.md: only %d rows read; the table format changed?", len(rows))
	}
	return rows
}

// gamePackages type-checks the four game packages from source, once.
var gamePackages = sync.OnceValues(func() (map[string]*types.Package, error) {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	pkgs := map[string]*types.Package{}
	for _, g := range theGames {
		p, err := imp.Import("github.com/nornsgames/norns/" + g)
		if err != nil {
			return nil, err
		}
		pkgs[g] = p
	}
	return pkgs, nil
})

// testFuncs returns the names of the top-level functions of a game's _test.go files.
func testFuncs(t *testing.T, game string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(game, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				names[fd.Name.Name] = true
			}
		}
	}
	return names
}

// declared says how pkg declares name (as a VOCABULARY.md kind would), or "" if it does not.
// For "method T", "pointer method T" and "field T" rows, name is "T.Name".
func declared(pkg *types.Package, tests map[string]bool, kind, name string) string {
	if kind == "test" {
		if tests[name] {
			return "test"
		}
		return ""
	}
	typeName, member, dotted := strings.Cut(name, ".")
	if !dotted {
		switch o := pkg.Scope().Lookup(name).(type) {
		case *types.Func:
			return "func"
		case *types.Const:
			return "const"
		case *types.Var:
			return "var"
		case *types.TypeName:
			if o.IsAlias() {
				return "alias"
			}
			return "type"
		}
		return ""
	}
	tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return ""
	}
	T := tn.Type()
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(T), true, pkg, member)
	switch o := obj.(type) {
	case *types.Var:
		if o.IsField() && o.Exported() {
			return "field " + typeName
		}
	case *types.Func:
		if !o.Exported() {
			return ""
		}
		if types.NewMethodSet(T).Lookup(pkg, member) != nil {
			return "method " + typeName
		}
		return "pointer method " + typeName
	}
	return ""
}

// TestVocabulary holds every game to VOCABULARY.md: each row's name is declared, as the row's
// kind, in exactly the games the row lists, and no game exports a retired spelling.
func TestVocabulary(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the four games from source")
	}
	rows := readVocabulary(t)
	pkgs, err := gamePackages()
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]map[string]bool{}
	for _, g := range theGames {
		tests[g] = testFuncs(t, g)
	}
	for _, r := range rows {
		for _, g := range theGames {
			got := declared(pkgs[g], tests[g], r.kind, r.name)
			switch want := slices.Contains(r.games, g); {
			case r.retired && want && got != "":
				t.Errorf("VOCABULARY.md:%d: %s still declares %s, a retired spelling (%s)", r.line, g, r.name, got)
			case r.retired:
			case want && got == "":
				t.Errorf("VOCABULARY.md:%d: %s lacks %s (%s)", r.line, g, r.name, r.kind)
			case want && got != r.kind:
				t.Errorf("VOCABULARY.md:%d: %s declares %s as a %s, the table says %s", r.line, g, r.name, got, r.kind)
			case !want && got != "" && r.kind != "test":
				t.Errorf("VOCABULARY.md:%d: %s declares %s (%s) but the table does not list it for %s: add it to the row or rename it", r.line, g, r.name, got, g)
			}
		}
	}
}

// TestVocabularySignatures checks what the tables' names cannot say alone: the hand's type and
// ApplyEvents' viewer parameter.
func TestVocabularySignatures(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the four games from source")
	}
	pkgs, err := gamePackages()
	if err != nil {
		t.Fatal(err)
	}
	method := func(pkg *types.Package, typeName, name string) *types.Signature {
		tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName)
		if !ok {
			return nil
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, name)
		if f, ok := obj.(*types.Func); ok {
			return f.Signature()
		}
		return nil
	}
	hand := map[string]string{"herrlof": "Cards", "gulveig": "Cards", "gnav": "Card", "voluspa": "Tiles"}
	for _, g := range theGames {
		pkg := pkgs[g]
		for _, typ := range []string{"State", "View"} {
			sig := method(pkg, typ, "Hand")
			if sig == nil || sig.Results().Len() == 0 {
				t.Errorf("%s: %s.Hand missing", g, typ)
				continue
			}
			if got := types.TypeString(sig.Results().At(0).Type(), types.RelativeTo(pkg)); got != hand[g] {
				t.Errorf("%s: %s.Hand returns %s, want %s", g, typ, got, hand[g])
			}
		}
		sig := method(pkg, "State", "ApplyEvents")
		if sig == nil || sig.Params().Len() != 3 {
			t.Errorf("%s: State.ApplyEvents missing or not (move, viewer, dst)", g)
		} else if name := sig.Params().At(1).Name(); name != "viewer" {
			t.Errorf("%s: State.ApplyEvents names its viewer %q, want viewer", g, name)
		}
		sig = method(pkg, "State", "Step")
		if sig == nil || types.TypeString(sig, types.RelativeTo(pkg)) != "func(m Move) error" {
			t.Errorf("%s: (*State).Step is %v, want func(m Move) error", g, sig)
		}
	}
}
