package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// The request decoder is strict: keys exactly as declared, none twice, at any depth.
func TestStrictUnmarshal(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		ok         bool
	}{
		{"exact", `{"game":"gnav","config":{"players":2},"seats":["human","random"]}`, true},
		{"no config", `{"game":"gnav","seats":["human"]}`, true},
		{"another case", `{"GAME":"gnav","seats":["human"]}`, false},
		{"a key twice", `{"game":"gnav","game":"herrlof","seats":["human"]}`, false},
		{"a key twice in the config", `{"game":"gnav","config":{"players":2,"players":5},"seats":["human"]}`, false},
		{"a key twice deeper", `{"game":"gnav","config":{"a":{"b":1,"b":2}},"seats":["human"]}`, false},
		{"unknown key", `{"game":"gnav","seats":["human"],"admin":true}`, false},
		{"two values", `{"game":"gnav"} {"game":"gnav"}`, false},
		{"trailing garbage", `{"game":"gnav"}]`, false},
		{"not an object", `["gnav"]`, false},
		{"unterminated", `{"game":"gnav"`, false},
		{"too deep", `{"config":` + strings.Repeat(`[`, 100) + strings.Repeat(`]`, 100) + `}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var req createRequest
			err := strictUnmarshal([]byte(tc.body), &req)
			if (err == nil) != tc.ok {
				t.Fatalf("strictUnmarshal(%s) = %v, want ok %v", tc.body, err, tc.ok)
			}
		})
	}
	// and over HTTP: the case-folded and the doubled key are refused with a reason
	_, hs := testServer(t, nil)
	for body, says := range map[string]string{
		`{"Game":"gnav","seats":["human","human"]}`:                     `unknown field \"Game\"`,
		`{"game":"gnav","seats":["human","human"],"seats":["human"]}`:   `the key \"seats\" appears twice`,
		`{"game":"gnav","config":{"players":2,"Players":3},"seats":[]}`: `Players`,
	} {
		code, msg := post(t, http.DefaultClient, hs.URL+"/api/matches", body, nil)
		if code != 400 || !strings.Contains(msg, says) {
			t.Errorf("POST %s: %d %s, want 400 saying %s", body, code, msg, says)
		}
		t.Logf("POST /api/matches %s → %d %s", body, code, strings.TrimSpace(msg))
	}
}

// request sends a request with the given headers and returns its status and body.
func request(t *testing.T, method, url, body string, header map[string]string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b), res.Header
}

// A POST must declare JSON and come from the page's own origin; every request must name a host
// the server answers for; no page may frame this one.
func TestCrossSiteRefusals(t *testing.T) {
	_, hs := testServer(t, nil)
	port := hs.Listener.Addr().(*net.TCPAddr).Port
	body := `{"game":"gnav","config":{"players":2},"seats":["human","random"]}`
	ctJSON := "application/json"
	for _, tc := range []struct {
		name   string
		method string
		header map[string]string
		code   int
	}{
		{"json from the page", "POST", map[string]string{"Content-Type": ctJSON, "Origin": hs.URL}, 201},
		{"json with a charset", "POST", map[string]string{"Content-Type": "application/json; charset=utf-8"}, 201},
		{"json with no Origin (curl)", "POST", map[string]string{"Content-Type": ctJSON}, 201},
		{"by the name localhost", "POST", map[string]string{"Content-Type": ctJSON, "Host": fmt.Sprintf("localhost:%d", port), "Origin": fmt.Sprintf("http://localhost:%d", port)}, 201},
		{"no Content-Type", "POST", map[string]string{}, 415},
		{"a form", "POST", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"text/plain (a no-preflight fetch)", "POST", map[string]string{"Content-Type": "text/plain"}, 415},
		{"another site", "POST", map[string]string{"Content-Type": ctJSON, "Origin": "http://evil.example"}, 403},
		{"another port", "POST", map[string]string{"Content-Type": ctJSON, "Origin": fmt.Sprintf("http://127.0.0.1:%d", port+1)}, 403},
		{"a sandboxed frame", "POST", map[string]string{"Content-Type": ctJSON, "Origin": "null"}, 403},
		{"DNS rebinding", "POST", map[string]string{"Content-Type": ctJSON, "Host": fmt.Sprintf("evil.example:%d", port), "Origin": fmt.Sprintf("http://evil.example:%d", port)}, 421},
		{"DNS rebinding, a GET", "GET", map[string]string{"Host": fmt.Sprintf("evil.example:%d", port)}, 421},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url, b := hs.URL+"/api/matches", body
			if tc.method == "GET" {
				url, b = hs.URL+"/api/games", ""
			}
			code, msg, h := request(t, tc.method, url, b, tc.header)
			if code != tc.code {
				t.Fatalf("%d %s, want %d", code, msg, tc.code)
			}
			t.Logf("%s %v → %d %s; CSP %q, X-Frame-Options %q", tc.method, tc.header, code, strings.TrimSpace(msg), h.Get("Content-Security-Policy"), h.Get("X-Frame-Options"))
			if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" {
				t.Fatalf("the page may be framed: CSP %q, X-Frame-Options %q", csp, h.Get("X-Frame-Options"))
			}
		})
	}
}

