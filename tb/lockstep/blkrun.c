/*
 * blkrun: run one block as c, rtl or lockstep on seeded random stimulus or on a vector
 * file. Users normally call it through tb/run, which builds the RTL for the config.
 *
 *   blkrun BLOCK [--mode c|rtl|lockstep] [--preset P] [--config K=V,...]
 *          (--vec FILE | [--seed N] [--cycles N] [--knobs k=v,...])
 *          [--print] [--stats] [--fst FILE] [--window N] [--out DIR] [--bench]
 *          [--probe-every N]   (state probes every N cycles; 0 off; default 1)
 *          [--sync]            (lockstep: no second thread for the RTL)
 *          [--cover FILE]      (functional coverage: append the block's cover counts)
 *
 * Lockstep on random stimulus runs the RTL on a second thread (ls_opts.async) when the
 * machine has two cores and nothing is printed or traced each cycle; --sync keeps it
 * on one. Vector runs pass their expected values to the engine, so that waveforms
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

/* a bad input: one line on stderr, exit 2, everything freed */
#define BAD(...)                      \
    do {                              \
        fprintf(stderr, __VA_ARGS__); \
        rc = 2;                       \
        goto done;                    \
    } while (0)

static void usage(FILE *f)
{
    fprintf(f,
            "usage: blkrun BLOCK [--mode c|rtl|lockstep] [--preset P] [--config K=V,...]\n"
            "              (--vec FILE | [--seed N] [--cycles N] [--knobs k=v,...])\n"
            "              [--print] [--stats] [--fst FILE] [--window N] [--out DIR] [--bench]\n"
            "              [--probe-every N]  (lockstep: state probes every N cycles, 0 off; default 1)\n"
            "              [--sync]           (lockstep: the RTL on the driver's thread)\n"
            "              [--cover FILE]     (append the block's cover-point counts to FILE)\n"
            "  BLOCK: %s\n"
            "  Exit: 0 all checks passed; 1 a mismatch or a failed expectation; 2 bad input.\n",
            blk_names());
}


