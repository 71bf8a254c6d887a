//go:build purego || !amd64

package zstd

// fastFind is fastFindGeneric where there is no assembly twin.
func fastFind(s *fastState, ip0 int) (ip, cand, cur0 int) { return fastFindGeneric(s, ip0) }
