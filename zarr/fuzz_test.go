package zarr

import (
	"bytes"
	"testing"
)

func FuzzParseArrayMetadata(f *testing.F) {
	for _, c := range zarritaCases {
		m := ArrayMetadata{Shape: c.shape, DataType: c.dtype, ChunkShape: c.chunk, ChunkKeyEncoding: c.keys}
		for _, js := range c.codecs {
			cd, err := parseCodec("seed", []byte(js))
			if err != nil {
				f.Fatal(err)
			}
			m.Codecs = append(m.Codecs, cd)
		}
		doc, err := m.MarshalJSON()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(doc)
	}
	f.Add([]byte(`{"zarr_format":3,"node_type":"array","shape":[],"data_type":"float64","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[]}},"chunk_key_encoding":"default","fill_value":"0x7ff8000000000001","codecs":["bytes"]}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		m, err := ParseArrayMetadata(doc)
		if err != nil {
			return
		}
		// Valid metadata writes back to metadata that parses the same way.
		out, err := m.MarshalJSON()
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		m2, err := ParseArrayMetadata(out)
		if err != nil {
			t.Fatalf("re-parse: %v\n%s", err, out)
		}
		out2, _ := m2.MarshalJSON()
		if !bytes.Equal(out, out2) {
			t.Fatalf("unstable metadata:\n%s\n%s", out, out2)
		}
	})
}

// FuzzDecodeChunk feeds arbitrary stored chunks to pipelines with every
// codec; decoding must fail cleanly or give a chunk of the right size.
func FuzzDecodeChunk(f *testing.F) {
	codecLists := [][]string{
		{`{"name":"transpose","configuration":{"order":[1,0]}}`, `{"name":"bytes","configuration":{"endian":"big"}}`, `{"name":"zstd"}`, `{"name":"offset","configuration":{"offset":12}}`},
		{`{"name":"bytes","configuration":{"endian":"little"}}`, `{"name":"gzip","configuration":{"level":1}}`, `{"name":"crc32c"}`},
		{`{"name":"bytes","configuration":{"endian":"little"}}`, `{"name":"pad","configuration":{"location":"end","nbytes":3}}`},
	}
	var pipes []*pipeline
	for i, list := range codecLists {
		var codecs []Codec
		for _, js := range list {
			c, err := parseCodec("seed", []byte(js))
			if err != nil {
				f.Fatal(err)
			}
			codecs = append(codecs, c)
		}
		p, err := newPipeline(codecs, []int64{8, 8}, 2, 128)
		if err != nil {
			f.Fatal(err)
		}
		pipes = append(pipes, p)
		good, err := p.encode(randomBytes(128, int64(i)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), good)
	}
	f.Fuzz(func(t *testing.T, which uint8, stored []byte) {
		p := pipes[int(which)%len(pipes)]
		chunk, err := p.decode("fuzz", stored)
		if err == nil && len(chunk) != 128 {
			t.Fatalf("decoded %d bytes", len(chunk))
		}
	})
}

// FuzzParseArrayMetadataV2 parses arbitrary .zarray documents: valid ones
// write back to a document that parses to the same metadata.
func FuzzParseArrayMetadataV2(f *testing.F) {
	for _, c := range v2Cases() {
		m := ArrayMetadataV2{Shape: c.shape, Chunks: c.chunks, Dtype: c.dtype, Order: c.order, DimensionSeparator: c.sep,
			FillValue: []byte(c.fill)}
		if c.compressor != "" {
			f.Add([]byte(`{"zarr_format":2,"shape":[5,6],"chunks":[2,3],"dtype":"` + c.dtype + `","compressor":` + c.compressor +
				`,"fill_value":` + c.fill + `,"order":"` + c.order + `","filters":null,"dimension_separator":"` + c.sep + `"}`))
		}
		if doc, err := m.MarshalJSON(); err == nil {
			f.Add(doc)
		}
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		m, err := ParseArrayMetadataV2(doc)
		if err != nil {
			return
		}
		out, err := m.MarshalJSON()
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		m2, err := ParseArrayMetadataV2(out)
		if err != nil {
			t.Fatalf("re-parse: %v\n%s", err, out)
		}
		out2, _ := m2.MarshalJSON()
		if !bytes.Equal(out, out2) {
			t.Fatalf("unstable metadata:\n%s\n%s", out, out2)
		}
	})
}

// FuzzShardIndex feeds arbitrary shards to sharded arrays (index at the end
// and at the start, read whole and through ranges): reading fails cleanly
// or gives the array's size.
func FuzzShardIndex(f *testing.F) {
	var arrays []*Array
	var stores []*MemStore
	for i, c := range shardCases[:2] {
		ms := NewMemStore()
		a, err := CreateArray(ms, "", c.metadata(f))
		if err != nil {
			f.Fatal(err)
		}
		if err := a.Write(c.data(f)); err != nil {
			f.Fatal(err)
		}
		shard, _ := ms.Get(a.ChunkKey(make([]int64, len(c.shape))))
		f.Add(uint8(i), shard)
		arrays, stores = append(arrays, a), append(stores, ms)
	}
	hand := NewMemStore()
	handShardArray(f, hand)
	ha, err := OpenArray(hand, "")
	if err != nil {
		f.Fatal(err)
	}
	shard, _ := hand.Get("c/0/0")
	f.Add(uint8(2), shard)
	arrays, stores = append(arrays, ha), append(stores, hand)
	f.Fuzz(func(t *testing.T, which uint8, shard []byte) {
		i := int(which) % len(arrays)
		a, ms := arrays[i], stores[i]
		key := a.ChunkKey(make([]int64, len(a.l.shape)))
		if err := ms.Set(key, shard); err != nil {
			t.Fatal(err)
		}
		_, size, _ := a.l.region(make([]int64, len(a.l.shape)), a.l.chunk)
		if got, err := a.l.shard.decode(key, shard); err == nil && len(got) != size {
			t.Fatalf("whole shard decoded to %d bytes, want %d", len(got), size)
		}
		count := make([]int64, len(a.l.shape))
		for d := range count {
			count[d] = min(a.l.shape[d], 3)
		}
		if got, err := a.ReadRegion(make([]int64, len(count)), count); err == nil {
			if _, want, _ := a.l.region(make([]int64, len(count)), count); len(got) != want {
				t.Fatalf("region of %d bytes", len(got))
			}
		}
	})
}