static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    const blk_kind *k;
    const stim_ops *so = NULL;
    stim *st = NULL;
    vec_file *vf = NULL;
    blk_inst bi;
    blk_mode mode = BLK_MODE_LOCKSTEP;
    blk_port ports[BLK_MAX_PORTS];
    char err[BLK_ERR_LEN * 2], tag[256], cfgtxt[1024], base[1024], repro[3072];
    const char *preset = NULL, *config = NULL, *vec = NULL, *knobs = "", *fst = NULL;
    const char *outdir = "build/mismatch", *cover = NULL;
    void *cov_state = NULL, *cov_out = NULL;
    uint64_t cov_n[64] = {0};
    uint64_t seed = 1, cycles = 100000, window = 200, cyc = 0, fails = 0, probe_every = 1;
    int i, np, print = 0, bench = 0, stats = 0, rc = 0, sync = 0;
    uint64_t hist[BLK_MAX_PORTS][8] = {{0}};
    void *cfg = NULL, *in = NULL, *out = NULL, *xout = NULL, *xcare = NULL;

    memset(&bi, 0, sizeof bi);
    for (i = 1; i < argc; i++) { /* --help anywhere: the usage, nothing else */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    }
    if (argc < 2) BAD("blkrun: no block given (known: %s; see --help)\n", blk_names());
    if (!(k = blk_find(argv[1]))) BAD("blkrun: unknown block '%s' (known: %s)\n", argv[1], blk_names());
    for (i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1;
        if (!strcmp(a, "--print")) print = 1, takes = 0;
        else if (!strcmp(a, "--stats")) stats = 1, takes = 0;
        else if (!strcmp(a, "--bench")) bench = 1, takes = 0;
        else if (!strcmp(a, "--sync")) sync = 1, takes = 0;
/* an option's value: there must be one (as gpusim's NEED_ARG) */
#define NEED_V \
    if (!v) BAD("blkrun: %s needs a value\n", a)
        else if (!strcmp(a, "--mode")) {
            NEED_V;
            if (!strcmp(v, "c")) mode = BLK_MODE_C;
            else if (!strcmp(v, "rtl")) mode = BLK_MODE_RTL;
            else if (!strcmp(v, "lockstep")) mode = BLK_MODE_LOCKSTEP;
            else {
                BAD("blkrun: --mode %s: must be c, rtl or lockstep\n", v);
            }
        } else if (!strcmp(a, "--preset")) { NEED_V; preset = v; }
        else if (!strcmp(a, "--config")) { NEED_V; config = v; }
        else if (!strcmp(a, "--vec")) { NEED_V; vec = v; }
        else if (!strcmp(a, "--knobs")) { NEED_V; knobs = v; }
        else if (!strcmp(a, "--fst")) { NEED_V; fst = v; }
        else if (!strcmp(a, "--out")) { NEED_V; outdir = v; }
        else if (!strcmp(a, "--cover")) { NEED_V; cover = v; }
        else if (!strcmp(a, "--probe-every") || !strcmp(a, "--seed") || !strcmp(a, "--cycles") ||
                 !strcmp(a, "--window")) {
            /* ranges: probes 0..1e6 (0 off), window 1..1e5, seed and cycles any 64-bit */
            uint64_t x, lo = 0, hi = UINT64_MAX;
            int r;
            NEED_V;
            if (a[2] == 'p') hi = 1000000;
            if (a[2] == 'w') lo = 1, hi = 100000;
            if ((r = num_u64(v, lo, hi, &x))) {
                num_err_u64(err, sizeof err, a, v, r, lo, hi);
                BAD("blkrun: %s\n", err);
            }
            if (a[2] == 'p') {
                probe_every = x;
                i++;
                continue;
            }
            if (a[2] == 's') seed = x;
            else if (a[2] == 'c') cycles = x;
            else window = x;
        } else {
            BAD("blkrun: unknown argument '%s' (see --help)\n", a);
        }
        i += takes;
#undef NEED_V
    }

    if (vec && !(vf = vec_open(vec, err, sizeof err))) {
        BAD("blkrun: %s\n", err);
    }
    cfg = calloc(1, k->cfg_size);
    in = calloc(1, k->in_size);
    out = calloc(1, k->out_size);
    xout = calloc(1, k->out_size);
    xcare = calloc(1, k->out_size);
    if (!cfg || !in || !out || !xout || !xcare) {
        BAD("blkrun: out of memory\n");
    }
    if (!preset && !config && vf ? vec_cfg_build(vf, k, cfg, err, sizeof err)
                                 : blk_cfg_build(k, cfg, preset, config, err, sizeof err))
        BAD("blkrun: %s\n", err);
    blk_cfg_format(k, cfg, cfgtxt, sizeof cfgtxt);
    blk_cfg_tag(k, cfg, tag, sizeof tag);
    np = k->ports(cfg, ports, BLK_MAX_PORTS);
    if (vf && vec_bind(vf, ports, np, err, sizeof err)) {
        BAD("blkrun: %s\n", err);
    }
    if (!vf) {
        if (!(so = stim_find(k->name))) {
            BAD("blkrun: no random stimulus for %s; give --vec\n", k->name);
        }
        if (!(st = so->create(cfg, seed, knobs, err, sizeof err))) {
            BAD("blkrun: %s\n", err);
        }
    }

    /* functional coverage: a C model of its own follows the run */
    if (!cover && mode == BLK_MODE_LOCKSTEP && getenv("BLK_COVER") && *getenv("BLK_COVER"))
        cover = getenv("BLK_COVER");
    if (cover && k->c_cover && !bench) {
        if (!(cov_state = calloc(1, k->state_size)) || !(cov_out = calloc(1, k->out_size)))
            BAD("blkrun: out of memory\n");
        k->c_init(cov_state, cfg);
    }

    /* how to reproduce, and where a mismatch goes (tb/run adds e.g. --rtl-dir) */
    if (vf) {
        const char *b = strrchr(vec, '/');
        snprintf(repro, sizeof repro, "tb/run %s --mode lockstep --vec %s", k->name, vec);
        snprintf(base, sizeof base, "%s/%s-%s-%s", outdir, k->name, tag, b ? b + 1 : vec);
    } else {
        snprintf(repro, sizeof repro,
                 "tb/run %s --mode lockstep --config '%s' --seed %llu --cycles %llu%s%s%s",
                 k->name, cfgtxt, (unsigned long long)seed, (unsigned long long)cycles,
                 *knobs ? " --knobs '" : "", knobs, *knobs ? "'" : "");
        snprintf(base, sizeof base, "%s/%s-%s-seed%llu", outdir, k->name, tag,
                 (unsigned long long)seed);
    }
    if (getenv("BLKRUN_REPRO_EXTRA") && *getenv("BLKRUN_REPRO_EXTRA")) {
        size_t at = strlen(repro);
        snprintf(repro + at, sizeof repro - at, " %s", getenv("BLKRUN_REPRO_EXTRA"));
    }

    if (mode == BLK_MODE_C) rc = blk_bind_c(&bi, k, cfg, err, sizeof err);
    else if (mode == BLK_MODE_RTL) rc = blk_bind_rtl(&bi, k, cfg, rtl_find(k->name), err, sizeof err);
    else {
        ls_opts o;
        memset(&o, 0, sizeof o);
        o.probe_every = probe_every ? (int)probe_every : -1;
        o.window = (unsigned)window;
        o.out_base = base;
        o.repro = repro;
        o.instance = k->name;
        /* the RTL on a second thread: random stimulus, nothing per cycle on the driver */
        o.async = !sync && !vf && !print && !fst && !stats;
        if (ls_mkdirs(outdir, err, sizeof err)) BAD("blkrun: --out: %s\n", err);
        rc = blk_bind_lockstep(&bi, k, cfg, rtl_find(k->name), &o, err, sizeof err);
    }
    if (rc) {
        BAD("blkrun: %s\n", err);
    }
    if (fst && blk_trace_open(&bi, fst)) { /* its .gtkw is written when the trace ends */
        BAD("blkrun: --fst needs --mode rtl or lockstep (and a writable %s)\n", fst);
    }
    if (print) vec_print_header(stdout, k, cfg, ports, np);

    if (bench) {
        /* closed-loop stimulus recorded first, so that only the model is timed */
        enum { RING = 1 << 12 }; /* 4096 recorded cycles: stays in cache */
        unsigned char *rec = malloc((size_t)RING * k->in_size);
        blk_inst ref;
        double t0, t1;
        if (!rec || !st || blk_bind_c(&ref, k, cfg, err, sizeof err)) {
            free(rec);
            BAD("blkrun: --bench needs random stimulus (no --vec)\n");
        }
        for (i = 0; i < RING; i++) {
            void *x = rec + (size_t)i * k->in_size;
            so->next(st, x);
            ref.eval(ref.self, x, out);
            so->observe(st, x, out);
            ref.tick(ref.self, x);
        }
        ref.destroy(ref.self);
        t0 = now_s();
        for (cyc = 0; cyc < cycles; cyc++) {
            const void *x = rec + (size_t)(cyc & (RING - 1)) * k->in_size;
            if (bi.eval(bi.self, x, out) || bi.tick(bi.self, x)) {
                rc = 1;
                break;
            }
        }
        if (lockstep_sync(&bi)) rc = 1; /* the RTL thread's last cycles count too */
        if (rc && mode == BLK_MODE_LOCKSTEP) cyc = lockstep_checked(&bi);
        if (fst) { /* the waveform complete on disk counts too */
            bi.destroy(bi.self);
            bi.destroy = NULL;
        }
        t1 = now_s();
        printf("bench %s %s %s%s: %llu cycles in %.3f s = %.0f cycles/s\n", k->name,
               blk_mode_name(mode), tag, fst ? " +fst" : "", (unsigned long long)cyc, t1 - t0,
               (double)cyc / (t1 - t0 > 0 ? t1 - t0 : 1e-9));
        free(rec);
    } else {
        for (;; cyc++) {
            if (vf) {
                int r = vec_next(vf, in, err, sizeof err);
                if (r < 0) {
                    fprintf(stderr, "blkrun: %s\n", err);
                    rc = 2;
                    break;
                }
                if (r == 0) break;
                if (mode != BLK_MODE_C) {
                    unsigned line;
                    vec_expected(vf, xout, xcare, k->out_size, &line);
                    blk_trace_expect(&bi, xout, xcare, line);
                }
            } else {
                if (cyc >= cycles) break;
                so->next(st, in);
            }
            if (bi.eval(bi.self, in, out)) {
                rc = 1;
                break;
            }
            if (cov_state) {
                uint64_t m;
                k->c_eval(cov_state, in, cov_out);
                for (m = k->c_cover(cov_state, in, cov_out); m; m &= m - 1) cov_n[__builtin_ctzll(m)]++;
                k->c_tick(cov_state, in);
            }
            if (vf) fails += (uint64_t)vec_check(vf, out, cyc, stderr);
            if (print) vec_print_cycle(stdout, ports, np, in, out);
            if (stats)
                for (i = 0; i < np; i++)
                    if (ports[i].dir == BLK_OUT && ports[i].width <= 3 && !ports[i].words)
                        hist[i][*blk_port_cptr(&ports[i], out) & 7]++;
            if (st) so->observe(st, in, out);
            if (bi.tick(bi.self, in)) {
                rc = 1;
                break;
            }
        }
        if (rc != 2 && lockstep_sync(&bi)) rc = 1; /* the RTL thread's last cycles count too */
        if (rc == 1 && mode == BLK_MODE_LOCKSTEP) cyc = lockstep_checked(&bi);
        if (fails && !rc) rc = 1;
        if (rc != 2)
        fprintf(print ? stderr : stdout,
                "%s %s %s: %llu cycles, %llu compared C-vs-RTL, %s, %llu expected values checked, "
                "%llu failed%s%s\n",
                k->name, blk_mode_name(mode), tag, (unsigned long long)cyc,
                (unsigned long long)lockstep_checked(&bi),
                rc == 1 && fails == 0 ? "MISMATCH" : "0 mismatches",
                (unsigned long long)(vf ? vec_checked(vf) : 0), (unsigned long long)fails,
                vf ? " -- " : "", vf ? vec : "");
    }
    if (cov_state && rc != 2) {
        FILE *cf = fopen(cover, "a");
        char buf[8192];
        size_t at = 0;
        if (!cf) {
            fprintf(stderr, "blkrun: --cover %s: cannot append\n", cover);
            if (!rc) rc = 2;
        } else {
            /* one write, so that parallel runs appending to one file do not interleave */
            for (i = 0; k->cover_names[i] && i < 64 && at < sizeof buf; i++)
                at += (size_t)snprintf(buf + at, sizeof buf - at, "cover %s %s %llu\n", k->name,
                                       k->cover_names[i], (unsigned long long)cov_n[i]);
            if (at > sizeof buf) at = sizeof buf;
            setvbuf(cf, NULL, _IONBF, 0);
            fwrite(buf, 1, at, cf);
            fclose(cf);
        }
    }
    free(cov_state);
    free(cov_out);
    if (stats && !bench) {
        FILE *o = print ? stderr : stdout;
        fprintf(o, "  outputs over %llu cycles:", (unsigned long long)cyc);
        for (i = 0; i < np; i++) {
            unsigned v;
            if (ports[i].dir != BLK_OUT || ports[i].width > 3 || ports[i].words) continue;
            fprintf(o, "\n    %-14s", ports[i].name);
            for (v = 0; v < (1u << ports[i].width); v++)
                fprintf(o, "  =%u: %llu", v, (unsigned long long)hist[i][v]);
        }
        fprintf(o, "\n");
    }
done:
    if (bi.destroy) bi.destroy(bi.self);
    if (st) so->destroy(st);
    vec_close(vf);
    free(cfg), free(in), free(out), free(xout), free(xcare);
    return rc;
}
