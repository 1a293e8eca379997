/*
 * gpu_sm.c: the SMs of the GPU memory model (gpu_internal.h): launches and warps,
 * thread-block dispatch, the warp schedulers, the coalescer, the memory stage in
 * front of the L1, miss-queue injection and the returns from the interconnect.
 *
 * Hook points here (gpu_hooks.h): REQ (memory stage), L1 (each access and fill),
 * PREFETCH (after the memory stage), SCHED (each scheduler's pick), ISSUE (after the
 * schedulers). With no block bound each costs one pointer test.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"

/* ---- launches and warps ---- */

/* lanes that execute op: the warp's active lanes, narrowed by the op's own branch */
static uint32_t op_mask(const gpu *g, const warp *w, const warp_data *d, const gk_op *op)
{
    if (!op->when) return w->mask;
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((w->mask >> l & 1) && op->when(g->L, d->x[l], d->y[l])) m |= 1u << l;
    return m;
}

static void warp_step(gpu *g, warp *w)
{
    w->opi++;
    if (w->opi == g->p2 && g->p1 < g->p2) { /* end of a body iteration */
        if (++w->k < g->L->trip) w->opi = g->p1;
        else w->k = 0;
    }
}

/* after a move: skip an empty or zero-trip body and ops no lane of the warp executes */
static void warp_settle(gpu *g, warp *w, const warp_data *d)
{
    for (;;) {
        if (w->opi == g->p1 && w->k == 0 && (g->L->trip <= 0 || g->p1 == g->p2)) w->opi = g->p2;
        if (w->opi >= g->L->nops) {
            w->prog_done = 1;
            return;
        }
        const gk_op *op = &g->L->ops[w->opi];
        if (!op->when || op_mask(g, w, d, op)) {
            w->ckind = op->kind;
            w->dep = op->kind == GK_LOAD ? 0 : ~0u;
            return;
        }
        warp_step(g, w);
    }
}

static void warp_advance(gpu *g, warp *w, const warp_data *d)
{
    warp_step(g, w);
    warp_settle(g, w, d);
}

int gpu_start_launch(gpu *g, char *err, size_t n)
{
    const gk_launch *L = &g->wl->launch[g->li];
    g->L = L;
    g->p1 = g->p2 = L->nops;
    for (int i = L->nops - 1; i >= 0; i--) {
        if (L->ops[i].sect >= GK_BODY) g->p1 = i;
        if (L->ops[i].sect >= GK_EPI) g->p2 = i;
    }
    if (g->p2 < g->p1) g->p2 = g->p1;
    g->kid = 0;
    while (g->kid < g->nkern && strcmp(g->kname[g->kid], L->kernel)) g->kid++;
    if (g->kid == g->nkern) {
        if (g->nkern < BD_MAXK) g->kname[g->nkern++] = L->kernel;
        else g->kid = BD_MAXK - 1; /* more kernels than told apart: they share the last */
    }
    g->tpb = L->block_x * L->block_y;
    g->wpb = (g->tpb + 31) / 32;
    g->nblocks = (uint64_t)L->grid_x * L->grid_y;
    g->next_block = g->done_blocks = 0;
    g->wgen = L->warp != NULL;
    g->sb = L->sb && g->wgen;
    for (unsigned i = 0; g->sb && i < g->c.sms; i++)
        if (!g->sm[i].rrdy && !(g->sm[i].rrdy = calloc((size_t)g->c.warps * 256, sizeof *g->sm[i].rrdy))) {
            snprintf(err, n, "launch %d (%s): out of memory for the register scoreboard", g->li, L->kernel);
            return 1;
        }
    if (g->tpb == 0 || g->tpb > 1024 || g->wpb > g->c.warps || g->tpb > g->c.threads) {
        snprintf(err, n, "launch %d (%s): %u threads per block do not fit an SM (core.warps=%u, core.threads=%u)",
                 g->li, L->kernel, g->tpb, g->c.warps, g->c.threads);
        return 1;
    }
    /* thread blocks per SM as GPGPU-Sim's max_cta computes them: threads (padded to
     * whole warps), shared memory, registers (per thread rounded up to 4), block slots */
    unsigned padded = g->wpb * 32, lim = g->c.threads / padded;
    if (L->smem && g->c.smem / L->smem < lim) lim = g->c.smem / L->smem;
    if (L->regs && g->c.regs / (padded * ((L->regs + 3) & ~3u)) < lim) lim = g->c.regs / (padded * ((L->regs + 3) & ~3u));
    if (g->c.blocks < lim) lim = g->c.blocks;
    g->max_cta = lim;
    if (!lim) {
        snprintf(err, n, "launch %d (%s): a block of %u threads with %u registers each and %u bytes of shared memory does not fit an SM (core.regs=%u, core.smem=%u)",
                 g->li, L->kernel, g->tpb, L->regs, L->smem, g->c.regs, g->c.smem);
        return 1;
    }
    gpu_launch_info li = {g->li, L->kernel, g->tpb, g->wpb, gpu_top_line(g)};
    for (unsigned i = 0; i < g->nkinds; i++) {
        const gpu_kind_rt *K = &g->kinds[i];
        if (K->drv->launch_check && K->drv->launch_check(K->cfg, &li, err, n)) return 1;
    }
    for (unsigned s = 0; s < g->c.sms; s++) {
        gpu_l1_invalidate(&g->sm[s].l1);
        g->sm[s].l1_flush_due = 1;
        L1_TRACE(g, &g->sm[s], 2, 0, 0, 0);
    }
    return 0;
}

static void warp_retire(gpu *g, gpu_sm *S, unsigned ws);

/* every warp of block b passed the barrier: they go on, and a warp whose program ended
 * at it (nothing pending) retires */
static void bar_release(gpu *g, gpu_sm *S, unsigned b)
{
    unsigned done[64], nd = 0;
    S->blk[b].bar_wait = 0;
    for (unsigned i = 0; i < g->c.warps; i++) {
        warp *v = &S->w[i];
        if (!v->live || v->block != b) continue;
        v->at_bar = 0;
        if (v->prog_done && !v->pending) done[nd++] = i;
    }
    for (unsigned i = 0; i < nd; i++) warp_retire(g, S, done[i]);
}

static void warp_retire(gpu *g, gpu_sm *S, unsigned ws)
{
    warp *w = &S->w[ws];
    blockslot *B = &S->blk[w->block];
    gpu_occ_note(g, S);
    w->live = 0;
    S->live_warps--;
    S->wver++;
    S->live_mask &= ~(1ull << ws);
    if (--B->warps_left == 0) {
        B->live = 0;
        S->nblk--;
        g->done_blocks++;
    } else if (B->bar_wait && B->bar_wait == B->warps_left) { /* the others wait at a barrier this warp never reaches */
        bar_release(g, S, w->block);
    }
}

void gpu_occ_note(const gpu *g, gpu_sm *S)
{
    uint64_t dt = g->now - S->occ_t;
    S->occ_w += (uint64_t)S->live_warps * dt;
    S->occ_b += (uint64_t)S->nblk * dt;
    if (S->live_warps && dt) {
        S->occ_a += dt;
        S->occ_last = g->now;
    }
    S->occ_t = g->now;
}

