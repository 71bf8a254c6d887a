package zarr

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"math"
	"sync/atomic"
	"testing"

	"github.com/blosc2go/blosc2/offsetcodec"
)

// countingStore counts the bytes read from a MemStore, through Get or
// GetRange.
type countingStore struct {
	*MemStore
	read, calls atomic.Int64
}

func (s *countingStore) Get(key string) ([]byte, error) {
	b, err := s.MemStore.Get(key)
	s.read.Add(int64(len(b)))
	s.calls.Add(1)
	return b, err
}

func (s *countingStore) GetRange(key string, off, n int64) ([]byte, error) {
	b, err := s.MemStore.GetRange(key, off, n)
	s.read.Add(int64(len(b)))
	s.calls.Add(1)
	return b, err
}

// plainStore hides GetRange: shards are read whole.
type plainStore struct{ s *MemStore }

func (p plainStore) Get(key string) ([]byte, error)     { return p.s.Get(key) }
func (p plainStore) Set(key string, value []byte) error { return p.s.Set(key, value) }

type shardCase struct {
	name   string
	dtype  DataType
	shape  []int64
	shard  []int64
	inner  []int64
	fill   string
	codecs string // inner codecs
	loc    string
}

var shardCases = []shardCase{
	{name: "blosc-end", dtype: Float32, shape: []int64{50, 70}, shard: []int64{32, 32}, inner: []int64{8, 16}, fill: `"NaN"`, loc: "end",
		codecs: `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"blosc","configuration":{"cname":"zstd","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}]`},
	{name: "blosc-lz4-start", dtype: Uint16, shape: []int64{40, 9, 13}, shard: []int64{20, 9, 13}, inner: []int64{5, 3, 13}, fill: "3", loc: "start",
		codecs: `[{"name":"transpose","configuration":{"order":[2,0,1]}},{"name":"bytes","configuration":{"endian":"big"}},{"name":"blosc","configuration":{"cname":"lz4","clevel":9,"shuffle":"bitshuffle","typesize":2,"blocksize":0}}]`},
	{name: "blosc-lz4-transpose-end", dtype: Int16, shape: []int64{21, 9, 13}, shard: []int64{20, 9, 13}, inner: []int64{5, 3, 13}, fill: "-2", loc: "end",
		codecs: `[{"name":"transpose","configuration":{"order":[2,0,1]}},{"name":"bytes","configuration":{"endian":"big"}},{"name":"blosc","configuration":{"cname":"lz4","clevel":9,"shuffle":"bitshuffle","typesize":2,"blocksize":0}}]`},
	{name: "gzip-int64", dtype: Int64, shape: []int64{100}, shard: []int64{40}, inner: []int64{10}, fill: "-1", loc: "end",
		codecs: `[{"name":"bytes","configuration":{"endian":"little"}},{"name":"gzip","configuration":{"level":1}},{"name":"crc32c"}]`},
	{name: "bool-raw", dtype: Bool, shape: []int64{17, 5}, shard: []int64{8, 4}, inner: []int64{2, 2}, fill: "false", loc: "end",
		codecs: `[{"name":"bytes"}]`},
}

func (c shardCase) metadata(t testing.TB) ArrayMetadata {
	var raws []json.RawMessage
	if err := json.Unmarshal([]byte(c.codecs), &raws); err != nil {
		t.Fatal(err)
	}
	sh := &ShardingIndexed{ChunkShape: c.inner, IndexLocation: c.loc}
	for _, r := range raws {
		sh.Codecs = append(sh.Codecs, mustCodec(t, string(r)))
	}
	return ArrayMetadata{Shape: c.shape, DataType: c.dtype, ChunkShape: c.shard, FillValue: json.RawMessage(c.fill),
		Codecs: []Codec{sh}}
}