func TestHostPolicy(t *testing.T) {
	for _, tc := range []struct {
		listen string
		extra  []string
		allow  []string
		refuse []string
	}{
		{"127.0.0.1", nil, []string{"127.0.0.1:8080", "localhost:8080", "LOCALHOST.", "[::1]:8080", "127.0.0.1"}, []string{"evil.example:8080", "10.0.0.1:8080", "", "127.0.0.2:8080"}},
		{"::1", nil, []string{"[::1]:80", "localhost"}, []string{"example.org"}},
		{"", []string{"games.example.org"}, []string{"10.1.2.3:8080", "[2001:db8::1]:80", "localhost:1", "games.example.org:8080"}, []string{"evil.example:8080", "example.org"}},
		{"0.0.0.0", nil, []string{"192.168.1.5:8080"}, []string{"evil.example"}},
		{"192.168.1.5", []string{"table.lan"}, []string{"192.168.1.5:8080", "table.lan"}, []string{"localhost:8080", "127.0.0.1", "evil.example"}},
	} {
		p := newHostPolicy(tc.listen, tc.extra)
		for _, h := range tc.allow {
			if !p.allows(h) {
				t.Errorf("listening on %q (+%v): Host %q refused", tc.listen, tc.extra, h)
			}
		}
		for _, h := range tc.refuse {
			if p.allows(h) {
				t.Errorf("listening on %q (+%v): Host %q allowed", tc.listen, tc.extra, h)
			}
		}
	}
}

// fromAddr is a client whose connections come from the loopback address ip (127.0.0.0/8 is all
// loopback on Linux), so that tests can act as several clients.
func fromAddr(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 10 * time.Second}
}

// One client cannot take what belongs to everyone: its match creation is rate-limited by a
// token bucket, it holds a bounded number of matches and streams, and another client is not
// affected by its limits.
func TestPerClientLimits(t *testing.T) {
	if _, err := net.Dial("tcp", "127.0.0.2:1"); err != nil && strings.Contains(err.Error(), "assign") {
		t.Skip("127.0.0.2 is not a loopback address here")
	}
	srv, hs := testServer(t, func(o *options) {
		o.createBurst, o.createEvery = 3, time.Hour
		o.matchesPerClient = 100
		o.streamsPerClient = 2
	})
	a, b := fromAddr("127.0.0.1"), fromAddr("127.0.0.2")
	body := `{"game":"gnav","config":{"players":2},"seats":["human","human"]}`
	var made []createReply
	for i := range 3 {
		var r createReply
		if code, msg := post(t, a, hs.URL+"/api/matches", body, &r); code != 201 {
			t.Fatalf("match %d of a burst of 3: %d %s", i, code, msg)
		}
		made = append(made, r)
	}
	if code, msg := post(t, a, hs.URL+"/api/matches", body, nil); code != 429 || !strings.Contains(msg, "try again in") {
		t.Fatalf("a fourth match at once: %d %s, want 429", code, msg)
	} else {
		t.Logf("a fourth match at once from one client (burst 3): %d %s", code, strings.TrimSpace(msg))
	}
	if code, msg := post(t, b, hs.URL+"/api/matches", body, nil); code != 201 {
		t.Fatalf("another client, meanwhile: %d %s, want 201", code, msg)
	}

	// streams: two from one client, whatever the seats; the third is refused; another client's
	// goes on
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i := range 2 {
		st, err := openStream(ctx, a, hs.URL, made[i].Seats[0].Token)
		if err != nil {
			t.Fatal(err)
		}
		defer st.close()
	}
	if _, err := openStream(ctx, a, hs.URL, made[2].Seats[0].Token); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("a third stream from one client: %v, want 503", err)
	} else {
		t.Logf("a third stream from one client (limit 2): %v", err)
	}
	st, err := openStream(ctx, b, hs.URL, made[2].Seats[1].Token)
	if err != nil {
		t.Fatalf("another client's stream: %v", err)
	}
	st.close()

	// matches held: with a fresh bucket, the cap on matches held still applies
	srv.mu.Lock()
	srv.opts.matchesPerClient = 3
	delete(srv.buckets, "127.0.0.1")
	srv.mu.Unlock()
	if code, msg := post(t, a, hs.URL+"/api/matches", body, nil); code != 429 || !strings.Contains(msg, "you hold 3 matches") {
		t.Fatalf("a fourth match held: %d %s, want 429", code, msg)
	} else {
		t.Logf("a fourth match held by one client (limit 3): %d %s", code, strings.TrimSpace(msg))
	}
}

func TestBucket(t *testing.T) {
	t0 := time.Unix(0, 0)
	b := &bucket{tokens: 2, at: t0}
	every := 10 * time.Second
	for i, tc := range []struct {
		at   time.Duration
		ok   bool
		wait time.Duration
	}{
		{0, true, 0}, {0, true, 0}, {0, false, 10 * time.Second},
		{4 * time.Second, false, 6 * time.Second}, {10 * time.Second, true, 0},
		{time.Hour, true, 0}, {time.Hour, true, 0}, {time.Hour, false, every}, // refilled to the burst, no more
	} {
		ok, wait := b.take(t0.Add(tc.at), 2, every)
		if ok != tc.ok || wait != tc.wait {
			t.Fatalf("take %d at %v: %v %v, want %v %v", i, tc.at, ok, wait, tc.ok, tc.wait)
		}
	}
}

