//go:build purego || !amd64

package zstd

// useRowAsm is false where rowInsert has no assembly twin.
var useRowAsm = false

// rowInsert is rowInsertGeneric where there is no assembly twin.
func rowInsert(f *rowFinder, from, upTo int) { rowInsertGeneric(f, from, upTo) }