int gpu_occ_row(gpu *g)
{
    unsigned n = g->c.sms;
    if (!g->occ_snap) {
        g->occ_snap = malloc((size_t)OCC_ROWS * n * OCC_F * sizeof *g->occ_snap);
        if (!g->occ_snap) return 1;
    }
    if (g->occ_rows == OCC_ROWS) { /* keep the rows at even multiples of the window: half as many, twice as long */
        for (unsigned r = 0; r < OCC_ROWS / 2; r++)
            memcpy(&g->occ_snap[(size_t)r * n * OCC_F], &g->occ_snap[(size_t)(2 * r + 1) * n * OCC_F],
                   n * OCC_F * sizeof *g->occ_snap);
        g->occ_rows = OCC_ROWS / 2;
        g->occ_win *= 2;
        if (g->now % g->occ_win) { /* this row falls between two kept ones: wait for the next */
            g->occ_next = g->now - g->now % g->occ_win + g->occ_win;
            return 0;
        }
    }
    uint64_t *row = &g->occ_snap[(size_t)g->occ_rows++ * n * OCC_F];
    for (unsigned s = 0; s < n; s++) {
        gpu_sm *S = &g->sm[s];
        uint64_t *e = &row[(size_t)s * OCC_F];
        gpu_occ_note(g, S);
        e[OCC_W] = S->occ_w;
        e[OCC_B] = S->occ_b;
        e[OCC_A] = S->occ_a;
        e[OCC_I] = S->insts;
        memcpy(&e[OCC_TL], S->tl, sizeof S->tl);
    }
    g->occ_next = g->now + g->occ_win;
    return 0;
}

/* what the warp's next instruction waits for: the built-in programs' loads and atomics
 * nothing, their other instructions every load of the warp; a trace's instruction (the
 * scoreboard) the loads writing its source or destination registers (w->dep, the load
 * slots), and the cycle its short-latency registers are ready (folded into w->ready) */
static void wgen_deps(const gpu *g, const gpu_sm *S, unsigned ws)
{
    warp *w = &S->w[ws];
    const warp_data *d = &S->wd[ws];
    const gk_inst *in = &d->prog.ins[w->opi];
    w->ckind = in->kind;
    if (!g->sb) {
        w->dep = in->kind == GK_LOAD || in->kind == GK_ATOM ? 0 : ~0u;
        return;
    }
    const uint64_t *rr = S->rrdy + (size_t)ws * 256;
    const uint8_t *src = d->prog.reg + in->r;
    uint32_t dep = 0;
    uint64_t ready = w->ready;
    for (int i = -1; i < (int)in->nsrc; i++) {
        unsigned r;
        if (i < 0) {
            if (!in->dst1) continue;
            r = in->dst1 - 1u;
        } else {
            r = src[i];
        }
        if (rr[r] > ready) ready = rr[r];
        for (uint32_t b = w->slot_busy; b; b &= b - 1) {
            unsigned s = (unsigned)__builtin_ctz(b);
            if (d->slot[s].reg1 == r + 1) dep |= 1u << s;
        }
    }
    w->ready = ready;
    w->dep = dep;
}

/* a warp program's first instruction (a warp with none is done) */
static void wgen_start(const gpu *g, gpu_sm *S, unsigned ws)
{
    warp *w = &S->w[ws];
    w->opi = 0;
    if (g->sb) memset(S->rrdy + (size_t)ws * 256, 0, 256 * sizeof *S->rrdy);
    if (S->wd[ws].prog.n) wgen_deps(g, S, ws);
    else w->prog_done = 1;
}

static void wgen_advance(const gpu *g, gpu_sm *S, unsigned ws)
{
    warp *w = &S->w[ws];
    if (++w->opi >= (int)S->wd[ws].prog.n) w->prog_done = 1;
    else wgen_deps(g, S, ws);
}

/* 0: dispatched or no room; 1: a warp program failed (err) */
static int dispatch_block(gpu *g, gpu_sm *S, int *took, char *err, size_t n)
{
    unsigned b = g->c.blocks, nb = 0;
    *took = 0;
    for (unsigned i = 0; i < g->c.blocks; i++) {
        if (S->blk[i].live) nb++;
        else if (b == g->c.blocks) b = i;
    }
    /* max_cta bounds the threads (padded to warps, so the warp slots too: core.threads <=
     * 32 x core.warps) and the block slots */
    if (b == g->c.blocks || nb + 1 > g->max_cta) return 0;
    *took = 1;
    S->wver++;
    gpu_occ_note(g, S);
    S->nblk++;
    S->ever = 1;
    g->blocks_run++;
    uint64_t id = g->next_block++;
    uint64_t bx = id % g->L->grid_x, by = id / g->L->grid_x;
    blockslot *B = &S->blk[b];
    B->live = 1;
    B->warps_left = g->wpb;
    B->bar_wait = 0;
    unsigned wi = 0, idle[64], nidle = 0;
    for (unsigned ws = 0; ws < g->c.warps && wi < g->wpb; ws++) {
        warp *w = &S->w[ws];
        warp_data *d = &S->wd[ws];
        if (w->live) continue;
        memset(w, 0, sizeof *w);
        gk_wprog keep = d->prog; /* a warp program's buffers stay with the warp slot */
        memset(d, 0, sizeof *d);
        d->prog = keep;
        w->live = 1;
        w->block = (uint8_t)b;
        w->inblk = (uint8_t)wi;
        w->age = g->age++;
        for (unsigned l = 0; l < 32; l++) {
            unsigned tid = wi * 32 + l;
            if (tid >= g->tpb) continue;
            int64_t x = (int64_t)(bx * g->L->block_x + tid % g->L->block_x);
            int64_t y = (int64_t)(by * g->L->block_y + tid / g->L->block_x);
            d->x[l] = x;
            d->y[l] = y;
            if (!g->L->guard || g->L->guard(g->L, x, y)) w->mask |= 1u << l;
        }
        w->ready = g->now + 1;
        if (g->wgen) {
            if (gk_warp_build(g->wl, g->li, (uint32_t)bx, (uint32_t)by, wi, &d->prog, 0, err, n)) return 1;
            wgen_start(g, S, ws);
        } else {
            if (!w->mask) w->opi = g->L->nops; /* every lane fails the guard: nothing to run */
            warp_settle(g, w, d);
        }
        if (w->prog_done) idle[nidle++] = ws;
        S->live_warps++;
        S->live_mask |= 1ull << ws;
        wi++;
    }
    for (unsigned i = 0; i < nidle; i++) warp_retire(g, S, idle[i]);
    return 0;
}

/* step 5: one block per SM per cycle, SMs in turn; non-zero: a warp program failed (err) */
int gpu_sms_dispatch(gpu *g, char *err, size_t n)
{
    for (unsigned i = 0; i < g->c.sms && g->next_block < g->nblocks; i++) {
        unsigned s = (g->next_sm + i) % g->c.sms;
        int took;
        if (dispatch_block(g, &g->sm[s], &took, err, n)) return 1;
        if (took) g->last_progress = g->now;
    }
    g->next_sm = (g->next_sm + 1) % g->c.sms;
    return 0;
}

/* ---- load-latency breakdown: one record per line request of a load ---- */

static bd_rec *bd_slot(gpu_sm *S, unsigned warp, unsigned slot)
{
    return &S->rec[((size_t)warp * LD_SLOTS + slot) * BD_LINES];
}

/* the record of (warp, slot, line); NULL for a prefetch. *hint is the last one found
 * on this path: requests of a load mostly follow its line order, so the hint or the
 * record after it usually matches without a scan. */
static bd_rec *bd_find(gpu_sm *S, unsigned warp, unsigned slot, uint64_t line, bd_rec **hint)
{
    if (warp == GPU_NO_WARP) return NULL;
    bd_rec *b = bd_slot(S, warp, slot), *r = *hint;
    unsigned n = S->wd[warp].slot[slot].nl;
    if (r >= b && r < b + n) {
        if (r->line == line) return r;
        if (r + 1 < b + n && r[1].line == line) return *hint = r + 1;
    }
    for (unsigned i = 0; i < n; i++)
        if (b[i].line == line) return *hint = &b[i];
    return NULL;
}

/* r is at the L1 now: its first presentation there also ends the earlier stages it
 * skipped (no block: offered, taken and presented in one cycle) */
static void bd_at_l1(uint64_t now, bd_rec *r)
{
    if (r->t_l1 != BD_UNSET) return;
    r->t_l1 = now;
    if (r->t_taken == BD_UNSET) r->t_taken = now;
    if (r->t_pres == BD_UNSET) r->t_pres = r->t_taken;
}

