package blosclz

// probeRatio runs the compressor's parse over in without writing output and
// returns the ratio of input consumed to output produced that C-Blosc2's
// get_cratio predicts (the "entropy probe"). The first 1<<hashLog entries of
// htab must be zero.
func probeRatio(in []byte, htab *hashTable, hashLog uint) float64 {
	shift := hashShift(hashLog)
	mt := matcher{src: in, htab: htab, shift: shift, ipLimit: len(in) - limitMargin, ipBound: len(in) - 1}
	ip := 0
	oc := 5  // the first literal run: control byte and four bytes
	lit := 4 // literals already in the current run when the pending ones start
	litStart := 0
	for {
		anchor, end, dist := mt.next(ip)
		if anchor < 0 {
			// The scan went up to ipLimit, unless a match had already
			// taken ip beyond it.
			ip = max(ip, mt.ipLimit)
			break
		}
		n := end - anchor
		// Count the pending literals: one byte each plus a control byte
		// every time a run reaches 32; a run left empty gives back its
		// reserved control byte.
		pending := anchor - litStart
		oc += pending + (lit+pending)/maxLiteralRun
		if (lit+pending)%maxLiteralRun == 0 {
			oc--
		}
		if n >= 7 {
			oc += (n-7)/255 + 1
		}
		if dist < maxNearDist {
			oc += 2
		} else {
			oc += 4
		}
		ip = end
		htab[hash(load32(in, ip), shift)] = uint32(ip)
		ip += 2
		oc++ // control byte of the next literal run
		lit = 0
		litStart = ip
	}
	if ip > litStart {
		pending := ip - litStart
		oc += pending + (lit+pending)/maxLiteralRun
	}
	return float64(ip) / float64(oc)
}
