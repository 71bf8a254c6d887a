package offsetcodec

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

var bloscCnamesAll = []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"}

// bloscTestData returns n bytes of typed-looking data: a slowly varying
// little-endian series with noise in the low bytes, so that shuffling and
// compression both matter.
func bloscTestData(n int, seed int64) []byte {
	r := rand.New(rand.NewSource(seed))
	b := make([]byte, n)
	for i := 0; i+4 <= n; i += 4 {
		binary.LittleEndian.PutUint32(b[i:], uint32(i/4*3)+uint32(r.Intn(16)))
	}
	for i := n &^ 3; i < n; i++ {
		b[i] = byte(r.Intn(256))
	}
	return b
}

func TestBloscFromJSON(t *testing.T) {
	tests := []struct {
		json    string
		wantErr string // substring; empty for success
		back    string // MarshalJSON; empty when equal to json
	}{
		{json: `{"name":"blosc","configuration":{"cname":"lz4","clevel":1,"shuffle":"shuffle","typesize":4,"blocksize":0}}`},
		{json: `{"name":"blosc","configuration":{"cname":"zstd","clevel":9,"shuffle":"bitshuffle","typesize":1,"blocksize":4096}}`},
		{json: `{"name":"blosc","configuration":{"cname":"blosclz","clevel":0,"shuffle":"noshuffle","blocksize":0}}`},
		{json: `{"name":"blosc","configuration":{"cname":"zlib","clevel":5,"shuffle":"noshuffle","typesize":8,"blocksize":0}}`},
		{json: `{"name":"blosc","configuration":{"cname":"lz4hc","clevel":5,"shuffle":"shuffle","typesize":300,"blocksize":0}}`},
		// zarr-python's defaults; shuffle and typesize stay open.
		{json: `{"name":"blosc"}`, back: `{"name":"blosc","configuration":{"cname":"zstd","clevel":5,"blocksize":0}}`},
		{json: `"blosc"`, back: `{"name":"blosc","configuration":{"cname":"zstd","clevel":5,"blocksize":0}}`},
		{json: `{"name":"blosc","configuration":{"typesize":2,"shuffle":"shuffle"}}`,
			back: `{"name":"blosc","configuration":{"cname":"zstd","clevel":5,"shuffle":"shuffle","typesize":2,"blocksize":0}}`},

		{json: `{"name":"blosc","configuration":{"cname":"lz5"}}`, wantErr: `"lz5" is not one of "blosclz", "lz4", "lz4hc", "snappy", "zlib", "zstd"`},
		{json: `{"name":"blosc","configuration":{"cname":"LZ4"}}`, wantErr: `"LZ4" is not one of`},
		{json: `{"name":"blosc","configuration":{"cname":"ndlz"}}`, wantErr: `"ndlz" is not one of`},
		{json: `{"name":"blosc","configuration":{"cname":4}}`, wantErr: `must be a string`},
		{json: `{"name":"blosc","configuration":{"clevel":10}}`, wantErr: `"clevel": 10 is out of range [0, 9]`},
		{json: `{"name":"blosc","configuration":{"clevel":-1}}`, wantErr: `out of range`},
		{json: `{"name":"blosc","configuration":{"clevel":5.5}}`, wantErr: `must be an integer`},
		{json: `{"name":"blosc","configuration":{"shuffle":1}}`, wantErr: `"shuffle": must be a string`},
		{json: `{"name":"blosc","configuration":{"shuffle":"byteshuffle"}}`, wantErr: `is not one of "noshuffle", "shuffle", "bitshuffle"`},
		{json: `{"name":"blosc","configuration":{"typesize":0}}`, wantErr: `"typesize": 0 is out of range`},
		{json: `{"name":"blosc","configuration":{"typesize":4294967296}}`, wantErr: `"typesize"`},
		{json: `{"name":"blosc","configuration":{"blocksize":-1}}`, wantErr: `"blocksize"`},
		{json: `{"name":"blosc","configuration":{"blocksize":1e3}}`, wantErr: `must be an integer`},
		{json: `{"name":"blosc","configuration":{"level":5}}`, wantErr: `"level": unknown key`},
		{json: `{"name":"blosc","configuration":{"clevel":5,"clevel":6}}`, wantErr: `duplicate key`},
		{json: `{"name":"blosc","configuration":[]}`, wantErr: `must be a JSON object`},
	}
	for _, tt := range tests {
		c, err := New([]byte(tt.json))
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrInvalidConfig) {
				t.Errorf("New(%s) error = %v, want ErrInvalidConfig containing %q", tt.json, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("New(%s): %v", tt.json, err)
			continue
		}
		back, err := c.MarshalJSON()
		want := tt.back
		if want == "" {
			want = tt.json
		}
		if err != nil || string(back) != want {
			t.Errorf("New(%s).MarshalJSON() = %s, %v; want %s", tt.json, back, err, want)
		}
		c2, err := New(back)
		if err != nil {
			t.Errorf("re-reading %s: %v", back, err)
			continue
		}
		if back2, _ := c2.MarshalJSON(); !bytes.Equal(back, back2) {
			t.Errorf("metadata not stable: %s then %s", back, back2)
		}
	}
}

