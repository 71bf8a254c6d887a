package zstd

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
)

// Dictionary training: our implementation of zstd's "fast cover" algorithm
// (lib/dictBuilder/fastcover.c and cover.c in zstd; the algorithm is
// Liao, Petri, Moffat and Wirth's, "Effective construction of relative
// Lempel-Ziv dictionaries", WWW 2016).
//
// The training samples are read as dmers (substrings of D bytes, hashed
// into a table of 2^f counters) and each hash gets the number of times it
// occurs. The dictionary is then filled from its end with segments of k
// bytes: the input is cut into epochs, and from each epoch in turn the
// segment whose distinct dmers have the largest summed count is taken,
// after which the counts of its dmers drop to zero (they are covered).
// The best segments end up nearest the data compressed after the
// dictionary, at the smallest offsets. Several segment lengths are tried
// (Steps of them from 50 to 2000 bytes) and the dictionary that compresses
// the held-out samples best, its own size counted, is kept.
//
// Where this differs from zstd's ZDICT_trainFromBuffer (what C-Blosc2
// calls): the result is raw content, without the entropy tables, repeat
// offsets and ID of zstd's dictionary format (every zstd decoder, C-Blosc2
// and klauspost/compress included, reads raw content; Blosc streams are
// long enough that tables tuned on samples buy little); the hash table has
// 2^f counters with f from the size of the samples (12 to 20 bits: one or
// two counters per training byte) instead
// of always 2^20, so that training a few KiB does not clear megabytes; the
// held-out samples are compressed with this package's encoder at the level
// asked for; and the result reports the held-out sizes with and without
// the dictionary, so that a caller can do without one that does not pay.

// ErrTrain means TrainDict cannot train a dictionary from its samples
// (too few or too small) or with its parameters.
var ErrTrain = errors.New("zstd: cannot train a dictionary")

// MinDictSize is the smallest dictionary TrainDict builds (zstd's
// ZDICT_DICTSIZE_MIN).
const MinDictSize = 256

// TrainParams are the parameters of TrainDict. The zero value, or a nil
// *TrainParams, means zstd's defaults for ZDICT_trainFromBuffer.
type TrainParams struct {
	// D is the length of the dmers, 6 or 8 (0: 8).
	D int
	// Steps is how many segment lengths are tried between 50 and 2000
	// bytes (0: 4, as ZDICT_trainFromBuffer; at most 40).
	Steps int
	// Split is the fraction of the samples trained on, in (0, 1]; the
	// others are held out to judge the dictionaries (0: 0.75). With 1 the
	// dictionaries are judged on all the samples.
	Split float64
	// Level is the zstd level the held-out samples are compressed at
	// (0: 3, zstd's default level).
	Level int
}

// TrainedDict is what TrainDict returns.
type TrainedDict struct {
	// Content is the dictionary: raw content of at most the size asked
	// for (less when the samples do not have that much to offer).
	Content []byte
	// K is the segment length the dictionary was built with.
	K int
	// HeldOut is the size of the held-out samples compressed one by one
	// with the dictionary, plus the dictionary's size.
	HeldOut int
	// HeldOutPlain is the size of the held-out samples compressed one by
	// one without a dictionary.
	HeldOutPlain int
	// NHeldOut is the number of held-out samples.
	NHeldOut int
}

// Trainer trains dictionaries, keeping its scratch space from call to
// call: the samples and a hash per byte of them (5 bytes per sample byte),
// three tables of 2^f counters (10 bytes each; f is 12 to 20, 1 to 2
// counters per training byte, at most 10 MiB), the dictionaries and an
// encoder to judge them. A Trainer is not safe for concurrent use.
type Trainer struct {
	freqs    []uint32 // count of each dmer hash over the training samples
	hashes   []uint32 // the hash of the dmer at each position of the training samples
	work     []uint32 // freqs as a build consumes them
	inSeg    []uint16 // occurrences of each hash in the current segment
	dict     []byte   // the dictionary being built
	best     []byte   // the best dictionary so far
	enc      *Encoder
	encBuf   []byte
	offsets  []int
	flat     []byte
	hashBits uint
	d        int
}

// TrainDict trains a raw-content dictionary of at most maxSize bytes
// (MinDictSize or more) from samples: at least 5 samples to train on and
// one to judge with (see TrainParams.Split), holding at least 8 bytes.
// Errors wrap ErrTrain.
func TrainDict(samples [][]byte, maxSize int, p *TrainParams) (*TrainedDict, error) {
	return new(Trainer).Train(samples, maxSize, p)
}

