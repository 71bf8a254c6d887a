package zstd

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// trainRecords returns n small JSON-like records with the same field names
// and different values: what dictionaries are made for.
func trainRecords(n int, seed uint64) [][]byte {
	r := testgen.SplitMix64(seed)
	statuses := []string{"active", "suspended", "pending-review", "closed"}
	cities := []string{"Amsterdam", "Barcelona", "Copenhagen", "Dublin", "Edinburgh", "Florence"}
	var out [][]byte
	for i := 0; i < n; i++ {
		id := r.Intn(1000000)
		rec := fmt.Sprintf(`{"id":%d,"name":"user_%06d","email":"user_%06d@example.org",`+
			`"status":"%s","address":{"city":"%s","zip":"%05d"},"balance":%d.%02d,`+
			`"tags":["customer","newsletter","region-%d"],"created":"2024-%02d-%02dT%02d:%02d:00Z"}`,
			id, id, id, statuses[r.Intn(len(statuses))], cities[r.Intn(len(cities))], r.Intn(100000),
			r.Intn(10000), r.Intn(100), r.Intn(9), 1+r.Intn(12), 1+r.Intn(28), r.Intn(24), r.Intn(60))
		out = append(out, []byte(rec))
	}
	return out
}

// TestTrainDict: a dictionary trained on records makes unseen records
// smaller, and the frames decode with our decoder, klauspost/compress's and
// the zstd command line tool (when installed) given the dictionary.
func TestTrainDict(t *testing.T) {
	samples := trainRecords(400, 1)
	for _, p := range []*TrainParams{nil, {D: 6}, {Steps: 10}, {Split: 1}, {Level: 9}} {
		name := "default"
		if p != nil {
			name = fmt.Sprintf("%+v", *p)
		}
		t.Run(name, func(t *testing.T) {
			td, err := TrainDict(samples, 4096, p)
			if err != nil {
				t.Fatal(err)
			}
			if len(td.Content) == 0 || len(td.Content) > 4096 || td.K < 50 || td.K > 2000 {
				t.Fatalf("dictionary of %d bytes, k %d", len(td.Content), td.K)
			}
			if td.HeldOut >= td.HeldOutPlain+len(td.Content) || td.NHeldOut == 0 {
				t.Fatalf("held out: %d with the dictionary (its %d bytes included), %d without", td.HeldOut, len(td.Content), td.HeldOutPlain)
			}
			checkDictHelps(t, td.Content, trainRecords(50, 77))
		})
	}
}

// checkDictHelps compresses each input with and without dict, checks that
// the dictionary saves at least a third, and decodes the frames with our
// decoder and klauspost/compress's.
func checkDictHelps(t *testing.T, dict []byte, inputs [][]byte) [][]byte {
	t.Helper()
	enc := NewEncoder(3)
	d := NewRawDict(0, dict)
	kd, err := kzstd.NewReader(nil, kzstd.WithDecoderDictRaw(0, dict))
	if err != nil {
		t.Fatal(err)
	}
	defer kd.Close()
	var dec Decoder
	withDict, without := 0, 0
	var frames [][]byte
	for _, in := range inputs {
		enc.SetDict(nil)
		without += len(enc.EncodeAll(nil, in))
		enc.SetDict(d)
		f := enc.EncodeAll(nil, in)
		withDict += len(f)
		frames = append(frames, f)
		out := make([]byte, len(in))
		if n, err := dec.DecodeDictInto(out, f, d); err != nil || !bytes.Equal(out[:n], in) {
			t.Fatalf("our decoder: %v", err)
		}
		if got, err := kd.DecodeAll(f, nil); err != nil || !bytes.Equal(got, in) {
			t.Fatalf("klauspost/compress: %v", err)
		}
	}
	if withDict*3 > without*2 {
		t.Errorf("%d bytes with the dictionary, %d without", withDict, without)
	}
	return frames
}

