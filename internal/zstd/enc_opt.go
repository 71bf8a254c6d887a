package zstd

// optState is the optimal parsers' state: the binary tree, the cost
// model and the scratch of the forward pass. It is allocated once per
// Encoder, on the first input of an optimal parser level.
type optState struct {
	bt      btFinder
	prices  optPrices
	nodes   [optNum + 3]optNode
	matches [optNum + 3]optMatch
	path    [optNum + 3]optNode
	target  int // zstd's sufficient_len: min(targetLength, optNum-1)
	ultra   bool
}

// optNode is the best way found to reach a position of the forward pass:
// a "stretch", a match of mlen bytes (offBase off) followed by litlen
// literals (mlen 0: literals only since the start of the pass), its
// price, and the repeat offsets after it.
type optNode struct {
	price  int
	off    uint32
	mlen   uint32
	litlen uint32
	rep    [3]uint32
}

// newRep returns the repeat offsets after a match of offBase off, whose
// literal length is zero if ll0 (zstd's ZSTD_newRep).
func newRep(r [3]uint32, off uint32, ll0 bool) [3]uint32 {
	if off > 3 {
		return [3]uint32{off - 3, r[0], r[1]}
	}
	k := off - 1
	if ll0 {
		k++
	}
	switch k {
	case 0:
		return r
	case 1:
		return [3]uint32{r[1], r[0], r[2]}
	case 2:
		return [3]uint32{r[2], r[0], r[1]}
	}
	return [3]uint32{r[0] - 1, r[0], r[1]}
}

// prepareOpt readies the optimal parser for b, whose first start bytes
// are dictionary content, at the settings e.p: the tree gets the
// dictionary's positions, the cost model starts afresh.
func (e *Encoder) prepareOpt(b []byte, start int) {
	if e.opt == nil {
		e.opt = new(optState)
	}
	o := e.opt
	o.ultra = e.p.strat >= stratBtultra
	o.prices = optPrices{frac: o.ultra}
	o.target = min(optTarget(e.level, len(b)), optNum-1)
	extra := 0
	if e.p.strat == stratBtultra2 {
		extra = maxBlockSize + 1 // the first pass (matchOpt)
	}
	o.bt.reset(b, e.p, extra, optHash3Log(e.level, len(b)))
	if start > 8 {
		o.bt.update(start-8, start)
	}
	o.bt.next = max(o.bt.next, start)
	o.bt.next3 = o.bt.next
}

// matchOpt finds the sequences of b[pos:end] with the optimal parser.
// btultra2 first parses the first block of a frame without a dictionary
// once only to gather statistics, then forgets its matches and parses it
// again from those statistics (zstd's ZSTD_initStats_ultra).
func (e *Encoder) matchOpt(b []byte, pos, end int) {
	o := e.opt
	if e.p.strat == stratBtultra2 && o.prices.llSum == 0 && pos == 0 && e.dict == nil && end > predefMaxBytes {
		rep := e.rep
		e.parseOpt(b, pos, end, &rep, false)
		o.bt.rebase(end)
	}
	e.parseOpt(b, pos, end, &e.rep, true)
}

