/*
 * blkrun: run one block as c, rtl or lockstep on seeded random stimulus or on a vector
 * file. Users normally call it through tb/bin/run, which builds the RTL for the config.
 *
 *   blkrun BLOCK [--mode c|rtl|lockstep] [--preset P] [--config K=V,...]
 *          (--vec FILE | [--seed N] [--cycles N] [--knobs k=v,...])
 *          [--print] [--stats] [--fst FILE] [--window N] [--out DIR] [--bench]
 *          [--probe-every N]   (state probes every N cycles; 0 off; default 1)
 *          [--probe-stride N]  (--probe-every 1: compared every N cycles, default 64, a
 *                              mismatch located at its first cycle by replay; 1: each)
 *          [--sync]            (lockstep: no second thread for the RTL)
 *          [--async]           (lockstep: a second thread for the RTL even when busy)
 *          [--cover FILE]      (functional coverage: append the block's cover counts)
 *
 * Lockstep on random stimulus runs the RTL on a second thread (ls_opts.async) when a
 * core is spare (four or more, or about two idle at the start) and nothing is printed
 * or traced each cycle; --sync keeps it on one, --async takes two on a busy machine. Vector runs pass their expected values to the engine, so that waveforms
 * show them under each output.
 *
 * --stats: after the run, how many cycles each output of up to 3 bits held each
 * value (which branches the traffic exercised).
 *
 * --cover FILE (or BLK_COVER=FILE in the environment, lockstep runs only): a second C
 * model follows the run and counts the block's cover points (blk.h, c_cover); at the
 * end one line per point, "cover BLOCK POINT COUNT", is appended to FILE.
 *
 * Exit: 0 all checks passed; 1 a mismatch or a failed expectation; 2 bad input.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blk.h"
#include "lockstep.h"
#include "num.h"
#include "rtl_model.h"
#include "stim.h"
#include "vecfile.h"

/* Everything one run needs: the options (the table below fills them), then the run. */
typedef struct run {
    blk_mode mode;
    const char *preset, *config, *vec, *knobs, *fst, *outdir, *cover;
    uint64_t seed, cycles, window, probe_every, probe_stride;
    int print, bench, stats, sync, async;

    const blk_kind *k;
    const stim_ops *so;
    stim *st;
    vec_file *vf;
    blk_inst bi;
    blk_port ports[BLK_MAX_PORTS];
    int np;
    char err[BLK_ERR_LEN * 2], tag[256], cfgtxt[1024], base[1024], repro[3072];
    void *cov_state, *cov_out;
    uint64_t cov_n[64];
    uint64_t cyc, fails;
    uint64_t hist[BLK_MAX_PORTS][8];
    void *cfg, *in, *out, *xout, *xcare;
} run;

/* The options: name, what its value is, the field it sets; a usage line of its own
 * (after the synopsis) when it has one. Values are checked where they stand, left to
 * right; a later one replaces an earlier one. */
enum { O_FLAG, O_TEXT, O_U64, O_MODE };
typedef struct opt {
    const char *name;
    int kind;
    size_t at;          /* offsetof(run, field): int, const char *, uint64_t or blk_mode */
    uint64_t lo, hi;    /* O_U64: the accepted range */
    const char *synopsis, *help;
} opt;

#define F(field) offsetof(run, field)
static const opt opts[] = {
    {"--mode", O_MODE, F(mode), 0, 0, NULL, NULL},
    {"--preset", O_TEXT, F(preset), 0, 0, NULL, NULL},
    {"--config", O_TEXT, F(config), 0, 0, NULL, NULL},
    {"--vec", O_TEXT, F(vec), 0, 0, NULL, NULL},
    {"--seed", O_U64, F(seed), 0, UINT64_MAX, NULL, NULL},
    {"--cycles", O_U64, F(cycles), 0, UINT64_MAX, NULL, NULL},
    {"--knobs", O_TEXT, F(knobs), 0, 0, NULL, NULL},
    {"--print", O_FLAG, F(print), 0, 0, NULL, NULL},
    {"--stats", O_FLAG, F(stats), 0, 0, NULL, NULL},
    {"--fst", O_TEXT, F(fst), 0, 0, NULL, NULL},
    {"--window", O_U64, F(window), 1, 100000, NULL, NULL},
    {"--out", O_TEXT, F(outdir), 0, 0, NULL, NULL},
    {"--bench", O_FLAG, F(bench), 0, 0, NULL, NULL},
    {"--probe-every", O_U64, F(probe_every), 0, 1000000, "[--probe-every N]",
     "(lockstep: state probes every N cycles, 0 off; default 1)"},
    {"--probe-stride", O_U64, F(probe_stride), 1, 1000000, "[--probe-stride N]",
     "(lockstep: probes compared every N cycles, a mismatch located by replay; default 64)"},
    {"--sync", O_FLAG, F(sync), 0, 0, "[--sync]", "(lockstep: the RTL on the driver's thread)"},
    {"--async", O_FLAG, F(async), 0, 0, "[--async]", "(lockstep: the RTL on a second thread even on a busy machine)"},
    {"--cover", O_TEXT, F(cover), 0, 0, "[--cover FILE]", "(append the block's cover-point counts to FILE)"},
};
#undef F
#define NOPTS (sizeof opts / sizeof opts[0])

