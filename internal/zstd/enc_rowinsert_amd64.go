//go:build !purego

package zstd

// useRowAsm selects rowInsert over rowInsertGeneric in insertRange (tests
// turn it off to compare the two).
var useRowAsm = true

// rowInsert is rowInsertGeneric in assembly (amd64 baseline): one
// multiply and one shift hash a position, and its row's head, tag and
// position are written without bounds checks. Between the searches of
// lazy2, the positions of each match are entered one by one: on Blosc's
// shuffled streams, the Go loop took 5-12% of a frame's time.
//
// The caller guarantees from < upTo and upTo+7 <= len(f.b).
//
//go:noescape
func rowInsert(f *rowFinder, from, upTo int)
