package norns_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestNoGameNamedInTools checks that no tool knows a game by name: outside the game packages
// themselves and tests, a string literal that is a game's name ("herrlof") may appear only
// where a game is registered or a default is chosen, and then its line says so with a comment
// holding "game name:" (as in `"herrlof": herrlofFront, // game name: its terminal front end`).
// Anything else a tool needs of a game comes from the registry (norns.Game), so a tool that
// branches on a name is missing a field there.
func TestNoGameNamedInTools(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (slices.Contains(theGames, path) || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		allowed := map[int]bool{} // lines with a "game name:" comment
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.Contains(c.Text, "game name:") {
					allowed[fset.Position(c.Pos()).Line] = true
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !slices.Contains(theGames, strings.ToLower(s)) {
				return true
			}
			if pos := fset.Position(lit.Pos()); !allowed[pos.Line] {
				t.Errorf("%v: the game name %s in a tool: take what the tool needs from the registry (norns.Game), or mark a registration or default with a \"game name:\" comment", pos, lit.Value)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
