package gulveig

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestEncodingDocumented holds the package documentation's table of observation slots to the
// code: the first slot of each row, in order, is the first slot of each block Observe writes,
// and the last row ends at ObservationLen − 1.
func TestEncodingDocumented(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	i := strings.Index(text, "//\tslots ")
	if i < 0 {
		t.Fatal("doc.go has no table of slots")
	}
	row := regexp.MustCompile(`(?m)^//\t(\d+)(?:–(\d+))?\s`)
	var starts []int
	end := 0
	for _, m := range row.FindAllStringSubmatch(text[i:], -1) {
		a, _ := strconv.Atoi(m[1])
		starts = append(starts, a)
		end = a
		if m[2] != "" {
			end, _ = strconv.Atoi(m[2])
		}
	}
	want := []int{obsPhase, obsToMove, obsConfig, obsDealer, obsDeclarer, obsScores, obsBarrel, obsLastPts,
		obsRound, obsHigh, obsHighBy, obsLastBid, obsPassed, obsBlind, obsKnows, obsContract, obsRevealed,
		obsHandN, obsTricks, obsSupreme, obsLeader, obsRole, obsRoleShown, obsDrawnRole, obsShowed, obsVoids,
		obsWorth, obsStrength, obsHand, obsTreasure, obsTook, obsAside, obsGave, obsDrew, obsSent, obsGot,
		obsTrick, obsPlayedBy, obsWon}
	if !slices.Equal(starts, want) || end != observationLen-1 {
		t.Fatalf("the documented slots start at %v and end at %d; the code's blocks start at %v and end at %d", starts, end, want, observationLen-1)
	}
	if !strings.Contains(text, "Every observation has "+strconv.Itoa(observationLen)+" float32 slots") {
		t.Errorf("the documentation does not say the observation has %d slots", observationLen)
	}
}
