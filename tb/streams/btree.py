"""Rodinia 3.1 B+tree: findRangeK (kernel_gpu_cuda_2.cu) then findK (kernel_gpu_cuda.cu),
from the CUDA sources and docs/workloads/btree.md. The tree is grown here by inserting
the keys 1..N one at a time (the B+ tree's split rules), then flattened breadth first
as transform_to_cuda does."""
import struct
from collections import deque

import gks

CHECK_SCALE = 0.04  # 40000 keys: a root, 2 internal nodes, 312 leaves (height 2)

ORDER = 256
KW = 517  # ints per knode: location, indices[257], keys[257], is_leaf, num_keys
INT_MIN, INT_MAX = -2**31, 2**31 - 1


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


class Node:
    def __init__(self, leaf):
        self.leaf = leaf
        self.keys = []  # leaf: its keys; internal: separators
        self.kids = []  # internal: children


def grow(n):
    """insert 1..n in increasing order: leaf overflow (order keys) -> 128 | 128,
    internal overflow (order + 1 pointers) -> 128 | 129 pointers, k_prime moves up"""
    root = Node(True)
    path = [root]  # rightmost path, root first
    for key in range(1, n + 1):
        leaf = path[-1]
        leaf.keys.append(key)
        if len(leaf.keys) < ORDER:
            continue
        right = Node(True)
        right.keys = leaf.keys[128:]
        leaf.keys = leaf.keys[:128]
        sep, child, depth = right.keys[0], right, len(path) - 1
        path[-1] = right
        while True:
            if depth == 0:
                top = Node(False)
                top.kids, top.keys = [root, child], [sep]
                root = top
                path.insert(0, root)
                break
            parent = path[depth - 1]
            parent.kids.append(child)
            parent.keys.append(sep)
            if len(parent.kids) <= ORDER:
                break
            newp = Node(False)
            # 257 pointers, 256 keys: left keeps 128 pointers / 127 keys, key 127 goes up
            up = parent.keys[127]
            newp.kids, newp.keys = parent.kids[128:], parent.keys[128:]
            parent.kids, parent.keys = parent.kids[:128], parent.keys[:127]
            path[depth - 1] = newp
            sep, child, depth = up, newp, depth - 1
    return root


def flatten(root):
    """knodes (list of dicts) in breadth-first order; records are the leaves' keys in order"""
    order = []
    q = deque([root])
    while q:
        nd = q.popleft()
        order.append(nd)
        if not nd.leaf:
            q.extend(nd.kids)
    where = {id(nd): i for i, nd in enumerate(order)}
    out = []
    rec = 0
    for i, nd in enumerate(order):
        nk = len(nd.keys)
        keys = [INT_MIN] + nd.keys + [INT_MAX] * (ORDER - nk - 1)
        keys.append(INT_MAX if nk + 2 == ORDER + 1 else 0)  # keys[256]: unset (0) unless used
        keys = keys[:ORDER + 1]
        if nd.leaf:
            idx = [0] + list(range(rec, rec + nk))
            rec += nk
        else:
            idx = [where[id(k)] for k in nd.kids]
        idx.append(i + 1)
        out.append({"keys": keys, "idx": idx})
    return out


