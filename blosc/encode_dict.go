package blosc

import (
	"encoding/binary"

	izstd "github.com/blosc2go/blosc2/internal/zstd"
)

// Dictionaries trained for a chunk (Options.UseDict).
//
// What C-Blosc2 does (blosc2_compress_ctx in blosc/blosc2.c, 3.3.3.dev):
// a first pass runs the filters over every block and stores the filtered
// chunk, block after block, uncompressed; the samples are then the first
// n*s bytes of it, cut into n samples of s bytes, where n is the number of
// streams (blocks, times the typesize when they are split), at least 8,
// and s = nbytes/n/16: a sixteenth of the chunk, from its start. The
// dictionary holds at most min(32 KiB, nbytes/20) bytes; below 256
// (BLOSC2_MINUSEFULDICT), or with s = 0, the chunk is compressed without
// one. For Zstd the dictionary is ZDICT_trainFromBuffer's (fast cover with
// dmers of 8, 4 segment lengths, judged on a quarter of the samples; a
// dictionary in zstd's format with entropy tables), and every stream is
// compressed with ZSTD_createCDict(dict, size, 1): at zstd level 1, whatever
// the clevel. For LZ4 and LZ4HC the dictionary is the first min(32 KiB,
// nbytes/20, n*s) bytes of the filtered chunk, except that C writes the
// dictionary's size (4 bytes) into the output before copying the
// dictionary from the same buffer, at an offset of 4*nblocks into it, so
// that its dictionary holds those 4 bytes in place of the data's (the
// corpus chunk G_007 shows 0x983a0000, 15000, at offset 8). A chunk with a
// dictionary is never a special zeros chunk.
//
// What we do is in the package documentation ("Dictionaries"): C's bounds,
// samples at the start of every stream, our fast cover (raw content) for
// Zstd and spread pieces of the data for LZ4 and LZ4HC, and the dictionary
// kept only when a few streams compressed both ways say it pays.

const (
	minUsefulDict      = 256 // BLOSC2_MINUSEFULDICT
	dictMinSamples     = 8   // at least this many samples, as C
	dictSampleFraction = 16  // the samples hold nbytes/16 bytes, as C's
	dictJudgeMin       = 4   // streams compressed both ways to judge a dictionary
	dictJudgeMax       = 32  // at most this many, and held-out LZ4 samples
	dictMinPiece       = 4096
	dictTrainSteps     = 2 // segment lengths tried: 50, 1025 and 2000 bytes (C: 5)
)

// dictState is a worker's scratch space for training dictionaries.
type dictState struct {
	trainer izstd.Trainer
	samples [][]byte
	starts  []int  // where each sample starts in buf
	buf     []byte // the samples' bytes
	dict    []byte // the dictionary of the chunk being compressed
	out     []byte // LZ4 output while judging
}

