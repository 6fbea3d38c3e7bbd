// Package browsertest holds the browser tests of the web example (examples/web): they build the
// web command from this checkout, start it on a loopback port, and drive headless Chromium
// through its page with chromedp as a person would. They are a module of their own so that the
// library's module does not require the browser driver; run them from this directory:
//
//	go test ./...
//
// They need Chromium or Chrome on the PATH (apt-get install chromium). Without one they skip,
// unless CI=true, where they fail; -short skips them too.
package browsertest
