package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// progress tracks a compress job for the progress line and the summary.
type progress struct {
	in    atomic.Int64 // input bytes read so far
	total int64        // input size when known (0: unknown)
	out   int64        // output bytes, set when the output is committed
}

// progressDelay is how long a job runs before the progress line appears,
// progressEvery how often it is redrawn.
const (
	progressDelay = time.Second
	progressEvery = 250 * time.Millisecond
)

// start begins drawing the progress line on w (when show is set) for jobs
// that last longer than progressDelay: redrawn in place on a terminal,
// one line a second otherwise (--progress into a log). The returned stop
// function clears the line and, when the job succeeded, prints the
// summary.
func (p *progress) start(w io.Writer, show bool) (stop func(ok bool)) {
	if !show {
		return func(bool) {}
	}
	term := isTerminal(w)
	every := progressEvery
	if !term {
		every = time.Second
	}
	t0 := time.Now()
	done := make(chan struct{})
	var wg sync.WaitGroup
	var drawn atomic.Bool
	wg.Add(1)
	go func() {
		defer wg.Done()
		timer := time.NewTimer(progressDelay)
		defer timer.Stop()
		select {
		case <-done:
			return
		case <-timer.C:
		}
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			if term {
				fmt.Fprintf(w, "\r%s compress: %s\x1b[K", progName, p.line(time.Since(t0)))
				drawn.Store(true)
			} else {
				fmt.Fprintf(w, "%s compress: %s\n", progName, p.line(time.Since(t0)))
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func(ok bool) {
		close(done)
		wg.Wait()
		if drawn.Load() {
			fmt.Fprint(w, "\r\x1b[K")
		}
		if ok {
			fmt.Fprintf(w, "%s compress: %s\n", progName, p.summary(time.Since(t0)))
		}
	}
}

// line is the progress so far: "12.3 MB of 200.0 MB (6%), 95.1 MB/s".
func (p *progress) line(d time.Duration) string {
	n := p.in.Load()
	s := mb(n)
	if p.total > 0 {
		s += fmt.Sprintf(" of %s (%d%%)", mb(p.total), n*100/p.total)
	}
	return s + ", " + rate(n, d)
}

// summary is the one-line report of a finished job.
func (p *progress) summary(d time.Duration) string {
	n := p.in.Load()
	ratio := "-"
	if p.out > 0 {
		ratio = fmt.Sprintf("%.2fx", float64(n)/float64(p.out))
	}
	return fmt.Sprintf("%d bytes in, %d bytes out, ratio %s, %.2f s, %s", n, p.out, ratio, d.Seconds(), rate(n, d))
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

func rate(n int64, d time.Duration) string {
	if d <= 0 {
		return "- MB/s"
	}
	return fmt.Sprintf("%.1f MB/s", float64(n)/1e6/d.Seconds())
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// checkNotInput refuses an output that is the input file itself (by
// os.SameFile, so links and other spellings count): writing it would
// replace the data being read.
func checkNotInput(in, out string) error {
	if in == "-" || out == "" || out == "-" {
		return nil
	}
	si, err := os.Stat(in)
	if err != nil {
		return nil // reported when the input is opened
	}
	so, err := os.Stat(out)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		return nil
	}
	if os.SameFile(si, so) && si.Mode().IsRegular() {
		return usagef("output %s is the input %s (it would be replaced while read)", out, in)
	}
	return nil
}
