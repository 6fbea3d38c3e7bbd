module github.com/nornsgames/norns/examples/web

go 1.26

// The web command and its browser tests build against this checkout of the library. When the
// library's own go.mod changes its requirements, run go mod tidy here too (.ci/run checks it
// with -diff).
replace github.com/nornsgames/norns => ../..

require (
	github.com/chromedp/chromedp v0.23.1
	github.com/google/go-cmp v0.7.0
	github.com/nornsgames/norns v0.0.0-00010101000000-000000000000
	go.etcd.io/bbolt v1.5.0
)

require (
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/sys v0.45.0 // indirect
)
