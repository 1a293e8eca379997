/*
 * gpusim_opts.h: gpusim's command line (tb/gpu/gpusim_opts.c) for tb/gpu/gpusim.c.
 */
#ifndef GPUSIM_OPTS_H
#define GPUSIM_OPTS_H

#include <stddef.h>
#include <stdint.h>

/* the command line's values (gpusim_opts.c's option table fills them) */
typedef struct strs {
    const char *v[256];
    int n;
} strs;

typedef struct args {
    const char *workload, *json, *outdir, *preset;
    const char *trace_dir, *export_dir; /* --trace-dir (the workload trace:DIR), --export-trace */
    double scale;
    uint64_t seed, window, tsteps, probe_every;
    int quiet, print_needs, accum_mem, breakdown, preset_given;
    int no_skip, stats, skip_fault; /* --no-skip, --stats, the hidden --skip-fault (tests) */
    strs sets, binds, traces; /* in command-line order; sets also gets the kinds' options */
    char alias_buf[4096];     /* the assignments of kinds' own options */
    size_t alias_used;
} args;

/* the defaults, before the command line */
void gpusim_args_init(args *g);
/* The command line, left to right: -1 to run, or the exit code (0 after --help and the
 * like, 2 after one line on stderr). */
int gpusim_parse_args(args *g, int argc, char **argv);
/* the hooked kind named by s[0..len), or -1 */
int gpusim_hooked_kind(const char *s, size_t len);
/* "mrpb ..." : the kinds with a hook, for messages */
void gpusim_hooked_names(char *buf, size_t n);

#endif
