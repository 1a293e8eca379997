/*
 * gpusim: the GPU memory model on a PolyBench/GPU workload, with the blocks of the
 * block list at their hook points (cmodel/gpu/gpu_hooks.h), each instance bound as c,
 * rtl or lockstep (the RTL comes from the build this program is linked into; tb/gpusim
 * picks or builds it). No block is named here: `--KIND on|off`, `--bind KIND[@INDEX]`,
 * `--set KIND.Param=v` and `--trace KIND@INDEX=f.fst` work for every kind with a hook.
 *
 *   gpusim --config base-s --workload atax --scale 0.25 --mrpb on --set l1.assoc=8 \
 *          --bind mrpb=c --bind mrpb@3=lockstep --json out.json --seed 1
 *
 * Exit: 0 done, 1 lockstep mismatch (report and waveform written), 2 bad input,
 * 3 deadlock (the stuck state is printed).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu.h"
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

/* the hooked kind named by s[0..len), or -1 */
static int hooked_kind(const char *s, size_t len)
{
    const blk_kind *k;
    for (unsigned i = 0; i < GPU_MAX_KINDS && (k = blk_kind_at(i)); i++)
        if (gpu_kind_hook(i) != GPU_HOOK_NONE && strlen(k->name) == len && !strncmp(k->name, s, len)) return (int)i;
    return -1;
}

/* A kind's own option (gpu_block_driver.aliases): with val NULL, non-NULL when some kind
 * has the option; else the --set assignments of `--opt val`, NULL for an unknown value.
 * Several kinds may offer one option and value (`--l1 baseline`: each turns itself
 * off): their assignments are joined by ';', in list order. */
static const char *option_alias(const char *opt, const char *val)
{
    static char buf[512];
    const gpu_block_driver *d;
    size_t l = 0;
    for (unsigned i = 0; i < GPU_MAX_KINDS && blk_kind_at(i); i++)
        if ((d = gpu_kind_driver(i)) && d->aliases)
            for (const gpu_opt_alias *a = d->aliases; a->opt; a++) {
                if (strcmp(a->opt, opt)) continue;
                if (!val) return a->set;
                if (strcmp(a->val, val) || l + strlen(a->set) + 2 > sizeof buf) continue;
                l += (size_t)snprintf(buf + l, sizeof buf - l, "%s%s", l ? ";" : "", a->set);
            }
    return l ? buf : NULL;
}

/* "decoupled or baseline": the values of a kind's option joined by sep (each once), for
 * messages */
static const char *alias_values(const char *opt, const char *sep)
{
    static char buf[256];
    const gpu_block_driver *d, *e;
    size_t l = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < GPU_MAX_KINDS && blk_kind_at(i); i++)
        if ((d = gpu_kind_driver(i)) && d->aliases)
            for (const gpu_opt_alias *a = d->aliases; a->opt; a++) {
                int seen = 0;
                if (strcmp(a->opt, opt)) continue;
                for (unsigned j = 0; j <= i && !seen; j++) /* the same value of an earlier row */
                    if ((e = gpu_kind_driver(j)) && e->aliases)
                        for (const gpu_opt_alias *b = e->aliases; b->opt && b != a && !seen; b++)
                            seen = !strcmp(b->opt, opt) && !strcmp(b->val, a->val);
                if (!seen && l + strlen(a->val) + strlen(sep) + 1 < sizeof buf)
                    l += (size_t)snprintf(buf + l, sizeof buf - l, "%s%s", l ? sep : "", a->val);
            }
    return buf;
}

/* --help lines of the kinds' own options */
static void alias_help(FILE *f)
{
    const gpu_block_driver *d;
    for (unsigned i = 0; i < GPU_MAX_KINDS && blk_kind_at(i); i++)
        if ((d = gpu_kind_driver(i)) && d->aliases)
            for (const gpu_opt_alias *a = d->aliases; a->opt; a++)
                if (a->what) {
                    char head[64];
                    snprintf(head, sizeof head, "--%s %s", a->opt, alias_values(a->opt, "|"));
                    fprintf(f, "  %-22s %s (%s)\n", head, a->what, blk_kind_at(i)->name);
                }
}

