/*
 * gpusim: the GPU memory model on a PolyBench/GPU workload, with each SM's MRPB bound
 * as c, rtl or lockstep (the RTL comes from the build this program is linked into;
 * tb/gpusim picks or builds it).
 *
 *   gpusim --config base-s --workload atax --scale 0.25 --mrpb on --set l1.assoc=8 \
 *          --bind mrpb=c --bind mrpb@3=lockstep --json out.json --seed 1
 *
 * Exit: 0 done, 1 lockstep mismatch (report and waveform written), 2 bad input,
 * 3 deadlock (the stuck state is printed).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu.h"
#include "lockstep.h"
#include "mrpb.h"
#include "rtl_model.h"

#define MAX_SMS 64

/* seed 000 Table 2: scaling factors of the PolyBench default inputs */
static const struct { const char *name; double sf; } seed_sf[] = {
    {"2dconv", 1}, {"2mm", 0.25}, {"3dconv", 1}, {"3mm", 1}, {"fdtd", 0.125}, {"gemm", 1},
    {"atax", 0.5}, {"bicg", 0.5}, {"gesummv", 0.25}, {"mvt", 0.5}, {"syr2k", 0.0625}, {"syrk", 0.25},
};

typedef struct bind_ctx {
    blk_mode mode[MAX_SMS];
    unsigned window;
    const char *outdir;
    const char *repro;
} bind_ctx;

static int bind_sm(void *vctx, unsigned sm, blk_inst *bi, const blk_kind *k, const void *cfg, char *err,
                   size_t n)
{
    bind_ctx *c = vctx;
    blk_mode m = c->mode[sm];
    if (m == BLK_MODE_C) return blk_bind_c(bi, k, cfg, err, n);
    const rtl_ops *ops = rtl_find(k->name);
    if (!ops) {
        snprintf(err, n, "%s@%u=%s needs the RTL: run through tb/gpusim, which builds it", k->name, sm,
                 blk_mode_name(m));
        return 1;
    }
    if (m == BLK_MODE_RTL) return blk_bind_rtl(bi, k, cfg, ops, err, n);
    char base[600], inst[32]; /* the lockstep binding keeps its own copies */
    snprintf(inst, sizeof inst, "%s@%u", k->name, sm);
    snprintf(base, sizeof base, "%s/mismatch-%s", c->outdir, inst);
    ls_opts o;
    memset(&o, 0, sizeof o);
    o.window = c->window;
    o.out_base = base;
    o.repro = c->repro;
    o.instance = inst;
    return blk_bind_lockstep(bi, k, cfg, ops, &o, err, n);
}

static int parse_bind(const char *s, blk_mode *modes, unsigned sms, char *err, size_t n)
{
    const char *eq = strchr(s, '=');
    if (!eq || strncmp(s, "mrpb", 4) || (s[4] != '=' && s[4] != '@')) {
        snprintf(err, n, "--bind '%s': expected mrpb=c|rtl|lockstep or mrpb@SM=c|rtl|lockstep", s);
        return 1;
    }
    blk_mode m;
    if (!strcmp(eq + 1, "c")) m = BLK_MODE_C;
    else if (!strcmp(eq + 1, "rtl")) m = BLK_MODE_RTL;
    else if (!strcmp(eq + 1, "lockstep")) m = BLK_MODE_LOCKSTEP;
    else {
        snprintf(err, n, "--bind '%s': mode must be c, rtl or lockstep", s);
        return 1;
    }
    if (s[4] == '=') {
        for (unsigned i = 0; i < MAX_SMS; i++) modes[i] = m;
        return 0;
    }
    char *end;
    unsigned long sm = strtoul(s + 5, &end, 10);
    if (end == s + 5 || end != eq || sm >= sms) {
        snprintf(err, n, "--bind '%s': SM number must be 0..%u", s, sms - 1);
        return 1;
    }
    modes[sm] = m;
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gpusim --workload W [--config base-s|base-l|apres|dl1d|clams] [--scale X]\n"
            "              [--mrpb on|off] [--set key=value]... [--bind mrpb[@SM]=c|rtl|lockstep]...\n"
            "              [--json FILE] [--seed N] [--accum reg|mem] [--tsteps N] [--window N]\n"
            "              [--trace SM=FILE.fst] [--out DIR] [--quiet] [--list] [--help-config]\n"
            "  --scale X     multiplies seed 000's inputs (Table 2 scaling factors of the PolyBench sizes)\n"
            "  --bind        how each SM's MRPB runs (default c); rtl/lockstep need tb/gpusim\n"
            "  --trace       FST of that SM's MRPB RTL for the whole run (rtl or lockstep binding)\n");
}