/* a refusal the request waits on: one retry cycle, by its reason */
static void bd_refused(gpu *g, gpu_sm *S, unsigned warp, unsigned slot, uint64_t line, int res)
{
    bd_rec *r = bd_find(S, warp, slot, line, &S->rec_l1);
    if (!r) return;
    bd_at_l1(g->now, r);
    r->ref[l1_stall_code(res) - 1]++;
}

/* accepted by the L1 as class cls: the stages up to here are known. Retry cycles are
 * those from the first presentation (t_l1) to the cycle before acceptance, each refused
 * (by its reason) or idle, so they add up to now - t_l1. */
static void bd_accept(gpu *g, gpu_sm *S, unsigned warp, unsigned slot, uint64_t line, unsigned cls)
{
    bd_rec *r = bd_find(S, warp, slot, line, &S->rec_l1);
    if (!r) return;
    uint64_t now = g->now, refs = 0;
    bd_at_l1(now, r);
    uint64_t *a = S->bd[g->kid][cls];
    a[BD_LSU] += r->t_pres - S->wd[warp].slot[slot].issue;
    a[BD_BLOCK_FULL] += r->t_taken - r->t_pres;
    a[BD_IN_BLOCK] += r->t_l1 - r->t_taken;
    for (unsigned k = 0; k < 4; k++) {
        a[BD_RETRY_ASSOC + k] += r->ref[k];
        refs += r->ref[k];
    }
    a[BD_RETRY_IDLE] += now - r->t_l1 - refs;
    a[BD_N]++;
    r->t_acc = now;
    r->cls = (uint8_t)cls;
}

/* the line's data reached the warp; net: the packet of a miss or bypass */
static void bd_done(gpu *g, gpu_sm *S, unsigned warp, unsigned slot, uint64_t line, const gmsg *net)
{
    bd_rec *r = bd_find(S, warp, slot, line, &S->rec_ret);
    if (!r) return;
    uint64_t *a = S->bd[g->kid][r->cls];
    if (r->cls == BD_HIT) a[BD_L1_HIT] += g->now - r->t_acc;
    else if (r->cls == BD_PENDING) a[BD_MSHR_WAIT] += g->now - r->t_acc;
    else /* a miss or bypass returns with its packet */
        for (unsigned k = 0; k < BD_NNET; k++) a[BD_NET0 + k] += net->bs[k];
    S->bd_lat += g->now - S->wd[warp].slot[slot].issue;
}

static void load_done(gpu *g, gpu_sm *S, unsigned ws, unsigned slot)
{
    warp *w = &S->w[ws];
    ld_slot *L = &S->wd[ws].slot[slot];
    w->pending--;
    S->wver++;
    if (--L->left == 0) {
        S->lat_sum += g->now - L->issue;
        S->lat_n++;
        w->slot_busy &= ~(1u << slot);
    }
    if (w->prog_done && !w->pending && !w->at_bar) warp_retire(g, S, ws);
}

/* ---- the L1 behind the memory stage ---- */

/* PC of a request for the L1 hook: the load's (0 for a store or a prefetch) */
static uint32_t req_pc(const gpu_sm *S, int write, unsigned warp, unsigned slot)
{
    return write || warp == GPU_NO_WARP ? 0 : S->wd[warp].slot[slot].pc;
}

/* is the read of `line` its load's first line request (the lowest active lane's)? */
static uint8_t is_first(gpu_sm *S, uint64_t line, int write, uint8_t warp, uint8_t slot)
{
    return !write && warp != GPU_NO_WARP && bd_slot(S, warp, slot)[0].line == line;
}

static void note_demand(gpu *g, gpu_sm *S, uint64_t line, int write, uint8_t warp, uint8_t slot, int r)
{
    gpu_l1_event *e = &S->seen;
    S->seen_at = g->now;
    e->line = line;
    e->pc = req_pc(S, write, warp, slot);
    e->write = (uint8_t)write;
    e->warp = warp;
    e->slot = slot;
    e->prefetch = 0;
    e->first = is_first(S, line, write, warp, slot);
    e->result = r;
}

/* The L1 hook's blocks on one access with the L1's answer r: each answers in list
 * order, then each is told the outcome (*decision). forced >= 0: the outcome is set
 * already (a prefetch: allocate; a REQ block's bypass: bypass), answers are not
 * honoured. refused_ok: a refused read may be bypassed (the memory stage's own path). */
static int l1_consult(gpu_sm *S, uint64_t line, int write, uint8_t warp, uint8_t slot, int r, int forced,
                      int refused_ok, int *decision)
{
    gpu_l1_event e;
    e.line = line;
    e.pc = req_pc(S, write, warp, slot);
    e.write = (uint8_t)write;
    e.warp = warp;
    e.slot = slot;
    e.prefetch = warp == GPU_NO_WARP;
    e.first = is_first(S, line, write, warp, slot);
    e.result = r;
    e.way = gpu_l1_way_for(&S->l1, line);
    e.present = 0;
    if (e.way >= 0) {
        const l1_line *l = gpu_l1_way(&S->l1, gpu_l1_set(&S->l1, line), (unsigned)e.way);
        if (l->state != L1_INVALID && l->line == line) e.present = l->state;
    }
    e.sm = S;
    int demand = forced < 0 && !write && !e.prefetch;
    int miss_ok = demand && r == L1_MISS;
    int ref_ok = demand && refused_ok && l1_failed(r) && !gpu_l1_missq_full(&S->l1);
    *decision = GPU_L1_ALLOCATE;
    for (unsigned i = 0; i < S->nl1; i++) {
        gpu_hook_inst *h = S->l1c[i];
        int d = GPU_L1_ALLOCATE;
        e.can_bypass = (uint8_t)(miss_ok || (ref_ok && h->drv->bypass_refused));
        e.bypass_in = *decision == GPU_L1_BYPASS;
        if (h->drv->l1_access(h, &e, &d)) return 1;
        if (d == GPU_L1_BYPASS && e.can_bypass) *decision = GPU_L1_BYPASS;
    }
    if (forced >= 0) *decision = forced;
    for (unsigned i = 0; i < S->nl1; i++) {
        gpu_hook_inst *h = S->l1c[i];
        if (h->drv->l1_commit && h->drv->l1_commit(h, &e, *decision)) return 1;
    }
    return 0;
}

unsigned gpu_l1_load_lines(const gpu_l1_event *e, uint64_t *lines)
{
    gpu_sm *S = e->sm;
    if (e->write || e->prefetch) return 0;
    const bd_rec *b = bd_slot(S, e->warp, e->slot);
    unsigned n = S->wd[e->warp].slot[e->slot].nl;
    for (unsigned i = 0; i < n; i++) lines[i] = b[i].line;
    return n;
}

static void hit_push(gpu *g, gpu_sm *S, uint64_t line, uint8_t warp, uint8_t slot)
{
    hitret *h = &S->hits[(S->h_head + S->h_count) % S->h_cap];
    h->t = g->now + g->c.l1_lat + S->l1_xlat;
    h->line = line;
    h->warp = warp;
    h->slot = slot;
    S->h_count++;
}

static void l1_commit(gpu *g, gpu_sm *S, uint64_t line, int write, uint8_t warp, uint8_t slot)
{
    int r = gpu_l1_access(&S->l1, line, write, warp, slot, 1);
    L1_TRACE(g, S, 0, line, write, r);
    S->access[r]++;
    if (r == L1_HIT) hit_push(g, S, line, warp, slot);
    if (r == L1_MISS || r == L1_WRITE) gpu_l1_missq_tail(&S->l1)->t = g->now;
    if (!write && r <= L1_MISS) bd_accept(g, S, warp, slot, line, (unsigned)r); /* BD_HIT.. in l1_result order */
    g->last_progress = g->now;
}

/* a read sent past the L1 through the miss queue (room checked by the caller) */
static void l1_bypass_commit(gpu *g, gpu_sm *S, uint64_t line, uint8_t warp, uint8_t slot)
{
    gpu_l1_bypass(&S->l1, line, warp, slot);
    gpu_l1_missq_tail(&S->l1)->t = g->now;
    S->bypass++;
    bd_accept(g, S, warp, slot, line, BD_BYPASS);
    g->last_progress = g->now;
}

