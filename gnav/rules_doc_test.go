package gnav_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nornsgames/norns/gnav"
)

// TestRulesNumbered: Rules returns the rules N1–N17, each numbered once, with decisions, and
// points nowhere outside the package.
func TestRulesNumbered(t *testing.T) {
	text := gnav.Rules()
	for i := 1; i <= 17; i++ {
		if n := strings.Count(text, fmt.Sprintf("**N%d.", i)); n != 1 {
			t.Errorf("rule N%d is numbered %d times", i, n)
		}
	}
	if strings.Contains(text, "**N18.") || strings.Count(text, "**Decision") < 5 || !strings.Contains(text, "**Option:**") {
		t.Error("a rule beyond N17, or the decisions or the cat option missing")
	}
	for _, outside := range []string{"shared/", "rules/gnav", "../", "http", ".txt"} {
		if strings.Contains(text, outside) {
			t.Errorf("the rules point outside the package: %q", outside)
		}
	}
}

func ExampleRules() {
	rules := gnav.Rules()
	i := strings.Index(rules, "- **N10.")
	fmt.Println(rules[i : i+strings.Index(rules[i:], ":")])
	// Output: - **N10. Gjøk.** A player asked while holding a cuckoo shows it ("Stå for gjøk!")
}