func TestBlosc2FromJSON(t *testing.T) {
	tests := []struct {
		json    string
		wantErr string
		back    string
	}{
		{json: `{"name":"blosc2","configuration":{"cname":"zstd","clevel":5,"typesize":4,"filters":[{"id":"trunc_prec","meta":10},{"id":"shuffle"}],"blocksize":0,"splitmode":"auto"}}`},
		{json: `{"name":"blosc2","configuration":{"cname":"lz4","clevel":9,"typesize":8,"filters":[],"blocksize":65536,"splitmode":"never"}}`},
		{json: `{"name":"blosc2","configuration":{"cname":"blosclz","clevel":1,"typesize":2,"filters":[{"id":"delta"},{"id":"bitshuffle"}],"blocksize":0,"splitmode":"always"}}`},
		{json: `{"name":"blosc2","configuration":{"cname":"zlib","clevel":3,"typesize":4,"filters":[{"id":"int_trunc","meta":-3},{"id":"shuffle","meta":2},{"id":"bytedelta"}],"blocksize":0,"splitmode":"forward_compat"}}`},
		{json: `{"name":"blosc2","configuration":{"cname":"lz4hc","clevel":5,"typesize":4,"filters":[{"id":"shuffle"},{"id":"bytedelta","meta":4}],"blocksize":0,"splitmode":"auto"}}`},
		{json: `{"name":"blosc2"}`,
			back: `{"name":"blosc2","configuration":{"cname":"zstd","clevel":5,"filters":[{"id":"shuffle"}],"blocksize":0,"splitmode":"auto"}}`},
		{json: `{"name":"blosc2","configuration":{"typesize":1,"filters":[{"meta":0,"id":"bitshuffle"}]}}`,
			back: `{"name":"blosc2","configuration":{"cname":"zstd","clevel":5,"typesize":1,"filters":[{"id":"bitshuffle"}],"blocksize":0,"splitmode":"auto"}}`},
		// trunc_prec needs typesize 4 or 8, checked once the typesize is known.
		{json: `{"name":"blosc2","configuration":{"filters":[{"id":"trunc_prec","meta":5}]}}`,
			back: `{"name":"blosc2","configuration":{"cname":"zstd","clevel":5,"filters":[{"id":"trunc_prec","meta":5}],"blocksize":0,"splitmode":"auto"}}`},

		{json: `{"name":"blosc2","configuration":{"typesize":2,"filters":[{"id":"trunc_prec","meta":5}]}}`, wantErr: "trunc_prec needs typesize 4 or 8"},
		{json: `{"name":"blosc2","configuration":{"typesize":4,"filters":[{"id":"trunc_prec","meta":30}]}}`, wantErr: "precision 30"},
		{json: `{"name":"blosc2","configuration":{"typesize":4,"filters":[{"id":"trunc_prec"}]}}`, wantErr: "meta (the precision in bits) is required"},
		{json: `{"name":"blosc2","configuration":{"filters":[{"id":"truncprec","meta":5}]}}`, wantErr: `id "truncprec" is not one of "shuffle", "bitshuffle", "delta", "trunc_prec", "bytedelta", "int_trunc"`},
		{json: `{"name":"blosc2","configuration":{"filters":[{"id":"delta","meta":1}]}}`, wantErr: "filter 0 (delta) takes no meta"},
		{json: `{"name":"blosc2","configuration":{"filters":[{"id":"shuffle","meta":256}]}}`, wantErr: "out of range"},
		{json: `{"name":"blosc2","configuration":{"filters":[{"id":"shuffle","extra":1}]}}`, wantErr: `filter 0: "extra": unknown key`},
		{json: `{"name":"blosc2","configuration":{"filters":[{"meta":1}]}}`, wantErr: `filter 0: "id" is missing`},
		{json: `{"name":"blosc2","configuration":{"filters":["shuffle"]}}`, wantErr: `filter 0: configuration must be a JSON object`},
		{json: `{"name":"blosc2","configuration":{"filters":{"id":"shuffle"}}}`, wantErr: `"filters": must be an array`},
		{json: `{"name":"blosc2","configuration":{"filters":[{"id":"delta"},{"id":"delta"},{"id":"delta"},{"id":"delta"},{"id":"delta"},{"id":"delta"},{"id":"delta"}]}}`, wantErr: "7 filters, at most 6"},
		{json: `{"name":"blosc2","configuration":{"typesize":256}}`, wantErr: `"typesize": 256 is out of range [1, 255]`},
		{json: `{"name":"blosc2","configuration":{"splitmode":"sometimes"}}`, wantErr: `"splitmode": "sometimes" is not one of`},
		{json: `{"name":"blosc2","configuration":{"splitmode":"forward-compat"}}`, wantErr: `"splitmode": "forward-compat" is not one of "always", "never", "auto", "forward_compat"`},
		{json: `{"name":"blosc2","configuration":{"filters":[{"id":"truncprec","meta":3}]}}`, wantErr: `id "truncprec" is not one of "shuffle", "bitshuffle", "delta", "trunc_prec", "bytedelta", "int_trunc"`},
		{json: `{"name":"blosc2","configuration":{"filters":[{"id":"bytedelta_buggy"}]}}`, wantErr: `is not one of`},
		{json: `{"name":"blosc2","configuration":{"shuffle":"shuffle"}}`, wantErr: `"shuffle": unknown key`},
	}
	for _, tt := range tests {
		c, err := New([]byte(tt.json))
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, ErrInvalidConfig) {
				t.Errorf("New(%s) error = %v, want ErrInvalidConfig containing %q", tt.json, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("New(%s): %v", tt.json, err)
			continue
		}
		back, err := c.MarshalJSON()
		want := tt.back
		if want == "" {
			want = tt.json
		}
		if err != nil || string(back) != want {
			t.Errorf("New(%s).MarshalJSON() = %s, %v; want %s", tt.json, back, err, want)
		}
		c2, err := New(back)
		if err != nil {
			t.Errorf("re-reading %s: %v", back, err)
			continue
		}
		if back2, _ := c2.MarshalJSON(); !bytes.Equal(back, back2) {
			t.Errorf("metadata not stable: %s then %s", back, back2)
		}
	}
}

