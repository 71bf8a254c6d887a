package blosc

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/blosc2go/blosc2/shuffle"
	"github.com/klauspost/compress/zlib"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// This file holds a small chunk writer for tests and benchmarks: the package
// has no encoder yet. It writes what C-Blosc2 writes for the cases the tests
// need (32-byte header, bstarts, streams with zero, run, raw and codec
// encodings) and, with blosc1 set, the 16-byte header of C-Blosc 1.x.

type buildOpts struct {
	typesize    int
	blocksize   int // 0: nbytes (one block)
	codec       Codec
	filters     [MaxFilters]Filter
	filtersMeta [MaxFilters]uint8
	split       bool
	blosc1      bool  // 16-byte header (filters from flags: shuffle/bitshuffle in slot 5, delta in slot 4)
	version     uint8 // 0: 5 (2 with blosc1)
	memcpyed    bool
	// preSplitFlag writes like C-Blosc before 1.11: no dont-split flag,
	// blocks split when typesize <= 16 and they hold >= 128 elements.
	preSplitFlag bool
	// zstdRawDict compresses Zstd streams with this raw-content dictionary
	// (frames with dictionary ID 0) and stores it after the bstarts.
	zstdRawDict []byte
}

// buildChunk compresses data into a chunk.
func buildChunk(tb testing.TB, data []byte, o buildOpts) []byte {
	tb.Helper()
	if o.typesize == 0 {
		o.typesize = 1
	}
	nbytes := len(data)
	bs := o.blocksize
	if bs == 0 || bs > nbytes {
		bs = nbytes
	}
	if bs == 0 {
		bs = 1
	}
	hlen := ExtendedHeaderLen
	if o.blosc1 {
		hlen = MinHeaderLen
	}
	nblocks := (nbytes + bs - 1) / bs
	leftover := nbytes % bs
	format, ok := o.codec.format()
	if !ok {
		tb.Fatalf("buildChunk: codec %v", o.codec)
	}
	hdr := make([]byte, hlen)
	version := o.version
	if version == 0 {
		version = VersionStable
		if o.blosc1 {
			version = VersionBlosc1
		}
	}
	hdr[0], hdr[1], hdr[3] = version, 1, byte(o.typesize)
	flags := format << compFormatShift
	if !o.split && !o.preSplitFlag {
		flags |= FlagDontSplit
	}
	if o.blosc1 {
		switch o.filters[MaxFilters-1] {
		case Shuffle:
			flags |= FlagShuffle
		case BitShuffle:
			flags |= FlagBitShuffle
		}
		if o.filters[MaxFilters-2] == Delta {
			flags |= FlagDelta
		}
	} else {
		flags |= flagsExtended
		for i := 0; i < MaxFilters; i++ {
			hdr[offFilters+i] = byte(o.filters[i])
			hdr[offFiltersMeta+i] = o.filtersMeta[i]
		}
		hdr[offUDCodec] = byte(o.codec)
	}
	if o.memcpyed {
		flags |= FlagMemcpyed
	}
	hdr[2] = flags
	binary.LittleEndian.PutUint32(hdr[4:], uint32(nbytes))
	binary.LittleEndian.PutUint32(hdr[8:], uint32(bs))
	if o.memcpyed {
		out := append(hdr, data...)
		binary.LittleEndian.PutUint32(out[12:], uint32(len(out)))
		return out
	}

	out := append(hdr, make([]byte, 4*nblocks)...)
	var zenc *zstd.Encoder
	if o.codec == Zstd {
		zopts := []zstd.EOption{zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false)}
		if o.zstdRawDict != nil {
			zopts = append(zopts, zstd.WithEncoderDictRaw(0, o.zstdRawDict))
			out[offBlosc2Flags] |= Blosc2FlagDict
			out = append(append(out, le32(int32(len(o.zstdRawDict)))...), o.zstdRawDict...)
		}
		var err error
		zenc, err = zstd.NewWriter(nil, zopts...)
		if err != nil {
			tb.Fatal(err)
		}
		defer zenc.Close()
	}
	for j := 0; j < nblocks; j++ {
		binary.LittleEndian.PutUint32(out[hlen+4*j:], uint32(len(out)))
		blk := data[j*bs : min((j+1)*bs, nbytes)]
		stage := forwardFilters(blk, data[:bs], j, o)
		ns := 1
		if o.split && !(j == nblocks-1 && leftover > 0) {
			ns = o.typesize
		}
		if o.preSplitFlag && !(j == nblocks-1 && leftover > 0) && o.typesize <= 16 && len(blk)/o.typesize >= 128 {
			ns = o.typesize
		}
		neb := len(stage) / ns
		for s := 0; s < ns; s++ {
			out = appendStream(tb, out, stage[s*neb:(s+1)*neb], o.codec, zenc)
		}
	}
	binary.LittleEndian.PutUint32(out[12:], uint32(len(out)))
	return out
}

