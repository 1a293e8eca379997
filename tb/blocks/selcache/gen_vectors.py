#!/usr/bin/env python3
"""gen_vectors.py: writes vectors/selcache/*.vec from seed 003 chapter 4's rules as written
here, independently of the C model: the index scheme (4.3.1-4.3.2: per set, cache the last
(c) / first (b) Ways requests of a load; a: bypass a whole load with more than Ways), and
the locality degree (4.3.3: per-line hashed PC and re-reference counter, a table of running
sums; a request of a divergent load, more requests than Ways, bypasses when the victim's
counter beats the newcomer's PC average; LocScope=all: any read). The per-line state
follows the L1: a store the L1 takes (res write) write-evicts a valid line, a refused
store changes nothing. Each cycle is one L1 event; outputs are combinational (this
cycle's). Run from the repository top; it rewrites the vectors it makes (the hand-written
kill_*.vec are left alone); the files are committed."""
import os

IN = "rst_i op_i flush_i pc_i set_i way_i wayv_i res_i present_i canbyp_i final_i nreq_i idx_i sets_i".split()
OUT = "byp_o div_o same_o ibyp_o lbyp_o".split()
READ, PF, WRITE = 1, 2, 3
HIT, PEND, MISS, WR, FASSOC, FMISSQ = 0, 1, 2, 3, 4, 7


def fold(pc, shift, w):
    v, h = pc >> shift, 0
    while v:
        h ^= v & ((1 << w) - 1)
        v >>= w
    return h


class Model:
    def __init__(self, Sets=32, Ways=4, Lanes=32, Scheme="c", LocDeg=0, LocScope="div", HashW=7, CntW=4, NW=8,
                 PcShift=3):
        self.p = dict(Sets=Sets, Ways=Ways, Lanes=Lanes, Scheme=Scheme, LocDeg=LocDeg, LocScope=LocScope,
                      HashW=HashW, CntW=CntW, NW=NW, PcShift=PcShift)
        self.lines = {}  # (set, way) -> [hpc, cnt]
        self.tab = {}  # hpc -> [sum, n]
        self.sw = max(1, (Sets - 1).bit_length())

    def decide(self, ev):
        p = self.p
        sets, n, i = ev["sets"], len(ev["sets"]), ev["idx"]
        s = ev["set"]
        if p["Scheme"] == "a":
            same = sum(1 for x in sets if x == s)
            ibyp = n > p["Ways"]
        else:
            rng = range(0, i) if p["Scheme"] == "b" else range(i + 1, n)
            same = sum(1 for j in rng if sets[j] == s)
            ibyp = same >= p["Ways"]
        lbyp = 0
        vic = self.lines.get((s, ev["way"]))
        scope = p["LocScope"] == "all" or n > p["Ways"]  # 4.3.3: the requests of a divergent load
        if p["LocDeg"] and scope and ev["res"] == MISS and ev["present"] == 0 and vic:
            h = fold(ev["pc"], p["PcShift"], p["HashW"])
            tsum, tn = self.tab.get(h, [0, 0])
            lbyp = int(vic[1] * tn > tsum)
        byp = int(ev["op"] == READ and ev["canbyp"] and (ibyp or lbyp))
        return dict(byp_o=byp, div_o=int(n > p["Ways"]), same_o=same, ibyp_o=int(ibyp), lbyp_o=lbyp)

    def evict(self, line):
        p = self.p
        t = self.tab.setdefault(line[0], [0, 0])
        if t[1] == (1 << p["NW"]) - 1:
            t[0] >>= 1
            t[1] >>= 1
        t[0] += line[1]
        t[1] += 1

    def tick(self, ev, final):
        p = self.p
        key = (ev["set"], ev["way"])
        if ev.get("flush"):
            self.lines = {}
            return
        line = self.lines.get(key)
        if ev["op"] == READ and ev["present"] and ev["res"] in (HIT, PEND):
            if line and line[1] < (1 << p["CntW"]) - 1:
                line[1] += 1
        elif ev["op"] in (READ, PF) and ev["res"] == MISS and not final:
            if line:
                self.evict(line)
            self.lines[key] = [fold(ev["pc"], p["PcShift"], p["HashW"]), 0]
        elif ev["op"] == WRITE and ev["res"] == WR and ev["present"] == 1 and line:
            self.evict(line)
            del self.lines[key]