/* "mrpb ..." : the kinds with a hook, for messages */
static void hooked_names(char *buf, size_t n)
{
    const blk_kind *k;
    size_t l = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < GPU_MAX_KINDS && (k = blk_kind_at(i)) && l < n; i++)
        if (gpu_kind_hook(i) != GPU_HOOK_NONE) l += (size_t)snprintf(buf + l, n - l, "%s%s", l ? " " : "", k->name);
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
        snprintf(err, n, "%s@%u=%s needs the RTL: run through tb/gpusim, which builds it", k->name, index,
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
    hooked_names(kinds, sizeof kinds);
    if (!eq) {
        snprintf(err, n, "--bind '%s': expected KIND=c|rtl|lockstep or KIND@INDEX=c|rtl|lockstep (kinds: %s)", s,
                 kinds);
        return 1;
    }
    const char *at = memchr(s, '@', (size_t)(eq - s));
    int ki = hooked_kind(s, (size_t)((at ? at : eq) - s));
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
    int ki = at ? hooked_kind(spec, (size_t)(at - spec)) : only_rtl_kind;
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

static void usage(FILE *f)
{
    char kinds[256];
    hooked_names(kinds, sizeof kinds);
    fprintf(f,
            "usage: gpusim --workload W [--config base-s|base-l|apres|dl1d|clams] [--scale X]\n"
            "              [--KIND on|off]... [--set key=value]... [--bind KIND[@INDEX]=c|rtl|lockstep]...\n"
            "              [--json FILE] [--seed N] [--accum reg|mem] [--tsteps N] [--window N]\n"
            "              [--probe-every N] [--trace KIND@INDEX=FILE.fst]... [--out DIR] [--quiet] [--list] [--help-config]\n"
            "              [--breakdown] [--print-rtl-needs]\n"
            "  KIND          a block kind with a GPU hook: %s\n"
            "  --KIND on     an instance of KIND at every SM (DRAM hook: every memory channel)\n"
            "  --set         a GPU parameter, KIND=on|off, KIND.preset=NAME or KIND.Param=value\n"
            "  --scale X     multiplies seed 000's inputs (Table 2 scaling factors of the PolyBench sizes)\n"
            "  --bind        how an instance runs (default c); rtl/lockstep need tb/gpusim\n"
            "  --probe-every lockstep: compare the state probes every N cycles (default 1; 0 off)\n"
            "  --trace       FST of that instance's RTL for the whole run (rtl or lockstep binding);\n"
            "                INDEX=FILE.fst when only one kind is bound rtl or lockstep\n"
            "  --breakdown   where each load's time goes: cycles per line request by stage and\n"
            "                class (hit, pending hit, miss, bypass) per kernel, and per SM\n"
            "  --print-rtl-needs  one line KIND<TAB>PRESET<TAB>SETS per kind bound rtl or lockstep; exit\n",
            kinds);
    alias_help(f);
}

int main(int argc, char **argv)
{
    gpu_cfg cfg;
    char err[512];
    const char *workload = NULL, *json = NULL, *outdir = "build/gpusim";
    double scale = 1.0;
    uint64_t seed = 1;
    int quiet = 0, print_needs = 0, accum_mem = 0, breakdown = 0;
    long long tsteps = 0;
    unsigned window = 200;
    int probe_every = 1;
    const char *binds[64], *traces[16];
    int nbinds = 0, ntraces = 0;
    const char *sets[256];
    int nsets = 0;
    static char alias_buf[4096]; /* the assignments of kinds' own options */
    size_t alias_used = 0;
    const char *preset = "base-s";
    int preset_given = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_ARG                                                   \
    if (!v) {                                                      \
        fprintf(stderr, "gpusim: %s needs a value\n", a);          \
        return 2;                                                  \
    }                                                              \
    i++;
        int ki = !strncmp(a, "--", 2) ? hooked_kind(a + 2, strlen(a + 2)) : -1;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        else if (!strcmp(a, "--help-config")) { gpu_cfg_help(stdout); return 0; }
        else if (!strcmp(a, "--list")) {
            for (int w = 0; w < gk_count(); w++) printf("%s\n", gk_name(w));
            return 0;
        }
        else if (!strcmp(a, "--config")) {
            NEED_ARG
            if (preset_given) { /* the base machine: one, applied before every other option */
                fprintf(stderr, "gpusim: --config given twice ('%s', then '%s'): one base machine, changed by --set and the block options\n", preset, v);
                return 2;
            }
            preset = v;
            preset_given = 1;
        }
        else if (!strcmp(a, "--workload")) { NEED_ARG workload = v; }
        else if (!strcmp(a, "--scale")) {
            NEED_ARG
            if (num_real(v, 0, 64, &scale) || !(scale > 0)) {
                fprintf(stderr, "gpusim: --scale '%s': must be a number in (0, 64]\n", v);
                return 2;
            }
        }
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
        else if (!strcmp(a, "--trace")) {
            NEED_ARG
            if (ntraces == 16) { fprintf(stderr, "gpusim: too many --trace\n"); return 2; }
            traces[ntraces++] = v;
        }
        else if (!strcmp(a, "--seed")) {
            NEED_ARG
            int rc = num_u64(v, 0, UINT64_MAX, &seed);
            if (rc) { num_err_u64(err, sizeof err, "gpusim: --seed", v, rc, 0, UINT64_MAX); fprintf(stderr, "%s\n", err); return 2; }
        }
        else if (!strcmp(a, "--window")) {
            NEED_ARG
            int rc = num_uint(v, 1, 100000, &window);
            if (rc) { num_err_u64(err, sizeof err, "gpusim: --window", v, rc, 1, 100000); fprintf(stderr, "%s\n", err); return 2; }
        }
        else if (!strcmp(a, "--probe-every")) {
            NEED_ARG
            unsigned pe;
            if (num_uint(v, 0, 1000000, &pe)) {
                fprintf(stderr, "gpusim: --probe-every '%s': must be a number 0..1000000\n", v);
                return 2;
            }
            probe_every = (int)pe;
        }
        else if (!strcmp(a, "--tsteps")) {
            NEED_ARG
            unsigned ts;
            int rc = num_uint(v, 1, 100000, &ts);
            if (rc) { num_err_u64(err, sizeof err, "gpusim: --tsteps", v, rc, 1, 100000); fprintf(stderr, "%s\n", err); return 2; }
            tsteps = ts;
        }
        else if (!strcmp(a, "--accum")) {
            NEED_ARG
            if (!strcmp(v, "mem")) accum_mem = 1;
            else if (!strcmp(v, "reg")) accum_mem = 0;
            else { fprintf(stderr, "gpusim: --accum '%s': must be reg or mem\n", v); return 2; }
        }
        else if (!strcmp(a, "--quiet")) quiet = 1;
        else if (!strcmp(a, "--breakdown")) breakdown = 1;
        else if (!strcmp(a, "--print-rtl-needs")) print_needs = 1;
        else if (!strncmp(a, "--", 2) && (ki >= 0 || option_alias(a + 2, NULL))) {
            /* --KIND on|off, or a kind's own option (also --KIND VALUE): its assignments join
             * the --set list where the option stands, so options apply left to right */
            NEED_ARG
            const char *set = option_alias(a + 2, v);
            char kind_set[128];
            if (!set && ki >= 0) {
                const char *name = blk_kind_at((unsigned)ki)->name;
                if (strcmp(v, "on") && strcmp(v, "off")) {
                    if (option_alias(name, NULL))
                        fprintf(stderr, "gpusim: --%s '%s': must be on, off or %s\n", name, v, alias_values(name, ", "));
                    else
                        fprintf(stderr, "gpusim: --%s '%s': must be on or off\n", name, v);
                    return 2;
                }
                snprintf(kind_set, sizeof kind_set, "%s=%s", name, v);
                set = kind_set;
            }
            if (!set) {
                fprintf(stderr, "gpusim: %s '%s': must be %s\n", a, v, alias_values(a + 2, " or "));
                return 2;
            }
            /* one assignment, or several joined by ';' (kept in alias_buf) */
            for (const char *p = set; *p;) {
                size_t l = strcspn(p, ";");
                if (nsets == 256 || alias_used + l + 1 > sizeof alias_buf) {
                    fprintf(stderr, "gpusim: too many --set\n");
                    return 2;
                }
                memcpy(alias_buf + alias_used, p, l);
                alias_buf[alias_used + l] = 0;
                sets[nsets++] = alias_buf + alias_used;
                alias_used += l + 1;
                p += l + (p[l] == ';');
            }
        }
        else { fprintf(stderr, "gpusim: unknown option '%s' (see --help)\n", a); return 2; }
#undef NEED_ARG
    }

    if (gpu_cfg_preset(&cfg, preset, err, sizeof err)) { fprintf(stderr, "gpusim: --config: %s\n", err); return 2; }
    for (int i = 0; i < nsets; i++)
        if (gpu_cfg_set(&cfg, sets[i], err, sizeof err)) { fprintf(stderr, "gpusim: --set %s\n", err); return 2; }
    if (gpu_cfg_validate(&cfg, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }
    if (cfg.sms > MAX_INST || cfg.dram_channels > MAX_INST) {
        fprintf(stderr, "gpusim: at most %d SMs and memory channels\n", MAX_INST);
        return 2;
    }

    bind_ctx bc;
    memset(&bc, 0, sizeof bc);
    for (int i = 0; i < nbinds; i++)
        if (parse_bind(binds[i], &bc, &cfg, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }
    /* per kind: instances bound rtl / lockstep */
    int n_rtl[GPU_MAX_KINDS] = {0}, n_ls = 0, only_rtl_kind = -1, rtl_kinds = 0;
    char bindtxt[1024] = "";
    size_t bl = 0;
    const blk_kind *k;
    for (unsigned ki = 0; ki < GPU_MAX_KINDS && (k = blk_kind_at(ki)); ki++) {
        unsigned ninst = gpu_hook_instances(&cfg, gpu_kind_hook(ki));
        for (unsigned i = 0; i < ninst; i++) {
            if (bc.mode[ki][i] != BLK_MODE_C) n_rtl[ki]++;
            if (bc.mode[ki][i] == BLK_MODE_LOCKSTEP) n_ls++;
        }
        if (n_rtl[ki] && !cfg.blk[ki].on) {
            fprintf(stderr, "gpusim: --bind asks for %s RTL but %s is off (add --%s on)\n", k->name, k->name, k->name);
            return 2;
        }
        if (n_rtl[ki]) {
            only_rtl_kind = rtl_kinds++ ? -1 : (int)ki;
        }
        if (!cfg.blk[ki].on) continue;
        /* bindings as text: "mrpb=c" or "mrpb=c,mrpb@3=lockstep" */
        bl += (size_t)snprintf(bindtxt + bl, sizeof bindtxt - bl, "%s%s=c", bl ? "," : "", k->name);
        for (unsigned i = 0; i < ninst && bl < sizeof bindtxt; i++)
            if (bc.mode[ki][i] != BLK_MODE_C)
                bl += (size_t)snprintf(bindtxt + bl, sizeof bindtxt - bl, ",%s@%u=%s", k->name, i,
                                       blk_mode_name(bc.mode[ki][i]));
        if (bl >= sizeof bindtxt) bl = sizeof bindtxt - 1;
    }
    if (!bindtxt[0]) snprintf(bindtxt, sizeof bindtxt, "none");
    if (print_needs) { /* for tb/gpusim: which RTL builds this run needs */
        if (gpu_blocks_check(&cfg, err, sizeof err)) { fprintf(stderr, "gpusim: %s\n", err); return 2; }
        for (unsigned ki = 0; ki < GPU_MAX_KINDS && (k = blk_kind_at(ki)); ki++)
            if (n_rtl[ki]) printf("%s\t%s\t%s\n", k->name, gpu_cfg_kind_preset(&cfg, ki), cfg.blk[ki].sets);
        return 0;
    }
    if (!workload) { fprintf(stderr, "gpusim: --workload is required (one of: %s)\n", gk_names()); return 2; }

    /* the JSON's path checked now, without truncating what is there: an unwritable path
     * is an error before anything runs; a file this check created goes if nothing runs */
    int json_made = json && access(json, F_OK) != 0;
    if (json) {
        FILE *t = fopen(json, "a");
        if (!t) { fprintf(stderr, "gpusim: --json %s: cannot write: %s\n", json, strerror(errno)); return 2; }
        fclose(t);
    }
    gk_workload wl;
    gk_opts go;
    memset(&go, 0, sizeof go);
    go.scale = scale;
    for (size_t i = 0; i < sizeof seed_sf / sizeof seed_sf[0]; i++)
        if (!strcmp(seed_sf[i].name, workload)) go.scale = scale * seed_sf[i].sf;
    go.accum_in_mem = accum_mem;
    go.tsteps = tsteps;
    if (gk_build(&wl, workload, &go, err, sizeof err)) {
        fprintf(stderr, "gpusim: %s\n", err);
        if (json_made) remove(json);
        return 2;
    }

    /* the reproducing command of a lockstep mismatch: this very command line */
    char repro[4096];
    size_t rl = (size_t)snprintf(repro, sizeof repro, "tb/gpusim");
    for (int i = 1; i < argc && rl < sizeof repro; i++)
        rl += (size_t)snprintf(repro + rl, sizeof repro - rl, strchr(argv[i], ' ') ? " '%s'" : " %s", argv[i]);
    if (getenv("GPUSIM_REPRO_EXTRA") && *getenv("GPUSIM_REPRO_EXTRA") && rl < sizeof repro)
        snprintf(repro + rl, sizeof repro - rl, " %s", getenv("GPUSIM_REPRO_EXTRA"));
    bc.window = window;
    bc.probe_every = probe_every;
    bc.outdir = outdir;
    bc.repro = repro;
    if (rtl_kinds) {
        if (ls_mkdirs(outdir, err, sizeof err)) {
            fprintf(stderr, "gpusim: --out: %s\n", err);
            if (json_made) remove(json);
            gk_free(&wl);
            return 2;
        }
    }

    gpu *g = gpu_create(&cfg, &wl, seed, bind_block, &bc, err, sizeof err);
    if (!g) {
        fprintf(stderr, "gpusim: %s\n", err);
        if (json_made) remove(json);
        gk_free(&wl);
        return 2;
    }
    for (int i = 0; i < ntraces; i++)
        if (open_trace(g, traces[i], only_rtl_kind, err, sizeof err)) {
            fprintf(stderr, "gpusim: %s\n", err);
            if (json_made) remove(json);
            gpu_destroy(g);
            gk_free(&wl);
            return 2;
        }

    if (!quiet)
        printf("gpusim: %s on %s (%s), scale %g x seed-000 inputs, sizes %" PRId64 " %" PRId64 " %" PRId64
               ", %d launches, blocks %s\n",
               wl.name, cfg.name, wl.class_, scale, wl.size[0], wl.size[1], wl.size[2], wl.nlaunch, bindtxt);
    clock_t t0 = clock();
    int st = gpu_run(g, stderr);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    uint64_t checked = 0;
    char lskinds[256] = "";
    size_t ll = 0;
    for (unsigned ki = 0; ki < GPU_MAX_KINDS && (k = blk_kind_at(ki)); ki++) {
        unsigned nk = 0, ninst = gpu_hook_instances(&cfg, gpu_kind_hook(ki));
        for (unsigned i = 0; i < ninst; i++) {
            blk_inst *bi = gpu_block_inst(g, k, i);
            if (bi && bi->mode == BLK_MODE_LOCKSTEP) {
                checked += lockstep_checked(bi);
                nk++;
            }
        }
        if (nk && ll < sizeof lskinds)
            ll += (size_t)snprintf(lskinds + ll, sizeof lskinds - ll, "%s%s x%u", ll ? ", " : "", k->name, nk);
    }
    if (!quiet) {
        gpu_print_table(g, stdout);
        if (breakdown) gpu_print_breakdown(g, stdout);
        printf("%-28s %.2f s, %.0f cycles/s\n", "simulation", secs, secs > 0 ? (double)gpu_now(g) / secs : 0.0);
    }
    if (n_ls)
        printf("lockstep: %" PRIu64 " RTL cycles checked over %d instance%s (%s), %d mismatch%s\n", checked, n_ls,
               n_ls == 1 ? "" : "s", lskinds, st == GPU_MISMATCH ? 1 : 0, st == GPU_MISMATCH ? "" : "es");
    int json_failed = 0;
    FILE *jf = json && st != GPU_MISMATCH ? fopen(json, "w") : NULL;
    if (json && st != GPU_MISMATCH && !jf) {
        fprintf(stderr, "gpusim: cannot write %s: %s\n", json, strerror(errno));
        json_failed = 1;
    }
    if (jf) {
        gpu_print_json(g, jf, bindtxt);
        if (ferror(jf) | fclose(jf)) {
            fprintf(stderr, "gpusim: cannot write %s\n", json);
            json_failed = 1;
        }
    } else if (json && json_made) {
        remove(json); /* a mismatch: no JSON, and none left behind */
    }
    if (st == GPU_CYCLE_LIMIT) printf("stopped at max_cycles=%llu\n", cfg.max_cycles);
    gpu_destroy(g);
    gk_free(&wl);
    if (st == GPU_MISMATCH) return 1;
    if (st == GPU_DEADLOCK) return 3;
    return json_failed ? 2 : 0;
}