/* an access the L1 accepted (probe answer r): commit it, unless the L1 hook's block
 * sends a read that would allocate past the L1 instead */
static int l1_accept(gpu *g, gpu_sm *S, uint64_t line, int write, uint8_t warp, uint8_t slot, int r)
{
    if (S->pf || S->sched) note_demand(g, S, line, write, warp, slot, r);
    if (S->l1h) {
        int d;
        if (l1_consult(S, line, write, warp, slot, r, -1, 0, &d)) return 1;
        if (d == GPU_L1_BYPASS) { /* a miss always has miss-queue room */
            L1_TRACE(g, S, 3, line, 0, r);
            l1_bypass_commit(g, S, line, warp, slot);
            return 0;
        }
    }
    l1_commit(g, S, line, write, warp, slot);
    return 0;
}

/* an access the L1 refused (r): counted; the requester retries, unless (refused_ok, the
 * memory stage's own path) an L1 hook block sends the read past the L1 (*took) */
static int l1_refused(gpu *g, gpu_sm *S, uint64_t line, int write, uint8_t warp, uint8_t slot, int r,
                      int refused_ok, int *took)
{
    *took = 0;
    L1_TRACE(g, S, 0, line, write, r);
    S->access[r]++;
    if (S->pf || S->sched) note_demand(g, S, line, write, warp, slot, r);
    if (S->l1h) {
        int d;
        if (l1_consult(S, line, write, warp, slot, r, -1, refused_ok, &d)) return 1;
        if (d == GPU_L1_BYPASS) {
            L1_TRACE(g, S, 3, line, 0, r);
            l1_bypass_commit(g, S, line, warp, slot);
            *took = 1;
            /* the read is gone past the L1 and never retried: the scheduler and the
             * prefetcher see it as the miss the L1 would have made (as a miss an L1 hook
             * turns into a bypass), not as a refusal to be retried (docs/deviations.md A17) */
            if (S->pf || S->sched) S->seen.result = L1_MISS;
        }
    }
    /* a retry cycle of the breakdown only when the read waits on: one bypassed in this
     * cycle was accepted in it (bd_accept) */
    if (!write && !*took) bd_refused(g, S, warp, slot, line, r);
    return 0;
}

int gpu_req_l1_probe(gpu_req_io *io, const gpu_mem_req *r)
{
    gpu_sm *S = io->sm;
    if (S->pf) S->port_at = io->g->now;
    return gpu_l1_access(&S->l1, r->line, r->write, r->warp, r->slot, 0);
}

int gpu_req_l1_access(gpu_req_io *io, const gpu_mem_req *r, int probed)
{
    int took;
    if (l1_failed(probed)) return l1_refused(io->g, io->sm, r->line, r->write, r->warp, r->slot, probed, 0, &took);
    return l1_accept(io->g, io->sm, r->line, r->write, r->warp, r->slot, probed);
}

/* a packet to the L1's line's slice: can the SM's port inject it now */
static int inject_ready(const gpu *g, const gpu_sm *S, uint64_t line)
{
    return S->inj_free <= g->now && g->sl[gpu_slice_of(g, line)].q.n < g->c.l2_queue;
}

/* one packet of SM S into the interconnect now (the caller checked inject_ready);
 * 0 ok, 1 out of memory (nothing sent) */
static int inject(gpu *g, gpu_sm *S, uint64_t line, uint16_t mshr, int write, int bypass, int atomic, uint8_t warp,
                  uint8_t slot, uint64_t since)
{
    slice *D = &g->sl[gpu_slice_of(g, line)];
    unsigned ser = gpu_ser_cycles(g, write ? 8 + g->c.l1_line : 8);
    gmsg m = {0};
    m.t = g->now + ser + g->c.icnt_lat + gpu_jitter(g);
    m.seq = g->seq++;
    m.line = line;
    m.sm = (uint16_t)(S - g->sm);
    m.mshr = mshr;
    m.write = (uint8_t)write;
    m.bypass = (uint8_t)bypass;
    m.atomic = (uint8_t)atomic;
    m.warp = warp;
    m.slot = slot;
    m.prio = S->req_prio;
    m.bs[BD_MISSQ - BD_NET0] = (uint32_t)(g->now - since);
    m.bs[BD_ICNT_REQ - BD_NET0] = (uint32_t)(m.t - g->now);
    if (mh_push(&D->in, &m)) return 1;
    S->inj_free = g->now + ser;
    g->last_progress = g->now;
    return 0;
}

int gpu_req_bypass_ready(const gpu_req_io *io, uint64_t line) { return inject_ready(io->g, io->sm, line); }

int gpu_req_l1_bypass(gpu_req_io *io, const gpu_mem_req *r, int probed)
{
    gpu *g = io->g;
    gpu_sm *S = io->sm;
    L1_TRACE(g, S, 0, r->line, 0, probed); /* refused by the L1, then bypassed */
    if (!inject_ready(g, S, r->line) || inject(g, S, r->line, L1_NO_MSHR, 0, 1, 0, r->warp, r->slot, g->now)) {
        fprintf(stderr, "gpusim: a block bypassed a read the interconnect could not take (cycle %" PRIu64 ")\n",
                g->now);
        return 1;
    }
    S->bypass++;
    bd_accept(g, S, r->warp, r->slot, r->line, BD_BYPASS);
    if (S->pf || S->sched) note_demand(g, S, r->line, 0, r->warp, r->slot, probed);
    if (S->l1h) {
        int d;
        return l1_consult(S, r->line, 0, r->warp, r->slot, probed, GPU_L1_BYPASS, 0, &d);
    }
    return 0;
}

int gpu_prefetch_issue(gpu_prefetch_io *io, uint64_t line)
{
    gpu *g = io->g;
    gpu_sm *S = io->sm;
    if (!io->port_free) return -1;
    io->port_free = 0;
    S->port_at = g->now;
    int r = gpu_l1_access(&S->l1, line, 0, GPU_NO_WARP, 0, 0);
    if (r != L1_MISS) { /* present, pending or refused: dropped, nothing changes */
        S->l1.pf.dropped++;
        return r;
    }
    if (S->l1h) { /* observed: a prefetch is never turned into a bypass; the L1 counts it issued */
        int d;
        if (l1_consult(S, line, 0, GPU_NO_WARP, 0, r, GPU_L1_ALLOCATE, 0, &d)) io->stop = 1;
    }
    l1_commit(g, S, line, 0, GPU_NO_WARP, 0);
    return r;
}

/* ---- SM cycle ---- */

/* step 1: one reply from the interconnect, and the L1 hits whose latency has passed */
static int sm_returns(gpu *g, gpu_sm *S)
{
    if (S->l1_flush_due) {
        S->l1_flush_due = 0;
        for (unsigned i = 0; i < S->nl1; i++)
            if (S->l1c[i]->drv->l1_flush && S->l1c[i]->drv->l1_flush(S->l1c[i])) return 1;
    }
    const gmsg *m = mh_top(&S->reply, g->now);
    if (m) {
        gmsg r = *m;
        mh_pop(&S->reply);
        r.bs[BD_SM_REPLY - BD_NET0] = (uint32_t)(g->now - r.t);
        if (r.bypass) {
            bd_done(g, S, r.warp, r.slot, r.line, &r);
            load_done(g, S, r.warp, r.slot);
        } else {
            unsigned nw;
            L1_TRACE(g, S, 1, r.line, 0, 0);
            const l1_waiter *wt = gpu_l1_fill(&S->l1, r.mshr, &nw);
            for (unsigned i = 0; i < nw; i++)
                if (wt[i].warp != GPU_NO_WARP) {
                    bd_done(g, S, wt[i].warp, wt[i].slot, r.line, &r);
                    load_done(g, S, wt[i].warp, wt[i].slot);
                }
            for (unsigned i = 0; i < S->nl1; i++)
                if (S->l1c[i]->drv->l1_fill && S->l1c[i]->drv->l1_fill(S->l1c[i], r.line)) return 1;
        }
        g->last_progress = g->now;
    }
    while (S->h_count && S->hits[S->h_head].t <= g->now) {
        hitret h = S->hits[S->h_head];
        S->h_head = (S->h_head + 1) % S->h_cap;
        S->h_count--;
        bd_done(g, S, h.warp, h.slot, h.line, NULL);
        load_done(g, S, h.warp, h.slot);
    }
    return 0;
}

