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