static void usage(FILE *f)
{
    size_t i;
    fprintf(f, "usage: blkrun BLOCK [--mode c|rtl|lockstep] [--preset P] [--config K=V,...]\n"
               "              (--vec FILE | [--seed N] [--cycles N] [--knobs k=v,...])\n"
               "              [--print] [--stats] [--fst FILE] [--window N] [--out DIR] [--bench]\n");
    for (i = 0; i < NOPTS; i++)
        if (opts[i].synopsis) fprintf(f, "              %-18s %s\n", opts[i].synopsis, opts[i].help);
    fprintf(f, "  BLOCK: %s\n"
               "  Exit: 0 all checks passed; 1 a mismatch or a failed expectation; 2 bad input.\n",
            blk_names());
}

/* One option at argv[i] (its value, if it takes one, at argv[i + 1]): the arguments it
 * used, or -1 after one line on stderr. */
static int parse_opt(run *r, int argc, char **argv, int i)
{
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    const opt *o = NULL;
    char *field;
    size_t j;
    uint64_t x;
    int rc;
    for (j = 0; j < NOPTS && !o; j++)
        if (!strcmp(a, opts[j].name)) o = &opts[j];
    if (!o) {
        fprintf(stderr, "blkrun: unknown argument '%s' (see --help)\n", a);
        return -1;
    }
    field = (char *)r + o->at;
    if (o->kind == O_FLAG) {
        *(int *)(void *)field = 1;
        return 1;
    }
    if (!v) {
        fprintf(stderr, "blkrun: %s needs a value\n", a);
        return -1;
    }
    if (o->kind == O_TEXT) {
        *(const char **)(void *)field = v;
    } else if (o->kind == O_MODE) {
        if (!strcmp(v, "c")) r->mode = BLK_MODE_C;
        else if (!strcmp(v, "rtl")) r->mode = BLK_MODE_RTL;
        else if (!strcmp(v, "lockstep")) r->mode = BLK_MODE_LOCKSTEP;
        else {
            fprintf(stderr, "blkrun: --mode %s: must be c, rtl or lockstep\n", v);
            return -1;
        }
    } else if ((rc = num_u64(v, o->lo, o->hi, &x))) {
        num_err_u64(r->err, sizeof r->err, a, v, rc, o->lo, o->hi);
        fprintf(stderr, "blkrun: %s\n", r->err);
        return -1;
    } else {
        *(uint64_t *)(void *)field = x;
    }
    return 2;
}

