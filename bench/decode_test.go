package bench

import (
	"fmt"
	"testing"
)

// BenchmarkDecode decodes every workload's chunks (16 MiB of data by
// default) with a Decoder of 1 and 2 workers. MB/s are of decoded bytes.
//
//	go test -run '^$' -bench Decode -benchtime 20x ./bench/
func BenchmarkDecode(b *testing.B) {
	e := setup(b)
	for _, w := range e.workloads {
		for _, workers := range workersList {
			w, workers := w, workers
			b.Run(fmt.Sprintf("%s/w%d", w.name(), workers), func(b *testing.B) {
				chunks, d, dst, err := prepare(e, w, workers)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(dst)))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := decodeAll(d, dst, chunks); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				c, err := w.cBench(e, workers)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(c, "C-MB/s")
			})
		}
	}
}

// BenchmarkCopy is copy() of each dataset's bytes, the baseline for the
// decode figures (the reference's memcpy).
func BenchmarkCopy(b *testing.B) {
	data := generated()
	for _, ds := range datasets {
		src := data[ds.name]
		b.Run(ds.name, func(b *testing.B) {
			dst := make([]byte, len(src))
			copy(dst, src)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				copy(dst, src)
			}
		})
	}
}

// cBench returns C-Blosc 1.21's MB/s on w with threads threads, measured
// on first use (a benchmark function runs several times).
func (w *workload) cBench(e *env, threads int) (float64, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if v, ok := w.cMBps[threads]; ok {
		return v, nil
	}
	v, err := e.cDecompress(w, threads, 5)
	if err != nil {
		return 0, err
	}
	if w.cMBps == nil {
		w.cMBps = map[int]float64{}
	}
	w.cMBps[threads] = v
	return v, nil
}