// TestTrainDictCLI: the zstd command line tool decodes frames made with a
// trained dictionary (zstd -D), and compresses with it too.
func TestTrainDictCLI(t *testing.T) {
	tool := peertest.Command(t, "zstd", "zstd")
	td, err := TrainDict(trainRecords(300, 2), 8192, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	df := filepath.Join(dir, "dict")
	if err := os.WriteFile(df, td.Content, 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := trainRecords(20, 3)
	frames := checkDictHelps(t, td.Content, inputs)
	for i, f := range frames {
		cmd := exec.Command(tool, "-q", "-d", "-c", "-D", df)
		cmd.Stdin = bytes.NewReader(f)
		if got := peertest.Output(t, "zstd -d -D", cmd); !bytes.Equal(got, inputs[i]) {
			t.Fatalf("record %d: zstd -d -D gives other bytes", i)
		}
		cmd = exec.Command(tool, "-q", "-c", "-3", "-D", df)
		cmd.Stdin = bytes.NewReader(inputs[i])
		cf := peertest.Output(t, "zstd -D", cmd)
		var dec Decoder
		out := make([]byte, len(inputs[i]))
		if n, err := dec.DecodeDictInto(out, cf, NewRawDict(0, td.Content)); err != nil || !bytes.Equal(out[:n], inputs[i]) {
			t.Fatalf("record %d: our decoder on zstd -D's frame: %v", i, err)
		}
	}
}

// TestTrainDictDeterministic: the same samples give the same dictionary,
// from a new Trainer or one reused after other samples.
func TestTrainDictDeterministic(t *testing.T) {
	samples := trainRecords(100, 4)
	a, err := TrainDict(samples, 2048, nil)
	if err != nil {
		t.Fatal(err)
	}
	var tr Trainer
	if _, err := tr.Train(trainRecords(300, 5), 16384, &TrainParams{D: 6}); err != nil {
		t.Fatal(err)
	}
	b, err := tr.Train(samples, 2048, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Content, b.Content) || a.K != b.K || a.HeldOut != b.HeldOut {
		t.Fatal("a reused Trainer gives another dictionary")
	}
}

// TestTrainDictErrors: parameters and samples TrainDict refuses, with an
// error wrapping ErrTrain.
func TestTrainDictErrors(t *testing.T) {
	ok := trainRecords(20, 6)
	cases := []struct {
		name    string
		samples [][]byte
		size    int
		p       *TrainParams
	}{
		{"no samples", nil, 1024, nil},
		{"four to train on", ok[:6], 1024, nil},
		{"none held out", ok[:5], 1024, &TrainParams{Split: 0.99}},
		{"empty samples", make([][]byte, 10), 1024, nil},
		{"tiny samples", [][]byte{{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}}, 1024, nil},
		{"small dictionary", ok, MinDictSize - 1, nil},
		{"d 7", ok, 1024, &TrainParams{D: 7}},
		{"steps", ok, 1024, &TrainParams{Steps: 41}},
		{"negative steps", ok, 1024, &TrainParams{Steps: -1}},
		{"split", ok, 1024, &TrainParams{Split: 1.5}},
		{"negative split", ok, 1024, &TrainParams{Split: -0.5}},
		{"level", ok, 1024, &TrainParams{Level: 23}},
		{"all zeros", [][]byte{make([]byte, 100), make([]byte, 100), make([]byte, 100), make([]byte, 100), make([]byte, 100), make([]byte, 100), make([]byte, 100), make([]byte, 100)}, 1024, nil},
	}
	for _, c := range cases {
		td, err := TrainDict(c.samples, c.size, c.p)
		if c.name == "all zeros" {
			// One segment of zeros covers every dmer: a dictionary, small.
			if err != nil || len(td.Content) == 0 || len(td.Content) > 2000 {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if !errors.Is(err, ErrTrain) {
			t.Errorf("%s: error %v, want ErrTrain", c.name, err)
		}
	}
}

// FuzzTrainDict: any samples and sizes give a dictionary within the size
// asked for that round-trips a sample, or an error wrapping ErrTrain;
// never a panic.
func FuzzTrainDict(f *testing.F) {
	f.Add([]byte(`{"a":1,"b":"xyz"}{"a":2,"b":"xyw"}{"a":3,"b":"xzz"}`), uint16(300), uint8(8), uint8(9))
	f.Add(testgen.Text(3000, 1), uint16(1024), uint8(10), uint8(3))
	f.Add(make([]byte, 500), uint16(256), uint8(6), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, size uint16, n, d uint8) {
		if n == 0 {
			n = 1
		}
		var samples [][]byte
		step := len(data)/int(n) + 1
		for i := 0; i < len(data); i += step {
			samples = append(samples, data[i:min(i+step, len(data))])
		}
		p := &TrainParams{D: 8}
		if d&1 != 0 {
			p.D = 6
		}
		p.Steps = 1 + int(d>>1)%8
		td, err := TrainDict(samples, int(size), p)
		if err != nil {
			if !errors.Is(err, ErrTrain) {
				t.Fatalf("error %v does not wrap ErrTrain", err)
			}
			return
		}
		if len(td.Content) == 0 || len(td.Content) > int(size) {
			t.Fatalf("dictionary of %d bytes for %d", len(td.Content), size)
		}
		enc := NewEncoder(3)
		dict := NewRawDict(0, td.Content)
		enc.SetDict(dict)
		fr := enc.EncodeAll(nil, data)
		var dec Decoder
		out := make([]byte, len(data))
		if m, err := dec.DecodeDictInto(out, fr, dict); err != nil || !bytes.Equal(out[:m], data) {
			t.Fatalf("round trip with the dictionary: %v", err)
		}
	})
}

// BenchmarkTrainDict trains 32 KiB dictionaries from 64 KiB of records,
// as package blosc does for a 1 MiB chunk.
func BenchmarkTrainDict(b *testing.B) {
	var samples [][]byte
	size := 0
	for _, r := range trainRecords(2000, 8) {
		if size >= 64<<10 {
			break
		}
		samples = append(samples, r)
		size += len(r)
	}
	var tr Trainer
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := tr.Train(samples, 32<<10, nil); err != nil {
			b.Fatal(err)
		}
	}
}
