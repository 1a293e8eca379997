/*
 * gpusim: the GPU memory model on a PolyBench/GPU workload, with the blocks of the
 * block list at their hook points (cmodel/gpu/gpu_hooks.h), each instance bound as c,
 * rtl or lockstep (the RTL comes from the build this program is linked into; tb/bin/gpusim
 * picks or builds it). No block is named here: `--KIND on|off`, `--bind KIND[@INDEX]`,
 * `--set KIND.Param=v` and `--trace KIND@INDEX=f.fst` work for every kind with a hook.
 * The command line's options and their parsing are tb/gpu/gpusim_opts.c.
 *
 *   gpusim --config base-s --workload atax --scale 0.25 --mrpb on --set l1.assoc=8 \
 *          --bind mrpb=c --bind mrpb@3=lockstep --json out.json --seed 1
 *
 * Exit: 0 done, 1 lockstep mismatch (report and waveform written), 2 bad input,
 * 3 deadlock (the stuck state is printed).
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu.h"
#include "gk_trace.h"
#include "gpusim_opts.h"
#include "lockstep.h"
#include "num.h"
#include "rtl_model.h"

/* seed 000 Table 2: scaling factors of the PolyBench default inputs */
static const struct { const char *name; double sf; } seed_sf[] = {
    {"2dconv", 1}, {"2mm", 0.25}, {"3dconv", 1}, {"3mm", 1}, {"fdtd", 0.125}, {"gemm", 1},
    {"atax", 0.5}, {"bicg", 0.5}, {"gesummv", 0.25}, {"mvt", 0.5}, {"syr2k", 0.0625}, {"syrk", 0.25},
};

#define MAX_INST 64 /* SMs or memory channels */

typedef struct bind_ctx {
    blk_mode mode[GPU_MAX_KINDS][MAX_INST]; /* by block-list position, then SM or channel */
    unsigned window;
    int probe_every; /* lockstep: state probes every N cycles; 0 off */
    const char *outdir;
    const char *repro;
} bind_ctx;

/* position of kind k in the block list */
static unsigned kind_index(const blk_kind *k)
{
    unsigned i = 0;
    while (blk_kind_at(i) && blk_kind_at(i) != k) i++;
    return i;
}

static int bind_block(void *vctx, const blk_kind *k, unsigned index, blk_inst *bi, const void *cfg, char *err,
                      size_t n)
{
    bind_ctx *c = vctx;
    unsigned ki = kind_index(k);
    blk_mode m = ki < GPU_MAX_KINDS && index < MAX_INST ? c->mode[ki][index] : BLK_MODE_C;
    if (m == BLK_MODE_C) return blk_bind_c(bi, k, cfg, err, n);
    const rtl_ops *ops = rtl_find(k->name);
    if (!ops) {
        snprintf(err, n, "%s@%u=%s needs the RTL: run through tb/bin/gpusim, which builds it", k->name, index,
                 blk_mode_name(m));
        return 1;
    }
    if (m == BLK_MODE_RTL) return blk_bind_rtl(bi, k, cfg, ops, err, n);
    char base[600], inst[64]; /* the lockstep binding keeps its own copies */
    snprintf(inst, sizeof inst, "%s@%u", k->name, index);
    snprintf(base, sizeof base, "%s/mismatch-%s", c->outdir, inst);
    ls_opts o;
    memset(&o, 0, sizeof o);
    o.window = c->window;
    o.probe_every = c->probe_every ? c->probe_every : -1;
    o.out_base = base;
    o.repro = c->repro;
    o.instance = inst;
    return blk_bind_lockstep(bi, k, cfg, ops, &o, err, n);
}