// parseOpt is zstd's optimal parser (ZSTD_compressBlock_opt_generic):
// from a position with a match, a forward pass over up to optNum
// positions records for each the cheapest way to reach it found so far,
// a literal from the position before or a match from an earlier one,
// with the prices of the cost model; the cheapest path to the end of the
// pass is then walked back and its sequences emitted (when emit is set)
// and counted in the model. rep holds the repeat offsets, updated.
func (e *Encoder) parseOpt(b []byte, pos, end int, rep *[3]int, emit bool) {
	o := e.opt
	pr := &o.prices
	f := &o.bt
	opt := &o.nodes
	ms := o.matches[:]
	pr.start(b[pos:end], e.dict)
	minMatch := 4
	if e.p.minMatch == 3 {
		minMatch = 3
	}
	target := o.target
	frac := o.ultra
	reps := [3]uint32{uint32(rep[0]), uint32(rep[1]), uint32(rep[2])}
	ip, anchor := pos, pos
	limit := end - 8
	if ip == e.start {
		ip++ // zstd never looks for a match at the first byte of a frame
	}
	f.next3 = max(f.next3, f.next)
	litPrice := func(p int) int { return pr.litPrice(b[p]) }
	for ip < limit {
		var last optNode
		cur, lastPos := 0, 0
		litlen := ip - anchor
		nm := f.find(ms, ip, end, &reps, litlen == 0, minMatch, target)
		if nm == 0 {
			ip++
			continue
		}
		opt[0] = optNode{litlen: uint32(litlen), price: pr.llPrice(litlen), rep: reps}
		if maxML := int(ms[nm-1].len); maxML > target {
			// A long match is taken at once.
			last = optNode{mlen: uint32(maxML), off: ms[nm-1].off}
			lastPos = maxML
			goto walk
		}
		{
			p := 1
			for ; p < minMatch; p++ {
				opt[p] = optNode{price: optMaxPrice, litlen: uint32(litlen + p)}
			}
			ll0 := pr.llPrice(0)
			for i := 0; i < nm; i++ {
				off := ms[i].off
				ob := opt[0].price + pr.offPrice(off) + ll0
				for l := int(ms[i].len); p <= l; p++ {
					opt[p] = optNode{mlen: uint32(p), off: off, price: ob + pr.mlPrice(p)}
				}
			}
			lastPos = p - 1
			opt[p].price = optMaxPrice
		}
		for cur = 1; cur <= lastPos; cur++ {
			// A literal from the position before, if that is cheaper.
			ll := opt[cur-1].litlen + 1
			price := opt[cur-1].price + litPrice(ip+cur-1) + pr.llPrice(int(ll)) - pr.llPrice(int(ll)-1)
			if price <= opt[cur].price {
				prev := opt[cur]
				opt[cur] = opt[cur-1]
				opt[cur].litlen = ll
				opt[cur].price = price
				if frac && prev.litlen == 0 && ip+cur < end && pr.llPrice(1)-pr.llPrice(0) < 0 {
					// The match replaced here, followed by one
					// literal, may still be the cheaper way to the
					// next position.
					with1 := prev.price + litPrice(ip+cur) + pr.llPrice(1) - pr.llPrice(0)
					withMore := price + litPrice(ip+cur) + pr.llPrice(int(ll)+1) - pr.llPrice(int(ll))
					if with1 < withMore && with1 < opt[cur+1].price {
						at := cur - int(prev.mlen)
						prev.rep = newRep(opt[at].rep, prev.off, opt[at].litlen == 0)
						prev.litlen = 1
						prev.price = with1
						opt[cur+1] = prev
						if lastPos < cur+1 {
							lastPos = cur + 1
							opt[lastPos+1].price = optMaxPrice
						}
					}
				}
			}
			if opt[cur].litlen == 0 {
				// A match ends here: its repeat offsets.
				at := cur - int(opt[cur].mlen)
				opt[cur].rep = newRep(opt[at].rep, opt[cur].off, opt[at].litlen == 0)
			}
			if ip+cur > limit {
				continue // no match starts within 8 bytes of the end
			}
			if cur == lastPos {
				break
			}
			if !frac && opt[cur+1].price <= opt[cur].price+bitCost/2 {
				continue // btopt skips positions that look unpromising
			}
			base := opt[cur].price + pr.llPrice(0)
			nm := f.find(ms, ip+cur, end, &opt[cur].rep, opt[cur].litlen == 0, minMatch, target)
			if nm == 0 {
				continue
			}
			if l := int(ms[nm-1].len); l > target || cur+l >= optNum || ip+cur+l >= end {
				last = optNode{mlen: uint32(l), off: ms[nm-1].off}
				lastPos = cur + l
				goto walk
			}
			for i := 0; i < nm; i++ {
				off := ms[i].off
				lo := minMatch
				if i > 0 {
					lo = int(ms[i-1].len) + 1
				}
				ob := base + pr.offPrice(off)
				for l := int(ms[i].len); l >= lo; l-- {
					p := cur + l
					price := ob + pr.mlPrice(l)
					if p > lastPos || price < opt[p].price {
						for lastPos < p {
							lastPos++
							opt[lastPos].price = optMaxPrice
							opt[lastPos].litlen = 1 // not the end of a match
						}
						opt[p].mlen = uint32(l)
						opt[p].off = off
						opt[p].litlen = 0
						opt[p].price = price
					} else if !frac {
						break // btopt: shorter lengths of this match will not do better
					}
				}
			}
			opt[lastPos+1].price = optMaxPrice
		}
		last = opt[lastPos]
		cur = lastPos - int(last.mlen)
	walk:
		if last.mlen == 0 {
			// Literals all the way: the next pass starts further.
			ip += lastPos
			continue
		}
		if last.litlen == 0 {
			reps = newRep(opt[cur].rep, last.off, opt[cur].litlen == 0)
		} else {
			reps = last.rep
			cur -= int(last.litlen)
		}
		// Walk the stretches back from the last match, which starts at
		// cur: each one's literals precede the match after it.
		path := &o.path
		n := 0
		path[0] = optNode{mlen: last.mlen, off: last.off}
		for sp := cur; ; {
			st := opt[sp]
			path[n].litlen = st.litlen
			if st.mlen == 0 {
				break
			}
			n++
			path[n] = optNode{mlen: st.mlen, off: st.off}
			sp -= int(st.litlen + st.mlen)
		}
		for i := n; i >= 0; i-- {
			s := &path[i]
			ll, ml := int(s.litlen), int(s.mlen)
			pr.update(b[anchor:anchor+ll], s.off, ml)
			if emit {
				e.emitOpt(b, anchor, ll, s.off, ml)
			}
			anchor += ll + ml
		}
		ip = anchor
		pr.setBase()
	}
	rep[0], rep[1], rep[2] = int(reps[0]), int(reps[1]), int(reps[2])
	if emit {
		e.lits = append(e.lits, b[anchor:end]...)
	}
}

// emitOpt records a sequence of the optimal parser: the ll literals at
// anchor, then a match of length ml coded as offBase off.
func (e *Encoder) emitOpt(b []byte, anchor, ll int, off uint32, ml int) {
	e.lits = append(e.lits, b[anchor:anchor+ll]...)
	e.seqs = append(e.seqs, seq{litLen: uint32(ll), matchLen: uint32(ml), offBase: off})
}