// data returns array data with a band of fill values (so that some inner
// chunks are empty) and compressible values elsewhere.
func (c shardCase) data(t testing.TB) []byte {
	l, err := newLayout(func() *ArrayMetadata { m := c.metadata(t); n, _ := m.normalize(); return n }())
	if err != nil {
		t.Fatal(err)
	}
	n := 1
	for _, s := range c.shape {
		n *= int(s)
	}
	es := c.dtype.Size()
	noise := randomBytes(n, 7)
	b := make([]byte, n*es)
	for i := 0; i < n; i++ {
		if i < n/5 { // leading fifth: fill, so that inner chunks are empty
			copy(b[i*es:], l.fill)
			continue
		}
		v := uint64(i/4) + uint64(noise[i]%3)
		switch c.dtype {
		case Bool:
			v &= 1
		case Float32:
			v = uint64(math.Float32bits(float32(v)))
		}
		putUint(b[i*es:(i+1)*es], v)
	}
	return b
}

func TestShardingRoundTrip(t *testing.T) {
	for _, c := range shardCases {
		t.Run(c.name, func(t *testing.T) {
			ms := NewMemStore()
			a, err := CreateArray(ms, "s", c.metadata(t))
			if err != nil {
				t.Fatal(err)
			}
			data := c.data(t)
			if err := a.Write(data); err != nil {
				t.Fatal(err)
			}
			// Metadata round trip.
			doc, _ := ms.Get("s/zarr.json")
			if _, err := ParseArrayMetadata(doc); err != nil {
				t.Fatalf("%v\n%s", err, doc)
			}
			for _, s := range []Store{ms, plainStore{ms}} {
				b, err := OpenArray(s, "s")
				if err != nil {
					t.Fatal(err)
				}
				got, err := b.Read()
				if err != nil || !bytes.Equal(got, data) {
					t.Fatalf("%T: read back differs (%v)", s, err)
				}
				// Regions against an unsharded copy.
				ref, _ := CreateArray(NewMemStore(), "", ArrayMetadata{Shape: c.shape, DataType: c.dtype, ChunkShape: c.shard})
				_ = ref.Write(data)
				start := make([]int64, len(c.shape))
				count := make([]int64, len(c.shape))
				for d := range c.shape {
					start[d] = c.shape[d] / 3
					count[d] = c.shape[d]/2 + 1
				}
				r1, err := b.ReadRegion(start, stopOf(start, count))
				if err != nil {
					t.Fatal(err)
				}
				r2, _ := ref.ReadRegion(start, stopOf(start, count))
				if !bytes.Equal(r1, r2) {
					t.Fatalf("%T: region differs", s)
				}
			}
			// A partial write (read-modify-write of shards) keeps the rest.
			start := make([]int64, len(c.shape))
			count := make([]int64, len(c.shape))
			for d := range c.shape {
				count[d] = 1
			}
			one := make([]byte, c.dtype.Size())
			one[0] = 1
			if err := a.WriteRegion(start, stopOf(start, count), one); err != nil {
				t.Fatal(err)
			}
			got, err := a.Read()
			if err != nil {
				t.Fatal(err)
			}
			copy(data, one)
			if !bytes.Equal(got, data) {
				t.Fatal("partial write changed other elements")
			}
		})
	}
}

// TestShardingReadsOnlyWhatItNeeds counts the bytes a one-element read of a
// sharded array takes from a RangeStore: the index and one inner chunk.
func TestShardingReadsOnlyWhatItNeeds(t *testing.T) {
	c := shardCases[0]
	cs := &countingStore{MemStore: NewMemStore()}
	a, err := CreateArray(cs, "", c.metadata(t))
	if err != nil {
		t.Fatal(err)
	}
	data := c.data(t)
	if err := a.Write(data); err != nil {
		t.Fatal(err)
	}
	shard, _ := cs.MemStore.Get("c/1/1")
	cs.read.Store(0)
	cs.calls.Store(0)
	got, err := a.ReadRegion([]int64{40, 45}, []int64{41, 46})
	if err != nil {
		t.Fatal(err)
	}
	if want := data[(40*70+45)*4:][:4]; !bytes.Equal(got, want) {
		t.Fatalf("element = % x, want % x", got, want)
	}
	// The index: 4x2 inner chunks, 16 bytes each, and the crc32c.
	sc := a.l.shard
	idx, err := sc.parseIndex("c/1/1", shard[len(shard)-int(sc.indexSize):], int64(len(shard)))
	if err != nil {
		t.Fatal(err)
	}
	k := sc.linear([]int64{(40 - 32) / 8, (45 - 32) / 16})
	want := sc.indexSize + int64(idx[2*k+1])
	t.Logf("one-element read: %d bytes in %d reads (index %d + inner chunk %d) of a %d-byte shard",
		cs.read.Load(), cs.calls.Load(), sc.indexSize, idx[2*k+1], len(shard))
	if cs.read.Load() != want || cs.calls.Load() != 2 {
		t.Fatalf("read %d bytes in %d calls, want %d in 2", cs.read.Load(), cs.calls.Load(), want)
	}
	if sc.indexSize != 4*2*16+4 {
		t.Errorf("index size %d", sc.indexSize)
	}
	// A read in an empty inner chunk takes the index only.
	cs.read.Store(0)
	if _, err := a.ReadRegion([]int64{0, 0}, []int64{1, 1}); err != nil {
		t.Fatal(err)
	}
	if cs.read.Load() != sc.indexSize {
		t.Errorf("read of an empty inner chunk took %d bytes, want the %d of the index", cs.read.Load(), sc.indexSize)
	}
}

