"""Rodinia 3.1 BFS (kernel.cu Kernel, kernel2.cu Kernel2), from the CUDA source and
docs/workloads.md "bfs"."""
import gks

TPB = 512
CHECK_SCALE = 0.005


def build(scale, seed):
    n = gks.scaled(1000000, scale, 2)
    r = gks.GlibcRand(seed)
    adj = [[] for _ in range(n)]
    for i in range(n):
        for _ in range(r.rand() % 3 + 2):
            v = r.rand() % n
            r.rand()  # weight
            adj[i].append(v)
            adj[v].append(i)
    start, deg, edges = [], [], []
    for i in range(n):
        start.append(len(edges))
        deg.append(len(adj[i]))
        edges += adj[i]
    ar = gks.Arrays()
    for name, elems, es in (("nodes", n, 8), ("edges", len(edges), 4), ("mask", n, 1), ("updating", n, 1),
                            ("visited", n, 1), ("cost", n, 4), ("over", 1, 1)):
        ar.add(name, elems, es)
    # levels by a plain queue BFS from node 0
    level = [-1] * n
    level[0] = 0
    frontier = [0]
    while frontier:
        nxt = []
        for v in frontier:
            for u in adj[v]:
                if level[u] < 0:
                    level[u] = level[v] + 1
                    nxt.append(u)
        frontier = nxt
    depth = max(level)
    grid, tpb = (gks.ceil_div(n, TPB), TPB) if n > TPB else (1, n)

    def k1(t):
        def fn(w, bx, by, lanes):
            tid = {l: bx * TPB + lanes[l][0] for l in range(32) if lanes[l]}
            inb = sum(1 << l for l in tid if tid[l] < n)
            w.ld(0x108, inb, "mask", tid)
            act = sum(1 << l for l in tid if inb >> l & 1 and level[tid[l]] == t)
            w.st(0x110, act, "mask", tid)
            w.ld(0x118, act, "nodes", tid)
            alive = [l for l in range(32) if act >> l & 1]
            for i in range(max([deg[tid[l]] for l in alive] or [0])):
                on = [l for l in alive if i < deg[tid[l]]]
                e = {l: start[tid[l]] + i for l in on}
                nid = {l: edges[e[l]] for l in on}
                m = sum(1 << l for l in on)
                w.ld(0x120, m, "edges", e)
                w.ld(0x128, m, "visited", nid)
                unvisited = sum(1 << l for l in on if not 0 <= level[nid[l]] <= t)
                w.ld(0x130, unvisited, "cost", tid)
                w.alu(0x138, unvisited, 4)
                w.st(0x140, unvisited, "cost", nid)
                w.st(0x148, unvisited, "updating", nid)
        return fn

    def k2(t):
        def fn(w, bx, by, lanes):
            tid = {l: bx * TPB + lanes[l][0] for l in range(32) if lanes[l]}
            inb = sum(1 << l for l in tid if tid[l] < n)
            w.ld(0x208, inb, "updating", tid)
            act = sum(1 << l for l in tid if inb >> l & 1 and level[tid[l]] == t + 1)
            w.st(0x210, act, "mask", tid)
            w.st(0x218, act, "visited", tid)
            w.st(0x220, act, "over", {l: 0 for l in range(32)})
            w.st(0x228, act, "updating", tid)
        return fn

    launches = []
    for t in range(depth + 1):
        launches.append(gks.Launch("Kernel", (grid, 1), (tpb, 1), 12, 0, k1(t)))
        launches.append(gks.Launch("Kernel2", (grid, 1), (tpb, 1), 6, 0, k2(t)))
    return ar, launches
