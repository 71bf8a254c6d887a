package bench

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/internal/peertest"
)

// The chunks are written by C-Blosc 1.21 (Debian's python3-blosc): Blosc1
// format (16-byte header), same codecs and stream formats as C-Blosc2. The
// python process also times C-Blosc 1.21 decoding them, so that Go and C
// are measured in the same run on the same bytes.

//go:embed cblosc.py
var cbloscScript string

// codecSpec is one compressor setting of the workloads.
type codecSpec struct {
	name    string // as in the report: "shuffle+lz4:5"
	cname   string
	clevel  int
	shuffle int    // 0 noshuffle, 1 shuffle, 2 bitshuffle
	filter  string // "noshuffle", "shuffle", "bitshuffle" (reference naming)
}

var codecs = []codecSpec{
	{"shuffle+lz4:5", "lz4", 5, 1, "shuffle"},
	{"shuffle+blosclz:5", "blosclz", 5, 1, "shuffle"},
	{"shuffle+zstd:1", "zstd", 1, 1, "shuffle"},
	{"shuffle+zstd:5", "zstd", 5, 1, "shuffle"},
	{"bitshuffle+zstd:5", "zstd", 5, 2, "bitshuffle"},
	{"noshuffle+lz4:5", "lz4", 5, 0, "noshuffle"},
}

var chunkSizes = []int{1 << 20, 4 << 20}

// workersList is the Decoder workers (and C threads) measured.
var workersList = []int{1, 2}

// workload is one dataset compressed with one codec setting into chunks of
// one size.
type workload struct {
	ds         *dataset
	codec      codecSpec
	chunkBytes int
	file       string // the chunks, back to back
	nchunks    int
	cbytes     int64

	mu    sync.Mutex
	cMBps map[int]float64 // C-Blosc 1.21 MB/s by thread count, measured once for the benchmarks
}

func (w *workload) name() string {
	return fmt.Sprintf("%s/%s/%dMiB", w.ds.name, w.codec.name, w.chunkBytes>>20)
}

// env is the shared benchmark setup, made once per test binary run.
type env struct {
	dir       string
	data      map[string][]byte // dataset name -> bytes
	rawPath   map[string]string // dataset name -> file holding its bytes
	workloads []*workload
	cVersion  string
	c         *cServer
	missing   string // why the peer is unusable
	err       error
}

