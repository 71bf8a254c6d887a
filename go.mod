module github.com/blosc2go/blosc2

go 1.22

require (
	github.com/klauspost/compress v1.18.0
	github.com/pierrec/lz4/v4 v4.1.33
	github.com/vmihailenco/msgpack/v5 v5.4.1
	golang.org/x/image v0.24.0
	golang.org/x/sys v0.30.0
)

require github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