// buildShard assembles a shard by hand, as the specification describes it:
// the inner chunks given (nil: empty) in order, then the index of
// little-endian uint64 (offset, nbytes) pairs and its CRC32C.
func buildShard(chunks [][]byte) []byte {
	var body, index []byte
	for _, c := range chunks {
		if c == nil {
			index = binary.LittleEndian.AppendUint64(index, math.MaxUint64)
			index = binary.LittleEndian.AppendUint64(index, math.MaxUint64)
			continue
		}
		index = binary.LittleEndian.AppendUint64(index, uint64(len(body)))
		index = binary.LittleEndian.AppendUint64(index, uint64(len(c)))
		body = append(body, c...)
	}
	index = binary.LittleEndian.AppendUint32(index, crc32.Checksum(index, crc32.MakeTable(crc32.Castagnoli)))
	return append(body, index...)
}

// handShardArray writes a 1-shard int32 array of 4x6 with inner chunks of
// 2x3 encoded by blosc (Blosc1 chunks), the chunk (1, 0) empty, built
// without this package's shard writer.
func handShardArray(t testing.TB, s Store) (want []byte) {
	meta := []byte(`{"zarr_format":3,"node_type":"array","shape":[4,6],"data_type":"int32",
	"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4,6]}},
	"chunk_key_encoding":{"name":"default","configuration":{"separator":"/"}},"fill_value":-7,
	"codecs":[{"name":"sharding_indexed","configuration":{"chunk_shape":[2,3],
	  "codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"blosc","configuration":{"cname":"lz4","clevel":5,"shuffle":"shuffle","typesize":4,"blocksize":0}}],
	  "index_codecs":[{"name":"bytes","configuration":{"endian":"little"}},{"name":"crc32c"}],"index_location":"end"}}]}`)
	if err := s.Set("zarr.json", meta); err != nil {
		t.Fatal(err)
	}
	blosc, err := offsetcodec.NewBlosc(offsetcodec.BloscConfig{Cname: "lz4", Clevel: 5, Shuffle: "shuffle", Typesize: 4})
	if err != nil {
		t.Fatal(err)
	}
	want = make([]byte, 4*6*4)
	var chunks [][]byte
	for ci := 0; ci < 2; ci++ {
		for cj := 0; cj < 2; cj++ {
			raw := make([]byte, 0, 24)
			for i := 0; i < 2; i++ {
				for j := 0; j < 3; j++ {
					v := int32(-7)
					if !(ci == 1 && cj == 0) {
						v = int32(100*(ci*2+i) + cj*3 + j)
					}
					raw = binary.LittleEndian.AppendUint32(raw, uint32(v))
					binary.LittleEndian.PutUint32(want[((ci*2+i)*6+cj*3+j)*4:], uint32(v))
				}
			}
			if ci == 1 && cj == 0 {
				chunks = append(chunks, nil)
				continue
			}
			enc, err := blosc.Encode(nil, raw)
			if err != nil {
				t.Fatal(err)
			}
			chunks = append(chunks, enc)
		}
	}
	if err := s.Set("c/0/0", buildShard(chunks)); err != nil {
		t.Fatal(err)
	}
	return want
}

