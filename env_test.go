package norns_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/internal/protocol"
)

// envSession runs ServeEnv over the request lines and returns its replies.
func envSession(t *testing.T, requests ...string) []protocol.Message {
	t.Helper()
	var out bytes.Buffer
	if err := norns.ServeEnv(context.Background(), strings.NewReader(strings.Join(requests, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	var replies []protocol.Message
	r := protocol.NewReader(&out)
	for range requests {
		m, err := r.Next()
		if err != nil {
			t.Fatalf("reply %d: %v", len(replies), err)
		}
		replies = append(replies, m)
	}
	if _, err := r.Next(); err == nil {
		t.Fatal("more replies than requests")
	}
	return replies
}

// TestServeEnvPlaysEveryGame plays a whole match of every registered game through the
// environment server, always choosing the first legal move, and checks each reply: a seat to
// act with legal moves until the end, then rewards that are the winners' shares.
func TestServeEnvPlaysEveryGame(t *testing.T) {
	for _, name := range norns.Games() {
		t.Run(name, func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() { done <- norns.ServeEnv(context.Background(), inR, outW) }()
			replies := protocol.NewReader(outR)
			cfg := smallConfig(name)
			if cfg == nil {
				cfg = []byte(`{}`)
			}
			send := func(m protocol.Message) protocol.Message {
				go inW.Write(protocol.Encode(m))
				r, err := replies.Next()
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
			seed := uint64(3)
			st := send(protocol.Message{Type: "new", ID: "a", Game: name, Config: cfg, Seed: &seed})
			for steps := 0; !st.Over; steps++ {
				if st.Type != "state" || steps > 20000 {
					t.Fatalf("reply %+v after %d steps", st, steps)
				}
				if st.ToMove == nil || *st.ToMove < 0 || st.Seat == nil || *st.Seat != *st.ToMove || len(st.Legal) == 0 || len(st.View) == 0 {
					t.Fatalf("a state before the end without a seat to act, a view or legal moves: %+v", st)
				}
				step := protocol.Message{Type: "step", ID: "a", Move: st.Legal[0].Move}
				if a := st.Legal[0].Action; a != nil && steps%2 == 0 {
					step = protocol.Message{Type: "step", ID: "a", Action: a}
				}
				st = send(step)
			}
			sum := 0.0
			for _, r := range st.Rewards {
				sum += r
			}
			if len(st.Winners) > 0 && (sum < 0.999 || sum > 1.001) {
				t.Errorf("rewards %v of winners %v do not add up to 1", st.Rewards, st.Winners)
			}
			if len(st.Rewards) != len(st.Scores) || len(st.Legal) != 0 {
				t.Errorf("final state %+v", st)
			}
			inW.Close()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestServeEnvErrors checks that every kind of bad request gets an error reply with its code,
// that the environment it names is left as it was, and that the server goes on.
func TestServeEnvErrors(t *testing.T) {
	replies := envSession(t,
		`{"type":"new","id":"x","game":"herrlof","seed":5}`,
		`not json`,
		`{"type":"new","game":"chess"}`,
		`{"type":"new","game":"herrlof","config":{"players":9}}`,
		`{"type":"step","id":"nope","move":"x"}`,
		`{"type":"step","id":"x","move":"R7"}`,
		`{"type":"step","id":"x"}`,
		`{"type":"step","id":"x","move":"a","action":1}`,
		`{"type":"dance","id":"x"}`,
		`{"type":"observe","id":"x","seat":7}`,
		`{"type":"observe","id":"x","seat":1}`,
		`{"type":"step","id":"x","move":"\u001b[2J"}`,
		strings.Repeat("x", protocol.MaxLine+1),
		`{"type":"games"}`,
		`{"type":"close","id":"x"}`,
		`{"type":"step","id":"x","move":"pass"}`,
	)
	want := []string{"state", protocol.CodeBadMessage, protocol.CodeUnknownGame, protocol.CodeBadConfig, protocol.CodeNoEnv,
		protocol.CodeIllegalMove, protocol.CodeBadRequest, protocol.CodeBadRequest, protocol.CodeBadRequest, protocol.CodeBadRequest,
		"state", protocol.CodeBadMove, protocol.CodeBadMessage, "games", "closed", protocol.CodeNoEnv}
	for i, r := range replies {
		got := r.Type
		if got == "error" {
			got = r.Code
			if r.Error == "" || !norns.IsPrintable(r.Error) {
				t.Errorf("reply %d: error message %q", i, r.Error)
			}
		}
		if got != want[i] {
			t.Errorf("reply %d: %s (%s), want %s", i, got, r.Error, want[i])
		}
	}
	first, seat1 := replies[0], replies[10]
	if string(first.View) == "" || seat1.Seat == nil || *seat1.Seat != 1 {
		t.Fatalf("observe of seat 1: %+v", seat1)
	}
	var v struct {
		Seat int `json:"seat"`
	}
	if err := json.Unmarshal(seat1.View, &v); err != nil || v.Seat != 1 {
		t.Errorf("observe gave the view of seat %d (%v)", v.Seat, err)
	}
}

// TestServeEnvReplaysFromSeed checks that a seed and the seats' moves give the same match twice.
func TestServeEnvReplaysFromSeed(t *testing.T) {
	reqs := []string{`{"type":"new","game":"gnav","seed":11,"config":{"players":3,"lives":1}}`}
	a := envSession(t, reqs...)
	b := envSession(t, reqs...)
	if string(a[0].View) != string(b[0].View) || len(a[0].Legal) != len(b[0].Legal) {
		t.Fatalf("two starts from seed 11 differ:\n%s\n%s", a[0].View, b[0].View)
	}
}