// TestBloscWritesBlosc1 checks every cname and shuffle mode: the chunks have
// the 16-byte version-2 header C-Blosc 1.x reads, with the shuffle flag and
// typesize of the configuration, and decode to the input.
func TestBloscWritesBlosc1(t *testing.T) {
	sizes := []int{0, 1, 31, 200, 4000, 70000}
	if testing.Short() {
		sizes = []int{0, 31, 4000}
	}
	for _, cname := range bloscCnamesAll {
		for _, shuffle := range []string{NoShuffle, ByteShuffle, BitShuffle} {
			for _, ts := range []int{1, 2, 4, 8} {
				c, err := NewBlosc(BloscConfig{Cname: cname, Clevel: 5, Shuffle: shuffle, Typesize: ts})
				if err != nil {
					t.Fatal(err)
				}
				for _, n := range sizes {
					src := bloscTestData(n, int64(n+ts))
					enc, err := c.Encode([]byte("x"), src)
					if err != nil {
						t.Fatalf("%s/%s/ts%d/n%d: %v", cname, shuffle, ts, n, err)
					}
					if enc[0] != 'x' {
						t.Fatal("Encode did not append to dst")
					}
					h, err := blosc.ReadHeader(enc[1:])
					if err != nil {
						t.Fatal(err)
					}
					if h.Version != 2 || h.Extended || int(h.Nbytes) != n || int(h.Typesize) != ts || int(h.Cbytes) != len(enc)-1 {
						t.Fatalf("%s/%s/ts%d/n%d: header %v", cname, shuffle, ts, n, h.String())
					}
					if !h.Memcpyed() {
						wantFlag := map[string]uint8{NoShuffle: 0, ByteShuffle: blosc.FlagShuffle, BitShuffle: blosc.FlagBitShuffle}[shuffle]
						if got := h.Flags & (blosc.FlagShuffle | blosc.FlagBitShuffle); got != wantFlag {
							t.Fatalf("%s/%s/ts%d/n%d: shuffle flags %#x", cname, shuffle, ts, n, got)
						}
						if got := h.Codec(); got.String() != cname && !(cname == "lz4hc" && got == blosc.LZ4) {
							t.Fatalf("%s: header says codec %v", cname, got)
						}
					}
					dec, err := c.DecodeLimit([]byte("y"), enc[1:], n)
					if err != nil || !bytes.Equal(dec[1:], src) || dec[0] != 'y' {
						t.Fatalf("%s/%s/ts%d/n%d: round trip: %v", cname, shuffle, ts, n, err)
					}
				}
			}
		}
	}
}

