//go:build !purego

package zstd

// useFastLoopAsm selects fastLoop, matchFast's parse in assembly (amd64
// baseline). Tests turn it off to compare with matchFastGeneric.
var useFastLoopAsm = true

// fastLoop is matchFastGeneric's loop in assembly: from s.ip, it parses
// b[:s.end] into s.lits and s.seqs (which must have room for s.end-s.ip
// more literals and (s.end-s.ip)/4+1 more sequences) and stores back
// s.anchor, the repeat offsets s.rep0-s.rep2 and the slices' lengths.
//
//go:noescape
func fastLoop(s *fastState)