def ev(op=READ, pc=0x100, set=0, way=0, res=MISS, present=0, sets=None, idx=0, canbyp=None, final=None,
       flush=0):
    if sets is None:
        sets = [set] if op == READ else []
    if canbyp is None:
        canbyp = int(op == READ and (res == MISS or res >= FASSOC))
    return dict(op=op, pc=pc, set=set, way=way, res=res, present=present, sets=sets, idx=idx, canbyp=canbyp,
                final=final, flush=flush)


def write_vec(name, m, events, about, config):
    sw, L = m.sw, m.p["Lanes"]
    hexw = (L * sw + 3) // 4
    rows = ["1 " + " ".join("0" for _ in IN[1:-1]) + " 0x" + "0" * hexw + " | " + " ".join("-" for _ in OUT)]
    for e in events:
        if e.get("flush"):
            rows.append("0 0 1 0 0 0 0 0 0 0 0 0 0 0x" + "0" * hexw + " | 0 0 0 0 0")
            m.tick(e, 0)
            continue
        o = m.decide(e)
        final = o["byp_o"] if e["final"] is None else e["final"]
        packed = 0
        for j, s in enumerate(e["sets"]):
            packed |= s << (j * sw)
        vals = [0, e["op"], 0, "0x%x" % e["pc"], e["set"], e["way"], 1, e["res"], e["present"], e["canbyp"], final,
                len(e["sets"]), e["idx"], "0x%0*x" % (hexw, packed)]
        rows.append(" ".join(str(v) for v in vals) + " | " + " ".join(str(o[k]) for k in OUT))
        m.tick(e, final)
    with open(os.path.join("vectors/selcache", name + ".vec"), "w") as f:
        for line in about.strip().split("\n"):
            f.write("# " + line + "\n" if line else "#\n")
        f.write("config " + config + "\n")
        f.write("in  " + " ".join(IN) + "\n")
        f.write("out " + " ".join(OUT) + "\n")
        f.write("\n".join(rows) + "\n")