// trainDict returns the dictionary to store in the chunk of src laid out
// by p (see above), or nil for none. The dictionary is in w's memory,
// valid until w trains the next one.
func (e *Encoder) trainDict(w *encWorker, src []byte, p *encPlan) []byte {
	o := &e.opts
	maxSize := min(MaxDictSize, p.nbytes/20)
	if maxSize < minUsefulDict {
		return nil
	}
	nstreams := p.nblocks
	if p.split {
		nstreams *= o.Typesize
	}
	if o.Codec == Zstd {
		// Our encoder loads the dictionary into its match finder for
		// every stream: a dictionary much larger than the streams costs
		// more time than it saves bytes.
		maxSize = min(maxSize, max(minUsefulDict, 4*p.nbytes/nstreams))
	}
	ns := max(nstreams, dictMinSamples)
	sampleSize := p.nbytes / ns / dictSampleFraction
	if sampleSize == 0 {
		return nil
	}
	if w.dict == nil {
		w.dict = new(dictState)
	}
	ds := w.dict
	ds.samples = ds.samples[:0]
	ds.buf = ds.buf[:0]
	var ref []byte
	if e.needsRef && p.nblocks > 1 {
		ref = src[:p.blocksize] // DELTA's reference, as the input has it
	}
	stride := p.nbytes / ns
	nTrain := ns * 3 / 4 // the samples trained on; the others judge
	lz4 := o.Codec != Zstd
	// LZ4: the dictionary is made of nPieces pieces of pieceLen bytes, at
	// training positions spread evenly (each at least dictMinPiece bytes:
	// LZ4 matches gain from contiguous content).
	nPieces := max(1, min(nTrain, maxSize/dictMinPiece))
	pieceLen := maxSize / nPieces
	nextPiece := 0 // the next piece's index
	ds.dict = ds.dict[:0]
	fblock, filtered := -1, []byte(nil)
	block := func(j int) []byte { // block j after the filters
		if j != fblock {
			filtered, fblock = e.filterBlock(w, p, src, j, ref), j
		}
		return filtered
	}
	starts := ds.starts[:0]
	for i := 0; i < ns; i++ {
		pos := i * stride
		if lz4 && i < nTrain {
			if nextPiece < nPieces && i == nextPiece*nTrain/nPieces {
				// pieceLen bytes of the filtered chunk from pos, across
				// blocks when they are shorter.
				at := max(min(pos, p.nbytes-pieceLen), 0)
				for n := pieceLen; n > 0 && at < p.nbytes; {
					j := at / p.blocksize
					f := block(j)[at-j*p.blocksize:]
					k := min(n, len(f))
					ds.dict = append(ds.dict, f[:k]...)
					at, n = at+k, n-k
				}
				nextPiece++
			}
			continue
		}
		j := pos / p.blocksize
		filtered := block(j)
		off := max(min(pos-j*p.blocksize, len(filtered)-sampleSize), 0)
		piece := filtered[off:min(off+sampleSize, len(filtered))]
		starts = append(starts, len(ds.buf))
		ds.buf = append(ds.buf, piece...)
	}
	for i, s := range starts {
		end := len(ds.buf)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		ds.samples = append(ds.samples, ds.buf[s:end])
	}
	ds.starts = starts

	// The candidate dictionary, and what it saves on the held-out samples.
	var dict []byte
	var saving, nHeld int
	if lz4 {
		// LZ4 finds nothing better in a dictionary than the data itself:
		// pieces of the training positions (C-Blosc2 takes the chunk's
		// first bytes), judged on the held-out samples.
		dict = ds.dict
		held := ds.samples
		if len(held) > dictJudgeMax {
			// Every stream loads the dictionary: judge a spread few.
			for k := range dictJudgeMax {
				held[k] = held[k*len(held)/dictJudgeMax]
			}
			held = held[:dictJudgeMax]
		}
		nHeld = len(held)
		plain, with := e.compressBoth(w, held, dict)
		saving = plain - with
	} else {
		// The segment lengths are judged at zstd level 1, whose
		// dictionary loading costs least (C's ZDICT uses level 3).
		td, err := ds.trainer.Train(ds.samples, maxSize, &izstd.TrainParams{Level: 1, Steps: dictTrainSteps})
		if err != nil {
			return nil
		}
		dict = td.Content
		if len(dict) >= 4 && binary.LittleEndian.Uint32(dict) == izstd.DictMagic {
			// Decoders would take it for a dictionary in zstd's format.
			dict = dict[1:]
		}
		nHeld = td.NHeldOut
		saving = td.HeldOutPlain - (td.HeldOut - len(td.Content))
	}
	if len(dict) == 0 || nHeld == 0 || saving <= 0 {
		return nil
	}
	// A dictionary helps a stream's first bytes most: the saving on
	// samples of sampleSize bytes, scaled to whole streams as if it grew
	// with their length, is an upper bound. When even that does not pay
	// for the dictionary, the streams need not be judged.
	streamLen := p.nbytes / nstreams
	if float64(saving)*float64(nstreams)/float64(nHeld)*float64(streamLen)/float64(sampleSize) <= float64(len(dict)) {
		return nil
	}
	if !e.dictPays(w, src, p, ref, nstreams, dict) {
		return nil
	}
	ds.dict = append(ds.dict[:0], dict...)
	return ds.dict
}

// compressBoth returns the size of streams compressed with the Encoder's
// codec and clevel without and with dict (a stream the codec does not
// shrink counts its own size).
func (e *Encoder) compressBoth(w *encWorker, streams [][]byte, dict []byte) (plain, with int) {
	ds := w.dict
	for _, stream := range streams {
		if cap(ds.out) < 2*len(stream)+64 {
			ds.out = make([]byte, 2*len(stream)+64)
		}
		out := ds.out[:len(stream)]
		for i, d := range [2][]byte{nil, dict} {
			n := e.compressStream(w, out, stream, d)
			if n <= 0 {
				n = len(stream) // stored as is
			}
			if i == 0 {
				plain += n
			} else {
				with += n
			}
		}
	}
	return plain, with
}

// dictPays reports whether dict is worth storing in the chunk of src: a
// sixteenth of its streams (at least dictJudgeMin, at most dictJudgeMax
// and all), spread
// over the chunk, are compressed with the chunk's codec and clevel with
// and without it, and the saving, scaled to all nstreams streams, must
// exceed the dictionary's size by a quarter (the streams judged are a
// sample: a margin against keeping a dictionary that costs more than it
// saves).
func (e *Encoder) dictPays(w *encWorker, src []byte, p *encPlan, ref []byte, nstreams int, dict []byte) bool {
	spb := 1 // streams per block
	if p.split {
		spb = e.opts.Typesize
	}
	nj := min(nstreams, max(dictJudgeMin, min(nstreams/16, dictJudgeMax)))
	plain, with := 0, 0
	for k := 0; k < nj; k++ {
		// Blocks spread over the chunk, and in them streams spread
		// over the byte planes (a shuffled chunk's planes differ).
		j := min((2*k+1)*p.nblocks/(2*nj), p.nblocks-1)
		si := k % spb
		if nj <= spb {
			si = k * spb / nj
		}
		filtered := e.filterBlock(w, p, src, j, ref)
		nst := p.nstreams(j, e.opts.Typesize)
		neblock := len(filtered) / nst
		if si >= nst {
			si = 0
		}
		stream := filtered[si*neblock : (si+1)*neblock]
		if e.opts.Codec == Zstd {
			// The dictionary serves a stream's first bytes: past a
			// prefix of twice its size the stream's own history takes
			// over, and the rest is left out of the judgement (it would
			// cost as much as compressing the chunk again). Not for
			// LZ4, which is fast, and whose dictionary mode compresses
			// the rest of a long stream worse than without one.
			stream = stream[:min(len(stream), max(2*len(dict), 4096))]
		}
		sp, sw := e.compressBoth(w, [][]byte{stream}, dict)
		plain += sp
		with += sw
	}
	return (plain-with)*nstreams/nj > len(dict)+len(dict)/4
}
