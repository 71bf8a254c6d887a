// Package render draws the pictures of the blosc2 command's plot subcommand
// and of the blosc2view web viewer: heatmaps of 2-D slices of b2nd arrays and
// chunk maps of frames. It is pure Go without system calls, so the command
// line and the WebAssembly page draw the same pixels.
//
// A heatmap (Heatmap) holds the picture alone: Scale×Scale pixels per
// element, the viridis colormap (Viridis) between a minimum and a maximum,
// NaNs in NaNColor. A chunk map (DrawChunkMap) has one square cell per chunk
// in index order, row by row, colored by compression ratio on a log scale
// (ratio 1 or less: the darkest color; RatioMax or more: the brightest), with
// chunks stored as special values in fixed colors (ZerosColor, NaNColor,
// UninitColor, RepeatColor) crossed by a dark X.
//
// ReadSlice reads the values of a slice from a frame.Array (only the chunks
// and blocks it crosses), and Chunks gathers what a chunk map shows from a
// frame's index and chunk headers.
package render