func TestBloscCompresses(t *testing.T) {
	src := bloscTestData(1<<16, 1)
	for _, cname := range bloscCnamesAll {
		c, _ := NewBlosc(BloscConfig{Cname: cname, Clevel: 5, Shuffle: ByteShuffle, Typesize: 4})
		enc, err := c.Encode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		if len(enc) > len(src)*3/5 {
			t.Errorf("%s: %d bytes compress to %d", cname, len(src), len(enc))
		}
	}
}

func TestBloscBlocksize(t *testing.T) {
	src := bloscTestData(10000, 2)
	c, err := NewBlosc(BloscConfig{Cname: "lz4", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4, Blocksize: 1024})
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := c.Encode(nil, src)
	h, err := blosc.ReadHeader(enc)
	if err != nil || h.Blocksize != 1024 || h.NBlocks() != 10 {
		t.Fatalf("header %v, %v", h.String(), err)
	}
	if dec, err := c.Decode(nil, enc); err != nil || !bytes.Equal(dec, src) {
		t.Fatalf("round trip: %v", err)
	}
}

// TestBlosc2Pipeline checks the filter slots written and the round trip,
// exact for lossless pipelines and with the precision kept for trunc_prec.
func TestBlosc2Pipeline(t *testing.T) {
	src := bloscTestData(50000, 3)
	tests := []struct {
		filters []Blosc2Filter
		slots   [blosc.MaxFilters]blosc.Filter
		meta    [blosc.MaxFilters]uint8
	}{
		{nil, [6]blosc.Filter{}, [6]uint8{}},
		{[]Blosc2Filter{{ID: "shuffle"}}, [6]blosc.Filter{5: blosc.Shuffle}, [6]uint8{}},
		{[]Blosc2Filter{{ID: "delta"}, {ID: "bitshuffle"}}, [6]blosc.Filter{4: blosc.Delta, 5: blosc.BitShuffle}, [6]uint8{}},
		{[]Blosc2Filter{{ID: "shuffle"}, {ID: "bytedelta"}}, [6]blosc.Filter{4: blosc.Shuffle, 5: blosc.ByteDelta}, [6]uint8{5: 4}},
		{[]Blosc2Filter{{ID: "int_trunc", Meta: -4}, {ID: "shuffle"}}, [6]blosc.Filter{4: blosc.IntTrunc, 5: blosc.Shuffle}, [6]uint8{4: 0xfc}},
		{[]Blosc2Filter{{ID: "trunc_prec", Meta: 10}, {ID: "shuffle"}}, [6]blosc.Filter{4: blosc.TruncPrec, 5: blosc.Shuffle}, [6]uint8{4: 10}},
	}
	for _, cname := range bloscCnamesAll {
		for _, tt := range tests {
			name := fmt.Sprintf("%s/%v", cname, tt.filters)
			c, err := NewBlosc2(Blosc2Config{Cname: cname, Clevel: 5, Typesize: 4, Filters: tt.filters})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			enc, err := c.Encode(nil, src)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			h, err := blosc.ReadHeader(enc)
			if err != nil || !h.Extended || h.Typesize != 4 {
				t.Fatalf("%s: header %v, %v", name, h.String(), err)
			}
			if !h.Memcpyed() && (h.Filters != tt.slots || h.FiltersMeta != tt.meta) {
				t.Errorf("%s: filters %v meta %v, want %v %v", name, h.Filters, h.FiltersMeta, tt.slots, tt.meta)
			}
			dec, err := c.DecodeLimit(nil, enc, len(src))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want := src
			switch {
			case len(tt.filters) > 0 && tt.filters[0].ID == "trunc_prec":
				want = truncFloat32(src, 10)
			case len(tt.filters) > 0 && tt.filters[0].ID == "int_trunc":
				want = append([]byte(nil), src...)
				for i := 0; i < len(want); i += 4 {
					want[i] &^= 0x0f
				}
			}
			if !bytes.Equal(dec, want) {
				t.Errorf("%s: decoded bytes differ", name)
			}
			// The blosc codec reads Blosc2 chunks too.
			b1, _ := NewBlosc(BloscConfig{Cname: "zstd", Clevel: 5, Shuffle: NoShuffle})
			if dec1, err := b1.Decode(nil, enc); err != nil || !bytes.Equal(dec1, dec) {
				t.Errorf("%s: the blosc codec does not read the blosc2 chunk: %v", name, err)
			}
		}
	}
}

