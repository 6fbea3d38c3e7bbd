package herrlof_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/herrlof"
	"github.com/nornsgames/norns/rng"
)

// samples draws n samples of seat p's view of s, checking that each has the same view and keeps
// the invariants, and returns them.
func samples(t *testing.T, s herrlof.State, p norns.Player, n int) []herrlof.State {
	t.Helper()
	v := s.View(p)
	r := rng.New(11)
	out := make([]herrlof.State, n)
	for i := range out {
		out[i] = v.Sample(r)
		if out[i].View(p) != v {
			t.Fatalf("sample %d: its view differs", i)
		}
		if err := herrlof.ValidateSample(out[i]); err != nil {
			t.Fatalf("sample %d breaks an invariant: %v\n%v", i, err, out[i])
		}
	}
	return out
}

// voidThenDraw: seat 1 shows out of red, then draws the R7 with its G3 and keeps it.
//
//	seat 0: R2 G2 G4 B1 B2 B4 B5 B7 Y1 Y2 Y4 Y5 Y7 V H
//	seat 1: G3 G5 G6 G7 G8 G9 B3 B6 B8 B9 Y3 Y6 Y8 V H
//	trump Y9; stock R7 R1 R3 R4 R5 R6 R8 R9 G1 V H
func voidThenDraw(t testing.TB, keep string) herrlof.State {
	d := dealMove(t, 2, 0, []string{
		"R2 G2 G4 B1 B2 B4 B5 B7 Y1 Y2 Y4 Y5 Y7 V H",
		"G3 G5 G6 G7 G8 G9 B3 B6 B8 B9 Y3 Y6 Y8 V H",
	}, "Y9", "R7 R1 R3 R4 R5 R6 R8 R9 G1 V H")
	s := dealt(t, two, d, "bid 0", "bid 0")
	s = apply(t, s, "R2", "G5") // seat 1 shows out of red; seat 0 wins
	return apply(t, s, "G2", "G3", "draw", "return "+keep)
}

// TestSampleVoidThenDraw: after seat 1 showed out of red and then drew one card, seat 0 can rule
// out any deal giving seat 1 two red cards, or one red card in hand and another at the stock
// position it filled; one red card in its hand is possible (it drew the R7).
func TestSampleVoidThenDraw(t *testing.T) {
	for _, keep := range []string{"G6", "R7"} {
		s := voidThenDraw(t, keep)
		if s.View(0).ShowedOut(1, herrlof.Red) {
			t.Fatal("the void outlived the draw")
		}
		ones := 0
		for _, smp := range samples(t, s, 0, 3000) {
			red := smp.Hand(1).OfSuit(herrlof.Red).Len()
			if c := herrlof.StockAt(smp, 0); c.IsSuited() && c.Suit() == herrlof.Red {
				red++ // the card seat 1 put under the stock was in its hand after the show-out
			}
			if red > 1 {
				t.Fatalf("return %s: seat 1 holds or returned %d red cards after one draw:\n%v", keep, red, smp)
			}
			if smp.Hand(1).OfSuit(herrlof.Red).Len() == 1 {
				ones++
			}
		}
		if ones == 0 {
			t.Errorf("return %s: no sample gives seat 1 the red card it may have drawn", keep)
		}
	}
}

// TestSampleVoidThenDrawPlainSamplerFails: the plain sampler, which forgets the void at the draw,
// fails the test above.
func TestSampleVoidThenDrawPlainSamplerFails(t *testing.T) {
	v := voidThenDraw(t, "G6").View(0)
	r := rng.New(5)
	for range 200 {
		smp := herrlof.PlainSample(v, r)
		if smp.Hand(1).OfSuit(herrlof.Red).Len() > 1 {
			return
		}
	}
	t.Error("the plain sampler never gave seat 1 two red cards")
}

