/*
 * gpu_stats.c: the GPU model's results (gpu.h): totals over SMs, slices and channels,
 * the human table and the JSON document. Each listed block kind with a hook adds its
 * driver's counters (gpu_hooks.h) as "<kind>_<counter>", zeros when the kind is off,
 * so every run's JSON has the same keys.
 */
#include <inttypes.h>
#include <string.h>

#include "gpu_internal.h"

void gpu_totals_get(const gpu *g, gpu_totals *t)
{
    memset(t, 0, sizeof *t);
    t->cycles = g->now;
    t->launches = g->launches_done;
    for (unsigned s = 0; s < g->c.sms; s++) {
        const gpu_sm *S = &g->sm[s];
        t->warp_insts += S->insts;
        t->thread_insts += S->tinsts;
        t->loads += S->loads;
        t->stores += S->stores;
        for (int r = 0; r < L1_NRESULTS; r++) t->l1_access[r] += S->access[r];
        t->l1_bypass += S->bypass;
        t->lsu_stall_cycles += S->stall;
        t->load_lat_sum += S->lat_sum;
        t->load_lat_n += S->lat_n;
        const l1_pf_stats *p = &S->l1.pf;
        t->l1_pf.issued += p->issued;
        t->l1_pf.dropped += p->dropped;
        t->l1_pf.useful += p->useful;
        t->l1_pf.late += p->late;
        t->l1_pf.early_evicted += p->early_evicted;
        t->l1_pf.early_evicted_demanded += p->early_evicted_demanded;
    }
    t->l1_merges = t->l1_access[L1_HIT_PENDING];
    for (unsigned i = 0; i < g->c.l2_slices; i++) {
        t->l2_hits += g->sl[i].hits;
        t->l2_misses += g->sl[i].misses;
        t->l2_merges += g->sl[i].merges;
        t->l2_writes += g->sl[i].writes;
        t->l2_stall_cycles += g->sl[i].stall;
    }
    for (unsigned i = 0; i < g->c.dram_channels; i++) {
        const gpu_dram *d = &g->ch[i];
        t->dram_reads += d->reads;
        t->dram_writes += d->writes;
        t->dram_row_hits += d->row_hits;
        t->dram_row_misses += d->row_misses;
        t->dram_bus_busy += d->bus_busy;
        t->dram_cycles += d->now;
    }
}


/* s as a JSON string (quotes, backslashes and control characters escaped): names that
 * come from the user (a trace directory, a traced kernel's name) */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static uint64_t l1_reads(const gpu_totals *t)
{
    return t->l1_access[L1_HIT] + t->l1_access[L1_HIT_PENDING] + t->l1_access[L1_MISS] + t->l1_bypass;
}

double gpu_l1_hit_rate(const gpu_totals *t)
{
    uint64_t reads = l1_reads(t);
    return reads ? (double)t->l1_access[L1_HIT] / (double)reads : 0.0;
}