/* an atomic's line request: straight into the miss queue toward its L2 slice, where
 * it is done (the L1, and the blocks at the REQ and L1 hooks, do not see atomics) */
static void mem_atomic(gpu *g, gpu_sm *S)
{
    lsu *q = &S->ls;
    uint64_t line = q->line[q->next];
    if (!gpu_l1_bypass(&S->l1, line, q->warp, q->slot)) {
        S->stall++;
        return;
    }
    l1_missq_ent *e = gpu_l1_missq_tail(&S->l1);
    e->t = g->now;
    e->atomic = 1;
    S->atomics++;
    bd_accept(g, S, q->warp, q->slot, line, BD_BYPASS);
    g->last_progress = g->now;
    if (++q->next == q->n) q->busy = 0, S->wver++;
}

/* the L1's answer to the memory stage's current request (no REQ block), without
 * changing anything: the last answer while the L1 and the request are the same */
static int memstage_probe(gpu_sm *S)
{
    const lsu *q = &S->ls;
    uint64_t line = q->line[q->next];
    if (S->pr_ver != S->l1.ver || S->pr_line != line || S->pr_write != q->write) {
        S->pr_res = gpu_l1_access(&S->l1, line, q->write, q->warp, q->slot, 0);
        S->pr_ver = S->l1.ver;
        S->pr_line = line;
        S->pr_write = q->write;
    }
    return S->pr_res;
}

/* step 2: the memory stage's current line request, to the REQ block or to the L1 */
static int sm_memstage(gpu *g, gpu_sm *S)
{
    lsu *q = &S->ls;
    if (q->busy && q->atomic) {
        mem_atomic(g, S);
        return 0;
    }
    if (!S->req) {
        if (!q->busy) return 0;
        uint64_t line = q->line[q->next];
        int r = memstage_probe(S);
        if (S->pf) S->port_at = g->now;
        if (l1_failed(r)) {
            int took;
            if (l1_refused(g, S, line, q->write, q->warp, q->slot, r, 1, &took)) return 1;
            if (!took) {
                S->stall++;
                return 0;
            }
        } else if (l1_accept(g, S, line, q->write, q->warp, q->slot, r)) {
            return 1;
        }
        if (++q->next == q->n) q->busy = 0, S->wver++;
        return 0;
    }
    if (!q->busy && S->req->idle) return 0; /* nothing offered to an idle block: gated */
    gpu_req_io io;
    io.g = g;
    io.sm = S;
    io.valid = q->busy;
    io.taken = 0;
    bd_rec *rec = NULL;
    if (q->busy && !q->write) {
        rec = &bd_slot(S, q->warp, q->slot)[q->next];
        if (rec->t_pres == BD_UNSET) rec->t_pres = g->now;
    }
    if (q->busy) {
        gpu_mem_req *r = &io.req;
        r->line = q->line[q->next];
        r->pc = q->pc;
        r->write = (uint8_t)q->write;
        r->warp = q->warp;
        r->block = S->w[q->warp].block;
        r->inblk = S->w[q->warp].inblk;
        r->lane = q->lane[q->next];
        r->slot = q->slot;
    } else {
        memset(&io.req, 0, sizeof io.req);
    }
    if (S->req->drv->req(S->req, &io)) return 1;
    if (q->busy) {
        if (io.taken) {
            if (rec && rec->t_taken == BD_UNSET) rec->t_taken = g->now;
            if (++q->next == q->n) q->busy = 0, S->wver++;
            g->last_progress = g->now;
        } else {
            S->stall++;
        }
    }
    return 0;
}

/* the prefetch source, at the end of the SM's cycle: it sees the cycle's demand access
 * and may use the L1 port if the memory stage did not */
static int sm_prefetch(gpu *g, gpu_sm *S)
{
    gpu_prefetch_io io;
    io.g = g;
    io.sm = S;
    io.seen = S->seen_at == g->now;
    if (io.seen) io.demand = S->seen;
    else memset(&io.demand, 0, sizeof io.demand);
    io.port_free = S->port_at != g->now;
    io.stop = 0;
    if (!io.seen && S->pf->idle) return 0; /* gated */
    return S->pf->drv->prefetch(S->pf, &io) || io.stop;
}

/* step 3: the miss queue's head into the interconnect */
static void sm_inject(gpu *g, gpu_sm *S)
{
    const l1_missq_ent *e = gpu_l1_missq_head(&S->l1);
    if (!e || e->t + S->l1_xlat > g->now || !inject_ready(g, S, e->line)) return;
    if (inject(g, S, e->line, e->mshr, e->write, e->bypass, e->atomic, e->warp, e->slot, e->t)) return;
    gpu_l1_missq_pop(&S->l1);
}

/* can warp ws issue its next instruction now? */
/* the kinds only warp programs have (kept out of line: the PolyBench path is the hot one) */
static int __attribute__((noinline)) can_issue_wgen(const gpu *g, const gpu_sm *S, const warp *w, int lsu_free,
                                                    unsigned kind)
{
    if (kind == GK_ATOM) return lsu_free && w->slot_busy != (1u << LD_SLOTS) - 1 && !(w->slot_busy & w->dep);
    return !(w->slot_busy & w->dep) && S->smem_free <= g->now; /* GK_SLOAD, GK_SSTORE */
}

static inline __attribute__((always_inline)) int can_issue(const gpu *g, const gpu_sm *S, const warp *w,
                                                           int lsu_free)
{
    if (!w->live || w->prog_done || w->at_bar || w->ready > g->now) return 0;
    unsigned kind = w->ckind; /* kept by warp_settle and wgen_advance */
    switch (kind) {
    case GK_LOAD: return lsu_free && w->slot_busy != (1u << LD_SLOTS) - 1 && !(w->slot_busy & w->dep);
    case GK_STORE: return lsu_free && !(w->slot_busy & w->dep);
    case GK_ALU:
    case GK_BAR: return !(w->slot_busy & w->dep);
    default: return can_issue_wgen(g, S, w, lsu_free, kind);
    }
}

static inline int is_mem(unsigned kind) { return kind == GK_LOAD || kind == GK_STORE || kind == GK_ATOM; }

/* why scheduler s issued nothing (enum gpu_tl_reason): the first test of can_issue
 * that fails for each of its live warps, the closest to issuing of them */
static unsigned __attribute__((noinline)) sched_why(const gpu *g, const gpu_sm *S, unsigned s, int lsu_free)
{
    unsigned best = TL_NO_WARP;
    for (uint64_t m = S->live_mask & S->sched_mask[s]; m; m &= m - 1) {
        const warp *w = &S->w[__builtin_ctzll(m)];
        unsigned r;
        if (w->prog_done) r = TL_DRAIN;
        else if (w->at_bar) r = TL_BAR;
        else if (w->ready > g->now) r = TL_ALU;
        else switch (w->ckind) {
        case GK_LOAD:
        case GK_ATOM: r = w->slot_busy == (1u << LD_SLOTS) - 1 || (w->slot_busy & w->dep) ? TL_LOAD : lsu_free ? TL_HELD : TL_MEM; break;
        case GK_STORE: r = w->slot_busy & w->dep ? TL_LOAD : lsu_free ? TL_HELD : TL_MEM; break;
        case GK_ALU:
        case GK_BAR: r = w->slot_busy & w->dep ? TL_LOAD : TL_HELD; break;
        default: r = w->slot_busy & w->dep ? TL_LOAD : S->smem_free > g->now ? TL_SMEM : TL_HELD; break; /* GK_SLOAD, GK_SSTORE */
        }
        if (r < best) best = r;
    }
    return best;
}

