//go:build !purego

package zstd

// fastFind is fastFindGeneric in assembly (amd64 baseline): the Go
// version keeps more values live than there are registers and checks the
// bounds of every load, and its search is most of the work of level 1.
//
//go:noescape
func fastFind(s *fastState, ip0 int) (ip, cand, cur0 int)