// knownThenDraw: seat 0's B6 wins, takes the G8 from seat 1 and gives it the R2; then seat 1
// draws with its G3 and returns its G6. Seat 0 knows the R2 is in seat 1's hand or at the bottom
// of the stock.
//
//	seat 0: B6 R2 R4 G2 G4 B2 B4 B5 B7 Y1 Y2 Y4 Y5 Y7 V
//	seat 1: B1 G3 G5 G6 G7 G8 G9 B3 B8 B9 Y3 Y6 Y8 V H
//	trump Y9; stock R7 R1 R3 R5 R6 R8 R9 G1 V H H
func knownThenDraw(t testing.TB, ret string) herrlof.State {
	d := dealMove(t, 2, 0, []string{
		"B6 R2 R4 G2 G4 B2 B4 B5 B7 Y1 Y2 Y4 Y5 Y7 V",
		"B1 G3 G5 G6 G7 G8 G9 B3 B8 B9 Y3 Y6 Y8 V H",
	}, "Y9", "R7 R1 R3 R5 R6 R8 R9 G1 V H H")
	s := dealt(t, two, d, "bid 0", "bid 0")
	s = apply(t, s, "B6", "B1", "take", "pick G8", "give R2")
	if !s.View(0).Known(1).Has(card(t, "R2")) {
		t.Fatal("seat 0 does not know it gave the R2")
	}
	return apply(t, s, "G2", "G3", "draw", "return "+ret)
}

// TestSampleKnownCardAfterDraw: the card seat 0 gave seat 1 is, after seat 1's draw, always in
// seat 1's hand or at the stock position seat 1 filled, and each happens.
func TestSampleKnownCardAfterDraw(t *testing.T) {
	for _, ret := range []string{"G6", "R2"} {
		s := knownThenDraw(t, ret)
		r2 := card(t, "R2")
		inHand, under := 0, 0
		for _, smp := range samples(t, s, 0, 2000) {
			switch {
			case smp.Hand(1).Has(r2):
				inHand++
			case herrlof.StockAt(smp, 0) == r2:
				under++
			default:
				t.Fatalf("return %s: the R2 is neither in seat 1's hand nor where it returned a card:\n%v", ret, smp)
			}
		}
		if inHand == 0 || under == 0 {
			t.Errorf("return %s: R2 in hand %d times, under the stock %d times; want both", ret, inHand, under)
		}
	}
}

// TestSampleKnownCardPlainSamplerFails: the plain sampler, which forgets the R2 at the draw,
// puts it elsewhere.
func TestSampleKnownCardPlainSamplerFails(t *testing.T) {
	v := knownThenDraw(t, "G6").View(0)
	r2 := card(t, "R2")
	r := rng.New(5)
	for range 200 {
		smp := herrlof.PlainSample(v, r) // not a valid state: the plain sampler forgets where the R2 can be
		if !smp.Hand(1).Has(r2) && herrlof.StockAt(smp, 0) != r2 {
			return
		}
	}
	t.Error("the plain sampler always kept the R2 where it can be")
}

