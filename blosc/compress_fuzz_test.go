package blosc

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzCompress checks that any input compressed with any valid lossless
// options, dictionaries trained per chunk (UseDict) included, decodes back
// exactly. Seeds: decoded corpus chunks.
func FuzzCompress(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "chunks", "*.b2chunk"))
	for i, p := range files {
		if i%8 != 0 {
			continue
		}
		c, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		d, err := Decompress(nil, c)
		if err != nil || len(d) > 1<<16 {
			continue
		}
		f.Add(d, uint8(i), uint8(5), uint8(4), uint32(0x0100), uint16(0), uint8(i))
	}
	f.Add([]byte("hello hello hello hello hello hello hello hello"), uint8(0), uint8(9), uint8(1), uint32(0), uint16(7), uint8(0))
	f.Add(make([]byte, 5000), uint8(4), uint8(1), uint8(8), uint32(0x0203), uint16(100), uint8(1))
	// UseDict (mode bit 0x40) on chunks large enough for a dictionary.
	f.Add(encText(9, 40000), uint8(1), uint8(5), uint8(1), uint32(0), uint16(2048), uint8(0x40))
	f.Add(encGenerate("struct", 3, 12, 60000), uint8(4), uint8(1), uint8(12), uint32(0x01), uint16(4096), uint8(0x41))
	lossless := []Filter{NoFilter, Shuffle, BitShuffle, Delta, ByteDelta}
	codecs := []Codec{BloscLZ, LZ4, LZ4HC, Zlib, Zstd}
	f.Fuzz(func(t *testing.T, data []byte, codec, clevel, ts uint8, filters uint32, blocksize uint16, mode uint8) {
		o := DefaultOptions()
		o.Codec = codecs[int(codec)%len(codecs)]
		o.Clevel = int(clevel % 10)
		o.Typesize = 1 + int(ts)%32
		for i := 0; i < 4; i++ {
			o.Filters[2+i] = lossless[int(filters>>(8*i)&0xFF)%len(lossless)]
		}
		o.Blocksize = int(blocksize)
		o.SplitMode = SplitMode(1 + mode%4)
		o.Workers = 1 + int(mode>>2)%3
		if mode&0x20 != 0 {
			o.Format = FormatBlosc1
		}
		o.UseDict = mode&0x40 != 0
		e, err := NewEncoder(o)
		dictOK := o.Codec == Zstd || o.Codec == LZ4 || o.Codec == LZ4HC
		if o.UseDict && (o.Format == FormatBlosc1 || !dictOK) {
			if err == nil {
				t.Fatalf("UseDict accepted with %v, format %v", o.Codec, o.Format)
			}
			return
		}
		if err != nil {
			return // options Blosc1 cannot express
		}
		chunk, err := e.Compress(nil, data)
		if err != nil {
			t.Fatal(err)
		}
		if len(chunk) > len(data)+e.hlen {
			t.Fatalf("chunk of %d bytes for %d", len(chunk), len(data))
		}
		got, err := Decompress(nil, chunk)
		if err != nil {
			t.Fatalf("options %+v: %v", o, err)
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("options %+v: round trip differs at %d", o, encFirstDiff(got, data))
		}
	})
}