var (
	setupOnce sync.Once
	shared    env
)

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.c != nil {
		shared.c.close()
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// envInt reads a positive integer setting from the environment.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// datasetBytes is the size of each dataset: BLOSC2_BENCH_MB MiB (16 by
// default), a multiple of both chunk sizes.
func datasetBytes() int {
	return envInt("BLOSC2_BENCH_MB", 16) << 20
}

// generated returns the datasets (made once; no peer needed).
var (
	dataOnce sync.Once
	dataSets map[string][]byte
)

func generated() map[string][]byte {
	dataOnce.Do(func() {
		dataSets = map[string][]byte{}
		n := datasetBytes()
		for i := range datasets {
			b := make([]byte, n)
			datasets[i].fill(b)
			dataSets[datasets[i].name] = b
		}
	})
	return dataSets
}

// setup returns the shared environment, skipping or failing tb when the
// C-Blosc 1.21 peer is unusable.
func setup(tb testing.TB) *env {
	tb.Helper()
	peertest.SkipIfDisabled(tb, "C-Blosc 1.21 (python3-blosc) to write the chunks")
	setupOnce.Do(func() { shared.init() })
	if shared.missing != "" {
		peertest.Missing(tb, shared.missing)
	}
	if shared.err != nil {
		tb.Fatal(shared.err)
	}
	return &shared
}

func (e *env) init() {
	if err := peertest.CheckPython("blosc", "numpy"); err != nil {
		e.missing = "the workloads need C-Blosc 1.21 to write the chunks: " + err.Error()
		return
	}
	e.data = generated()
	dir, err := os.MkdirTemp("", "blosc2-bench-")
	if err != nil {
		e.err = err
		return
	}
	e.dir = dir
	if e.err = e.compress(); e.err != nil {
		return
	}
	e.c, e.err = startCServer(filepath.Join(e.dir, "cblosc.py"))
}

// compress runs the python helper, which writes every workload's chunks.
func (e *env) compress() error {
	type specSet struct {
		Name       string `json:"name"`
		Input      string `json:"input"`
		Output     string `json:"output"`
		Typesize   int    `json:"typesize"`
		Cname      string `json:"cname"`
		Clevel     int    `json:"clevel"`
		Shuffle    int    `json:"shuffle"`
		ChunkBytes int    `json:"chunk_bytes"`
	}
	var spec struct {
		Sets []specSet `json:"sets"`
	}
	e.rawPath = map[string]string{}
	for i := range datasets {
		ds := &datasets[i]
		in := filepath.Join(e.dir, ds.name+".raw")
		if err := os.WriteFile(in, e.data[ds.name], 0o644); err != nil {
			return err
		}
		e.rawPath[ds.name] = in
		for _, c := range codecs {
			for _, cs := range chunkSizes {
				w := &workload{ds: ds, codec: c, chunkBytes: cs}
				w.file = filepath.Join(e.dir, fmt.Sprintf("w%03d.chunks", len(e.workloads)))
				e.workloads = append(e.workloads, w)
				spec.Sets = append(spec.Sets, specSet{
					Name: w.name(), Input: in, Output: w.file, Typesize: ds.typesize,
					Cname: c.cname, Clevel: c.clevel, Shuffle: c.shuffle, ChunkBytes: cs,
				})
			}
		}
	}
	specJSON, err := json.Marshal(spec)
	if err != nil {
		return err
	}
	specPath := filepath.Join(e.dir, "spec.json")
	resPath := filepath.Join(e.dir, "result.json")
	scriptPath := filepath.Join(e.dir, "cblosc.py")
	if err := os.WriteFile(specPath, specJSON, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(scriptPath, []byte(cbloscScript), 0o644); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, peertest.PythonPath, scriptPath, "compress", specPath, resPath).CombinedOutput(); err != nil {
		return fmt.Errorf("C-Blosc 1.21 helper failed: %v\n%s", err, out)
	}
	resJSON, err := os.ReadFile(resPath)
	if err != nil {
		return err
	}
	var res struct {
		Version string `json:"blosclib_version"`
		Sets    []struct {
			Name    string `json:"name"`
			NChunks int    `json:"nchunks"`
			Cbytes  int64  `json:"cbytes"`
		} `json:"sets"`
	}
	if err := json.Unmarshal(resJSON, &res); err != nil {
		return err
	}
	if len(res.Sets) != len(e.workloads) {
		return fmt.Errorf("C-Blosc helper returned %d sets, want %d", len(res.Sets), len(e.workloads))
	}
	e.cVersion = res.Version
	for i, s := range res.Sets {
		w := e.workloads[i]
		if s.Name != w.name() {
			return fmt.Errorf("C-Blosc helper returned set %q for %q", s.Name, w.name())
		}
		w.nchunks, w.cbytes = s.NChunks, s.Cbytes
	}
	return nil
}

// cDecompress times C-Blosc 1.21 decoding w's chunks with threads threads:
// best of repeats, MB/s of decoded bytes.
func (e *env) cDecompress(w *workload, threads, repeats int) (float64, error) {
	return e.c.request(map[string]any{"op": "decompress", "chunks": w.file,
		"raw": e.rawPath[w.ds.name], "threads": threads, "repeats": repeats})
}

// cMemcpy times numpy's copy (memcpy) of a dataset in the python process.
func (e *env) cMemcpy(ds *dataset, repeats int) (float64, error) {
	return e.c.request(map[string]any{"op": "memcpy", "raw": e.rawPath[ds.name], "repeats": repeats})
}

// cServer is the python helper in "serve" mode: one JSON request per line.
// It exits when its standard input is closed.
type cServer struct {
	mu  sync.Mutex
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startCServer(script string) (*cServer, error) {
	cmd := exec.Command(peertest.PythonPath, script, "serve")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &cServer{cmd: cmd, in: in, out: bufio.NewScanner(out)}, nil
}

func (s *cServer) request(req map[string]any) (float64, error) {
	mbps, _, err := s.requestExtra(req)
	return mbps, err
}

// requestExtra is request, also returning the answer's "cbytes" (0 when
// absent).
func (s *cServer) requestExtra(req map[string]any) (float64, float64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, err := json.Marshal(req)
	if err != nil {
		return 0, 0, err
	}
	if _, err := s.in.Write(append(b, '\n')); err != nil {
		return 0, 0, fmt.Errorf("C-Blosc helper: %w", err)
	}
	if !s.out.Scan() {
		return 0, 0, fmt.Errorf("C-Blosc helper exited: %v", s.out.Err())
	}
	var resp struct {
		MBps   float64 `json:"MBps"`
		Cbytes float64 `json:"cbytes"`
		Error  string  `json:"error"`
	}
	if err := json.Unmarshal(s.out.Bytes(), &resp); err != nil {
		return 0, 0, fmt.Errorf("C-Blosc helper: %w", err)
	}
	if resp.Error != "" {
		return 0, 0, fmt.Errorf("C-Blosc helper: %s", resp.Error)
	}
	return resp.MBps, resp.Cbytes, nil
}

func (s *cServer) close() {
	s.in.Close()
	s.cmd.Wait()
}

// loadChunks reads a workload's chunks and splits them by their cbytes.
func loadChunks(w *workload) ([][]byte, error) {
	b, err := os.ReadFile(w.file)
	if err != nil {
		return nil, err
	}
	var chunks [][]byte
	for len(b) > 0 {
		h, err := blosc.ReadHeader(b)
		if err != nil {
			return nil, fmt.Errorf("%s: chunk %d: %w", w.name(), len(chunks), err)
		}
		n := int(h.Cbytes)
		if n > len(b) {
			return nil, fmt.Errorf("%s: chunk %d truncated", w.name(), len(chunks))
		}
		chunks = append(chunks, b[:n:n])
		b = b[n:]
	}
	if len(chunks) != w.nchunks {
		return nil, fmt.Errorf("%s: %d chunks in the file, C wrote %d", w.name(), len(chunks), w.nchunks)
	}
	return chunks, nil
}

// decodeAll decodes the chunks one after the other into dst.
func decodeAll(d *blosc.Decoder, dst []byte, chunks [][]byte) error {
	off := 0
	for i, c := range chunks {
		n, err := d.DecompressInto(dst[off:], c)
		if err != nil {
			return fmt.Errorf("chunk %d: %w", i, err)
		}
		off += n
	}
	if off != len(dst) {
		return fmt.Errorf("decoded %d bytes, want %d", off, len(dst))
	}
	return nil
}

// prepare makes a workload ready to time: chunks loaded, a decoder per
// workers setting, the output checked once against the dataset.
func prepare(e *env, w *workload, workers int) ([][]byte, *blosc.Decoder, []byte, error) {
	chunks, err := loadChunks(w)
	if err != nil {
		return nil, nil, nil, err
	}
	d, err := blosc.NewDecoder(blosc.WithWorkers(workers))
	if err != nil {
		return nil, nil, nil, err
	}
	want := e.data[w.ds.name]
	dst := make([]byte, len(want))
	if err := decodeAll(d, dst, chunks); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", w.name(), err)
	}
	if !bytes.Equal(dst, want) {
		return nil, nil, nil, fmt.Errorf("%s: decoded bytes differ from the dataset", w.name())
	}
	return chunks, d, dst, nil
}