// A client over its share of connections is answered 429 and closed; another client is not.
func TestConnsPerClient(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := newClientListener(raw, 100, 2)
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	for range 2 {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	time.Sleep(50 * time.Millisecond) // both accepted
	c, err := net.Dial("tcp", raw.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := bufio.NewReader(c).ReadString('\n')
	if !strings.HasPrefix(line, "HTTP/1.1 429") {
		t.Fatalf("a third connection from one client read %q, %v; want a 429", line, err)
	}
	t.Logf("a third connection from one client (limit 2) reads %q", strings.TrimSpace(line))
	other, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).Dial("tcp", raw.Addr().String())
	if err != nil {
		t.Skip("127.0.0.2 is not a loopback address here")
	}
	defer other.Close()
	_ = other.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if n, err := other.Read(make([]byte, 1)); n != 0 || !isTimeout(err) {
		t.Fatalf("another client's connection was answered (%d bytes, %v): want it open and silent", n, err)
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// smallBuffers is a listener whose connections have a small send buffer, so that a client that
// stops reading blocks the server's writes after a few kilobytes.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(2048)
	}
	return c, err
}

// stuckStream opens seat token's event stream as a client that never reads a byte.
func stuckStream(t *testing.T, addr, token string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	_ = c.(*net.TCPConn).SetReadBuffer(2048)
	fmt.Fprintf(c, "GET /api/stream?token=%s HTTP/1.1\r\nHost: %s\r\n\r\n", token, addr)
	t.Cleanup(func() { c.Close() })
	return c
}

// churn makes many changes to match r that seat 0's stream must be sent: seat 1's browser
// connects and leaves, again and again.
func churn(t *testing.T, base string, r createReply, times int) {
	t.Helper()
	for range times {
		ctx, cancel := context.WithCancel(context.Background())
		st, err := openStream(ctx, http.DefaultClient, base, r.Seats[1].Token)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		<-st.raw
		st.close()
		cancel()
	}
}

// seatStreams returns how many streams seat p of a match has open.
func seatStreams(srv *server, match string, p int) int {
	srv.mu.Lock()
	tb := srv.tables[match]
	srv.mu.Unlock()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.seats[p].streams
}

// A stream client that stops reading holds its handler only until a write misses its deadline:
// then its stream is closed and counted no more, so its match can expire.
func TestStuckStreamClientIsDropped(t *testing.T) {
	srv := newServer(func() options {
		o := defaultOptions()
		o.botDelay, o.writeTimeout = 0, 300*time.Millisecond
		return o
	}())
	hs := httptest.NewUnstartedServer(srv)
	hs.Listener = smallBuffers{hs.Listener}
	hs.Start()
	defer func() { srv.Close(); hs.Close() }()
	r := create(t, hs.URL, "herrlof", `{"handLimit":1}`, "human", "human")
	stuckStream(t, hs.Listener.Addr().String(), r.Seats[0].Token)
	for deadline := time.Now().Add(2 * time.Second); seatStreams(srv, r.Match, 0) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the stream never opened")
		}
	}
	start := time.Now()
	for seatStreams(srv, r.Match, 0) != 0 {
		if time.Since(start) > 20*time.Second {
			t.Fatal("a client that does not read still holds its stream after 20 s (write timeout 300 ms)")
		}
		churn(t, hs.URL, r, 20)
	}
	t.Logf("the stuck stream was dropped %v after the changes began (write timeout 300 ms)", time.Since(start).Round(time.Millisecond))
}

// Stopping the server takes seconds whatever the clients do: here, one whose stream is blocked
// in a write that would otherwise wait for a minute.
func TestShutdownWithStuckClient(t *testing.T) {
	o := defaultOptions()
	o.botDelay, o.writeTimeout = 0, time.Minute
	srv := newServer(o)
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	done := make(chan int, 1)
	go func() { done <- serve(ctx, newClientListener(smallBuffers{raw}, 100, 100), srv, io.Discard) }()
	base := "http://" + raw.Addr().String()
	r := create(t, base, "herrlof", `{"handLimit":1}`, "human", "human")
	stuckStream(t, raw.Addr().String(), r.Seats[0].Token)
	churn(t, base, r, 300) // far more than the buffers hold: the stream's handler is blocked
	if seatStreams(srv, r.Match, 0) != 1 {
		t.Fatal("the stuck stream is not open")
	}
	start := time.Now()
	stop()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("serve returned %d", code)
		}
		t.Logf("stopped in %v with a client blocked in a write", time.Since(start).Round(time.Millisecond))
	case <-time.After(shutdownGrace + 3*time.Second):
		t.Fatalf("the server did not stop within %v of Ctrl-C", shutdownGrace+3*time.Second)
	}
}
