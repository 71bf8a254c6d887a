package frame

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// The kill test: a child process (this test binary, re-executed) edits a
// frame in a loop, one Sync per operation, logging each operation to a side
// file (synced) before it starts ("B") and after Sync returned ("D"); the
// parent kills it with SIGKILL at a random moment, then checks that the
// frame opens and holds exactly the chunks of the last completed commit or
// of the one in flight.
//
// BLOSC2_CRASH_KILLS sets the number of kills (default 200, 25 with -short).

const (
	crashChildEnv = "BLOSC2_CRASH_CHILD" // frame path: run as the child
	crashLogEnv   = "BLOSC2_CRASH_LOG"
	crashSeedEnv  = "BLOSC2_CRASH_SEED"
	crashChunk    = 8192
)

func crashData(seed int64) []byte { return testgen.Mixed(crashChunk, uint64(seed)) }

// crashOp is one logged operation: append seed, update idx seed, delete idx.
type crashOp struct {
	kind      byte // 'a', 'u', 'd'
	idx       int
	seed      int64
	committed bool
}

func (o crashOp) apply(m []int64) []int64 {
	switch o.kind {
	case 'a':
		return append(m, o.seed)
	case 'u':
		m = append([]int64(nil), m...)
		m[o.idx] = o.seed
	case 'd':
		m = append(append([]int64(nil), m[:o.idx]...), m[o.idx+1:]...)
	}
	return m
}

func crashChild(path, logPath string, seed int64) {
	lf, err := os.OpenFile(logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		os.Exit(3)
	}
	logf := func(format string, a ...any) {
		fmt.Fprintf(lf, format, a...)
		if lf.Sync() != nil {
			os.Exit(3)
		}
	}
	e, err := Edit(path, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	rng := rand.New(rand.NewSource(seed))
	for k := int64(0); ; k++ {
		n := e.NChunks()
		s := seed*1000000 + k
		var op crashOp
		switch r := rng.Intn(10); {
		case r < 6 || n < 3:
			op = crashOp{kind: 'a', seed: s}
		case r < 9:
			op = crashOp{kind: 'u', idx: rng.Intn(n), seed: s}
		default:
			op = crashOp{kind: 'd', idx: rng.Intn(n)}
		}
		logf("B %c %d %d\n", op.kind, op.idx, op.seed)
		switch op.kind {
		case 'a':
			err = e.AppendData(crashData(op.seed))
		case 'u':
			c, _ := BloscCompressor(e.Params())(nil, crashData(op.seed), 4)
			err = e.UpdateChunk(op.idx, c)
		case 'd':
			err = e.DeleteChunk(op.idx)
		}
		if err == nil {
			err = e.Sync()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		logf("D\n")
	}
}

func readCrashLog(t *testing.T, path string) []crashOp {
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) { // killed before its first operation
		t.Fatal(err)
	}
	var ops []crashOp
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 4 && f[0] == "B":
			idx, _ := strconv.Atoi(f[2])
			seed, _ := strconv.ParseInt(f[3], 10, 64)
			ops = append(ops, crashOp{kind: f[1][0], idx: idx, seed: seed})
		case len(f) == 1 && f[0] == "D" && len(ops) > 0:
			ops[len(ops)-1].committed = true
		}
	}
	return ops
}

// frameSeeds returns which model the frame at path matches among cands.
func frameMatches(t *testing.T, path string, cands ...[]int64) (int, error) {
	f, err := OpenFile(path)
	if err != nil {
		return -1, err
	}
	defer f.Close()
	got := make([][]byte, f.NChunks())
	for i := range got {
		if got[i], err = f.Chunk(nil, i); err != nil {
			return -1, err
		}
	}
next:
	for k, m := range cands {
		if len(m) != len(got) {
			continue
		}
		for i, s := range m {
			if !bytes.Equal(got[i], crashData(s)) {
				continue next
			}
		}
		return k, nil
	}
	return -1, errors.New("the frame holds neither the last committed state nor the one in flight")
}

func TestCrashKill(t *testing.T) {
	if p := os.Getenv(crashChildEnv); p != "" {
		seed, _ := strconv.ParseInt(os.Getenv(crashSeedEnv), 10, 64)
		crashChild(p, os.Getenv(crashLogEnv), seed)
		return
	}
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no processes")
	}
	kills := 200
	if testing.Short() {
		kills = 25
	}
	if s := os.Getenv("BLOSC2_CRASH_KILLS"); s != "" {
		kills, _ = strconv.Atoi(s)
	}
	dir := t.TempDir()
	path, chunks := newTestFrame(t, dir, 3, crashChunk)
	model := []int64{0, 1, 2} // newTestFrame's chunks are crashData(0..2)
	for i, c := range chunks {
		if !bytes.Equal(c, crashData(int64(i))) {
			t.Fatal("newTestFrame and crashData disagree")
		}
	}
	rng := rand.New(rand.NewSource(1))
	logPath := filepath.Join(dir, "log")
	inflightHits, commits, cChecked := 0, 0, 0
	for k := 0; k < kills; k++ {
		os.Remove(logPath)
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashKill$")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+path, crashLogEnv+"="+logPath, crashSeedEnv+"="+strconv.Itoa(k+1))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Skipf("cannot run the child process: %v", err)
		}
		time.Sleep(time.Duration(20+rng.Intn(150)) * time.Millisecond)
		cmd.Process.Kill()
		err := cmd.Wait()
		if cmd.ProcessState != nil && cmd.ProcessState.Exited() {
			if k == 0 {
				t.Skipf("the child did not run (%v): %s", err, stderr.String())
			}
			t.Fatalf("the child failed before the kill: %v: %s", err, stderr.String())
		}
		ops := readCrashLog(t, logPath)
		done := model
		for _, o := range ops {
			if o.committed {
				done = o.apply(done)
				commits++
			}
		}
		cands := [][]int64{done}
		if n := len(ops); n > 0 && !ops[n-1].committed {
			cands = append(cands, ops[n-1].apply(done))
		}
		which, err := frameMatches(t, path, cands...)
		if err != nil {
			t.Fatalf("after kill %d (%d operations logged): %v", k, len(ops), err)
		}
		if which == 1 {
			inflightHits++
		}
		model = cands[which]
		if k%10 == 0 {
			var raw []byte
			for _, s := range model {
				raw = append(raw, crashData(s)...)
			}
			if cVerify(t, path, raw) {
				cChecked++
			}
		}
	}
	st, _ := os.Stat(path)
	t.Logf("%d kills, %d commits, %d kills published the commit in flight, %d states checked by C-Blosc2; %d chunks, file %d bytes",
		kills, commits, inflightHits, cChecked, len(model), st.Size())
}
