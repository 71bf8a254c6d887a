// Package bench holds the throughput benchmarks of the blosc2 module: chunk
// decoding and compression on the reference workloads of C-Blosc2 (see
// README.md in this directory), measured next to Go's copy() and next to
// C-Blosc 1.21 (Debian's python3-blosc) doing the same work in the same run.
//
// The package has no API; everything lives in its _test.go files:
//
//	go test -run '^$' -bench . -benchtime 20x ./bench/
//	BLOSC2_BENCH_REPORT=1 go test -run 'TestReport$' -v -timeout 30m ./bench/
//	BLOSC2_BENCH_REPORT=1 go test -run TestCompressReport -v -timeout 30m ./bench/
package bench