def build(scale, seed):
    n = gks.scaled(1000000, scale, 1)
    cj, ck = gks.scaled(6000, scale, 1), gks.scaled(10000, scale, 1)
    rsize = min(gks.scaled(6000, scale, 0), n)
    root = grow(n)
    height = 0
    nd = root
    while not nd.leaf:
        nd = nd.kids[0]
        height += 1
    kn = flatten(root)
    elems = len(kn)

    r = gks.GlibcRand(seed)
    frac = lambda: f32(f32(float(r.rand())) / f32(2147483647.0))
    starts, ends = [], []
    for _ in range(cj):
        s = int(f32(frac() * f32(float(n))))
        e = s + rsize
        if e >= n:
            s, e = s - (e - n), n - 1
        starts.append(s)
        ends.append(e)
    qkeys = [int(f32(frac() * f32(float(n)))) for _ in range(ck)]

    ar = gks.Arrays()
    for name, cnt, es in (("knodes_j", elems * KW, 4), ("curr_j", cj, 8), ("off_j", cj, 8), ("last_j", cj, 8),
                          ("off2_j", cj, 8), ("start", cj, 4), ("end", cj, 4), ("recstart", cj, 4),
                          ("reclen", cj, 4), ("records", n, 4), ("knodes_k", elems * KW, 4), ("curr_k", ck, 8),
                          ("off_k", ck, 8), ("keys", ck, 4), ("ans", ck, 4)):
        ar.add(name, cnt, es)

    def key_word(node, t):
        return node * KW + 258 + t

    def idx_word(node, t):
        return node * KW + 1 + t

    def step(node, q):
        hits = [t for t in range(ORDER) if kn[node]["keys"][t] <= q < kn[node]["keys"][t + 1]]
        for t in hits:
            if kn[node]["idx"][t] < elems:
                return kn[node]["idx"][t]
        return node

    def mask(lanes, pred):
        return sum(1 << l for l in lanes if pred(l))

    def search_level(w, lanes, tx, pcs, node, q, names, bid, knodes):
        """the two-comparison branch of one level for one key; pcs: 5 memory/alu pcs"""
        every = lanes
        one = {l: bid for l in every}
        w.ld(pcs[0], mask(every, lambda l: True), names[0], one)
        w.ld(pcs[1], mask(every, lambda l: True), knodes, {l: key_word(node, tx[l]) for l in every})
        w.ld(pcs[2], mask(every, lambda l: True), names[1], one)
        w.alu(pcs[3], mask(every, lambda l: True), 4)
        c1 = [l for l in every if kn[node]["keys"][tx[l]] <= q]
        w.ld(pcs[4], mask(c1, lambda l: True), knodes, {l: key_word(node, tx[l] + 1) for l in c1})
        w.alu(pcs[5], mask(c1, lambda l: True), 4)
        return [l for l in c1 if kn[node]["keys"][tx[l] + 1] > q]

    def range_fn(w, bx, by, lanes):
        live = [l for l in range(32) if lanes[l]]
        tx = {l: lanes[l][0] for l in live}
        one = {l: bx for l in live}
        lane0 = mask(live, lambda l: tx[l] == 0)
        allm = mask(live, lambda l: True)
        s, e = starts[bx], ends[bx]
        cur = last = 0
        for _ in range(height):
            for node, q, base, names, offn in ((cur, s, 0x108, ("curr_j", "start"), "off_j"),
                                                (last, e, 0x150, ("last_j", "end"), "off2_j")):
                pcs = [base + 8 * k for k in range(9)]
                c2 = search_level(w, live, tx, pcs, node, q, names, bx, "knodes_j")
                w.ld(pcs[6], mask(c2, lambda l: True), "knodes_j", {l: idx_word(node, tx[l]) for l in c2})
                w.alu(pcs[7], mask(c2, lambda l: True), 4)
                w.st(pcs[8], mask(c2, lambda l: kn[node]["idx"][tx[l]] < elems), offn, one)
            w.bar(0x198, allm)
            w.ld(0x1a0, lane0, "off_j", one)
            w.st(0x1a8, lane0, "curr_j", one)
            w.ld(0x1b0, lane0, "off2_j", one)
            w.st(0x1b8, lane0, "last_j", one)
            w.bar(0x1c0, allm)
            cur, last = step(cur, s), step(last, e)
        for node, q, base, names in ((cur, s, 0x1c8, ("curr_j", "start")), (last, e, 0x200, ("last_j", "end"))):
            w.ld(base, allm, names[0], one)
            w.ld(base + 8, allm, "knodes_j", {l: key_word(node, tx[l]) for l in live})
            w.ld(base + 16, allm, names[1], one)
            w.alu(base + 24, allm, 4)
            eq = mask(live, lambda l: kn[node]["keys"][tx[l]] == q)
            w.ld(base + 32, eq, "knodes_j", {l: idx_word(node, tx[l]) for l in live})
            if base == 0x1c8:
                w.st(0x1f0, eq, "recstart", one)
                w.bar(0x1f8, allm)
            else:
                w.ld(0x228, eq, "recstart", one)
                w.alu(0x230, eq, 4)
                w.st(0x238, eq, "reclen", one)

    def find_fn(w, bx, by, lanes):
        live = [l for l in range(32) if lanes[l]]
        tx = {l: lanes[l][0] for l in live}
        one = {l: bx for l in live}
        lane0 = mask(live, lambda l: tx[l] == 0)
        allm = mask(live, lambda l: True)
        q = qkeys[bx]
        cur = 0
        for _ in range(height):
            pcs = [0x308 + 8 * k for k in range(6)]
            c2 = search_level(w, live, tx, pcs, cur, q, ("curr_k", "keys"), bx, "knodes_k")
            m2 = mask(c2, lambda l: True)
            w.ld(0x338, m2, "off_k", one)  # knodesD[offsetD[bid]]: offset == cur here
            w.ld(0x340, m2, "knodes_k", {l: idx_word(cur, tx[l]) for l in c2})
            w.alu(0x348, m2, 4)
            w.st(0x350, mask(c2, lambda l: kn[cur]["idx"][tx[l]] < elems), "off_k", one)
            w.bar(0x358, allm)
            w.ld(0x360, lane0, "off_k", one)
            w.st(0x368, lane0, "curr_k", one)
            w.bar(0x370, allm)
            cur = step(cur, q)
        w.ld(0x378, allm, "curr_k", one)
        w.ld(0x380, allm, "knodes_k", {l: key_word(cur, tx[l]) for l in live})
        w.ld(0x388, allm, "keys", one)
        w.alu(0x390, allm, 4)
        hit = [l for l in live if kn[cur]["keys"][tx[l]] == q]
        w.ld(0x398, mask(hit, lambda l: True), "knodes_k", {l: idx_word(cur, tx[l]) for l in hit})
        w.ld(0x3a0, mask(hit, lambda l: True), "records", {l: kn[cur]["idx"][tx[l]] for l in hit})
        w.st(0x3a8, mask(hit, lambda l: True), "ans", one)

    return ar, [gks.Launch("findRangeK", (cj, 1), (ORDER, 1), 23, 0, range_fn),
                gks.Launch("findK", (ck, 1), (ORDER, 1), 18, 0, find_fn)]