// Train is TrainDict with t's scratch space. The returned Content is a new
// slice, not t's.
func (t *Trainer) Train(samples [][]byte, maxSize int, p *TrainParams) (*TrainedDict, error) {
	var q TrainParams
	if p != nil {
		q = *p
	}
	if q.D == 0 {
		q.D = 8
	}
	if q.Steps == 0 {
		q.Steps = 4
	}
	if q.Split == 0 {
		q.Split = 0.75
	}
	if q.Level == 0 {
		q.Level = 3
	}
	switch {
	case q.D != 6 && q.D != 8:
		return nil, trainErr("dmer length " + strconv.Itoa(q.D) + " is not 6 or 8")
	case q.Steps < 1 || q.Steps > 40:
		return nil, trainErr("steps " + strconv.Itoa(q.Steps) + " not in 1..40")
	case !(q.Split > 0 && q.Split <= 1):
		return nil, trainErr("split not in (0, 1]")
	case q.Level < MinLevel || q.Level > MaxLevel:
		return nil, trainErr("level " + strconv.Itoa(q.Level) + " not in 1..22")
	case maxSize < MinDictSize:
		return nil, trainErr("dictionary size " + strconv.Itoa(maxSize) + " below " + strconv.Itoa(MinDictSize))
	}
	n := len(samples)
	nTrain, testFrom := n, 0
	if q.Split < 1 {
		nTrain = int(float64(n) * q.Split)
		testFrom = nTrain
	}
	if nTrain < 5 {
		return nil, trainErr(strconv.Itoa(nTrain) + " samples to train on (5 needed)")
	}
	if testFrom >= n {
		return nil, trainErr("no sample held out")
	}
	// The samples, one after the other: segments may span two of them.
	t.flat = t.flat[:0]
	t.offsets = append(t.offsets[:0], 0)
	for _, s := range samples {
		t.flat = append(t.flat, s...)
		t.offsets = append(t.offsets, len(t.flat))
	}
	trainLen := t.offsets[nTrain]
	if trainLen < 8 {
		return nil, trainErr("training samples hold " + strconv.Itoa(trainLen) + " bytes (8 needed)")
	}
	nDmers := trainLen - 8 + 1
	t.d = q.D
	t.hashBits = uint(min(max(bits.Len(uint(nDmers)), 12), 20))
	t.count(nTrain)

	// Judge every dictionary on the held-out samples.
	if t.enc == nil {
		t.enc = NewEncoder(q.Level)
	}
	t.enc.SetLevel(q.Level)
	res := &TrainedDict{NHeldOut: n - testFrom}
	t.enc.SetDict(nil)
	for i := testFrom; i < n; i++ {
		res.HeldOutPlain += t.compressedLen(t.flat[t.offsets[i]:t.offsets[i+1]])
	}

	const kMin, kMax = 50, 2000
	step := max((kMax-kMin)/q.Steps, 1)
	bestSize := -1
	for k := kMin; k <= kMax; k += step {
		if k > maxSize {
			break
		}
		dict := t.build(nDmers, maxSize, k)
		if len(dict) == 0 {
			continue
		}
		size := len(dict)
		t.enc.SetDict(NewRawDict(0, dict))
		for i := testFrom; i < n; i++ {
			size += t.compressedLen(t.flat[t.offsets[i]:t.offsets[i+1]])
		}
		if bestSize < 0 || size < bestSize {
			bestSize = size
			t.best = append(t.best[:0], dict...)
			res.K = k
		}
	}
	t.enc.SetDict(nil)
	if bestSize < 0 {
		return nil, trainErr("the samples have no content for a dictionary")
	}
	res.Content = append([]byte(nil), t.best...)
	res.HeldOut = bestSize
	return res, nil
}

func trainErr(why string) error { return fmt.Errorf("%w: %s", ErrTrain, why) }

// compressedLen returns the size of s compressed by t's encoder.
func (t *Trainer) compressedLen(s []byte) int {
	t.encBuf = t.enc.EncodeAll(t.encBuf[:0], s)
	return len(t.encBuf)
}