/* the line requests of a memory instruction: one per distinct line, in lane order */
static inline void lsu_line(lsu *q, uint64_t line, unsigned l)
{
    unsigned i = q->n;
    while (i && q->line[i - 1] != line) i--;
    if (i && q->line[i - 1] == line) return;
    q->line[q->n] = line;
    q->lane[q->n] = (uint8_t)l;
    q->n++;
}

/* the memory stage takes warp ws's instruction whose lines are in q: a store, or a
 * load (or atomic) with a load slot its lines' returns count down */
static void lsu_begin(gpu *g, gpu_sm *S, unsigned ws, int write, int atomic)
{
    lsu *q = &S->ls;
    warp *w = &S->w[ws];
    warp_data *d = &S->wd[ws];
    q->atomic = atomic;
    if (write) {
        S->stores++;
        q->slot = 0;
        return;
    }
    unsigned s = (unsigned)__builtin_ctz(~w->slot_busy);
    S->loads++;
    w->slot_busy |= 1u << s;
    d->slot[s].issue = g->now;
    d->slot[s].pc = q->pc;
    d->slot[s].left = (uint16_t)q->n;
    d->slot[s].nl = (uint8_t)q->n;
    bd_rec *b = bd_slot(S, ws, s);
    for (unsigned i = 0; i < q->n; i++) {
        memset(&b[i], 0, sizeof b[i]);
        b[i].line = q->line[i];
        b[i].t_pres = b[i].t_taken = b[i].t_l1 = b[i].t_acc = BD_UNSET;
    }
    w->pending += q->n;
    q->slot = (uint8_t)s;
}

static void bar_arrive(gpu *g, gpu_sm *S, warp *w)
{
    blockslot *B = &S->blk[w->block];
    w->at_bar = 1;
    if (++B->bar_wait == B->warps_left) bar_release(g, S, w->block);
}

/* cycles a shared-memory access takes: the most distinct 4-byte words any of the
 * banks holds (lanes reading one word share it) */
static unsigned smem_degree(const uint64_t *off, unsigned n, unsigned banks)
{
    uint64_t word[32];
    unsigned nw = 0, cnt[64] = {0}, worst = 1;
    for (unsigned i = 0; i < n; i++) {
        uint64_t wd = off[i] >> 2;
        unsigned j = 0;
        while (j < nw && word[j] != wd) j++;
        if (j < nw) continue;
        word[nw++] = wd;
        unsigned c = ++cnt[wd % banks];
        if (c > worst) worst = c;
    }
    return worst;
}

/* warp ws issues its warp program's next instruction */
static void issue_wgen(gpu *g, gpu_sm *S, unsigned ws)
{
    warp *w = &S->w[ws];
    warp_data *d = &S->wd[ws];
    const gk_inst *in = &d->prog.ins[w->opi];
    const uint64_t *ad = d->prog.addr + in->a;
    unsigned active = (unsigned)__builtin_popcount(in->mask);
    S->insts++;
    S->tinsts += active;
    w->ready = g->now + 1;
    g->last_progress = g->now;
    uint64_t *rr = g->sb ? S->rrdy + (size_t)ws * 256 : NULL; /* a trace: results by register */
    switch (in->kind) {
    case GK_ALU:
        if (!rr) w->ready = g->now + in->lat;
        else if (in->dst1) rr[in->dst1 - 1] = g->now + in->lat;
        break;
    case GK_BAR: bar_arrive(g, S, w); break;
    case GK_SLOAD:
    case GK_SSTORE: {
        unsigned deg = smem_degree(ad, active, g->c.smem_banks);
        S->smem_free = g->now + deg;
        S->smem_acc++;
        S->smem_cycles += deg;
        if (!rr) {
            w->ready = g->now + deg + (in->kind == GK_SLOAD ? g->c.smem_lat : 0);
        } else {
            w->ready = g->now + deg; /* the port replays the warp's conflicting lanes */
            if (in->dst1) rr[in->dst1 - 1] = g->now + deg + g->c.smem_lat;
        }
        break;
    }
    default: { /* GK_LOAD, GK_STORE, GK_ATOM */
        lsu *q = &S->ls;
        unsigned shift = (unsigned)__builtin_ctz(g->c.l1_line), k = 0;
        q->busy = 1;
        q->write = in->kind == GK_STORE;
        q->warp = (uint8_t)ws;
        q->pc = in->pc;
        q->n = q->next = 0;
        for (unsigned l = 0; l < 32; l++)
            if (in->mask >> l & 1) lsu_line(q, ad[k++] >> shift, l);
        lsu_begin(g, S, ws, q->write, in->kind == GK_ATOM);
        if (!q->write) d->slot[q->slot].reg1 = rr ? in->dst1 : 0;
    }
    }
    wgen_advance(g, S, ws);
    if (w->prog_done && !w->pending && !w->at_bar) warp_retire(g, S, ws);
}

static void issue(gpu *g, gpu_sm *S, unsigned ws)
{
    if (g->wgen) {
        issue_wgen(g, S, ws);
        return;
    }
    warp *w = &S->w[ws];
    warp_data *d = &S->wd[ws];
    const gk_op *op = &g->L->ops[w->opi];
    uint32_t mask = op_mask(g, w, d, op);
    unsigned active = (unsigned)__builtin_popcount(mask);
    S->insts++;
    S->tinsts += active;
    w->ready = g->now + 1;
    g->last_progress = g->now;
    if (op->kind == GK_ALU) {
        w->ready = g->now + (op->lat ? op->lat : 1);
    } else if (op->kind == GK_BAR) {
        bar_arrive(g, S, w);
    } else {
        lsu *q = &S->ls;
        unsigned shift = (unsigned)__builtin_ctz(g->c.l1_line);
        q->busy = 1;
        q->write = op->kind == GK_STORE;
        q->warp = (uint8_t)ws;
        q->pc = op->pc;
        q->n = q->next = 0;
        for (unsigned l = 0; l < 32; l++) /* coalesce: one request per distinct line */
            if (mask >> l & 1) lsu_line(q, gk_addr(g->wl, g->L, op, d->x[l], d->y[l], w->k) >> shift, l);
        lsu_begin(g, S, ws, q->write, 0);
    }
    warp_advance(g, w, d);
    if (w->prog_done && !w->pending && !w->at_bar) warp_retire(g, S, ws);
}

/* scheduler s's choice by the policy (LRR or GTO), updating the policy's state; -1 none.
 * Only live warps can issue, so both scan the scheduler's live warps (S->live_mask) in
 * the order the policy visits its warps. */
static inline __attribute__((always_inline)) int policy_pick(gpu *g, gpu_sm *S, unsigned s, int lsu_free)
{
    uint64_t mine = S->live_mask & S->sched_mask[s];
    int pick = -1;
    if (g->c.sched == GPU_SCHED_GTO) {
        int gw = S->greedy[s];
        if (gw >= 0 && can_issue(g, S, &S->w[gw], lsu_free)) pick = gw;
        for (uint64_t m = mine; pick < 0 && m; m &= m - 1) { /* in warp order */
            unsigned ws = (unsigned)__builtin_ctzll(m);
            if (!can_issue(g, S, &S->w[ws], lsu_free)) continue;
            pick = (int)ws;
            for (uint64_t r = m & (m - 1); r; r &= r - 1) {
                unsigned v = (unsigned)__builtin_ctzll(r);
                if (S->w[v].age < S->w[pick].age && can_issue(g, S, &S->w[v], lsu_free)) pick = (int)v;
            }
        }
        S->greedy[s] = pick;
    } else {
        /* loose round robin: the first ready warp after the last one issued (the warps
         * above it, then from the lowest up to it) */
        unsigned last = S->last[s];
        uint64_t upto = last >= 63 ? ~0ull : (2ull << last) - 1;
        for (int part = 0; part < 2 && pick < 0; part++)
            for (uint64_t m = part ? mine & upto : mine & ~upto; m; m &= m - 1) {
                unsigned ws = (unsigned)__builtin_ctzll(m);
                if (can_issue(g, S, &S->w[ws], lsu_free)) {
                    pick = (int)ws;
                    S->last[s] = ws;
                    break;
                }
            }
    }
    return pick;
}

