package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/blosc"
)

// filterList collects the repeatable --filter flag in pipeline order.
// "none" (alone) asks for no filter; without the flag the pipeline is
// def.
type filterList struct {
	filters []blosc.Filter
	meta    []uint8
	none    bool
	def     string // the default, for --help
}

func (l *filterList) String() string { return l.def }

// Set parses none, shuffle, bitshuffle, delta, bytedelta, truncprec:BITS or
// inttrunc:BITS (BITS a signed precision in bits).
func (l *filterList) Set(s string) error {
	name, arg, hasArg := strings.Cut(s, ":")
	if name == "none" || l.none {
		if hasArg || len(l.filters) > 0 || l.none {
			return fmt.Errorf("filter none stands alone (no other --filter)")
		}
		l.none = true
		return nil
	}
	// blosc.ParseFilter's names (trunc_prec and int_trunc with or without
	// the underscore), limited to the filters the encoder applies.
	f, err := blosc.ParseFilter(name)
	switch {
	case err == nil && (f == blosc.Shuffle || f == blosc.BitShuffle || f == blosc.Delta ||
		f == blosc.ByteDelta || f == blosc.TruncPrec || f == blosc.IntTrunc):
	default:
		return fmt.Errorf("unknown filter %q (none, shuffle, bitshuffle, delta, bytedelta, truncprec:BITS, inttrunc:BITS)", s)
	}
	var meta uint8
	if f == blosc.TruncPrec || f == blosc.IntTrunc {
		if !hasArg {
			return fmt.Errorf("filter %s needs a precision: %s:BITS", name, name)
		}
		bits, err := strconv.ParseInt(arg, 10, 8)
		if err != nil || bits == 0 {
			return fmt.Errorf("filter %s: precision %q is not a non-zero number of bits in -128..127", name, arg)
		}
		meta = uint8(int8(bits))
	} else if hasArg {
		return fmt.Errorf("filter %s takes no parameter", name)
	}
	if len(l.filters) == blosc.MaxFilters {
		return fmt.Errorf("at most %d filters", blosc.MaxFilters)
	}
	l.filters = append(l.filters, f)
	l.meta = append(l.meta, meta)
	return nil
}

// choiceFlag is a string flag restricted to the keys of a set.
type choiceFlag struct {
	value   string
	choices []string
}

func (c *choiceFlag) String() string { return c.value }

func (c *choiceFlag) Set(s string) error {
	for _, v := range c.choices {
		if s == v {
			c.value = s
			return nil
		}
	}
	return fmt.Errorf("%q is not one of %s", s, strings.Join(c.choices, ", "))
}

// rangeFlag is an int flag with bounds.
type rangeFlag struct {
	value    int
	min, max int
}

func (r *rangeFlag) String() string { return strconv.Itoa(r.value) }

func (r *rangeFlag) Set(s string) error {
	v, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not an integer", s)
	}
	if v < r.min || v > r.max {
		return fmt.Errorf("%d not in %d..%d", v, r.min, r.max)
	}
	r.value = v
	return nil
}
