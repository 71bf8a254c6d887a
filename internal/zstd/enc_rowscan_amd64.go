//go:build !purego

package zstd

// useRowScanAsm selects rowScan over rowScanGeneric in matchLazyRow
// (tests turn it off to compare the two).
var useRowScanAsm = true

// rowScan is rowScanGeneric in assembly: the loop over the positions
// where nothing is found and the lazy evaluation of the match found, with
// the repeat offset's checks, the step and the lazy gain rules in
// registers, and rowFind's search (enc_rowfind_amd64.h) in the loop
// itself, without a call. On Blosc's streams most searches find nothing,
// and the Go loop's spills and reloads around each call cost about as
// much as the search; the call to rowFind's assembly, its arguments,
// results and frame, cost another 5-14% of a frame's time.
//
// The caller guarantees limit <= end-8 and end <= len(f.b).
//
//go:noescape
func rowScan(f *rowFinder, rep, anchor, ip, limit, end, depth int) (nip, ml, off, start int)