void gpu_issue_set_prio(const gpu_issue_event *e, unsigned prio) { e->sm->req_prio = (uint8_t)prio; }

uint32_t gpu_sched_pc(const gpu_sched_event *e, unsigned w)
{
    const gpu_sm *S = e->sm;
    if (w >= e->g->c.warps || !S->w[w].live || S->w[w].prog_done) return 0;
    return e->g->wgen ? S->wd[w].prog.ins[S->w[w].opi].pc : e->g->L->ops[S->w[w].opi].pc;
}

/* the SCHED hook: the block may replace the policy's pick with another ready warp, or
 * none; the policy's state then follows the warp that really issued */
static int sched_hook(gpu *g, gpu_sm *S, unsigned s, int lsu_free, unsigned last0, int greedy0, uint64_t live,
                      int *pick)
{
    unsigned n = g->c.schedulers, W = g->c.warps;
    gpu_sched_event e;
    e.g = g;
    e.sm = S;
    e.sched = s;
    e.nsched = n;
    e.ready = e.mem = e.load = 0;
    e.live = live;
    for (unsigned ws = s; ws < W; ws += n) {
        if (!can_issue(g, S, &S->w[ws], lsu_free)) continue;
        e.ready |= 1ull << ws;
        unsigned kind = S->w[ws].ckind;
        if (is_mem(kind)) e.mem |= 1ull << ws;
        if (kind == GK_LOAD) e.load |= 1ull << ws;
    }
    e.policy_pick = *pick;
    e.live_warps = S->live_warps;
    e.seen = S->seen_at == g->now;
    if (e.seen) e.demand = S->seen;
    else memset(&e.demand, 0, sizeof e.demand);
    int p = *pick;
    if (S->sched->drv->sched(S->sched, &e, &p)) return 1;
    if (p >= (int)W || (p >= 0 && !(e.ready >> p & 1))) p = -1;
    if (p != *pick) {
        if (p >= 0) {
            S->last[s] = (unsigned)p;
            S->greedy[s] = p;
        } else {
            S->last[s] = last0;
            S->greedy[s] = greedy0;
        }
    }
    *pick = p;
    return 0;
}

/* step 4 on an SM with hook blocks: as sm_schedule, and with a SCHED block (called
 * every cycle, live warps or not) the block's pick replaces the policy's */
static int sm_schedule_hooked(gpu *g, gpu_sm *S)
{
    unsigned n = g->c.schedulers;
    int lsu_free = !S->ls.busy;
    int issued = 0;
    uint64_t live = 0;
    if (S->sched)
        for (unsigned ws = 0; ws < g->c.warps; ws++)
            if (S->w[ws].live) live |= 1ull << ws;
    for (unsigned s = 0; s < n; s++) {
        unsigned last0 = S->last[s];
        int greedy0 = S->greedy[s];
        int pick = policy_pick(g, S, s, lsu_free);
        if (S->sched && sched_hook(g, S, s, lsu_free, last0, greedy0, live, &pick)) return 1;
        if (pick < 0) {
            S->tl[sched_why(g, S, s, lsu_free)]++;
            continue;
        }
        int mem = is_mem(S->w[pick].ckind);
        issue(g, S, (unsigned)pick);
        S->tl[TL_ISSUED]++;
        if (mem) lsu_free = 0;
        issued = 1;
    }
    if (!issued && S->live_warps) S->idle_issue++;
    return 0;
}

/* the earliest cycle after `at` at which a live warp's ready or the shared-memory port
 * may let a warp issue (UINT64_MAX: none), for sm_schedule's memo of a scan at `at` */
static uint64_t sched_wake(const gpu_sm *S, uint64_t at)
{
    uint64_t wake = UINT64_MAX;
    for (uint64_t m = S->live_mask; m; m &= m - 1) {
        const warp *w = &S->w[__builtin_ctzll(m)];
        if (!w->prog_done && !w->at_bar && w->ready > at && w->ready < wake) wake = w->ready;
    }
    if (S->smem_free > at && S->smem_free < wake) wake = S->smem_free;
    return wake;
}

/* step 4 without a SCHED block: each scheduler issues at most one instruction */
static void sm_schedule(gpu *g, gpu_sm *S)
{
    unsigned n = g->c.schedulers;
    int lsu_free = !S->ls.busy;
    int issued = 0;
    /* no warp could issue at the last scan and nothing they wait on changed since
     * (S->wver): none can before the earliest ready cycle after that scan (S->sched_wake,
     * found the first time the memo is still valid: SMs whose warps change every cycle
     * do not pay for it) */
    if (S->sched_ver == S->wver) {
        if (!S->sched_wake) S->sched_wake = sched_wake(S, S->sched_at);
        if (g->now < S->sched_wake) {
            S->idle_issue++;
            for (unsigned s = 0; s < n; s++) S->tl[S->why[s]]++; /* as at that scan */
            return;
        }
    }
    for (unsigned s = 0; s < n; s++) {
        int pick = policy_pick(g, S, s, lsu_free);
        if (pick < 0) {
            unsigned r = sched_why(g, S, s, lsu_free);
            S->why[s] = (uint8_t)r;
            S->tl[r]++;
            continue;
        }
        int mem = is_mem(S->w[pick].ckind);
        issue(g, S, (unsigned)pick);
        S->tl[TL_ISSUED]++;
        if (mem) lsu_free = 0;
        issued = 1;
    }
    if (issued) {
        S->wver++;
        return;
    }
    S->idle_issue++;
    S->sched_ver = S->wver;
    S->sched_at = g->now;
    S->sched_wake = 0; /* not known yet */
}

/* step 4 and after, on an SM with blocks at SCHED, ISSUE or PREFETCH: the schedulers
 * (SCHED block), what issued to each ISSUE block, then the prefetch source */
static int sm_cycle_hooked(gpu *g, gpu_sm *S)
{
    uint64_t i0 = S->insts, l0 = S->loads, s0 = S->stores, n0 = S->idle_issue;
    unsigned live = S->live_warps;
    if (live || S->sched) {
        if (sm_schedule_hooked(g, S)) return 1;
    } else {
        S->tl[TL_NO_WARP] += g->c.schedulers;
    }
    if (S->nissue) {
        gpu_issue_event e;
        e.issued = (unsigned)(S->insts - i0);
        e.loads = (unsigned)(S->loads - l0);
        e.stores = (unsigned)(S->stores - s0);
        e.live_warps = live;
        e.short_warps = 0;
        for (unsigned w = 0; w < g->c.warps; w++) e.short_warps += S->w[w].live && !S->w[w].pending;
        e.sm = S;
        e.stalled = (unsigned)(S->idle_issue - n0);
        e.lsu_busy = (unsigned)S->ls.busy;
        int nothing = !e.issued && !live && !e.lsu_busy;
        for (unsigned i = 0; i < S->nissue; i++) {
            gpu_hook_inst *h = S->issue[i];
            if (nothing && h->idle) continue; /* gated */
            if (h->drv->issue(h, &e)) return 1;
        }
    }
    return S->pf ? sm_prefetch(g, S) : 0;
}

/* steps 1-4 of every SM */
int gpu_sms_cycle(gpu *g)
{
    for (unsigned s = 0; s < g->c.sms; s++) {
        gpu_sm *S = &g->sm[s];
        if (sm_returns(g, S)) return 1;
        if (sm_memstage(g, S)) return 1;
        sm_inject(g, S);
        if (S->hooked) {
            if (sm_cycle_hooked(g, S)) return 1;
        } else if (S->live_warps) {
            sm_schedule(g, S);
        } else {
            S->tl[TL_NO_WARP] += g->c.schedulers;
        }
    }
    return 0;
}

/* ---- event skipping (gpu.c, docs/gpu-model.md "Skipping idle cycles") ---- */