/* KIND=mode or KIND@INDEX=mode */
static int parse_bind(const char *s, bind_ctx *bc, const gpu_cfg *cfg, char *err, size_t n)
{
    char kinds[256];
    const char *eq = strchr(s, '=');
    gpusim_hooked_names(kinds, sizeof kinds);
    if (!eq) {
        snprintf(err, n, "--bind '%s': expected KIND=c|rtl|lockstep or KIND@INDEX=c|rtl|lockstep (kinds: %s)", s,
                 kinds);
        return 1;
    }
    const char *at = memchr(s, '@', (size_t)(eq - s));
    int ki = gpusim_hooked_kind(s, (size_t)((at ? at : eq) - s));
    if (ki < 0) {
        snprintf(err, n, "--bind '%s': '%.*s' is not a block kind with a GPU hook (kinds: %s)", s,
                 (int)((at ? at : eq) - s), s, kinds);
        return 1;
    }
    int m = blk_mode_parse(eq + 1);
    if (m < 0) {
        snprintf(err, n, "--bind '%s': mode must be c, rtl or lockstep", s);
        return 1;
    }
    int hook = gpu_kind_hook((unsigned)ki);
    unsigned ninst = gpu_hook_instances(cfg, hook);
    if (!at) {
        for (unsigned i = 0; i < MAX_INST; i++) bc->mode[ki][i] = (blk_mode)m;
        return 0;
    }
    char num[24];
    unsigned idx = 0;
    snprintf(num, sizeof num, "%.*s", (int)(eq - at - 1), at + 1);
    if (eq - at - 1 >= (long)sizeof num || num_uint(num, 0, ninst - 1, &idx)) {
        const char *what = gpu_hook_index_name(hook);
        snprintf(err, n, "--bind '%s': %s is per %s (%s hook): %s number must be 0..%u", s, blk_kind_at((unsigned)ki)->name,
                 what, gpu_hook_name(hook), what, ninst - 1);
        return 1;
    }
    bc->mode[ki][idx] = (blk_mode)m;
    return 0;
}

/* --trace KIND@INDEX=FILE.fst, or INDEX=FILE.fst when one kind is bound rtl/lockstep */
static int open_trace(gpu *g, const char *spec, int only_rtl_kind, char *err, size_t n)
{
    const char *eq = strchr(spec, '=');
    const char *at = eq ? memchr(spec, '@', (size_t)(eq - spec)) : NULL;
    const char *num = at ? at + 1 : spec;
    int ki = at ? gpusim_hooked_kind(spec, (size_t)(at - spec)) : only_rtl_kind;
    char ibuf[24];
    unsigned idx = 0;
    int ok = eq && eq - num < (long)sizeof ibuf;
    if (ok) snprintf(ibuf, sizeof ibuf, "%.*s", (int)(eq - num), num);
    ok = ok && !num_uint(ibuf, 0, MAX_INST - 1, &idx);
    const blk_kind *k = ki >= 0 ? blk_kind_at((unsigned)ki) : NULL;
    blk_inst *bi = k && ok ? gpu_block_inst(g, k, idx) : NULL;
    if (!bi || bi->mode == BLK_MODE_C || !eq[1] || blk_trace_open(bi, eq + 1)) {
        snprintf(err, n, "--trace '%s': needs KIND@INDEX=FILE.fst (INDEX=FILE.fst when only one kind is bound rtl or "
                         "lockstep) naming an instance bound rtl or lockstep", spec);
        return 1;
    }
    char gtkw[1200];
    size_t fl = strlen(eq + 1);
    snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(fl > 4 ? fl - 4 : fl), eq + 1);
    waves_write_gtkw(gtkw, eq + 1, k, gpu_block_cfg(g, k), rtl_find(k->name)->scope, 0, 0);
    return 0;
}

