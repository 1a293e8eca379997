"""LonestarGPU SSSP, topology-driven Bellman-Ford (initialize, drelax with atomicMin),
on a generated road-like grid graph, from the CUDA source and docs/workloads/sssp.md.
Each drelax launch sees dist as it was when the launch started (synchronous steps)."""
import gks

CHECK_SCALE = 0.004  # 1057 nodes, 2 blocks of 1024 threads, 73 drelax launches

TPB = 1024
INF = 1000000000


def graph(scale, seed):
    n = gks.scaled(264346, scale, 4)
    m = gks.scaled(733846, scale, 2)
    side = 1
    while side * side < n:
        side += 1

    def grid_nbrs(v):
        return [x for x, ok in ((v + 1, v % side + 1 < side and v + 1 < n), (v + side, v + side < n)) if ok]

    cand = sum(len(grid_nbrs(v)) for v in range(n))
    # a spanning comb is always kept: all down edges and the right edges of row 0
    forced = sum(1 for v in range(n) for x in grid_nbrs(v) if x == v + side or v < side)
    want, others = m // 2 - forced, cand - forced
    ppm = int(want * 1e6 / others + 0.5) if others > 0 and want > 0 else 0
    rng = gks.SplitMix(seed)
    adj = [dict() for _ in range(n)]
    for v in range(n):
        for x in grid_nbrs(v):
            keep = rng.next() % 1000000 < ppm or x == v + side or v < side
            if not keep:
                continue
            wt = 1 + rng.next() % 1000
            adj[v][x] = wt
            adj[x][v] = wt
    return n, [sorted(a.items()) for a in adj]


def build(scale, seed):
    n, adj = graph(scale, seed)
    first = []  # 1-based first edge of each node
    at = 1
    for a in adj:
        first.append(at)
        at += len(a)
    nedges = at - 1

    # synchronous Bellman-Ford from node 0: the dist snapshot before each launch
    snaps = []
    cur = [INF] * n
    cur[0] = 0
    while True:
        snaps.append(cur)
        nxt = list(cur)
        changed = False
        for u in range(n):
            for v, wt in adj[u]:
                if cur[u] + wt < cur[v]:
                    changed = True
                    nxt[v] = min(nxt[v], cur[u] + wt)
        cur = nxt
        if not changed:
            break

    ar = gks.Arrays()
    for name, cnt, es in (("edgessrcdst", nedges + 1, 4), ("edgessrcwt", nedges + 1, 4), ("psrc", n + 1, 4),
                          ("noutgoing", n, 4), ("nincoming", n, 4), ("srcsrc", n, 4), ("maxOutDegree", 1, 4),
                          ("maxInDegree", 1, 4), ("dist", n, 4), ("changed", 1, 1)):
        ar.add(name, cnt, es)

    blocks = gks.ceil_div(n, TPB)

    def init(w, bx, by, lanes):
        ids = {l: bx * TPB + lanes[l][0] for l in range(32) if lanes[l]}
        ids = {l: i for l, i in ids.items() if i < n}
        w.st(0x108, sum(1 << l for l in ids), "dist", ids)

    def relax(d):
        def fn(w, bx, by, lanes):
            node = {l: bx * TPB + lanes[l][0] for l in range(32) if lanes[l]}
            node = {l: u for l, u in node.items() if u < n}
            w.ld(0x208, sum(1 << l for l in node), "noutgoing", node)
            done = set()
            longest = max([len(adj[u]) for u in node.values()] or [0])
            for k in range(longest):
                act = {l: u for l, u in node.items() if k < len(adj[u])}
                mask = sum(1 << l for l in act)
                edge = {l: first[u] + k for l, u in act.items()}
                to = {l: adj[u][k][0] for l, u in act.items()}
                w.ld(0x210, mask, "noutgoing", act)
                w.ld(0x218, mask, "srcsrc", act)
                w.ld(0x220, mask, "psrc", act)
                w.ld(0x228, mask, "edgessrcdst", edge)
                w.ld(0x230, mask, "edgessrcwt", edge)
                w.ld(0x238, mask, "dist", act)
                w.ld(0x240, mask, "dist", to)
                w.alu(0x248, mask, 4)
                win = [l for l, u in act.items() if d[u] + adj[u][k][1] < d[to[l]]]
                w.atom(0x250, sum(1 << l for l in win), "dist", to)
                done.update(win)
            w.st(0x258, sum(1 << l for l in done), "changed", {l: 0 for l in done})
        return fn

    launches = [gks.Launch("initialize", (blocks, 1), (TPB, 1), 6, 0, init)]
    launches += [gks.Launch("drelax", (blocks, 1), (TPB, 1), 20, 0, relax(d)) for d in snaps]
    return ar, launches
