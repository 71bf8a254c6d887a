package render

import "errors"

var (
	// ErrDtype reports an array whose dtype has no numeric value to plot
	// (strings, bytes, structured or complex types).
	ErrDtype = errors.New("render: dtype cannot be plotted")
	// ErrSlice reports a slice that does not fit the array (axes, index,
	// start or stop out of range) or that is too large to draw.
	ErrSlice = errors.New("render: invalid slice")
)