/* The machine: the base preset, then every --set and kind option in order. 0 or 2. */
static int build_machine(const args *g, gpu_cfg *cfg)
{
    char err[512];
    if (gpu_cfg_preset(cfg, g->preset, err, sizeof err)) { fprintf(stderr, "gpusim: --config: %s\n", err); return 2; }
    for (int i = 0; i < g->sets.n; i++)
        if (gpu_cfg_set(cfg, g->sets.v[i], err, sizeof err)) { fprintf(stderr, "gpusim: --set %s\n", err); return 2; }
    if (g->no_skip) cfg->skip = 0;
    if (g->skip_fault && cfg->skip) cfg->skip = 2;
    if (gpu_cfg_validate(cfg, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }
    if (cfg->sms > MAX_INST || cfg->dram_channels > MAX_INST) {
        fprintf(stderr, "gpusim: at most %d SMs and memory channels\n", MAX_INST);
        return 2;
    }
    return 0;
}

/* what the --bind options ask for */
typedef struct plan {
    bind_ctx bc;
    int n_rtl[GPU_MAX_KINDS], n_ls, only_rtl_kind, rtl_kinds;
    char bindtxt[1024]; /* "mrpb=c" or "mrpb=c,mrpb@3=lockstep", or "none" */
} plan;

/* The bindings, per kind the instances bound rtl / lockstep, as text. 0 or 2. */
static int plan_binds(const args *g, const gpu_cfg *cfg, plan *pl)
{
    char err[512];
    size_t bl = 0;
    const blk_kind *k;
    memset(pl, 0, sizeof *pl);
    pl->only_rtl_kind = -1;
    for (int i = 0; i < g->binds.n; i++)
        if (parse_bind(g->binds.v[i], &pl->bc, cfg, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }
    for (unsigned ki = 0; ki < GPU_MAX_KINDS && (k = blk_kind_at(ki)); ki++) {
        unsigned ninst = gpu_hook_instances(cfg, gpu_kind_hook(ki));
        for (unsigned i = 0; i < ninst; i++) {
            if (pl->bc.mode[ki][i] != BLK_MODE_C) pl->n_rtl[ki]++;
            if (pl->bc.mode[ki][i] == BLK_MODE_LOCKSTEP) pl->n_ls++;
        }
        if (pl->n_rtl[ki] && !cfg->blk[ki].on) {
            fprintf(stderr, "gpusim: --bind asks for %s RTL but %s is off (add --%s on)\n", k->name, k->name, k->name);
            return 2;
        }
        if (pl->n_rtl[ki]) {
            pl->only_rtl_kind = pl->rtl_kinds++ ? -1 : (int)ki;
        }
        if (!cfg->blk[ki].on) continue;
        /* bindings as text: "mrpb=c" or "mrpb=c,mrpb@3=lockstep" */
        bl += (size_t)snprintf(pl->bindtxt + bl, sizeof pl->bindtxt - bl, "%s%s=c", bl ? "," : "", k->name);
        for (unsigned i = 0; i < ninst && bl < sizeof pl->bindtxt; i++)
            if (pl->bc.mode[ki][i] != BLK_MODE_C)
                bl += (size_t)snprintf(pl->bindtxt + bl, sizeof pl->bindtxt - bl, ",%s@%u=%s", k->name, i,
                                       blk_mode_name(pl->bc.mode[ki][i]));
        if (bl >= sizeof pl->bindtxt) bl = sizeof pl->bindtxt - 1;
    }
    if (!pl->bindtxt[0]) snprintf(pl->bindtxt, sizeof pl->bindtxt, "none");
    return 0;
}

/* --print-rtl-needs, for tb/bin/gpusim: which RTL builds this run needs. The exit code. */
static int print_rtl_needs(const gpu_cfg *cfg, const plan *pl)
{
    char err[512];
    const blk_kind *k;
    if (gpu_blocks_check(cfg, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }
    for (unsigned ki = 0; ki < GPU_MAX_KINDS && (k = blk_kind_at(ki)); ki++)
        if (pl->n_rtl[ki]) printf("%s\t%s\t%s\n", k->name, gpu_cfg_kind_preset(cfg, ki), cfg->blk[ki].sets);
    return 0;
}

/* The workload built, the JSON's path checked now, without truncating what is there:
 * an unwritable path is an error before anything runs; a file this check created goes
 * if nothing runs (*json_made). 0 or 2. */
static int prepare_workload(const args *g, const gpu_cfg *cfg, gk_workload *wl, int *json_made)
{
    char err[512];
    if (!g->workload) { fprintf(stderr, "gpusim: --workload is required (one of: %s)\n", gk_names()); return 2; }
    *json_made = g->json && access(g->json, F_OK) != 0;
    if (g->json) {
        FILE *t = fopen(g->json, "a");
        if (!t) { fprintf(stderr, "gpusim: --json %s: cannot write: %s\n", g->json, strerror(errno)); return 2; }
        fclose(t);
    }
    gk_opts go;
    memset(&go, 0, sizeof go);
    go.scale = g->scale;
    for (size_t i = 0; i < sizeof seed_sf / sizeof seed_sf[0]; i++)
        if (!strcmp(seed_sf[i].name, g->workload)) go.scale = g->scale * seed_sf[i].sf;
    go.accum_in_mem = g->accum_mem;
    go.tsteps = (long long)g->tsteps;
    go.seed = g->seed;
    go.trace_lat = cfg->trace_lat;
    if (gk_build(wl, g->workload, &go, err, sizeof err)) {
        fprintf(stderr, "gpusim: %s\n", err);
        if (*json_made) remove(g->json);
        return 2;
    }
    return 0;
}

/* the reproducing command of a lockstep mismatch: this very command line */
static void repro_line(char *repro, size_t n, int argc, char **argv)
{
    size_t rl = (size_t)snprintf(repro, n, "tb/bin/gpusim");
    for (int i = 1; i < argc && rl < n; i++)
        rl += (size_t)snprintf(repro + rl, n - rl, strchr(argv[i], ' ') ? " '%s'" : " %s", argv[i]);
    if (getenv("GPUSIM_REPRO_EXTRA") && *getenv("GPUSIM_REPRO_EXTRA") && rl < n)
        snprintf(repro + rl, n - rl, " %s", getenv("GPUSIM_REPRO_EXTRA"));
}

/* The GPU with its blocks bound, and the --trace waveforms open: the GPU, or NULL after
 * one line on stderr. */
static gpu *create_gpu(const args *g, const gpu_cfg *cfg, const gk_workload *wl, plan *pl)
{
    char err[512];
    if (pl->rtl_kinds && ls_mkdirs(g->outdir, err, sizeof err)) {
        fprintf(stderr, "gpusim: --out: %s\n", err);
        return NULL;
    }
    gpu *gp = gpu_create(cfg, wl, g->seed, bind_block, &pl->bc, err, sizeof err);
    if (!gp) {
        fprintf(stderr, "gpusim: %s\n", err);
        return NULL;
    }
    for (int i = 0; i < g->traces.n; i++)
        if (open_trace(gp, g->traces.v[i], pl->only_rtl_kind, err, sizeof err)) {
            fprintf(stderr, "gpusim: %s\n", err);
            gpu_destroy(gp);
            return NULL;
        }
    return gp;
}

/* After the run: the RTL cycles the lockstep instances checked, and those instances as
 * text ("mrpb x16"). */
static uint64_t lockstep_count(gpu *gp, const gpu_cfg *cfg, char *lskinds, size_t n)
{
    uint64_t checked = 0;
    size_t ll = 0;
    const blk_kind *k;
    lskinds[0] = 0;
    for (unsigned ki = 0; ki < GPU_MAX_KINDS && (k = blk_kind_at(ki)); ki++) {
        unsigned nk = 0, ninst = gpu_hook_instances(cfg, gpu_kind_hook(ki));
        for (unsigned i = 0; i < ninst; i++) {
            blk_inst *bi = gpu_block_inst(gp, k, i);
            if (bi && bi->mode == BLK_MODE_LOCKSTEP) {
                checked += lockstep_checked(bi);
                nk++;
            }
        }
        if (nk && ll < n)
            ll += (size_t)snprintf(lskinds + ll, n - ll, "%s%s x%u", ll ? ", " : "", k->name, nk);
    }
    return checked;
}

/* The JSON (not after a mismatch, and none left behind then): 1 if it could not be
 * written. */
static int write_json(gpu *gp, const args *g, const plan *pl, int st, int json_made)
{
    int json_failed = 0;
    if (st == GPU_INPUT) { /* a faulty workload: nothing to report */
        if (g->json && json_made) remove(g->json);
        return 0;
    }
    FILE *jf = g->json && st != GPU_MISMATCH ? fopen(g->json, "w") : NULL;
    if (g->json && st != GPU_MISMATCH && !jf) {
        fprintf(stderr, "gpusim: cannot write %s: %s\n", g->json, strerror(errno));
        json_failed = 1;
    }
    if (jf) {
        gpu_print_json(gp, jf, pl->bindtxt);
        if (ferror(jf) | fclose(jf)) {
            fprintf(stderr, "gpusim: cannot write %s\n", g->json);
            json_failed = 1;
        }
    } else if (g->json && json_made) {
        remove(g->json); /* a mismatch: no JSON, and none left behind */
    }
    return json_failed;
}

/* The run and what it prints: the exit code. */
static int simulate(const args *g, const gpu_cfg *cfg, plan *pl, int argc, char **argv)
{
    gk_workload wl;
    int json_made = 0;
    if (prepare_workload(g, cfg, &wl, &json_made)) return 2;
    if (g->export_dir) { /* the workload in the trace format, nothing run */
        char err[512];
        int rc = gt_export(&wl, g->export_dir, err, sizeof err);
        if (rc) fprintf(stderr, "gpusim: %s\n", err);
        else if (!g->quiet) printf("gpusim: wrote %s (%d launches) to %s\n", wl.name, wl.nlaunch, g->export_dir);
        if (json_made) remove(g->json);
        gk_free(&wl);
        return rc ? 2 : 0;
    }
    char repro[4096];
    repro_line(repro, sizeof repro, argc, argv);
    pl->bc.window = (unsigned)g->window;
    pl->bc.probe_every = (int)g->probe_every;
    pl->bc.outdir = g->outdir;
    pl->bc.repro = repro;
    gpu *gp = create_gpu(g, cfg, &wl, pl);
    if (!gp) {
        if (json_made) remove(g->json);
        gk_free(&wl);
        return 2;
    }

    if (!g->quiet && !wl.suite)
        printf("gpusim: %s on %s (%s), scale %g x seed-000 inputs, sizes %" PRId64 " %" PRId64 " %" PRId64
               ", %d launches, blocks %s\n",
               wl.name, cfg->name, wl.class_, g->scale, wl.size[0], wl.size[1], wl.size[2], wl.nlaunch, pl->bindtxt);
    else if (!g->quiet)
        printf("gpusim: %s (%s; %s) on %s, scale %g x %s, sizes %" PRId64 " %" PRId64 " %" PRId64
               ", %d launches, blocks %s\n",
               wl.name, wl.suite, wl.classes, cfg->name, g->scale, wl.input, wl.size[0], wl.size[1], wl.size[2],
               wl.nlaunch, pl->bindtxt);
    clock_t t0 = clock();
    int st = gpu_run(gp, stderr);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    char lskinds[256];
    uint64_t checked = lockstep_count(gp, cfg, lskinds, sizeof lskinds);
    if (!g->quiet) {
        gpu_print_table(gp, stdout);
        if (g->breakdown) gpu_print_breakdown(gp, stdout);
        printf("%-28s %.2f s, %.0f cycles/s\n", "simulation", secs, secs > 0 ? (double)gpu_now(gp) / secs : 0.0);
    }
    if (pl->n_ls)
        printf("lockstep: %" PRIu64 " RTL cycles checked over %d instance%s (%s), %d mismatch%s\n", checked, pl->n_ls,
               pl->n_ls == 1 ? "" : "s", lskinds, st == GPU_MISMATCH ? 1 : 0, st == GPU_MISMATCH ? "" : "es");
    if (st == GPU_DONE) { /* the fill check: a GPU mostly empty is not the regime the seeds ran */
        gpu_fill_info fi;
        gpu_fill(gp, &fi);
        if (!fi.filled)
            fprintf(stderr, "gpusim: warning: %s does not fill the GPU: %u of %u SMs held a thread block%s, "
                            "mean resident warps per SM %.1f of %u%s\n",
                    wl.name, fi.sms_used, fi.sms, fi.few_sms ? " (under half)" : "", fi.mean_warps, fi.max_warps,
                    fi.few_warps ? " (under a quarter)" : "");
    }
    if (g->stats) {
        uint64_t skipped, jumps, cycles = gpu_now(gp);
        gpu_skip_stats(gp, &skipped, &jumps);
        fprintf(stderr, "gpusim: stats: %" PRIu64 " cycles, %" PRIu64 " skipped (%.1f%%) in %" PRIu64 " jumps, %.2f s\n",
                cycles, skipped, cycles ? 100.0 * (double)skipped / (double)cycles : 0.0, jumps, secs);
    }
    int json_failed = write_json(gp, g, pl, st, json_made);
    if (st == GPU_CYCLE_LIMIT) printf("stopped at max_cycles=%llu\n", cfg->max_cycles);
    gpu_destroy(gp);
    gk_free(&wl);
    if (st == GPU_MISMATCH) return 1;
    if (st == GPU_DEADLOCK) return 3;
    if (st == GPU_INPUT) return 2;
    return json_failed ? 2 : 0;
}

int main(int argc, char **argv)
{
    args g;
    gpu_cfg cfg;
    plan pl;
    int rc;
    gpusim_args_init(&g);
    if ((rc = gpusim_parse_args(&g, argc, argv)) >= 0) return rc;
    char tw[4096];
    if (g.trace_dir) {
        if (g.workload) { fprintf(stderr, "gpusim: --trace-dir and --workload both name a workload; give one\n"); return 2; }
        if (snprintf(tw, sizeof tw, "trace:%s", g.trace_dir) >= (int)sizeof tw) { fprintf(stderr, "gpusim: --trace-dir: path too long\n"); return 2; }
        g.workload = tw;
    }
    if (build_machine(&g, &cfg) || plan_binds(&g, &cfg, &pl)) return 2;
    if (g.print_needs) return print_rtl_needs(&cfg, &pl);
    return simulate(&g, &cfg, &pl, argc, argv);
}
