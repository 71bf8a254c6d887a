// Command gobench is the Go twin of the C-Blosc2 benchmark in ../shared/reference/tools (bench.c): the same
// datasets, workloads and JSON lines, through the project's public API (blosc.Encoder with Workers =
// nthreads, blosc.Decoder WithWorkers(nthreads)), so that each workload can be timed side by side with
// C-Blosc2 in one run by perf_matrix.py. It lives in the module so that it follows API changes (CI builds it):
//
//	go build -o /tmp/gobench ./bench/gobench
//	../shared/reference/tools/perf_matrix.py /tmp/gobench m.jsonl zstd
//
//	gobench [-r REPEATS] [WORD...]   (WORDs select workloads whose JSON tag holds every word)
//	gobench -decode FILE.b2frame [-r REPEATS] [-t NTHREADS]
//
// -decode is the twin of tools/ref/decframe.c: the frame file is read into memory, and each repeat decodes
// all its chunks into one reused buffer (frame.OpenBytes, a Decoder WithWorkers(NTHREADS), GOMAXPROCS =
// NTHREADS); it prints the best MB/s and the sha256 of the decoded bytes.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

const total = 64 << 20

func next(st *uint64) uint64 {
	*st += 0x9E3779B97F4A7C15
	z := *st
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func dataset(name string, b []byte) {
	switch name {
	case "f64_smooth":
		for i := 0; i < total/8; i++ {
			v := 1000.0*math.Sin(float64(i)*1e-4) + 10.0*math.Cos(float64(i)*3e-3)
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
		}
	case "i32_ramp_noise":
		st := uint64(42)
		for i := 0; i < total/4; i++ {
			binary.LittleEndian.PutUint32(b[4*i:], uint32(int32(i)+int32(next(&st)&0xff)))
		}
	case "random":
		st := uint64(7)
		for i := 0; i < total; i += 8 {
			binary.LittleEndian.PutUint64(b[i:], next(&st))
		}
	default:
		clear(b)
	}
}

var words []string

func wanted(tag string) bool {
	for _, w := range words {
		if !strings.Contains(tag, w) {
			return false
		}
	}
	return true
}

func benchCodec(ds string, src, out []byte, chunks [][]byte, codec blosc.Codec, cname string, clevel int,
	filter blosc.Filter, fname string, chunk, nthreads, typesize, repeats int) {
	tag := fmt.Sprintf(`{"kind":"codec","dataset":"%s","typesize":%d,"codec":"%s","clevel":%d,"filter":"%s","chunk_bytes":%d,"nthreads":%d,"total_bytes":%d`,
		ds, typesize, cname, clevel, fname, chunk, nthreads, total)
	if !wanted(tag) {
		return
	}
	runtime.GOMAXPROCS(nthreads)
	opts := blosc.DefaultOptions()
	opts.Codec, opts.Clevel, opts.Typesize, opts.Workers = codec, clevel, typesize, nthreads
	opts.Filters = [blosc.MaxFilters]blosc.Filter{}
	opts.Filters[blosc.MaxFilters-1] = filter
	enc, err := blosc.NewEncoder(opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "encoder:", err)
		os.Exit(1)
	}
	dec, err := blosc.NewDecoder(blosc.WithWorkers(nthreads))
	if err != nil {
		fmt.Fprintln(os.Stderr, "decoder:", err)
		os.Exit(1)
	}
	n := total / chunk
	bc, bd := math.Inf(1), math.Inf(1)
	var cbytes int
	for r := 0; r < repeats; r++ {
		t0 := time.Now()
		cbytes = 0
		for i := 0; i < n; i++ {
			c, err := enc.Compress(chunks[i][:0], src[i*chunk:(i+1)*chunk])
			if err != nil {
				fmt.Fprintln(os.Stderr, "compress:", err)
				os.Exit(1)
			}
			chunks[i] = c
			cbytes += len(c)
		}
		t1 := time.Now()
		for i := 0; i < n; i++ {
			if _, err := dec.DecompressInto(out[i*chunk:(i+1)*chunk], chunks[i]); err != nil {
				fmt.Fprintln(os.Stderr, "decompress:", err)
				os.Exit(1)
			}
		}
		t2 := time.Now()
		bc = math.Min(bc, t1.Sub(t0).Seconds())
		bd = math.Min(bd, t2.Sub(t1).Seconds())
	}
	ok := bytes.Equal(src, out)
	fmt.Printf("%s,\"cbytes\":%d,\"ratio\":%.3f,\"compress_MBps\":%.1f,\"decompress_MBps\":%.1f,\"roundtrip_ok\":%v,\"repeats\":%d}\n",
		tag, cbytes, float64(total)/float64(cbytes), total/bc/1e6, total/bd/1e6, ok, repeats)
}