/* The command line into r: 0, or 2 after one line on stderr. */
static int parse_args(run *r, int argc, char **argv)
{
    int i, used;
    if (argc < 2) {
        fprintf(stderr, "blkrun: no block given (known: %s; see --help)\n", blk_names());
        return 2;
    }
    if (!(r->k = blk_find(argv[1]))) {
        fprintf(stderr, "blkrun: unknown block '%s' (known: %s)\n", argv[1], blk_names());
        return 2;
    }
    for (i = 2; i < argc; i += used)
        if ((used = parse_opt(r, argc, argv, i)) < 0) return 2;
    return 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* a bad input: one line on stderr, then 2 */
#define BAD(...)                      \
    do {                              \
        fprintf(stderr, __VA_ARGS__); \
        return 2;                     \
    } while (0)

/* The configuration, the ports, the stimulus (vector file or random) and the cover
 * model: 0, or 2. */
static int setup_stimulus(run *r)
{
    const blk_kind *k = r->k;
    if (r->vec && !(r->vf = vec_open(r->vec, r->err, sizeof r->err))) BAD("blkrun: %s\n", r->err);
    r->cfg = calloc(1, k->cfg_size);
    r->in = calloc(1, k->in_size);
    r->out = calloc(1, k->out_size);
    r->xout = calloc(1, k->out_size);
    r->xcare = calloc(1, k->out_size);
    if (!r->cfg || !r->in || !r->out || !r->xout || !r->xcare) BAD("blkrun: out of memory\n");
    if (!r->preset && !r->config && r->vf ? vec_cfg_build(r->vf, k, r->cfg, r->err, sizeof r->err)
                                          : blk_cfg_build(k, r->cfg, r->preset, r->config, r->err, sizeof r->err))
        BAD("blkrun: %s\n", r->err);
    blk_cfg_format(k, r->cfg, r->cfgtxt, sizeof r->cfgtxt);
    blk_cfg_tag(k, r->cfg, r->tag, sizeof r->tag);
    r->np = k->ports(r->cfg, r->ports, BLK_MAX_PORTS);
    if (r->vf && vec_bind(r->vf, r->ports, r->np, r->err, sizeof r->err)) BAD("blkrun: %s\n", r->err);
    if (!r->vf) {
        if (!(r->so = stim_find(k->name))) BAD("blkrun: no random stimulus for %s; give --vec\n", k->name);
        if (!(r->st = r->so->create(r->cfg, r->seed, r->knobs, r->err, sizeof r->err))) BAD("blkrun: %s\n", r->err);
    }

    /* functional coverage: a C model of its own follows the run */
    if (!r->cover && r->mode == BLK_MODE_LOCKSTEP && getenv("BLK_COVER") && *getenv("BLK_COVER"))
        r->cover = getenv("BLK_COVER");
    if (r->cover && k->c_cover && !r->bench) {
        if (!(r->cov_state = calloc(1, k->state_size)) || !(r->cov_out = calloc(1, k->out_size)))
            BAD("blkrun: out of memory\n");
        k->c_init(r->cov_state, r->cfg);
    }
    return 0;
}

/* How to reproduce, and where a mismatch goes (tb/bin/run adds e.g. --rtl-dir). */
static void name_run(run *r)
{
    const blk_kind *k = r->k;
    if (r->vf) {
        const char *b = strrchr(r->vec, '/');
        snprintf(r->repro, sizeof r->repro, "tb/bin/run %s --mode lockstep --vec %s", k->name, r->vec);
        snprintf(r->base, sizeof r->base, "%s/%s-%s-%s", r->outdir, k->name, r->tag, b ? b + 1 : r->vec);
    } else {
        snprintf(r->repro, sizeof r->repro,
                 "tb/bin/run %s --mode lockstep --config '%s' --seed %llu --cycles %llu%s%s%s",
                 k->name, r->cfgtxt, (unsigned long long)r->seed, (unsigned long long)r->cycles,
                 *r->knobs ? " --knobs '" : "", r->knobs, *r->knobs ? "'" : "");
        snprintf(r->base, sizeof r->base, "%s/%s-%s-seed%llu", r->outdir, k->name, r->tag,
                 (unsigned long long)r->seed);
    }
    if (getenv("BLKRUN_REPRO_EXTRA") && *getenv("BLKRUN_REPRO_EXTRA")) {
        size_t at = strlen(r->repro);
        snprintf(r->repro + at, sizeof r->repro - at, " %s", getenv("BLKRUN_REPRO_EXTRA"));
    }
}

/* The instance as c, rtl or lockstep, its waveform, the --print header: 0, or 2. */
static int bind_run(run *r)
{
    const blk_kind *k = r->k;
    int rc;
    if (r->mode == BLK_MODE_C) rc = blk_bind_c(&r->bi, k, r->cfg, r->err, sizeof r->err);
    else if (r->mode == BLK_MODE_RTL) rc = blk_bind_rtl(&r->bi, k, r->cfg, rtl_find(k->name), r->err, sizeof r->err);
    else {
        ls_opts o;
        memset(&o, 0, sizeof o);
        o.probe_every = r->probe_every ? (int)r->probe_every : -1;
        o.probe_stride = (unsigned)r->probe_stride;
        o.window = (unsigned)r->window;
        o.out_base = r->base;
        o.repro = r->repro;
        o.instance = k->name;
        /* the RTL on a second thread: random stimulus, nothing per cycle on the driver */
        o.async = r->sync || r->vf || r->print || r->fst || r->stats ? 0 : r->async ? 2 : 1;
        if (ls_mkdirs(r->outdir, r->err, sizeof r->err)) BAD("blkrun: --out: %s\n", r->err);
        rc = blk_bind_lockstep(&r->bi, k, r->cfg, rtl_find(k->name), &o, r->err, sizeof r->err);
    }
    if (rc) BAD("blkrun: %s\n", r->err);
    if (r->fst && blk_trace_open(&r->bi, r->fst)) /* its .gtkw is written when the trace ends */
        BAD("blkrun: --fst needs --mode rtl or lockstep (and a writable %s)\n", r->fst);
    if (r->print) vec_print_header(stdout, k, r->cfg, r->ports, r->np);
    return 0;
}

/* --bench: closed-loop stimulus recorded first, so that only the model is timed. The
 * exit code. */
static int run_bench(run *r)
{
    enum { RING = 1 << 12 }; /* 4096 recorded cycles: stays in cache */
    const blk_kind *k = r->k;
    unsigned char *rec = malloc((size_t)RING * k->in_size);
    blk_inst ref;
    double t0, t1;
    int i, rc = 0, threads;
    if (!rec || !r->st || blk_bind_c(&ref, k, r->cfg, r->err, sizeof r->err)) {
        free(rec);
        BAD("blkrun: --bench needs random stimulus (no --vec)\n");
    }
    for (i = 0; i < RING; i++) {
        void *x = rec + (size_t)i * k->in_size;
        r->so->next(r->st, x);
        ref.eval(ref.self, x, r->out);
        r->so->observe(r->st, x, r->out);
        ref.tick(ref.self, x);
    }
    ref.destroy(ref.self);
    t0 = now_s();
    for (r->cyc = 0; r->cyc < r->cycles; r->cyc++) {
        const void *x = rec + (size_t)(r->cyc & (RING - 1)) * k->in_size;
        if (r->bi.eval(r->bi.self, x, r->out) || r->bi.tick(r->bi.self, x)) {
            rc = 1;
            break;
        }
    }
    if (lockstep_sync(&r->bi)) rc = 1; /* the RTL thread's last cycles count too */
    if (rc && r->mode == BLK_MODE_LOCKSTEP) r->cyc = lockstep_checked(&r->bi);
    threads = lockstep_threads(&r->bi);
    if (r->fst) { /* the waveform complete on disk counts too */
        r->bi.destroy(r->bi.self);
        r->bi.destroy = NULL;
    }
    t1 = now_s();
    printf("bench %s %s%s %s%s: %llu cycles in %.3f s = %.0f cycles/s\n", k->name,
           blk_mode_name(r->mode), r->mode != BLK_MODE_LOCKSTEP ? "" : threads == 2 ? " (2 threads)" : " (1 thread)",
           r->tag, r->fst ? " +fst" : "", (unsigned long long)r->cyc, t1 - t0,
           (double)r->cyc / (t1 - t0 > 0 ? t1 - t0 : 1e-9));
    free(rec);
    return rc;
}

/* One cycle's side work: the cover model, the vector check, --print, --stats. */
static void observe_cycle(run *r)
{
    const blk_kind *k = r->k;
    int i;
    if (r->cov_state) {
        uint64_t m;
        k->c_eval(r->cov_state, r->in, r->cov_out);
        for (m = k->c_cover(r->cov_state, r->in, r->cov_out); m; m &= m - 1) r->cov_n[__builtin_ctzll(m)]++;
        k->c_tick(r->cov_state, r->in);
    }
    if (r->vf) r->fails += (uint64_t)vec_check(r->vf, r->out, r->cyc, stderr);
    if (r->print) vec_print_cycle(stdout, r->ports, r->np, r->in, r->out);
    if (r->stats)
        for (i = 0; i < r->np; i++)
            if (r->ports[i].dir == BLK_OUT && r->ports[i].width <= 3 && !r->ports[i].words)
                r->hist[i][*blk_port_cptr(&r->ports[i], r->out) & 7]++;
}

/* The run on the vector file or the random stimulus, then its summary line. The exit
 * code. */
static int run_cycles(run *r)
{
    const blk_kind *k = r->k;
    int rc = 0;
    for (;; r->cyc++) {
        if (r->vf) {
            int v = vec_next(r->vf, r->in, r->err, sizeof r->err);
            if (v < 0) {
                fprintf(stderr, "blkrun: %s\n", r->err);
                rc = 2;
                break;
            }
            if (v == 0) break;
            if (r->mode != BLK_MODE_C) {
                unsigned line;
                vec_expected(r->vf, r->xout, r->xcare, k->out_size, &line);
                blk_trace_expect(&r->bi, r->xout, r->xcare, line);
            }
        } else {
            if (r->cyc >= r->cycles) break;
            r->so->next(r->st, r->in);
        }
        if (r->bi.eval(r->bi.self, r->in, r->out)) {
            rc = 1;
            break;
        }
        observe_cycle(r);
        if (r->st) r->so->observe(r->st, r->in, r->out);
        if (r->bi.tick(r->bi.self, r->in)) {
            rc = 1;
            break;
        }
    }
    if (rc != 2 && lockstep_sync(&r->bi)) rc = 1; /* the RTL thread's last cycles count too */
    if (rc == 1 && r->mode == BLK_MODE_LOCKSTEP) r->cyc = lockstep_checked(&r->bi);
    if (r->fails && !rc) rc = 1;
    if (rc != 2)
        fprintf(r->print ? stderr : stdout,
                "%s %s %s: %llu cycles, %llu compared C-vs-RTL, %s, %llu expected values checked, "
                "%llu failed%s%s\n",
                k->name, blk_mode_name(r->mode), r->tag, (unsigned long long)r->cyc,
                (unsigned long long)lockstep_checked(&r->bi),
                rc == 1 && r->fails == 0 ? "MISMATCH" : "0 mismatches",
                (unsigned long long)(r->vf ? vec_checked(r->vf) : 0), (unsigned long long)r->fails,
                r->vf ? " -- " : "", r->vf ? r->vec : "");
    return rc;
}

/* --cover: the counts appended to the file in one write. 0, or 2 (one line). */
static int write_cover(run *r)
{
    FILE *cf = fopen(r->cover, "a");
    char buf[8192];
    size_t at = 0;
    int i;
    if (!cf) {
        fprintf(stderr, "blkrun: --cover %s: cannot append\n", r->cover);
        return 2;
    }
    /* one write, so that parallel runs appending to one file do not interleave */
    for (i = 0; r->k->cover_names[i] && i < 64 && at < sizeof buf; i++)
        at += (size_t)snprintf(buf + at, sizeof buf - at, "cover %s %s %llu\n", r->k->name,
                               r->k->cover_names[i], (unsigned long long)r->cov_n[i]);
    if (at > sizeof buf) at = sizeof buf;
    setvbuf(cf, NULL, _IONBF, 0);
    fwrite(buf, 1, at, cf);
    fclose(cf);
    return 0;
}

/* --stats: how many cycles each output of up to 3 bits held each value. */
static void print_stats(const run *r)
{
    FILE *o = r->print ? stderr : stdout;
    int i;
    fprintf(o, "  outputs over %llu cycles:", (unsigned long long)r->cyc);
    for (i = 0; i < r->np; i++) {
        unsigned v;
        if (r->ports[i].dir != BLK_OUT || r->ports[i].width > 3 || r->ports[i].words) continue;
        fprintf(o, "\n    %-14s", r->ports[i].name);
        for (v = 0; v < (1u << r->ports[i].width); v++)
            fprintf(o, "  =%u: %llu", v, (unsigned long long)r->hist[i][v]);
    }
    fprintf(o, "\n");
}

static void run_free(run *r)
{
    if (r->bi.destroy) r->bi.destroy(r->bi.self);
    if (r->st) r->so->destroy(r->st);
    vec_close(r->vf);
    free(r->cov_state), free(r->cov_out);
    free(r->cfg), free(r->in), free(r->out), free(r->xout), free(r->xcare);
}

int main(int argc, char **argv)
{
    static run r; /* large (the --stats counts); main runs once */
    int i, rc;
    for (i = 1; i < argc; i++) /* --help anywhere: the usage, nothing else */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    r.mode = BLK_MODE_LOCKSTEP;
    r.knobs = "";
    r.outdir = "build/mismatch";
    r.seed = 1, r.cycles = 100000, r.window = 200, r.probe_every = 1;
    if (!(rc = parse_args(&r, argc, argv)) && !(rc = setup_stimulus(&r))) {
        name_run(&r);
        if (!(rc = bind_run(&r)) && r.bench) {
            rc = run_bench(&r);
        } else if (!rc) {
            rc = run_cycles(&r);
            if (r.cov_state && rc != 2 && write_cover(&r) && !rc) rc = 2;
            if (r.stats) print_stats(&r);
        }
    }
    run_free(&r);
    return rc;
}
