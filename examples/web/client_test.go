package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// testServer starts a server on loopback with test timings (no bot delay) and closes it with
// the test.
func testServer(t testing.TB, tweak func(*options)) (*server, *httptest.Server) {
	t.Helper()
	o := defaultOptions()
	o.botDelay = 0
	o.think = 200 * time.Millisecond
	o.streamsPerClient, o.matchesPerClient, o.createBurst = 1000, 1000, 1000 // every test client is 127.0.0.1
	if tweak != nil {
		tweak(&o)
	}
	srv := newServer(o)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	return srv, hs
}

// post sends body as JSON and returns the status and the decoded reply (into out when not nil).
func post(t testing.TB, c *http.Client, url string, body any, out any) (int, string) {
	t.Helper()
	var data []byte
	if s, ok := body.(string); ok {
		data = []byte(s)
	} else {
		data, _ = json.Marshal(body)
	}
	res, err := c.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	reply, _ := io.ReadAll(res.Body)
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(reply, out); err != nil {
			t.Fatalf("%s: %v: %s", url, err, reply)
		}
	}
	return res.StatusCode, string(reply)
}

// create starts a match and returns its reply.
func create(t testing.TB, base, game, config string, seats ...string) createReply {
	t.Helper()
	var r createReply
	body := fmt.Sprintf(`{"game":%q,"config":%s,"seats":%s}`, game, config, mustJSON(seats))
	if code, msg := post(t, http.DefaultClient, base+"/api/matches", body, &r); code != http.StatusCreated {
		t.Fatalf("create %s: %d %s", game, code, msg)
	}
	return r
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// stream is a test client of a seat's event stream: every payload as received (raw), in order.
type stream struct {
	res  *http.Response
	raw  chan []byte
	done chan error
}

func openStream(ctx context.Context, c *http.Client, base, token string) (*stream, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/stream?token="+token, nil)
	res, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return nil, fmt.Errorf("stream: %d %s", res.StatusCode, b)
	}
	s := &stream{res: res, raw: make(chan []byte, 64), done: make(chan error, 1)}
	go func() {
		defer close(s.raw)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				if event == "state" {
					select {
					case s.raw <- []byte(line[len("data: "):]):
					case <-ctx.Done():
						s.done <- ctx.Err()
						return
					}
				}
			}
		}
		s.done <- sc.Err()
	}()
	return s, nil
}

func (s *stream) close() { s.res.Body.Close() }

// decodePayload decodes a payload strictly: a field the payload type does not declare fails.
func decodePayload(t testing.TB, raw []byte) payload {
	t.Helper()
	var pl payload
	if err := strictUnmarshal(raw, &pl); err != nil {
		t.Fatalf("payload does not decode strictly: %v\n%s", err, raw)
	}
	return pl
}