func main() {
	repeats := flag.Int("r", 3, "repeats (best time counts)")
	decode := flag.String("decode", "", "time decoding this frame file instead")
	threads := flag.Int("t", 1, "threads for -decode")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "cpuprofile:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "cpuprofile:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if *decode != "" {
		decodeFrame(*decode, *repeats, *threads)
		return
	}
	words = flag.Args()
	src, out := make([]byte, total), make([]byte, total)
	for i := range out {
		out[i] = 1
	}
	chunks := make([][]byte, total/(1<<20))
	for i := range chunks {
		chunks[i] = make([]byte, 0, (4<<20)+blosc.MaxOverhead)
	}
	type codec struct {
		c     blosc.Codec
		name  string
		level int
	}
	codecs := []codec{{blosc.BloscLZ, "blosclz", 5}, {blosc.LZ4, "lz4", 5}, {blosc.LZ4HC, "lz4hc", 5},
		{blosc.Zstd, "zstd", 1}, {blosc.Zstd, "zstd", 5}, {blosc.Zlib, "zlib", 5}}
	type filt struct {
		f    blosc.Filter
		name string
	}
	filters := []filt{{blosc.Shuffle, "shuffle"}, {blosc.BitShuffle, "bitshuffle"}, {blosc.NoFilter, "noshuffle"}}
	datasets := []string{"f64_smooth", "i32_ramp_noise", "random", "zeros"}
	dts := []int{8, 4, 8, 8}
	for d, ds := range datasets {
		loaded := false
		for _, c := range codecs {
			for _, f := range filters {
				for _, chunk := range []int{1 << 20, 4 << 20} {
					for nt := 1; nt <= 2; nt++ {
						tag := fmt.Sprintf(`{"kind":"codec","dataset":"%s","typesize":%d,"codec":"%s","clevel":%d,"filter":"%s","chunk_bytes":%d,"nthreads":%d,"total_bytes":%d`,
							ds, dts[d], c.name, c.level, f.name, chunk, nt, total)
						if !wanted(tag) {
							continue
						}
						if !loaded {
							dataset(ds, src)
							loaded = true
						}
						benchCodec(ds, src, out, chunks, c.c, c.name, c.level, f.f, f.name, chunk, nt, dts[d], *repeats)
					}
				}
			}
		}
	}
}

func decodeFrame(path string, repeats, nt int) {
	runtime.GOMAXPROCS(nt)
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	dec, err := blosc.NewDecoder(blosc.WithWorkers(nt))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	f, err := frame.OpenBytes(b, frame.WithDecoder(dec), frame.WithWorkers(nt))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	out := make([]byte, f.Nbytes())
	best := math.Inf(1)
	for r := 0; r < repeats; r++ {
		t0 := time.Now()
		got, err := f.Decode(out[:0])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		best = math.Min(best, time.Since(t0).Seconds())
		out = got
	}
	fmt.Printf("{\"kind\":\"decframe\",\"nthreads\":%d,\"nbytes\":%d,\"MBps\":%.1f,\"sha256\":\"%x\",\"repeats\":%d}\n",
		nt, len(out), float64(len(out))/best/1e6, sha256.Sum256(out), repeats)
}
