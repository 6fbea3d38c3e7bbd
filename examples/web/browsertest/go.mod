module github.com/nornsgames/norns/examples/web/browsertest

go 1.26

require (
	github.com/chromedp/chromedp v0.23.1
	github.com/nornsgames/norns v0.0.0-00010101000000-000000000000
)

require (
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)

// The tests build the web command from this checkout of the library. When the library's own
// go.mod changes its requirements, run go mod tidy here too (.ci/run checks it with -diff).
replace github.com/nornsgames/norns => ../../..
