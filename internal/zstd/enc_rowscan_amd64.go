//go:build !purego

package zstd

// useRowScanAsm selects rowScan over rowScanGeneric in matchLazyRow
// (tests turn it off to compare the two).
var useRowScanAsm = true

// rowScan is rowScanGeneric in assembly: the loop over the positions
// where nothing is found and the lazy evaluation of the match found,
// calling rowFind's assembly directly, with the repeat offset's checks,
// the step and the lazy gain rules in registers. On Blosc's streams most
// searches find nothing, and the Go loop's spills and reloads around each
// call cost about as much as the search.
//
// The caller guarantees limit <= end-8 and end <= len(f.b).
//
//go:noescape
func rowScan(f *rowFinder, rep, anchor, ip, limit, end, depth int) (nip, ml, off, start int)