// hash returns the table index of the dmer at the start of p (8 bytes).
func (t *Trainer) hash(p []byte) uint32 {
	v := uint64(p[0]) | uint64(p[1])<<8 | uint64(p[2])<<16 | uint64(p[3])<<24 |
		uint64(p[4])<<32 | uint64(p[5])<<40 | uint64(p[6])<<48 | uint64(p[7])<<56
	if t.d == 6 {
		v <<= 16 // the top two bytes out
	}
	// A multiplicative hash (an odd constant near 2^64/phi); the top
	// hashBits bits of the product depend on every byte kept.
	return uint32((v * 0x9E3779B97F4A7C15) >> (64 - t.hashBits))
}

// count fills t.freqs with the dmer counts of the first nTrain samples
// (dmers within one sample, 8 bytes readable, as zstd's counting).
func (t *Trainer) count(nTrain int) {
	size := 1 << t.hashBits
	t.freqs = resizeU32(t.freqs, size)
	clear(t.freqs)
	nDmers := t.offsets[nTrain] - 8 + 1
	t.hashes = resizeU32(t.hashes, nDmers)
	for p := range t.hashes {
		t.hashes[p] = t.hash(t.flat[p : p+8])
	}
	for i := 0; i < nTrain; i++ {
		for p := t.offsets[i]; p+8 <= t.offsets[i+1]; p++ {
			t.freqs[t.hashes[p]]++
		}
	}
}

func resizeU32(b []uint32, n int) []uint32 {
	if cap(b) < n {
		return make([]uint32, n)
	}
	return b[:n]
}

// build returns a dictionary of at most maxSize bytes of segments of k
// bytes chosen from the training samples (nDmers dmer positions), filled
// from its end. It returns t.dict's memory.
func (t *Trainer) build(nDmers, maxSize, k int) []byte {
	size := 1 << t.hashBits
	t.work = resizeU32(t.work, size)
	copy(t.work, t.freqs)
	if cap(t.inSeg) < size {
		t.inSeg = make([]uint16, size)
	}
	t.inSeg = t.inSeg[:size]
	clear(t.inSeg)
	if cap(t.dict) < maxSize {
		t.dict = make([]byte, maxSize)
	}
	dict := t.dict[:maxSize]

	// Epochs: about one per segment the dictionary holds, each at least
	// 10 segments long (cover.c's COVER_computeEpochs).
	num := max(1, maxSize/k)
	esize := nDmers / num
	if esize < 10*k {
		esize = min(10*k, nDmers)
		num = nDmers / esize
	}
	tail := maxSize
	zeroRun := 0
	for e := 0; tail > 0; e = (e + 1) % num {
		begin := e * esize
		sb, se, score := t.segment(begin, begin+esize, k)
		if score == 0 {
			// Nothing new in this epoch; others may still have some.
			if zeroRun++; zeroRun >= 10 {
				break
			}
			continue
		}
		zeroRun = 0
		n := min(se-sb+t.d-1, tail)
		if n < t.d {
			break
		}
		tail -= n
		copy(dict[tail:], t.flat[sb:sb+n])
	}
	return dict[tail:]
}

// segment returns the best segment of k bytes (k-d+1 dmers) among the dmer
// positions [begin, end): the one whose distinct dmer hashes have the
// largest summed count. The counts of the chosen segment's dmers drop to
// zero.
func (t *Trainer) segment(begin, end, k int) (bestBegin, bestEnd int, bestScore uint64) {
	dmersInK := k - t.d + 1
	freqs, inSeg, hashes := t.work, t.inSeg, t.hashes[:end]
	var score uint64
	bestBegin, bestEnd = begin, begin
	sb := begin
	for se := begin; se < end; {
		h := hashes[se]
		if inSeg[h] == 0 {
			score += uint64(freqs[h])
		}
		inSeg[h]++
		se++
		if se-sb == dmersInK+1 {
			dh := hashes[sb]
			if inSeg[dh]--; inSeg[dh] == 0 {
				score -= uint64(freqs[dh])
			}
			sb++
		}
		if score > bestScore {
			bestBegin, bestEnd, bestScore = sb, se, score
		}
	}
	// Empty the segment counters for the next epoch.
	for ; sb < end; sb++ {
		inSeg[hashes[sb]]--
	}
	for p := bestBegin; p < bestEnd; p++ {
		freqs[hashes[p]] = 0
	}
	return bestBegin, bestEnd, bestScore
}
