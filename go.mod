module github.com/blosc2go/blosc2

go 1.22

require (
	github.com/klauspost/compress v1.18.0 // indirect
	github.com/pierrec/lz4/v4 v4.1.33 // indirect
	github.com/vmihailenco/msgpack/v5 v5.4.1
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	golang.org/x/image v0.24.0 // indirect
	golang.org/x/sys v0.30.0 // indirect
)