#define SK_NONE (-1)
#define SK_ATOMIC L1_NRESULTS /* the memory stage's atomic waits for miss-queue room */

uint64_t gpu_sm_next_event(gpu *g, gpu_sm *S)
{
    uint64_t now = g->now, ev = UINT64_MAX, t;
    lsu *q = &S->ls;
    if (S->l1_flush_due || S->sched) return now;
    /* step 1: the next reply and the next L1 hit return */
    if (S->reply.n) {
        if ((t = S->reply.a[0].t) <= now) return now;
        ev = t;
    }
    if (S->h_count) {
        if ((t = S->hits[S->h_head].t) <= now) return now;
        if (t < ev) ev = t;
    }
    /* step 2: an idle memory stage, or one whose request the L1 refuses each cycle (the
     * L1 changes only with a fill or an injection, both events) with nothing but counters
     * seeing the refusal (no block at REQ, L1 or PREFETCH) */
    S->sk_res = SK_NONE;
    if (q->busy) {
        if (q->atomic) {
            if (!gpu_l1_missq_full(&S->l1)) return now;
            S->sk_res = SK_ATOMIC;
        } else {
            if (S->req || S->l1h || S->pf) return now;
            int r = memstage_probe(S);
            if (!l1_failed(r)) return now;
            S->sk_res = r;
        }
    } else if (S->req && !S->req->idle) {
        return now;
    }
    /* step 3: the miss queue's head waits for its port (a time) or its slice's queue
     * (an L2 event) */
    const l1_missq_ent *e = gpu_l1_missq_head(&S->l1);
    if (e) {
        if (e->t + S->l1_xlat > now) { /* a pipelined L1 block's decision still on its way */
            if (e->t + S->l1_xlat < ev) ev = e->t + S->l1_xlat;
        } else if (S->inj_free > now) {
            if (S->inj_free < ev) ev = S->inj_free;
        } else if (inject_ready(g, S, e->line)) {
            return now;
        }
    }
    /* step 4: gated hook blocks only, and no warp can issue before its ready cycle */
    for (unsigned i = 0; i < S->nissue; i++)
        if (!S->issue[i]->idle || S->live_warps || q->busy) return now;
    if (S->pf && !S->pf->idle) return now;
    if (S->live_warps && S->sched_ver == S->wver && now < S->sched_wake) { /* sm_schedule's memo */
        if (S->sched_wake < ev) ev = S->sched_wake;
    } else if (S->live_warps) {
        int lsu_free = !q->busy;
        for (uint64_t m = S->live_mask; m; m &= m - 1) {
            const warp *w = &S->w[__builtin_ctzll(m)];
            if (w->prog_done || w->at_bar) continue;
            if (can_issue(g, S, w, lsu_free)) return now;
            if (w->ready > now && w->ready < ev) ev = w->ready;
        }
        if (S->smem_free > now && S->smem_free < ev) ev = S->smem_free;
    }
    return ev;
}

void gpu_sm_skip(gpu *g, gpu_sm *S, uint64_t k)
{
    lsu *q = &S->ls;
    if (S->sk_res == SK_ATOMIC) {
        S->stall += k;
    } else if (S->sk_res != SK_NONE) { /* l1_refused and the stall, k times */
        S->access[S->sk_res] += k;
        S->stall += k;
        if (!q->write) {
            bd_rec *r = bd_find(S, q->warp, q->slot, q->line[q->next], &S->rec_l1);
            if (r) {
                bd_at_l1(g->now, r);
                r->ref[l1_stall_code(S->sk_res) - 1] += (uint32_t)k;
            }
        }
    }
    if (S->live_warps) { /* the schedulers found no warp: an idle issue cycle each */
        S->idle_issue += k;
        /* the same reasons in each (nothing they test changes before the next event) */
        for (unsigned s = 0; s < g->c.schedulers; s++) S->tl[sched_why(g, S, s, !q->busy)] += k;
        if (g->c.sched == GPU_SCHED_GTO)
            for (unsigned s = 0; s < g->c.schedulers; s++) S->greedy[s] = -1;
        if (g->c.skip == 2) S->idle_issue++; /* the test fault (gpusim --skip-fault) */
    } else {
        S->tl[TL_NO_WARP] += k * g->c.schedulers;
    }
}

int gpu_sms_can_dispatch(const gpu *g)
{
    if (g->next_block >= g->nblocks) return 0;
    for (unsigned s = 0; s < g->c.sms; s++) {
        const gpu_sm *S = &g->sm[s];
        unsigned nb = 0, free = 0;
        for (unsigned i = 0; i < g->c.blocks; i++) {
            if (S->blk[i].live) nb++;
            else free = 1;
        }
        if (free && nb + 1 <= g->max_cta) return 1;
    }
    return 0;
}

/* ---- construction, idle test, report ---- */

int gpu_sm_init(gpu *g, gpu_sm *S, char *err, size_t n)
{
    const gpu_cfg *c = &g->c;
    S->w = calloc(c->warps, sizeof *S->w);
    S->wd = calloc(c->warps, sizeof *S->wd);
    S->nwd = c->warps;
    S->last = calloc(c->schedulers, sizeof *S->last);
    S->greedy = malloc(c->schedulers * sizeof *S->greedy);
    S->h_cap = c->l1_lat + 2 + GPU_L1_XLAT_MAX; /* sized before the blocks bind */
    S->hits = calloc(S->h_cap, sizeof *S->hits);
    S->rec = calloc((size_t)c->warps * LD_SLOTS * BD_LINES, sizeof *S->rec);
    if (!S->rec || !S->w || !S->wd || !S->last || !S->greedy || !S->hits ||
        gpu_l1_init(&S->l1, c->l1_size, c->l1_assoc, c->l1_line, c->l1_mshr, c->l1_merge, c->l1_missq)) {
        snprintf(err, n, "out of memory");
        return 1;
    }
    for (unsigned ws = 0; ws < c->warps; ws++) S->sched_mask[ws % c->schedulers] |= 1ull << ws;
    for (unsigned i = 0; i < c->schedulers; i++) {
        S->greedy[i] = -1;
        S->last[i] = i + (c->warps - 1 - i) / c->schedulers * c->schedulers; /* first pick: warp i */
    }
    S->port_at = S->seen_at = UINT64_MAX;
    S->pr_ver = UINT64_MAX; /* no probe yet */
    return 0;
}

void gpu_sm_free(gpu_sm *S)
{
    free(S->w);
    free(S->rrdy);
    for (unsigned i = 0; S->wd && i < S->nwd; i++) gk_wprog_free(&S->wd[i].prog);
    free(S->wd);
    free(S->last);
    free(S->greedy);
    free(S->hits);
    free(S->rec);
    mh_free(&S->reply);
    gpu_l1_free(&S->l1);
}

int gpu_sm_idle(const gpu_sm *S)
{
    return !S->live_warps && !S->ls.busy && !S->h_count && !S->reply.n && gpu_l1_idle(&S->l1);
}

void gpu_sm_report(const gpu *g, unsigned s, FILE *log)
{
    const gpu_sm *S = &g->sm[s];
    if (!S->live_warps && !S->ls.busy && gpu_l1_idle(&S->l1)) return;
    fprintf(log, "  sm %u: %u live warps, lsu %s (warp %u, line %u/%u), L1 MSHRs %u used, miss queue %u", s,
            S->live_warps, S->ls.busy ? "busy" : "idle", S->ls.warp, S->ls.next, S->ls.n, S->l1.used_mshr,
            S->l1.mq_count);
    gpu_kinds_describe(g, 0, s, log);
    fprintf(log, "\n");
    for (unsigned w = 0; w < g->c.warps; w++) {
        const warp *W = &S->w[w];
        if (W->live)
            fprintf(log, "    warp %u: op %d iter %" PRId64 " pending %u ready@%" PRIu64 "%s\n", w, W->opi, W->k,
                    W->pending, W->ready, W->at_bar ? " at barrier" : "");
    }
}
