// Package browsertest holds the browser tests of the web example (examples/web): they build the
// web command from this checkout, start it on a loopback port, and drive headless Chromium
// through its page with chromedp as a person would. They are a package of the web command's
// module (examples/web/go.mod), which alone requires the browser driver; from the repository's
// root:
//
//	go test ./examples/web/browsertest
//
// They need Chromium or Chrome on the PATH (apt-get install chromium). Without one they skip,
// unless CI=true, where they fail; -short skips them too.
package browsertest