// truncFloat32 keeps the top prec mantissa bits of each float32, as
// C-Blosc2's TRUNC_PREC does.
func truncFloat32(src []byte, prec int) []byte {
	out := append([]byte(nil), src...)
	mask := ^uint32(0) << (23 - prec)
	for i := 0; i+4 <= len(out); i += 4 {
		binary.LittleEndian.PutUint32(out[i:], binary.LittleEndian.Uint32(out[i:])&mask)
	}
	return out
}

func TestBlosc2DecodedByBloscAndBack(t *testing.T) {
	src := bloscTestData(3000, 4)
	b1, _ := NewBlosc(BloscConfig{Cname: "lz4", Clevel: 5, Shuffle: BitShuffle, Typesize: 2})
	b2, _ := NewBlosc2(Blosc2Config{Cname: "lz4", Clevel: 5, Typesize: 2, Filters: []Blosc2Filter{{ID: "bitshuffle"}}})
	enc, _ := b1.Encode(nil, src)
	if dec, err := b2.Decode(nil, enc); err != nil || !bytes.Equal(dec, src) {
		t.Errorf("blosc2 codec reading a blosc1 chunk: %v", err)
	}
}

func TestBloscResolveItemSize(t *testing.T) {
	c, err := New([]byte(`{"name":"blosc","configuration":{"cname":"lz4","clevel":3}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Encode(nil, []byte("data")); !errors.Is(err, ErrEncode) || !strings.Contains(err.Error(), "typesize (or shuffle) is not set") {
		t.Errorf("encoding with an open typesize: %v", err)
	}
	for _, tt := range []struct {
		itemSize int
		want     string
	}{
		{1, `{"name":"blosc","configuration":{"cname":"lz4","clevel":3,"shuffle":"bitshuffle","typesize":1,"blocksize":0}}`},
		{8, `{"name":"blosc","configuration":{"cname":"lz4","clevel":3,"shuffle":"shuffle","typesize":8,"blocksize":0}}`},
	} {
		r, err := c.(ItemSizeResolver).ResolveItemSize(tt.itemSize)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := r.MarshalJSON(); string(got) != tt.want {
			t.Errorf("resolved for %d: %s, want %s", tt.itemSize, got, tt.want)
		}
		src := bloscTestData(1000, 5)
		enc, err := r.Encode(nil, src)
		if err != nil {
			t.Fatal(err)
		}
		if h, _ := blosc.ReadHeader(enc); int(h.Typesize) != tt.itemSize {
			t.Errorf("typesize in header %d, want %d", h.Typesize, tt.itemSize)
		}
	}
	// Set values are kept; noshuffle records the item size as typesize.
	set, _ := NewBlosc(BloscConfig{Cname: "lz4", Clevel: 3, Shuffle: ByteShuffle, Typesize: 2})
	if r, _ := set.ResolveItemSize(8); r != Codec(set) {
		t.Error("a complete configuration was changed")
	}
	ns, _ := NewBlosc(BloscConfig{Cname: "lz4", Clevel: 3, Shuffle: NoShuffle})
	if r, _ := ns.ResolveItemSize(4); r.(*Blosc).Config().Typesize != 4 {
		t.Error("noshuffle: typesize not recorded")
	}
	if _, err := c.(ItemSizeResolver).ResolveItemSize(0); !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("item size 0: %v", err)
	}
	// blosc2: the typesize is resolved, and filter checks happen then.
	c2, _ := New([]byte(`{"name":"blosc2","configuration":{"filters":[{"id":"trunc_prec","meta":20}]}}`))
	if _, err := c2.(ItemSizeResolver).ResolveItemSize(4); err != nil {
		t.Errorf("float32: %v", err)
	}
	if _, err := c2.(ItemSizeResolver).ResolveItemSize(2); !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("trunc_prec with 2-byte items: %v", err)
	}
	// Items over 255 bytes get typesize 1, as in C-Blosc2.
	c3, _ := New([]byte(`{"name":"blosc2"}`))
	if r, err := c3.(ItemSizeResolver).ResolveItemSize(1000); err != nil || r.(*Blosc2).Config().Typesize != 1 {
		t.Errorf("item size 1000: %v", err)
	}
}

func TestBloscDecodeErrors(t *testing.T) {
	c, _ := NewBlosc(BloscConfig{Cname: "zstd", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4})
	src := bloscTestData(10000, 6)
	enc, _ := c.Encode(nil, src)

	if _, err := c.DecodeLimit(nil, enc, len(src)-1); !errors.Is(err, ErrCorrupt) || !errors.Is(err, blosc.ErrTooLarge) {
		t.Errorf("limit below nbytes: %v", err)
	}
	for _, n := range []int{0, 5, 15, 16, len(enc) / 2, len(enc) - 1} {
		if _, err := c.Decode(nil, enc[:n]); !errors.Is(err, ErrCorrupt) || !errors.Is(err, blosc.ErrCorrupt) {
			t.Errorf("truncated to %d bytes: %v", n, err)
		}
	}
	bad := append([]byte(nil), enc...)
	bad[0] = 9 // unknown format version
	if _, err := c.Decode(nil, bad); !errors.Is(err, ErrCorrupt) {
		t.Errorf("bad version: %v", err)
	}
	// A zstd chunk relabelled as snappy (format 2 in the flags) is corrupt.
	snappy := append([]byte(nil), enc...)
	snappy[2] = snappy[2]&0x1f | 2<<5
	if _, err := c.Decode(nil, snappy); !errors.Is(err, ErrCorrupt) || !errors.Is(err, blosc.ErrCorrupt) {
		t.Errorf("snappy chunk: %v", err)
	}
	// A header claiming 2 GiB of zeros is refused by Decode's default limit.
	h := blosc.Header{Version: 5, VersionLZ: 1, Flags: 0x37, Typesize: 1, Nbytes: math.MaxInt32 - 32,
		Blocksize: 1 << 20, Cbytes: 32, Extended: true, Blosc2Flags: uint8(blosc.SpecialZeros) << 4}
	if _, err := c.Decode(nil, h.Append(nil)); !errors.Is(err, blosc.ErrTooLarge) {
		t.Errorf("2 GiB special chunk: %v", err)
	}
}

// TestBloscConcurrent shares one codec of each kind between goroutines
// (run with -race).
func TestBloscConcurrent(t *testing.T) {
	b1, _ := NewBlosc(BloscConfig{Cname: "zstd", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4})
	b2, _ := NewBlosc2(Blosc2Config{Cname: "lz4", Clevel: 5, Typesize: 8, Filters: []Blosc2Filter{{ID: "delta"}, {ID: "shuffle"}}})
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func(g int) {
			var c Codec = b1
			if g%2 == 1 {
				c = b2
			}
			for i := 0; i < 10; i++ {
				src := bloscTestData(20000+g*100+i, int64(g*10+i))
				enc, err := c.Encode(nil, src)
				if err == nil {
					var dec []byte
					if dec, err = c.Decode(nil, enc); err == nil && !bytes.Equal(dec, src) {
						err = fmt.Errorf("goroutine %d: round trip differs", g)
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}(g)
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestSnappyCname: cname "snappy", which the Zarr blosc specification lists
// and zarrita writes, is a valid configuration: its chunks (C-Blosc 1.x's
// golden chunks of testdata/snappy) decode, and only Encode fails, with an
// error wrapping ErrEncode and blosc.ErrUnsupported.
func TestSnappyCname(t *testing.T) {
	for _, js := range []string{
		`{"name":"blosc","configuration":{"cname":"snappy","clevel":5,"shuffle":"shuffle","typesize":8,"blocksize":0}}`,
		`{"name":"blosc2","configuration":{"cname":"snappy","clevel":5,"typesize":8,"filters":[{"id":"shuffle"}],"blocksize":0,"splitmode":"auto"}}`,
	} {
		c, err := New([]byte(js))
		if err != nil {
			t.Fatalf("New(%s): %v", js, err)
		}
		if back, _ := c.MarshalJSON(); string(back) != js {
			t.Errorf("MarshalJSON = %s, want %s", back, js)
		}
		chunk, err := os.ReadFile(filepath.Join("..", "testdata", "snappy", "f64sine_ts8_shuffle_c5_bs8192.blosc1"))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(filepath.Join("..", "testdata", "snappy", "f64sine_ts8_shuffle_c5_bs8192.raw"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.Decode(nil, chunk)
		if err != nil || !bytes.Equal(got, raw) {
			t.Errorf("%s: decoding a snappy chunk: %d bytes, %v", c.Name(), len(got), err)
		}
		_, err = c.Encode(nil, raw)
		if !errors.Is(err, ErrEncode) || !errors.Is(err, blosc.ErrUnsupported) || !strings.Contains(err.Error(), "snappy") {
			t.Errorf("%s: Encode with snappy: %v", c.Name(), err)
		}
	}
}
