package blosclz

// Format constants of BloscLZ (see the package documentation).
const (
	maxLiteralRun = 32   // longest literal run one control byte describes
	maxNearDist   = 8191 // matches at biased distance >= this use the far form
	// maxFarDist bounds the distances the compressor tries: C-Blosc2 only
	// looks at candidates fewer than this many bytes back.
	maxFarDist  = 65535 + maxNearDist - 1
	markerBit   = 1 << 5 // set in the first byte of every stream
	longLenCode = 7      // length field value that announces continuation bytes
	minMatch    = 3      // added to the length field (minus one) by the decoder
)
