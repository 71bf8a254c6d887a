package blosclz

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
)

// blosc1Chunk wraps src, split into blocks of blocksize bytes compressed
// with Compress, in a Blosc1 chunk (16-byte header, typesize 1, BloscLZ,
// no shuffle, one stream per block).
func blosc1Chunk(src []byte, blocksize, clevel int) (chunk []byte, compressed int) {
	blocksize = min(blocksize, len(src))
	nblocks := (len(src) + blocksize - 1) / blocksize
	hdr := make([]byte, 16+4*nblocks)
	hdr[0] = 2    // format version
	hdr[1] = 1    // BloscLZ format version
	hdr[2] = 0x10 // do not split; compformat 0 (BloscLZ) in bits 5..7
	hdr[3] = 1    // typesize
	binary.LittleEndian.PutUint32(hdr[4:], uint32(len(src)))
	binary.LittleEndian.PutUint32(hdr[8:], uint32(blocksize))
	out := hdr
	for i := 0; i < nblocks; i++ {
		binary.LittleEndian.PutUint32(out[16+4*i:], uint32(len(out)))
		blk := src[i*blocksize : min(len(src), (i+1)*blocksize)]
		buf := make([]byte, len(blk))
		n := Compress(buf, blk, clevel)
		if n == 0 {
			n = copy(buf, blk) // stored raw: csize == block size
		} else {
			compressed++
		}
		out = binary.LittleEndian.AppendUint32(out, uint32(n))
		out = append(out, buf[:n]...)
	}
	binary.LittleEndian.PutUint32(out[12:], uint32(len(out)))
	return out, compressed
}

// TestPeerCBloscDecodes checks that C-Blosc (through python3-blosc) decodes
// chunks whose streams Compress wrote.
func TestPeerCBloscDecodes(t *testing.T) {
	peertest.Python(t, "blosc")
	dir := t.TempDir()
	var names, want []string
	streams := 0
	for _, in := range testInputs() {
		for _, clevel := range []int{1, 3, 5, 9} {
			for _, bs := range []int{1 << 16, 32 << 10} {
				if testing.Short() && (clevel == 3 || bs != 1<<16) {
					continue
				}
				chunk, n := blosc1Chunk(in.data, bs, clevel)
				streams += n
				name := filepath.Join(dir, fmt.Sprintf("%s_c%d_bs%d", in.name, clevel, bs))
				if err := os.WriteFile(name, chunk, 0o600); err != nil {
					t.Fatal(err)
				}
				sum := sha256.Sum256(in.data)
				names = append(names, name)
				want = append(want, hex.EncodeToString(sum[:]))
			}
		}
	}
	if streams < 20 {
		t.Fatalf("only %d compressed streams to check", streams)
	}
	version, sums := peertest.CBlosc1Sums(t, dir, names)
	for i, name := range names {
		if sums[name] != want[i] {
			t.Errorf("%s: C-Blosc %s decoded to %s, want sha256 %s", filepath.Base(name), version, sums[name], want[i])
		}
	}
}