// TestSampleVoidThenDrawThreePlayers: with three players, seat 1 shows out of red and draws the
// R7 with its G3. Neither other seat's samples give seat 1 more than one red card (in hand or
// at the stock position it filled), and both sometimes give it one.
//
//	seat 0: R2 G2 B1 B2 B4 B5 Y1 Y2 Y4 V H
//	seat 1: G3 G5 G6 G7 G8 B6 B8 Y3 Y6 V H
//	seat 2: R1 R3 G4 G9 B7 B9 Y5 Y7 Y8 V H
//	trump Y9; stock R7 R4 R5 R6 R8 R9 G1 B3
func TestSampleVoidThenDrawThreePlayers(t *testing.T) {
	d := dealMove(t, 3, 0, []string{
		"R2 G2 B1 B2 B4 B5 Y1 Y2 Y4 V H",
		"G3 G5 G6 G7 G8 B6 B8 Y3 Y6 V H",
		"R1 R3 G4 G9 B7 B9 Y5 Y7 Y8 V H",
	}, "Y9", "R7 R4 R5 R6 R8 R9 G1 B3")
	s := dealt(t, three, d, "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "R2", "G5", "R1")                      // seat 1 shows out of red; seat 0 wins
	s = apply(t, s, "G2", "G3", "draw", "return G6", "G4") // seat 1 draws the R7 and keeps it
	for _, p := range []norns.Player{0, 2} {
		ones := 0
		for _, smp := range samples(t, s, p, 2000) {
			red := smp.Hand(1).OfSuit(herrlof.Red).Len()
			if c := herrlof.StockAt(smp, 0); c.IsSuited() && c.Suit() == herrlof.Red {
				red++
			}
			if red > 1 {
				t.Fatalf("seat %v's sample: seat 1 holds or returned %d red cards after one draw:\n%v", p, red, smp)
			}
			if smp.Hand(1).OfSuit(herrlof.Red).Len() == 1 {
				ones++
			}
		}
		if ones == 0 {
			t.Errorf("seat %v never gives seat 1 the red card it may have drawn", p)
		}
	}
}

// TestStateJSONRecord round-trips states with a record of the hand (a draw, a 6 exchange), and
// rejects tampered records with ErrCorrupt, leaving the receiver unchanged.
func TestStateJSONRecord(t *testing.T) {
	rec := func(f func(r map[string]any)) func(m map[string]any) {
		return func(m map[string]any) { f(m["record"].(map[string]any)) }
	}
	swap := func(f func(w map[string]any)) func(m map[string]any) {
		return rec(func(r map[string]any) { f(r["swaps"].([]any)[0].(map[string]any)) })
	}
	for _, tc := range []struct {
		s     herrlof.State
		want  string
		edits map[string]func(m map[string]any)
	}{
		{voidThenDraw(t, "G6"), `"record":{"leaders":[0,0],"plays":"R2 G5 G2 G3","drew":"G","swaps":[]}`, map[string]func(m map[string]any){
			"no record":       func(m map[string]any) { delete(m, "record") },
			"not a card":      rec(func(r map[string]any) { r["plays"] = "R2 G5 G2 X3" }),
			"played twice":    rec(func(r map[string]any) { r["plays"] = "R2 R2 G2 G3" }),
			"not out of play": rec(func(r map[string]any) { r["plays"] = "R2 G5 G4 G3" }),
			"too few leaders": rec(func(r map[string]any) { r["leaders"] = []any{0} }),
			"not a seat":      rec(func(r map[string]any) { r["leaders"] = []any{0, 2} }),
			"wrong leader":    rec(func(r map[string]any) { r["leaders"] = []any{0, 1} }),
			"wrong opener":    rec(func(r map[string]any) { r["leaders"] = []any{1, 0} }),
			"drew unplayed":   rec(func(r map[string]any) { r["drew"] = "GR" }),
			"no draw":         rec(func(r map[string]any) { r["drew"] = "" }),
			"drew twice":      rec(func(r map[string]any) { r["drew"] = "GG" }),
			"swap unplayed six": rec(func(r map[string]any) {
				r["swaps"] = []any{map[string]any{"six": "Y", "target": 1, "taken": "G7", "given": "G7"}}
			}),
		}},
		{knownThenDraw(t, "G6"), `"swaps":[{"six":"B","target":1,"taken":"G8","given":"R2"}]`, map[string]func(m map[string]any){
			"target the owner": swap(func(w map[string]any) { w["target"] = 0 }),
			"no card taken":    swap(func(w map[string]any) { w["taken"] = "" }),
			"no card given":    swap(func(w map[string]any) { w["given"] = "" }),
			"not a card":       swap(func(w map[string]any) { w["given"] = "Q2" }),
			"not a suit":       swap(func(w map[string]any) { w["six"] = "Q" }),
			"two swaps":        rec(func(r map[string]any) { r["swaps"] = append(r["swaps"].([]any), r["swaps"].([]any)[0]) }),
		}},
	} {
		data, err := json.Marshal(tc.s)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), tc.want) {
			t.Fatalf("JSON lacks %s: %s", tc.want, data)
		}
		var back herrlof.State
		if err := json.Unmarshal(data, &back); err != nil || back != tc.s {
			t.Fatalf("round trip: %v", err)
		}
		for name, edit := range tc.edits {
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			edit(m)
			bad, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			keep := tc.s
			if err := keep.UnmarshalJSON(bad); !errors.Is(err, norns.ErrCorrupt) {
				t.Errorf("%s: error %v, want ErrCorrupt\n%s", name, err, bad)
			}
			if keep != tc.s {
				t.Errorf("%s: the receiver changed", name)
			}
		}
	}
}

