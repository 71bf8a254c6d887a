// Package viewer is what the blosc2view web page asks of the library, in
// plain Go so that it is tested natively and under node: a Session opens a
// Blosc2 file from any io.ReaderAt (in the browser, range reads of a local
// File or of a URL), describes its header, metalayers and vlmetalayers
// (Info), draws its chunk map (ChunkMap) and, for b2nd arrays, heatmaps of
// 2-D slices (Slice) with the values around a cell (Values). A
// python-blosc2 store in one file (.b2z, .b2e) is listed as a tree of keys
// (Info's Store), and Member opens a member as a session of its own. The pictures
// come from internal/render, the same code as the blosc2 command's plot.
//
// Results are plain structs with JSON tags: the WebAssembly bridge hands
// them to the page as JSON.
package viewer