int main(int argc, char **argv)
{
    gpu_cfg cfg;
    char err[512];
    const char *workload = NULL, *json = NULL, *outdir = "build/gpusim", *trace = NULL;
    double scale = 1.0;
    uint64_t seed = 1;
    int quiet = 0, print_cfg = 0, accum_mem = 0;
    long long tsteps = 0;
    unsigned window = 200;
    const char *binds[64];
    int nbinds = 0;
    const char *sets[256];
    int nsets = 0;
    const char *preset = "base-s", *mrpb = NULL;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_ARG                                                   \
    if (!v) {                                                      \
        fprintf(stderr, "gpusim: %s needs a value\n", a);          \
        return 2;                                                  \
    }                                                              \
    i++;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        else if (!strcmp(a, "--help-config")) { gpu_cfg_help(stdout); return 0; }
        else if (!strcmp(a, "--list")) {
            for (int w = 0; w < gk_count(); w++) printf("%s\n", gk_name(w));
            return 0;
        }
        else if (!strcmp(a, "--config")) { NEED_ARG preset = v; }
        else if (!strcmp(a, "--workload")) { NEED_ARG workload = v; }
        else if (!strcmp(a, "--scale")) {
            NEED_ARG
            char *end;
            scale = strtod(v, &end);
            if (*end || !(scale > 0) || scale > 64) {
                fprintf(stderr, "gpusim: --scale '%s': must be a number in (0, 64]\n", v);
                return 2;
            }
        }
        else if (!strcmp(a, "--mrpb")) { NEED_ARG mrpb = v; }
        else if (!strcmp(a, "--set")) {
            NEED_ARG
            if (nsets == 256) { fprintf(stderr, "gpusim: too many --set\n"); return 2; }
            sets[nsets++] = v;
        }
        else if (!strcmp(a, "--bind")) {
            NEED_ARG
            if (nbinds == 64) { fprintf(stderr, "gpusim: too many --bind\n"); return 2; }
            binds[nbinds++] = v;
        }
        else if (!strcmp(a, "--json")) { NEED_ARG json = v; }
        else if (!strcmp(a, "--out")) { NEED_ARG outdir = v; }
        else if (!strcmp(a, "--trace")) { NEED_ARG trace = v; }
        else if (!strcmp(a, "--seed")) {
            NEED_ARG
            char *end;
            seed = strtoull(v, &end, 0);
            if (*end || !*v || *v == '-') { fprintf(stderr, "gpusim: --seed '%s': not a number\n", v); return 2; }
        }
        else if (!strcmp(a, "--window")) {
            NEED_ARG
            window = (unsigned)atoi(v);
            if (window < 1 || window > 100000) { fprintf(stderr, "gpusim: --window %s: must be 1..100000\n", v); return 2; }
        }
        else if (!strcmp(a, "--tsteps")) {
            NEED_ARG
            tsteps = atoll(v);
            if (tsteps < 1 || tsteps > 100000) { fprintf(stderr, "gpusim: --tsteps %s: must be 1..100000\n", v); return 2; }
        }
        else if (!strcmp(a, "--accum")) {
            NEED_ARG
            if (!strcmp(v, "mem")) accum_mem = 1;
            else if (!strcmp(v, "reg")) accum_mem = 0;
            else { fprintf(stderr, "gpusim: --accum '%s': must be reg or mem\n", v); return 2; }
        }
        else if (!strcmp(a, "--quiet")) quiet = 1;
        else if (!strcmp(a, "--print-mrpb-config")) print_cfg = 1;
        else { fprintf(stderr, "gpusim: unknown option '%s' (see --help)\n", a); return 2; }
#undef NEED_ARG
    }

    if (gpu_cfg_preset(&cfg, preset, err, sizeof err)) { fprintf(stderr, "gpusim: --config: %s\n", err); return 2; }
    if (mrpb) {
        if (!strcmp(mrpb, "on")) cfg.mrpb = 1;
        else if (!strcmp(mrpb, "off")) cfg.mrpb = 0;
        else { fprintf(stderr, "gpusim: --mrpb '%s': must be on or off\n", mrpb); return 2; }
    }
    for (int i = 0; i < nsets; i++)
        if (gpu_cfg_set(&cfg, sets[i], err, sizeof err)) { fprintf(stderr, "gpusim: --set %s\n", err); return 2; }
    if (gpu_cfg_validate(&cfg, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }
    if (cfg.sms > MAX_SMS) { fprintf(stderr, "gpusim: sms=%u exceeds %d\n", cfg.sms, MAX_SMS); return 2; }

    bind_ctx bc;
    memset(&bc, 0, sizeof bc);
    for (int i = 0; i < nbinds; i++)
        if (parse_bind(binds[i], bc.mode, cfg.sms, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }
    int need_rtl = 0, n_ls = 0;
    char bindtxt[256] = "";
    for (unsigned s = 0; s < cfg.sms; s++) {
        if (bc.mode[s] != BLK_MODE_C) need_rtl = 1;
        if (bc.mode[s] == BLK_MODE_LOCKSTEP) n_ls++;
    }
    if (need_rtl && !cfg.mrpb) {
        fprintf(stderr, "gpusim: --bind asks for MRPB RTL but MRPB is off (add --mrpb on)\n");
        return 2;
    }
    {   /* bindings as text: "mrpb=c" or "mrpb=c,mrpb@3=lockstep" */
        size_t l = 0;
        l += (size_t)snprintf(bindtxt + l, sizeof bindtxt - l, "%s", cfg.mrpb ? "mrpb=c" : "none");
        for (unsigned s = 0; s < cfg.sms && l < sizeof bindtxt; s++)
            if (bc.mode[s] != BLK_MODE_C)
                l += (size_t)snprintf(bindtxt + l, sizeof bindtxt - l, ",mrpb@%u=%s", s, blk_mode_name(bc.mode[s]));
    }
    if (print_cfg) { /* for tb/gpusim: which RTL build this run needs */
        if (!need_rtl) { printf("c\n"); return 0; }
        printf("rtl\t%s\t%s\n", cfg.mrpb_preset, cfg.mrpb_sets);
        return 0;
    }
    if (!workload) { fprintf(stderr, "gpusim: --workload is required (one of: %s)\n", gk_names()); return 2; }

    gk_workload wl;
    gk_opts go;
    memset(&go, 0, sizeof go);
    go.scale = scale;
    for (size_t i = 0; i < sizeof seed_sf / sizeof seed_sf[0]; i++)
        if (!strcmp(seed_sf[i].name, workload)) go.scale = scale * seed_sf[i].sf;
    go.accum_in_mem = accum_mem;
    go.tsteps = tsteps;
    if (gk_build(&wl, workload, &go, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }

    /* the reproducing command of a lockstep mismatch: this very command line */
    static char repro[4096];
    size_t rl = (size_t)snprintf(repro, sizeof repro, "tb/gpusim");
    for (int i = 1; i < argc && rl < sizeof repro; i++)
        rl += (size_t)snprintf(repro + rl, sizeof repro - rl, strchr(argv[i], ' ') ? " '%s'" : " %s", argv[i]);
    if (getenv("GPUSIM_REPRO_EXTRA") && *getenv("GPUSIM_REPRO_EXTRA") && rl < sizeof repro)
        snprintf(repro + rl, sizeof repro - rl, " %s", getenv("GPUSIM_REPRO_EXTRA"));
    bc.window = window;
    bc.outdir = outdir;
    bc.repro = repro;
    if (need_rtl) {
        char mk[1200];
        snprintf(mk, sizeof mk, "mkdir -p '%s'", outdir);
        if (system(mk) != 0) { fprintf(stderr, "gpusim: cannot create %s\n", outdir); return 2; }
    }

    gpu *g = gpu_create(&cfg, &wl, seed, bind_sm, &bc, err, sizeof err);
    if (!g) {
        fprintf(stderr, "gpusim: %s\n", err);
        gk_free(&wl);
        return 2;
    }
    if (trace) {
        char *eq = strchr(trace, '='), *end;
        unsigned long sm = strtoul(trace, &end, 10);
        blk_inst *bi = gpu_mrpb_inst(g, (unsigned)sm);
        if (!eq || end != eq || !bi || bi->mode == BLK_MODE_C || blk_trace_open(bi, eq + 1)) {
            fprintf(stderr, "gpusim: --trace '%s': needs SM=FILE.fst with that SM's MRPB bound rtl or lockstep\n", trace);
            gpu_destroy(g);
            gk_free(&wl);
            return 2;
        }
        char gtkw[1200];
        size_t fl = strlen(eq + 1);
        snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(fl > 4 ? fl - 4 : fl), eq + 1);
        mrpb_cfg mc;
        blk_cfg_build(&mrpb_kind, &mc, cfg.mrpb_preset, cfg.mrpb_sets, err, sizeof err);
        waves_write_gtkw(gtkw, eq + 1, &mrpb_kind, &mc, rtl_find("mrpb")->scope, 0, 0);
    }

    if (!quiet)
        printf("gpusim: %s on %s (%s), scale %g x seed-000 inputs, sizes %" PRId64 " %" PRId64 " %" PRId64
               ", %d launches, MRPB %s\n",
               wl.name, cfg.name, wl.class_, scale, wl.size[0], wl.size[1], wl.size[2], wl.nlaunch,
               cfg.mrpb ? bindtxt : "off");
    clock_t t0 = clock();
    int st = gpu_run(g, stderr);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    uint64_t checked = 0;
    for (unsigned s = 0; s < cfg.sms; s++) {
        blk_inst *bi = gpu_mrpb_inst(g, s);
        if (bi && bi->mode == BLK_MODE_LOCKSTEP) checked += lockstep_checked(bi);
    }
    if (!quiet) {
        gpu_print_table(g, stdout);
        printf("%-28s %.2f s, %.0f cycles/s\n", "simulation", secs, secs > 0 ? (double)gpu_now(g) / secs : 0.0);
    }
    if (n_ls)
        printf("lockstep: %" PRIu64 " RTL cycles checked over %d MRPB instance%s, %d mismatch%s\n", checked, n_ls,
               n_ls == 1 ? "" : "s", st == GPU_MISMATCH ? 1 : 0, st == GPU_MISMATCH ? "" : "es");
    int json_failed = 0;
    if (json && st != GPU_MISMATCH) {
        FILE *f = fopen(json, "w");
        if (!f) {
            fprintf(stderr, "gpusim: cannot write %s\n", json);
            json_failed = 1;
        } else {
            gpu_print_json(g, f, bindtxt);
            fclose(f);
        }
    }
    if (st == GPU_CYCLE_LIMIT) printf("stopped at max_cycles=%llu\n", cfg.max_cycles);
    gpu_destroy(g);
    gk_free(&wl);
    if (st == GPU_MISMATCH) return 1;
    if (st == GPU_DEADLOCK) return 3;
    return json_failed ? 2 : 0;
}
