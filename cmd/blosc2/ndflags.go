package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/frame"
)

// dimsFlag is a comma-separated list of integers (--shape 123,45). The
// empty string is a list of no dimensions (a 0-d array).
type dimsFlag struct {
	dims []int64
	set  bool
}

func (d *dimsFlag) String() string {
	s := make([]string, len(d.dims))
	for i, v := range d.dims {
		s[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(s, ",")
}

func (d *dimsFlag) Set(s string) error {
	var dims []int64
	if strings.TrimSpace(s) != "" {
		for _, f := range strings.Split(s, ",") {
			v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil {
				return fmt.Errorf("%q is not a comma-separated list of integers", s)
			}
			if v < 0 {
				return fmt.Errorf("%q: negative extent %d", s, v)
			}
			dims = append(dims, v)
		}
	}
	if len(dims) > frame.MaxDims {
		return fmt.Errorf("%q: %d dimensions, at most %d", s, len(dims), frame.MaxDims)
	}
	d.dims, d.set = dims, true
	return nil
}