// hiddenExchange: with three players, seat 0's B6 takes the G8 from seat 1 and gives it the R2;
// then seat 2's G6 takes a card from seat 1 (pick) and gives one back (give), which seat 0 does
// not see.
//
//	seat 0: B6 R2 G2 R4 R5 B4 B5 Y1 Y2 Y4 V
//	seat 1: B1 G1 G5 G7 G8 B8 Y3 Y6 Y8 V H
//	seat 2: B2 G6 G4 G9 B7 B9 Y5 Y7 R1 R3 H
//	trump Y9; stock R6 R7 R8 R9 G3 B3 V H
func hiddenExchange(t testing.TB, pick, give string) herrlof.State {
	d := dealMove(t, 3, 0, []string{
		"B6 R2 G2 R4 R5 B4 B5 Y1 Y2 Y4 V",
		"B1 G1 G5 G7 G8 B8 Y3 Y6 Y8 V H",
		"B2 G6 G4 G9 B7 B9 Y5 Y7 R1 R3 H",
	}, "Y9", "R6 R7 R8 R9 G3 B3 V H")
	s := dealt(t, three, d, "bid 0", "bid 0", "bid 0")
	s = apply(t, s, "B6", "B1", "B2", "take 1", "pick G8", "give R2")
	s = apply(t, s, "G2", "G1", "G6", "take 1", "pick "+pick)
	if give != "" {
		s = apply(t, s, "give "+give)
	}
	return s
}

// TestSampleHiddenExchange: after a 6 exchange between seats 1 and 2 that seat 0 does not see,
// the R2 seat 0 gave seat 1 is in seat 1's or seat 2's hand in every sample, whichever card
// moved; while seat 2 is still to give, the R2 is sometimes the card it took.
func TestSampleHiddenExchange(t *testing.T) {
	r2 := card(t, "R2")
	for _, tc := range []struct{ pick, give string }{{"R2", ""}, {"G5", ""}, {"R2", "G4"}, {"G5", "G4"}, {"R2", "R2"}} {
		s := hiddenExchange(t, tc.pick, tc.give)
		in := [3]int{}
		for _, smp := range samples(t, s, 0, 1000) {
			switch {
			case smp.Hand(1).Has(r2):
				in[1]++
			case smp.Hand(2).Has(r2):
				in[2]++
			default:
				t.Fatalf("pick %s give %s: the R2 is in neither hand:\n%v", tc.pick, tc.give, smp)
			}
		}
		if tc.give == "" && (in[1] == 0 || in[2] == 0) {
			t.Errorf("pick %s: R2 with seat 1 %d times, seat 2 %d times; want both while seat 2 is to give", tc.pick, in[1], in[2])
		}
	}
}

// TestSampleHiddenExchangePlainSamplerFails: the plain sampler, which forgets the R2 at the
// hidden exchange, puts it elsewhere.
func TestSampleHiddenExchangePlainSamplerFails(t *testing.T) {
	v := hiddenExchange(t, "G5", "G4").View(0)
	r2 := card(t, "R2")
	r := rng.New(5)
	for range 200 {
		if smp := herrlof.PlainSample(v, r); !smp.Hand(1).Has(r2) && !smp.Hand(2).Has(r2) {
			return
		}
	}
	t.Error("the plain sampler always kept the R2 where it can be")
}

// TestSampleHiddenExchangePassedCard: seat 0 gave seat 1 the R2, its only red card; seat 2's G6
// then took a card from seat 1 and gave one back, unseen by seat 0; then seat 1 shows out of
// red. So the hidden exchange passed the R2 on: every sample of seat 0's view has it in seat 2's
// hand, and every sample passes the exact oracle. (The sampler before the hand's record assumed
// that such an exchange passed nothing on and could not place the R2 once that failed.)
func TestSampleHiddenExchangePassedCard(t *testing.T) {
	d := dealMove(t, 3, 0, []string{
		"B6 R2 G2 R4 R5 B4 B5 Y1 Y2 Y4 V",
		"B1 G1 G5 G7 G8 B8 Y3 Y6 Y8 V H",
		"B2 G6 G4 G9 B7 B9 Y5 Y7 R1 R3 H",
	}, "Y9", "R6 R7 R8 R9 G3 B3 V H")
	s, orc := playOracle(t, three, d, 0, "bid 0", "bid 0", "bid 0", "B6", "B1", "B2", "take 1", "pick G8",
		"give R2", "G2", "G1", "G6", "take 1", "pick R2", "give G4", "R1", "R4", "Y3")
	if !s.View(0).ShowedOut(1, herrlof.Red) {
		t.Fatal("seat 1 did not show out of red")
	}
	r2 := card(t, "R2")
	for _, smp := range samples(t, s, 0, 2000) {
		if !smp.Hand(2).Has(r2) {
			t.Fatalf("the R2 is not in seat 2's hand:\n%v", smp)
		}
		if ok, why := orc.feasible(smp); !ok {
			t.Fatalf("the oracle rejects a sample: %s\n%v", why, smp)
		}
	}
}