def main():
    import sys
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print("Usage: tb/blocks/selcache/gen_vectors.py   (no arguments)\n\n" + __doc__)
        return 0
    if sys.argv[1:]:
        print("gen_vectors.py: takes no arguments (see --help)", file=sys.stderr)
        return 2
    os.makedirs("vectors/selcache", exist_ok=True)
    # bicg (Listing 4.1, Figure 4.3): 32 requests of one warp, all in set 2 of a 4-way L1
    m = Model()
    evs = [ev(set=2, way=i % 4, sets=[2] * 32, idx=i) for i in range(32)]
    write_vec("bicg", m, evs, """
bicg: seed 003 4.2.2 (Listing 4.1 kernel 1, Figure 4.2): A[i * NY + tid] with NY = 4096
words: the 32 lines of one warp (0x00100, 0x01100, ..., 0x1F100) all map to set 2 of the
16 KB 4-way L1 (32 sets, 128 B lines). Scheme c (4.3.1): cache the last n = 4 requests of
the set, bypass the rest. Each line presents request idx 0..31 of the load as a miss with
final_i = the block's own decision: requests 0..27 bypass (same_o = later requests in the
set = 31 - idx >= 4), 28..31 are cached (same_o 3, 2, 1, 0). 28 bypassed, 4 cached.""",
              "Sets=32,Ways=4,Lanes=32")
    # Figure 4.5d: 8 requests, 5 to set i = 5 and 3 to set k = 9, 2-way
    s8 = [5, 9, 5, 5, 9, 5, 9, 5]
    m = Model(Ways=2)
    three = [1, 1, 2]
    evs = [ev(set=s8[i], way=0, sets=s8, idx=i) for i in range(8)] + [ev(set=three[i], sets=three, idx=i) for i in
                                                                       range(3)]
    write_vec("fig45d", m, evs, """
fig45d: seed 003 4.3.2, Figure 4.5d: 8 requests of one load, 5 to set i (5) and 3 to set k
(9), in a 2-way L1. Per set, the last 2 are cached and the rest bypassed: set i's requests
at 0, 2, 3, 5, 7 -> 0, 2, 3 bypass; set k's at 1, 4, 6 -> 1 bypasses. Bypassed 3 + 1,
cached 2 + 2. A 3-request load (no divergence over 2 ways in any set: cached) follows.""",
              "Sets=32,Ways=2,Lanes=32")
    # schemes a and b
    m = Model(Scheme="b")
    write_vec("scheme_b", m, [ev(set=7, way=i % 4, sets=[7] * 32, idx=i) for i in range(32)], """
scheme_b: seed 003 4.3.1, Figure 4.5b: scheme b caches the first n = 4 requests of a
divergent load's set and bypasses the rest: of 32 requests in set 7, 0..3 are cached
(same_o = earlier requests in the set = idx < 4), 4..31 bypassed.""", "Scheme=b")
    m = Model(Scheme="a")
    five = [0, 1, 2, 3, 4]
    evs = [ev(set=s, sets=five, idx=i) for i, s in enumerate(five)] + [ev(set=s, sets=five[:4], idx=i) for i, s in
                                                                       enumerate(five[:4])]
    write_vec("scheme_a", m, evs, """
scheme_a: seed 003 4.3.1, Figure 4.5a: scheme a bypasses every request of a load whose
divergence (requests) exceeds the associativity n = 4: a load of 5 requests in 5
different sets bypasses all 5 (div_o 1, although no set has more than one); a load of 4
requests is cached (div_o 0). same_o counts the load's requests in this set.""", "Scheme=a")
    # the locality degree: every read below is a request of a divergent load (5 requests
    # in 5 sets of a 4-way L1: no set over-subscribed, the index scheme caches each)
    m = Model(LocDeg=1)
    A, B, C = 0x100, 0x208, 0x310

    def div5(s):
        return [s] + [x for x in range(8) if x != s][:4]

    evs = [ev(pc=A, set=0, way=0)] + [ev(pc=A, set=0, way=0, res=HIT, present=1)] * 3 + [
        ev(pc=B, set=1, way=0), ev(pc=B, set=1, way=0, res=PEND, present=2), ev(pc=C, set=1, way=0),
        ev(pc=B, set=0, way=0, sets=div5(0)), ev(pc=B, set=1, way=0, sets=div5(1)),
        ev(op=WRITE, pc=0, set=0, way=0, res=WR, present=1),
        ev(pc=B, set=0, way=0, sets=div5(0)), ev(flush=1), ev(pc=C, set=1, way=0, sets=div5(1)),
        ev(pc=B, set=3, way=1, res=FASSOC, canbyp=1, final=0, sets=div5(3))]
    write_vec("locality", m, evs, """
locality: seed 003 4.3.3, the locality degree (LocDeg on): each line keeps the hashed PC
of the load that allocated it and its re-references (hits); an eviction adds the count
to the PC's running sum; a request of a divergent load that would evict a valid line
with more re-references than the reading PC's average bypasses (H5, H43).
c1 A (0x100) allocates (0,0); c2-c4 three hits: its counter 3. c5 B (0x208) allocates
(1,0) (no history: cached); c6 a hit-pending on it: 1. c7 C evicts it: B's entry {sum 1,
n 1}. From c8 on B's and C's reads are requests of a divergent load (5 requests in 5
sets: div_o 1, the index scheme caches them). c8 B misses at (0,0), victim A's line with
3 > 1: bypass (lbyp_o). c9 B misses at (1,0), victim C's line with 0: cached (C's entry
{0, 1}). c10 a write the L1 takes evicts A's line (write-evict): A's entry {3, 1}. c11 B
at (0,0): the way is empty, cached. c12 flush. c13 C at (1,0): after the flush no line is
tracked: cached. c14 a refused read (every way reserved) with no victim: the locality
degree does not apply.""", "LocDeg=on")
    # the locality degree applies to the requests of divergent loads only (H43)
    hist = [ev(pc=A, set=0, way=0)] + [ev(pc=A, set=0, way=0, res=HIT, present=1)] * 3 + [
        ev(pc=B, set=1, way=0), ev(pc=B, set=1, way=0, res=PEND, present=2), ev(pc=C, set=1, way=0)]
    scope_evs = hist + [ev(pc=B, set=0, way=0, sets=div5(0)), ev(pc=B, set=0, way=0, sets=[0, 1, 2, 3]),
                        ev(pc=B, set=0, way=0)]
    write_vec("locality_scope", Model(LocDeg=1), scope_evs, """
locality_scope: seed 003 4.3.3 and Figure 4.4 apply the locality degree to the requests
the index scheme caches "whenever memory-divergent instruction is detected" (4.3.1: the
divergence exceeds the associativity n): a read of a load with at most n = 4 requests is
cached without the check (H43; LocScope=all, locality_all.vec, checks every read).
c1-c7 as in locality.vec: A's line at (0,0) has 3 re-references, B's entry {sum 1, n 1}.
c8 B misses at (0,0) as a request of a 5-request load (5 sets): div_o 1, victim 3 > 1:
bypass (lbyp_o 1; A's line stays). c9 the same read from a 4-request load (4 sets):
div_o 0, no check: cached (lbyp_o 0), A's line is evicted (A's entry {3, 1}), B's line
allocated. c10 a 1-request read of B at (0,0): victim B's new line with 0: cached.""",
              "LocDeg=on")
    write_vec("locality_all", Model(LocDeg=1, LocScope="all"), scope_evs, """
locality_all: LocScope=all, the locality degree on every read (the reading before issue
[fixes], kept as an option: docs/deviations.md H43): the same events as
locality_scope.vec. c8 as there (a divergent load: bypass); c9 the 4-request load (div_o
0) also bypasses (victim A's line, 3 > B's average 1: lbyp_o 1) and A's line stays; c10
a 1-request read of B at (0,0) bypasses again for the same reason.""", "LocDeg=on,LocScope=all")
    # a refused store changes nothing (the L1 keeps its line)
    evs = [ev(pc=B, set=0, way=0), ev(pc=A, set=0, way=0), ev(pc=A, set=0, way=0, res=HIT, present=1),
           ev(op=WRITE, pc=0x418, set=0, way=0, res=FMISSQ, present=1), ev(pc=B, set=0, way=0, sets=div5(0))]
    write_vec("refused_store", Model(LocDeg=1), evs, """
refused_store: a store the L1 refuses (res 7, miss queue full) changes nothing: the L1
returns the refusal before it touches the line (cmodel/gpu/gpu_l1.c, write-evict only for
a store it takes, res 3), so the block keeps the line and its counter, as rft's rule H21
says ("a store to a reserved line or a refused store changes nothing"; H44); only a store the
L1 takes write-evicts a tracked line (seed 003 4.3.3: "Whenever a line is evicted, the PC
and re-reference counter pair is added to the re-reference table"). Locality degree on.
c1 B (0x208) allocates (0,0). c2 A (0x100) misses at (0,0) and evicts B's line (counter
0): B's entry {sum 0, n 1}; A has no history: cached. c3 a hit: A's line counter 1. c4 a
store to (0,0), present valid, refused (res 7): no write-evict, A's line stays. c5 B
misses at (0,0) as a request of a divergent load (5 requests in 5 sets): victim A's line,
1 x 1 > 0: bypass (byp_o 1, lbyp_o 1). Before issue [fixes] c4 dropped A's line and c5
gave byp_o 0, lbyp_o 0.""", "LocDeg=on")
    m = Model(LocDeg=1, NW=2)
    evs = []
    for _ in range(4):
        evs += [ev(pc=0x100), ev(pc=0x100, res=HIT, present=1), ev(pc=0x100, res=HIT, present=1)]
    evs += [ev(pc=0x100), ev(pc=0x208, set=0, way=0)]
    write_vec("halving", m, evs, """
halving: the re-reference table's running sum with NW = 2 (counts 0..3): four lines of
PC 0x100, each hit twice, are evicted one after the other; at the fourth eviction the
count is full, so sum and count halve ({6, 3} -> {3, 1}) before the add: {5, 2}, average
2.5. Then PC 0x208 (no history) caches; the line it would evict was hit 0 times.""",
              "LocDeg=on,NW=2")


raise SystemExit(main())