// forwardFilters applies the filters of o to block j (ref: block 0 of the
// input) in increasing slot order, as C-Blosc2's pipeline_forward does.
func forwardFilters(blk, ref []byte, j int, o buildOpts) []byte {
	cur := append([]byte(nil), blk...)
	for i := 0; i < MaxFilters; i++ {
		f, meta := o.filters[i], o.filtersMeta[i]
		next := make([]byte, len(cur))
		switch f {
		case NoFilter, TruncPrec, IntTrunc:
			continue
		case Shuffle:
			ts := o.typesize
			if meta != 0 {
				ts = int(meta)
			}
			shuffle.Shuffle(next, cur, ts)
		case BitShuffle:
			if o.blosc1 && o.version <= VersionBlosc1 && (len(cur)/o.typesize)%8 != 0 {
				copy(next, cur) // C-Blosc 1.x transposes whole multiples of 8 elements only
			} else {
				shuffle.BitShuffle(next, cur, o.typesize)
			}
		case Delta:
			// As delta_encoder: block 0 against its own previous word,
			// other blocks against block 0; trailing bytes copied.
			w := deltaWord(o.typesize)
			n := len(cur) - len(cur)%w
			copy(next, cur)
			for k := 0; k < n; k++ {
				if j == 0 {
					if k >= w {
						next[k] = cur[k] ^ ref[k-w]
					}
				} else {
					next[k] = cur[k] ^ ref[k]
				}
			}
		case ByteDelta:
			ts := o.typesize
			if meta != 0 {
				ts = int(meta)
			}
			slen := len(cur) / ts
			for ch := 0; ch < ts; ch++ {
				var prev byte
				for k := 0; k < slen; k++ {
					v := cur[ch*slen+k]
					next[ch*slen+k] = v - prev
					prev = v
				}
			}
			copy(next[slen*ts:], cur[slen*ts:])
		default:
			panic("forwardFilters: filter " + f.String())
		}
		cur = next
	}
	return cur
}

// appendStream appends one stream (csize + data) for b.
func appendStream(tb testing.TB, out, b []byte, c Codec, zenc *zstd.Encoder) []byte {
	var sz [4]byte
	if allBytes(b, 0) {
		return append(out, sz[:]...) // csize 0: zeros
	}
	if len(b) > 1 && allBytes(b, b[0]) {
		binary.LittleEndian.PutUint32(sz[:], uint32(-int32(b[0])))
		return append(append(out, sz[:]...), streamTokenRun)
	}
	var comp []byte
	switch c {
	case LZ4, LZ4HC:
		comp = make([]byte, lz4.CompressBlockBound(len(b)))
		n, err := lz4.CompressBlock(b, comp, nil)
		if err != nil {
			tb.Fatal(err)
		}
		comp = comp[:n]
	case Zstd:
		comp = zenc.EncodeAll(b, nil)
	case Zlib:
		var buf bytes.Buffer
		zw := zlib.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		comp = buf.Bytes()
	default:
		tb.Fatalf("appendStream: codec %v", c)
	}
	if len(comp) == 0 || len(comp) >= len(b) {
		comp = b // stored raw: csize == stream size
	}
	binary.LittleEndian.PutUint32(sz[:], uint32(len(comp)))
	return append(append(out, sz[:]...), comp...)
}

func allBytes(b []byte, v byte) bool {
	for _, x := range b {
		if x != v {
			return false
		}
	}
	return true
}