double gpu_l1_pending_rate(const gpu_totals *t)
{
    uint64_t reads = l1_reads(t);
    return reads ? (double)t->l1_access[L1_HIT_PENDING] / (double)reads : 0.0;
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

/* prefetches a demand read used (in time or late) per prefetch issued */
static double pf_accuracy(const l1_pf_stats *p) { return ratio(p->useful + p->late, p->issued); }

/* correctly predicted lines (used, or demanded after an early eviction) that were
 * evicted before their demand */
static double pf_early_ratio(const l1_pf_stats *p)
{
    return ratio(p->early_evicted_demanded, p->useful + p->late + p->early_evicted_demanded);
}

/* ---- load-latency breakdown ---- */

static const char *const bd_stage_name[BD_N] = {
    "lsu",         "block_full",  "in_block",   "retry_assoc", "retry_mshr", "retry_merge", "retry_missq",
    "retry_idle",  "l1_hit",      "mshr_wait",  "miss_queue",  "icnt_req",   "l2_rop",      "l2_queue",
    "l2_hit",      "l2_mshr",     "dram_lat",   "dram_queue",  "dram_access", "l2_reply",  "icnt_reply",
    "sm_reply",
};
static const char *const bd_class_name[BD_NCLS] = {"hit", "pending_hit", "miss", "bypass"};

/* a[cls][stage] summed over SMs (sm < 0) or one SM, over kernels (kid < 0) or one */
static void bd_sum(const gpu *g, int sm, int kid, bd_acc a)
{
    memset(a, 0, sizeof(bd_acc));
    for (unsigned s = 0; s < g->c.sms; s++) {
        if (sm >= 0 && (unsigned)sm != s) continue;
        for (unsigned k = 0; k < BD_MAXK; k++) {
            if (kid >= 0 && (unsigned)kid != k) continue;
            for (unsigned c = 0; c < BD_NCLS; c++)
                for (unsigned i = 0; i <= BD_N; i++) a[c][i] += g->sm[s].bd[k][c][i];
        }
    }
}

/* the sum of every line request's latency, kept apart from the stages */
static uint64_t bd_latency(const gpu *g)
{
    uint64_t t = 0;
    for (unsigned s = 0; s < g->c.sms; s++) t += g->sm[s].bd_lat;
    return t;
}

/* stage groups: the per-SM table, and in the JSON for experiments/bin/compare.sh */
static const struct { const char *name; unsigned lo, hi; } bd_group[] = {
    {"lsu", BD_LSU, BD_LSU},           {"block", BD_BLOCK_FULL, BD_IN_BLOCK},
    {"L1 retry", BD_RETRY_ASSOC, BD_RETRY_IDLE}, {"L1/MSHR", BD_L1_HIT, BD_MSHR_WAIT},
    {"icnt", BD_MISSQ, BD_ICNT_REQ},  {"L2", BD_L2_ROP, BD_L2_MSHR},
    {"DRAM", BD_DRAM_LAT, BD_DRAM_ACCESS}, {"reply", BD_L2_REPLY, BD_SM_REPLY},
};
#define BD_NGROUP (sizeof bd_group / sizeof bd_group[0])

static void bd_json_acc(FILE *f, const bd_acc a, const char *ind)
{
    for (unsigned c = 0; c < BD_NCLS; c++) {
        fprintf(f, "%s\"%s\": {\"requests\": %" PRIu64 ", \"cycles\": [", ind, bd_class_name[c], a[c][BD_N]);
        for (unsigned i = 0; i < BD_N; i++) fprintf(f, "%s%" PRIu64, i ? ", " : "", a[c][i]);
        fprintf(f, "]}%s\n", c + 1 == BD_NCLS ? "" : ",");
    }
}

/* ---- time series: the kinds' counters marked `series`, sampled every c.series cycles */

int gpu_series_sample(gpu *g)
{
    unsigned cols = 0;
    for (unsigned i = 0; i < g->nkinds; i++)
        for (unsigned c = 0; c < g->kinds[i].drv->nctrs; c++) cols += g->kinds[i].drv->ctrs[c].series != 0;
    if (!cols) return 0;
    if (g->ser_rows == g->ser_cap) {
        unsigned nc = g->ser_cap ? g->ser_cap * 2 : 64;
        double *n = realloc(g->ser, (size_t)nc * cols * sizeof *n);
        if (!n) return 1;
        g->ser = n;
        g->ser_cap = nc;
    }
    g->ser_cols = cols;
    double *row = &g->ser[(size_t)g->ser_rows * cols];
    unsigned k = 0;
    for (unsigned i = 0; i < g->nkinds; i++) {
        const gpu_kind_rt *K = &g->kinds[i];
        for (unsigned c = 0; c < K->drv->nctrs; c++) {
            if (!K->drv->ctrs[c].series) continue;
            uint64_t t = 0;
            for (unsigned x = 0; x < K->ninst; x++) t += K->inst[x]->ctr[c];
            row[k++] = K->ninst ? (double)t / K->ninst : 0.0;
        }
    }
    g->ser_rows++;
    return 0;
}

static void series_json(const gpu *g, FILE *f)
{
    fprintf(f, "  \"series\": {\n    \"interval\": %u,\n    \"samples\": %u", g->c.series, g->ser_rows);
    unsigned k = 0;
    for (unsigned i = 0; i < g->nkinds; i++) {
        const gpu_kind_rt *K = &g->kinds[i];
        for (unsigned c = 0; c < K->drv->nctrs; c++) {
            if (!K->drv->ctrs[c].series) continue;
            fprintf(f, ",\n    \"%s_%s\": [", K->k->name, K->drv->ctrs[c].name);
            for (unsigned r = 0; r < g->ser_rows; r++)
                fprintf(f, "%s%.4g", r ? ", " : "", g->ser[(size_t)r * g->ser_cols + k]);
            fprintf(f, "]");
            k++;
        }
    }
    fprintf(f, "\n  },\n");
}

static void bd_json(const gpu *g, FILE *f)
{
    bd_acc a;
    fprintf(f, "  \"breakdown\": {\n    \"stages\": [");
    for (unsigned i = 0; i < BD_N; i++) fprintf(f, "%s\"%s\"", i ? ", " : "", bd_stage_name[i]);
    fprintf(f, "],\n    \"groups\": [");
    for (unsigned j = 0; j < BD_NGROUP; j++)
        fprintf(f, "%s[\"%s\", \"%s\", \"%s\"]", j ? ", " : "", bd_group[j].name, bd_stage_name[bd_group[j].lo],
                bd_stage_name[bd_group[j].hi]);
    fprintf(f, "],\n    \"line_request_cycles\": %" PRIu64 ",\n    \"kernels\": [\n", bd_latency(g));
    for (unsigned k = 0; k < g->nkern; k++) {
        bd_sum(g, -1, (int)k, a);
        fprintf(f, "      {\"kernel\": ");
        json_str(f, g->kname[k]);
        fprintf(f, ",\n");
        bd_json_acc(f, a, "       ");
        fprintf(f, "      }%s\n", k + 1 == g->nkern ? "" : ",");
    }
    fprintf(f, "    ],\n    \"sms\": [\n");
    for (unsigned s = 0; s < g->c.sms; s++) {
        bd_sum(g, (int)s, -1, a);
        fprintf(f, "      {\"sm\": %u,\n", s);
        bd_json_acc(f, a, "       ");
        fprintf(f, "      }%s\n", s + 1 == g->c.sms ? "" : ",");
    }
    fprintf(f, "    ]\n  }\n");
}


static void bd_table(FILE *f, const bd_acc a, const char *title)
{
    uint64_t all[BD_N + 1] = {0};
    for (unsigned c = 0; c < BD_NCLS; c++)
        for (unsigned i = 0; i <= BD_N; i++) all[i] += a[c][i];
    fprintf(f, "%s: cycles per line request, by stage (mean over the requests of each class)\n", title);
    fprintf(f, "  %-13s %12s %12s %12s %12s %12s %6s\n", "stage", "hit", "pending hit", "miss", "bypass", "all",
            "share");
    fprintf(f, "  %-13s", "requests");
    for (unsigned c = 0; c < BD_NCLS; c++) fprintf(f, " %12" PRIu64, a[c][BD_N]);
    fprintf(f, " %12" PRIu64 "\n", all[BD_N]);
    uint64_t tot[BD_NCLS + 1] = {0};
    for (unsigned i = 0; i < BD_N; i++) {
        for (unsigned c = 0; c < BD_NCLS; c++) tot[c] += a[c][i];
        tot[BD_NCLS] += all[i];
    }
    for (unsigned i = 0; i < BD_N; i++) {
        if (!all[i]) continue;
        fprintf(f, "  %-13s", bd_stage_name[i]);
        for (unsigned c = 0; c < BD_NCLS; c++) fprintf(f, " %12.1f", ratio(a[c][i], a[c][BD_N]));
        fprintf(f, " %12.1f %5.1f%%\n", ratio(all[i], all[BD_N]), 100.0 * ratio(all[i], tot[BD_NCLS]));
    }
    fprintf(f, "  %-13s", "latency");
    for (unsigned c = 0; c < BD_NCLS; c++) fprintf(f, " %12.1f", ratio(tot[c], a[c][BD_N]));
    fprintf(f, " %12.1f\n", ratio(tot[BD_NCLS], all[BD_N]));
}

void gpu_print_breakdown(const gpu *g, FILE *f)
{
    bd_acc a;
    for (unsigned k = 0; k < g->nkern; k++) {
        char title[96];
        bd_sum(g, -1, (int)k, a);
        snprintf(title, sizeof title, "kernel %s", g->kname[k]);
        bd_table(f, a, title);
    }
    if (g->nkern > 1) {
        bd_sum(g, -1, -1, a);
        bd_table(f, a, "all kernels");
    }
    fprintf(f, "per SM: line requests, mean latency, and its mean cycles by stage group\n  %3s %10s %8s", "sm",
            "requests", "latency");
    for (unsigned j = 0; j < BD_NGROUP; j++) fprintf(f, " %8s", bd_group[j].name);
    fprintf(f, "\n");
    for (unsigned s = 0; s < g->c.sms; s++) {
        uint64_t n = 0, grp[BD_NGROUP] = {0}, tot = 0;
        bd_sum(g, (int)s, -1, a);
        for (unsigned c = 0; c < BD_NCLS; c++) {
            n += a[c][BD_N];
            for (unsigned j = 0; j < BD_NGROUP; j++)
                for (unsigned i = bd_group[j].lo; i <= bd_group[j].hi; i++) grp[j] += a[c][i];
        }
        for (unsigned j = 0; j < BD_NGROUP; j++) tot += grp[j];
        fprintf(f, "  %3u %10" PRIu64 " %8.1f", s, n, ratio(tot, n));
        for (unsigned j = 0; j < BD_NGROUP; j++) fprintf(f, " %8.1f", ratio(grp[j], n));
        fprintf(f, "\n");
    }
}


/* the bound kind of list position i, or NULL when it is off */
static const gpu_kind_rt *listed(const gpu *g, unsigned i)
{
    for (unsigned j = 0; j < g->nkinds; j++)
        if (g->kinds[j].list == (int)i) return &g->kinds[j];
    return NULL;
}

void gpu_print_table(const gpu *g, FILE *f)
{
    gpu_totals t;
    gpu_totals_get(g, &t);
    fprintf(f, "%-28s %" PRIu64 "\n", "cycles", t.cycles);
    fprintf(f, "%-28s %" PRIu64 " (%u launches)\n", "warp instructions", t.warp_insts, t.launches);
    fprintf(f, "%-28s %.3f (thread IPC %.2f)\n", "IPC (warp instructions)", ratio(t.warp_insts, t.cycles),
            ratio(t.thread_insts, t.cycles));
    fprintf(f, "%-28s %" PRIu64 " loads, %" PRIu64 " stores\n", "memory instructions", t.loads, t.stores);
    fprintf(f, "%-28s hit %" PRIu64 ", hit-pending %" PRIu64 ", miss %" PRIu64 ", bypass %" PRIu64
               ", writes %" PRIu64 " (hit rate %.1f%%, pending hits %.1f%%)\n",
            "L1 reads", t.l1_access[L1_HIT], t.l1_access[L1_HIT_PENDING], t.l1_access[L1_MISS], t.l1_bypass,
            t.l1_access[L1_WRITE], 100.0 * gpu_l1_hit_rate(&t), 100.0 * gpu_l1_pending_rate(&t));
    fprintf(f, "%-28s assoc %" PRIu64 ", mshr %" PRIu64 ", merge %" PRIu64 ", missq %" PRIu64 "\n",
            "L1 reservation fails", t.l1_access[L1_FAIL_ASSOC], t.l1_access[L1_FAIL_MSHR],
            t.l1_access[L1_FAIL_MERGE], t.l1_access[L1_FAIL_MISSQ]);
    if (t.l1_pf.issued) /* only with a prefetch source */
        fprintf(f, "%-28s issued %" PRIu64 ", dropped %" PRIu64 ", useful %" PRIu64 ", late %" PRIu64
                   ", evicted unused %" PRIu64 " (%" PRIu64 " demanded later)"
                   " (accuracy %.1f%%, early evictions %.1f%%)\n",
                "L1 prefetches", t.l1_pf.issued, t.l1_pf.dropped, t.l1_pf.useful, t.l1_pf.late, t.l1_pf.early_evicted,
                t.l1_pf.early_evicted_demanded, 100.0 * pf_accuracy(&t.l1_pf), 100.0 * pf_early_ratio(&t.l1_pf));
    fprintf(f, "%-28s %" PRIu64 "\n", "memory-stage stall cycles", t.lsu_stall_cycles);
    gpu_fill_info fi;
    gpu_fill(g, &fi);
    fprintf(f, "%-28s %u of %u SMs held blocks; per SM mean %.1f warps of %u, %.2f blocks%s\n", "residency",
            fi.sms_used, fi.sms, fi.mean_warps, fi.max_warps, fi.mean_blocks, fi.filled ? "" : " (not filled)");
    fprintf(f, "%-28s hit %" PRIu64 ", miss %" PRIu64 ", merged %" PRIu64 ", writes %" PRIu64 "\n", "L2 reads",
            t.l2_hits, t.l2_misses, t.l2_merges, t.l2_writes);
    fprintf(f, "%-28s reads %" PRIu64 ", writes %" PRIu64 ", row hits %.1f%%, data bus busy %.1f%%\n", "DRAM",
            t.dram_reads, t.dram_writes, 100.0 * ratio(t.dram_row_hits, t.dram_row_hits + t.dram_row_misses),
            100.0 * ratio(t.dram_bus_busy, t.dram_cycles));
    fprintf(f, "%-28s %.1f cycles\n", "average load latency", ratio(t.load_lat_sum, t.load_lat_n));
    for (unsigned i = 0; i < g->nkinds; i++) {
        const gpu_kind_rt *K = &g->kinds[i];
        uint64_t tot[64];
        if (!K->drv->table || K->drv->nctrs > 64) continue;
        gpu_block_totals(g, K->drv, tot);
        K->drv->table(f, tot, t.cycles, K->ninst);
    }
}

/* one per-SM (or per-channel) array of the JSON */
typedef struct json_row {
    const char *prefix, *name;
    const gpu_kind_rt *K;    /* a block's counter (NULL: the SM's own, at off) */
    unsigned ctr;
    size_t off;
} json_row;

static void json_rows(FILE *f, const gpu *g, const json_row *rows, unsigned nrows, unsigned count)
{
    for (unsigned r = 0; r < nrows; r++) {
        const json_row *R = &rows[r];
        fprintf(f, "    \"%s%s\": [", R->prefix, R->name);
        for (unsigned s = 0; s < count; s++) {
            uint64_t v;
            if (R->prefix[0]) v = R->K && s < R->K->ninst ? R->K->inst[s]->ctr[R->ctr] : 0;
            else v = *(const uint64_t *)((const char *)&g->sm[s] + R->off);
            fprintf(f, "%s%" PRIu64, s ? ", " : "", v);
        }
        fprintf(f, "]%s\n", r + 1 == nrows ? "" : ",");
    }
}

/* the per-index arrays of the listed kinds at SM hooks (dram = 0) or at DRAM (1) */
static unsigned kind_rows(const gpu *g, int dram, json_row *rows, unsigned nrows, unsigned max, char names[][48])
{
    const blk_kind *k;
    for (unsigned i = 0; (k = blk_kind_at(i)) && i < GPU_MAX_KINDS; i++) {
        const gpu_block_driver *d = gpu_kind_driver(i);
        if (!d || (d->hook == GPU_HOOK_DRAM) != dram) continue;
        for (unsigned c = 0; c < d->nctrs && nrows < max; c++) {
            if (!d->ctrs[c].per_index) continue;
            snprintf(names[nrows], 48, "%s_", k->name);
            rows[nrows].prefix = names[nrows];
            rows[nrows].name = d->ctrs[c].name;
            rows[nrows].K = listed(g, i);
            rows[nrows].ctr = c;
            rows[nrows].off = 0;
            nrows++;
        }
    }
    return nrows;
}

void gpu_fill(const gpu *g, gpu_fill_info *fi)
{
    unsigned n = g->c.sms;
    uint64_t w = 0, b = 0;
    memset(fi, 0, sizeof *fi);
    for (unsigned s = 0; s < n; s++) {
        const gpu_sm *S = &g->sm[s];
        uint64_t dt = g->now - S->occ_t;
        w += S->occ_w + (uint64_t)S->live_warps * dt;
        b += S->occ_b + (uint64_t)S->nblk * dt;
        fi->sms_used += S->ever;
    }
    fi->sms = n;
    fi->max_warps = g->c.warps;
    fi->mean_warps = g->now ? (double)w / ((double)g->now * n) : 0.0;
    fi->mean_blocks = g->now ? (double)b / ((double)g->now * n) : 0.0;
    fi->few_sms = 2 * fi->sms_used < n;
    fi->few_warps = 4.0 * fi->mean_warps < (double)g->c.warps;
    fi->filled = !fi->few_sms && !fi->few_warps;
}

/* thread blocks and warps resident per SM: means over the run, each SM's, and rows of
 * means per window over time; the fill verdict (docs/gpu-model.md "Residency") */
static void residency_json(const gpu *g, FILE *f)
{
    gpu_fill_info fi;
    gpu_fill(g, &fi);
    unsigned n = g->c.sms;
    uint64_t tsm = 0, tg = 0;
    for (unsigned s = 0; s < n; s++) tsm += g->sm[s].smem_acc, tg += g->sm[s].smem_cycles;
    uint64_t at = 0, l2at = 0;
    for (unsigned s = 0; s < n; s++) at += g->sm[s].atomics;
    for (unsigned i = 0; i < g->c.l2_slices; i++) l2at += g->sl[i].atomics;
    fprintf(f, "  \"frontend\": {\"shared_accesses\": %" PRIu64 ", \"shared_cycles\": %" PRIu64
               ", \"atomics\": %" PRIu64 ", \"l2_atomics\": %" PRIu64 "},\n",
            tsm, tg, at, l2at);
    fprintf(f, "  \"residency\": {\n    \"filled\": %s, \"sms_used\": %u, \"sms\": %u, \"mean_warps_per_sm\": %.4f, "
               "\"mean_blocks_per_sm\": %.4f, \"max_warps_per_sm\": %u,\n    \"thread_blocks\": %" PRIu64 ",\n",
            fi.filled ? "true" : "false", fi.sms_used, n, fi.mean_warps, fi.mean_blocks, fi.max_warps, g->blocks_run);
    fprintf(f, "    \"per_sm_mean_warps\": [");
    for (unsigned s = 0; s < n; s++) {
        const gpu_sm *S = &g->sm[s];
        uint64_t w = S->occ_w + (uint64_t)S->live_warps * (g->now - S->occ_t);
        fprintf(f, "%s%.3f", s ? ", " : "", g->now ? (double)w / (double)g->now : 0.0);
    }
    fprintf(f, "],\n    \"per_sm_mean_blocks\": [");
    for (unsigned s = 0; s < n; s++) {
        const gpu_sm *S = &g->sm[s];
        uint64_t b = S->occ_b + (uint64_t)S->nblk * (g->now - S->occ_t);
        fprintf(f, "%s%.3f", s ? ", " : "", g->now ? (double)b / (double)g->now : 0.0);
    }
    /* rows: window r covers cycles [r*win, (r+1)*win); each SM's mean warps, blocks */
    fprintf(f, "],\n    \"window\": %" PRIu64 ",\n    \"warps\": [", g->occ_win);
    for (int k = 0; k < 2; k++) {
        if (k) fprintf(f, "],\n    \"blocks\": [");
        for (unsigned r = 0; r < g->occ_rows; r++) {
            fprintf(f, "%s[", r ? ", " : "");
            for (unsigned s = 0; s < n; s++) {
                uint64_t hi = g->occ_snap[((size_t)r * n + s) * OCC_F + OCC_W + k];
                uint64_t lo = r ? g->occ_snap[((size_t)(r - 1) * n + s) * OCC_F + OCC_W + k] : 0;
                fprintf(f, "%s%.2f", s ? ", " : "", (double)(hi - lo) / (double)g->occ_win);
            }
            fprintf(f, "]");
        }
    }
    fprintf(f, "]\n  },\n");
}

static const char *const tl_names[TL_N] = {
    [TL_ISSUED] = "issued", [TL_HELD] = "held", [TL_MEM] = "mem_stage", [TL_SMEM] = "shared_port",
    [TL_ALU] = "latency", [TL_LOAD] = "load", [TL_BAR] = "barrier", [TL_DRAIN] = "drain", [TL_NO_WARP] = "no_warp",
};

/* SM s's cumulative row field f at the end of window r (r == occ_rows: the run's end) */
static uint64_t tl_at(const gpu *g, unsigned r, unsigned s, unsigned f)
{
    const gpu_sm *S = &g->sm[s];
    uint64_t dt = g->now - S->occ_t;
    if (r < g->occ_rows) return g->occ_snap[((size_t)r * g->c.sms + s) * OCC_F + f];
    switch (f) {
    case OCC_W: return S->occ_w + (uint64_t)S->live_warps * dt;
    case OCC_B: return S->occ_b + (uint64_t)S->nblk * dt;
    case OCC_A: return S->occ_a + (S->live_warps ? dt : 0);
    case OCC_I: return S->insts;
    default: return S->tl[f - OCC_TL];
    }
}

/* the per-SM timeline: the residency rows' windows (the last one up to the run's end),
 * per window and SM the mean resident warps and blocks, warp instructions and
 * scheduler cycles by reason; per SM the cycles with a resident warp and the last */
static void timeline_json(const gpu *g, FILE *f)
{
    unsigned n = g->c.sms, rows = g->occ_rows;
    uint64_t end = (uint64_t)rows * g->occ_win;
    if (g->now > end) rows++;
    fprintf(f, "  \"timeline\": {\n    \"window\": %" PRIu64 ", \"sms\": %u, \"schedulers\": %u,\n    \"reasons\": [",
            g->occ_win, n, g->c.schedulers);
    for (unsigned k = 0; k < TL_N; k++) fprintf(f, "%s\"%s\"", k ? ", " : "", tl_names[k]);
    fprintf(f, "],\n    \"start\": [");
    for (unsigned r = 0; r < rows; r++) fprintf(f, "%s%" PRIu64, r ? ", " : "", (uint64_t)r * g->occ_win);
    fprintf(f, "],\n    \"cycles\": [");
    for (unsigned r = 0; r < rows; r++) {
        uint64_t hi = (uint64_t)(r + 1) * g->occ_win;
        fprintf(f, "%s%" PRIu64, r ? ", " : "", (hi > g->now ? g->now : hi) - (uint64_t)r * g->occ_win);
    }
    static const char *const fields[] = {"warps", "blocks", "warp_instructions"};
    for (unsigned k = 0; k < 3 + TL_N; k++) {
        unsigned fi = k < 2 ? OCC_W + k : k == 2 ? OCC_I : OCC_TL + (k - 3);
        if (k == 3) fprintf(f, "],\n    \"sched_cycles\": {");
        if (k < 3) fprintf(f, "],\n    \"%s\": [", fields[k]);
        else fprintf(f, "%s\n      \"%s\": [", k > 3 ? "]," : "", tl_names[k - 3]);
        for (unsigned r = 0; r < rows; r++) {
            uint64_t cyc = ((uint64_t)(r + 1) * g->occ_win > g->now ? g->now : (uint64_t)(r + 1) * g->occ_win) -
                           (uint64_t)r * g->occ_win;
            fprintf(f, "%s[", r ? ", " : "");
            for (unsigned s = 0; s < n; s++) {
                uint64_t v = tl_at(g, r, s, fi) - (r ? tl_at(g, r - 1, s, fi) : 0);
                if (k < 2) fprintf(f, "%s%.2f", s ? ", " : "", cyc ? (double)v / (double)cyc : 0.0);
                else fprintf(f, "%s%" PRIu64, s ? ", " : "", v);
            }
            fprintf(f, "]");
        }
    }
    fprintf(f, "]\n    },\n    \"sm_active_cycles\": [");
    for (unsigned s = 0; s < n; s++) fprintf(f, "%s%" PRIu64, s ? ", " : "", tl_at(g, g->occ_rows, s, OCC_A));
    fprintf(f, "],\n    \"sm_last_active\": [");
    for (unsigned s = 0; s < n; s++) {
        const gpu_sm *S = &g->sm[s];
        uint64_t last = S->live_warps && g->now > S->occ_t ? g->now : S->occ_last;
        if (last) fprintf(f, "%s%" PRIu64, s ? ", " : "", last - 1);
        else fprintf(f, "%s-1", s ? ", " : "");
    }
    fprintf(f, "]\n  },\n");
}

void gpu_print_json(const gpu *g, FILE *f, const char *bindings)
{
    gpu_totals t;
    gpu_totals_get(g, &t);
    const gk_workload *w = g->wl;
    const blk_kind *k;
    fprintf(f, "{\n  \"config\": {\n");
    gpu_cfg_json(&g->c, f, "    ");
    for (unsigned i = 0; i < g->nkinds; i++) {
        const gpu_kind_rt *K = &g->kinds[i];
        char buf[512];
        if (K->list < 0) continue;
        blk_cfg_format(K->k, K->cfg, buf, sizeof buf);
        fprintf(f, ",\n    \"%s.config\": \"%s\"", K->k->name, buf);
    }
    fprintf(f, "\n  },\n  \"workload\": {\"name\": ");
    json_str(f, w->name);
    fprintf(f, ", \"class\": \"%s\", \"launches\": %d, \"sizes\": [%" PRId64 ", %" PRId64 ", %" PRId64 ", %" PRId64 "]},\n",
            w->class_, w->nlaunch, w->size[0], w->size[1], w->size[2], w->size[3]);
    fprintf(f, "  \"bindings\": \"%s\",\n", bindings ? bindings : "");
    fprintf(f, "  \"seed\": %" PRIu64 ",\n", g->seed);
    fprintf(f, "  \"counters\": {\n");
#define J(name, v) fprintf(f, "    \"%s\": %" PRIu64 ",\n", name, (uint64_t)(v))
    J("cycles", t.cycles);
    J("longest_quiet", g->max_quiet);
    J("launches_completed", t.launches);
    J("warp_instructions", t.warp_insts);
    J("thread_instructions", t.thread_insts);
    fprintf(f, "    \"ipc_warp\": %.6f,\n    \"ipc_thread\": %.6f,\n", ratio(t.warp_insts, t.cycles),
            ratio(t.thread_insts, t.cycles));
    J("load_instructions", t.loads);
    J("store_instructions", t.stores);
    J("l1_hits", t.l1_access[L1_HIT]);
    J("l1_hit_pending", t.l1_access[L1_HIT_PENDING]);
    J("l1_misses", t.l1_access[L1_MISS]);
    J("l1_bypasses", t.l1_bypass);
    J("l1_writes", t.l1_access[L1_WRITE]);
    fprintf(f, "    \"l1_hit_rate\": %.6f,\n", gpu_l1_hit_rate(&t));
    fprintf(f, "    \"l1_pending_hit_rate\": %.6f,\n", gpu_l1_pending_rate(&t));
    J("l1_fail_assoc", t.l1_access[L1_FAIL_ASSOC]);
    J("l1_fail_mshr", t.l1_access[L1_FAIL_MSHR]);
    J("l1_fail_merge", t.l1_access[L1_FAIL_MERGE]);
    J("l1_fail_missq", t.l1_access[L1_FAIL_MISSQ]);
    J("l1_mshr_merges", t.l1_merges);
    J("l1_prefetches_issued", t.l1_pf.issued);
    J("l1_prefetches_dropped", t.l1_pf.dropped);
    J("l1_prefetches_useful", t.l1_pf.useful);
    J("l1_prefetches_late", t.l1_pf.late);
    J("l1_prefetches_early_evicted", t.l1_pf.early_evicted);
    J("l1_prefetches_early_evicted_demanded", t.l1_pf.early_evicted_demanded);
    fprintf(f, "    \"l1_prefetch_accuracy\": %.6f,\n", pf_accuracy(&t.l1_pf));
    fprintf(f, "    \"l1_prefetch_early_eviction_ratio\": %.6f,\n", pf_early_ratio(&t.l1_pf));
    J("lsu_stall_cycles", t.lsu_stall_cycles);
    J("l2_hits", t.l2_hits);
    J("l2_misses", t.l2_misses);
    J("l2_merges", t.l2_merges);
    J("l2_writes", t.l2_writes);
    J("l2_stall_cycles", t.l2_stall_cycles);
    J("dram_reads", t.dram_reads);
    J("dram_writes", t.dram_writes);
    J("dram_row_hits", t.dram_row_hits);
    J("dram_row_misses", t.dram_row_misses);
    J("dram_bus_busy_cycles", t.dram_bus_busy);
    J("dram_cycles", t.dram_cycles);
    fprintf(f, "    \"dram_bandwidth_use\": %.6f,\n", ratio(t.dram_bus_busy, t.dram_cycles));
    fprintf(f, "    \"avg_load_latency\": %.3f,\n", ratio(t.load_lat_sum, t.load_lat_n));
#undef J
    /* each listed kind's counters, on or off */
    int per_channel = 0;
    for (unsigned i = 0; (k = blk_kind_at(i)) && i < GPU_MAX_KINDS; i++) {
        const gpu_block_driver *d = gpu_kind_driver(i);
        const gpu_kind_rt *K = listed(g, i);
        uint64_t tot[64];
        if (!d || d->nctrs > 64) continue;
        if (K) gpu_block_totals(g, d, tot);
        else memset(tot, 0, sizeof tot);
        unsigned np = gpu_hook_instances(&g->c, d->hook);
        for (unsigned c = 0; c < d->nctrs; c++) {
            if (d->ctrs[c].per_index && d->hook == GPU_HOOK_DRAM) per_channel = 1;
            if (d->ctrs[c].agg == GPU_CTR_LEVEL)
                fprintf(f, "    \"%s_%s\": %.6f,\n", k->name, d->ctrs[c].name, ratio(tot[c], t.cycles) / np);
            else
                fprintf(f, "    \"%s_%s\": %" PRIu64 ",\n", k->name, d->ctrs[c].name, tot[c]);
        }
    }
    json_row rows[80];
    char names[80][48];
    unsigned nrows = 0;
    static const struct { const char *name; size_t off; } sm_rows[] = {
        {"warp_instructions", offsetof(gpu_sm, insts)},
        {"lsu_stall_cycles", offsetof(gpu_sm, stall)},
        {"no_issue_cycles", offsetof(gpu_sm, idle_issue)},
        {"l1_bypasses", offsetof(gpu_sm, bypass)},
    };
    for (unsigned r = 0; r < sizeof sm_rows / sizeof sm_rows[0]; r++) {
        rows[nrows].prefix = "";
        rows[nrows].name = sm_rows[r].name;
        rows[nrows].K = NULL;
        rows[nrows].ctr = 0;
        rows[nrows].off = sm_rows[r].off;
        nrows++;
    }
    nrows = kind_rows(g, 0, rows, nrows, 80, names);
    fprintf(f, "    \"per_sm\": {\n");
    json_rows(f, g, rows, nrows, g->c.sms);
    if (per_channel) {
        nrows = kind_rows(g, 1, rows, 0, 80, names);
        fprintf(f, "    },\n    \"per_channel\": {\n");
        json_rows(f, g, rows, nrows, g->c.dram_channels);
    }
    fprintf(f, "    }\n  },\n");
    series_json(g, f);
    residency_json(g, f);
    timeline_json(g, f);
    bd_json(g, f);
    fprintf(f, "}\n");
}