func TestShardingHandBuilt(t *testing.T) {
	ms := NewMemStore()
	want := handShardArray(t, ms)
	for _, s := range []Store{ms, plainStore{ms}} {
		a, err := OpenArray(s, "")
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Read()
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%T: hand-built shard reads differently (%v)", s, err)
		}
	}
}

func TestShardingCorrupt(t *testing.T) {
	ms := NewMemStore()
	handShardArray(t, ms)
	good, _ := ms.Get("c/0/0")
	mutate := map[string]func([]byte) []byte{
		"crc":       func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"truncated": func(b []byte) []byte { return b[len(b)-20:] },
		"empty":     func(b []byte) []byte { return nil },
		"offset": func(b []byte) []byte {
			idx := b[len(b)-68:]
			binary.LittleEndian.PutUint64(idx, 1<<40)
			binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.Checksum(idx[:64], crc32.MakeTable(crc32.Castagnoli)))
			return b
		},
		"half-empty": func(b []byte) []byte {
			idx := b[len(b)-68:]
			binary.LittleEndian.PutUint64(idx, math.MaxUint64)
			binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.Checksum(idx[:64], crc32.MakeTable(crc32.Castagnoli)))
			return b
		},
	}
	for name, f := range mutate {
		_ = ms.Set("c/0/0", f(append([]byte(nil), good...)))
		for _, s := range []Store{ms, plainStore{ms}} {
			a, err := OpenArray(s, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.Read(); err == nil {
				t.Errorf("%s (%T): no error", name, s)
			} else if !errors.Is(err, ErrCorrupt) {
				t.Errorf("%s (%T): %v does not wrap ErrCorrupt", name, s, err)
			}
		}
	}
}

func TestShardingMetadataErrors(t *testing.T) {
	bad := []string{
		`{"name":"sharding_indexed","configuration":{"chunk_shape":[3,3],"codecs":["bytes"]}}`,                                          // does not divide
		`{"name":"sharding_indexed","configuration":{"chunk_shape":[2],"codecs":["bytes"]}}`,                                            // dimensions
		`{"name":"sharding_indexed","configuration":{"chunk_shape":[2,2],"codecs":["bytes"],"index_codecs":["bytes",{"name":"gzip"}]}}`, // index size varies
		`{"name":"sharding_indexed","configuration":{"chunk_shape":[2,2],"codecs":["bytes"],"index_location":"middle"}}`,
		`{"name":"sharding_indexed","configuration":{"chunk_shape":[2,2],"codecs":[{"name":"sharding_indexed","configuration":{"chunk_shape":[1,1],"codecs":["bytes"]}}]}}`,
	}
	for _, js := range bad {
		c, err := parseCodec("codecs[0]", json.RawMessage(js))
		if err == nil {
			_, err = CreateArray(NewMemStore(), "", ArrayMetadata{Shape: []int64{8, 8}, DataType: Uint8, ChunkShape: []int64{4, 4}, Codecs: []Codec{c}})
		}
		if err == nil {
			t.Errorf("%s: accepted", js)
		}
	}
}

// BenchmarkShardedRead reads one inner chunk's worth of a sharded array
// through ranged reads and through whole-shard reads.
func BenchmarkShardedRead(b *testing.B) {
	c := shardCases[0]
	ms := NewMemStore()
	a, err := CreateArray(ms, "", c.metadata(b))
	if err != nil {
		b.Fatal(err)
	}
	if err := a.Write(c.data(b)); err != nil {
		b.Fatal(err)
	}
	for _, s := range []Store{ms, plainStore{ms}} {
		name := "ranged"
		if _, ok := s.(RangeStore); !ok {
			name = "whole-shard"
		}
		b.Run(name, func(b *testing.B) {
			arr, err := OpenArray(s, "")
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(8 * 16 * 4)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := arr.ReadRegion([]int64{40, 32}, []int64{48, 48}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
