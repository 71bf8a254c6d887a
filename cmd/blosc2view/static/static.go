// Package static holds the files of the blosc2view web page: index.html,
// viewer.js and viewer.css. The build command copies them next to the
// WebAssembly binary and Go's wasm_exec.js.
package static

import "embed"

// Files are the page's static files, at the top of the FS.
//
//go:embed index.html viewer.js viewer.css
var Files embed.FS
