/*
 * gpusim_opts.c: gpusim's command line -- the option table (which also writes the
 * --help lines), its parsing left to right, and the kinds' own options (--KIND on|off,
 * and the aliases of gpu_block_driver.aliases such as `--l1 decoupled`), which come
 * from the block list rather than the table. tb/gpu/gpusim.c runs what it fills in.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gpu.h"
#include "gk_app.h"
#include "gpusim_opts.h"
#include "num.h"

/* the hooked kind named by s[0..len), or -1 */
int gpusim_hooked_kind(const char *s, size_t len)
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
void gpusim_hooked_names(char *buf, size_t n)
{
    const blk_kind *k;
    size_t l = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < GPU_MAX_KINDS && (k = blk_kind_at(i)) && l < n; i++)
        if (gpu_kind_hook(i) != GPU_HOOK_NONE) l += (size_t)snprintf(buf + l, n - l, "%s%s", l ? " " : "", k->name);
}

/* An option: name, what its value is, where it goes, its --help line (if any). Options
 * apply left to right where they stand; --KIND and the kinds' own options are not in the
 * table (kind_option: they come from the block list). A handler returns -1 to go on, or
 * the exit code. */
enum { G_EXIT, G_FLAG, G_TEXT, G_LIST, G_U64, G_CALL };
typedef struct gopt {
    const char *name;
    int kind;
    size_t at;       /* offsetof(args, field): int, const char *, strs or uint64_t */
    uint64_t lo, hi; /* G_U64: the accepted range; G_LIST: at most hi values */
    const char *bad; /* G_U64: what a bad value must be (else num.h's message) */
    int (*fn)(args *g, const char *a, const char *v); /* G_EXIT, G_CALL */
    const char *metavar, *help; /* the --help line: "--name metavar  help" */
} gopt;

static void usage(FILE *f);

static int opt_help(args *g, const char *a, const char *v)
{
    (void)g, (void)a, (void)v;
    usage(stdout);
    return 0;
}

static int opt_help_config(args *g, const char *a, const char *v)
{
    (void)g, (void)a, (void)v;
    gpu_cfg_help(stdout);
    return 0;
}

static int opt_list(args *g, const char *a, const char *v)
{
    (void)g, (void)a, (void)v;
    for (int w = 0; w < gk_count(); w++) printf("%s\n", gk_name(w));
    return 0;
}

static int opt_list_apps(args *g, const char *a, const char *v)
{
    (void)g, (void)a, (void)v;
    for (int i = 0; i < gka_count(); i++) {
        const gka_app *p = gka_at(i);
        printf("%s\t%s\t%s\t%s\n", p->name, p->suite, p->classes, p->input);
    }
    return 0;
}

static int opt_config(args *g, const char *a, const char *v)
{
    (void)a;
    if (g->preset_given) { /* the base machine: one, applied before every other option */
        fprintf(stderr, "gpusim: --config given twice ('%s', then '%s'): one base machine, changed by --set and the block options\n", g->preset, v);
        return 2;
    }
    g->preset = v;
    g->preset_given = 1;
    return -1;
}

static int opt_scale(args *g, const char *a, const char *v)
{
    (void)a;
    if (num_real(v, 0, 64, &g->scale) || !(g->scale > 0)) {
        fprintf(stderr, "gpusim: --scale '%s': must be a number in (0, 64]\n", v);
        return 2;
    }
    return -1;
}

static int opt_accum(args *g, const char *a, const char *v)
{
    (void)a;
    if (!strcmp(v, "mem")) g->accum_mem = 1;
    else if (!strcmp(v, "reg")) g->accum_mem = 0;
    else { fprintf(stderr, "gpusim: --accum '%s': must be reg or mem\n", v); return 2; }
    return -1;
}

#define F(field) offsetof(args, field)
static const gopt opts[] = {
    {"--help", G_EXIT, 0, 0, 0, NULL, opt_help, NULL, NULL},
    {"-h", G_EXIT, 0, 0, 0, NULL, opt_help, NULL, NULL},
    {"--help-config", G_EXIT, 0, 0, 0, NULL, opt_help_config, NULL, NULL},
    {"--list", G_EXIT, 0, 0, 0, NULL, opt_list, NULL, NULL},
    {"--list-apps", G_EXIT, 0, 0, 0, NULL, opt_list_apps, NULL, NULL},
    {"--config", G_CALL, 0, 0, 0, NULL, opt_config, NULL, NULL},
    {"--workload", G_TEXT, F(workload), 0, 0, NULL, NULL, NULL, NULL},
    {"--trace-dir", G_TEXT, F(trace_dir), 0, 0, NULL, NULL, "DIR",
     "run an Accel-Sim trace directory (kernelslist.g + kernel-N.traceg, gzip or\n"
     "                not): the same as --workload trace:DIR (docs/traces.md)"},
    {"--export-trace", G_TEXT, F(export_dir), 0, 0, NULL, NULL, "DIR",
     "write the workload to DIR in Accel-Sim's trace format and exit (reading it\n"
     "                back with --trace-dir runs the same as the built-in workload)"},
    {"--set", G_LIST, F(sets), 0, 256, NULL, NULL, NULL,
     "a GPU parameter, KIND=on|off, KIND.preset=NAME or KIND.Param=value"},
    {"--scale", G_CALL, 0, 0, 0, NULL, opt_scale, "X",
     "multiplies seed 000's inputs (Table 2 scaling factors of the PolyBench sizes)"},
    {"--bind", G_LIST, F(binds), 0, 64, NULL, NULL, NULL,
     "how an instance runs (default c); rtl/lockstep need tb/bin/gpusim"},
    {"--json", G_TEXT, F(json), 0, 0, NULL, NULL, NULL, NULL},
    {"--out", G_TEXT, F(outdir), 0, 0, NULL, NULL, NULL, NULL},
    {"--seed", G_U64, F(seed), 0, UINT64_MAX, NULL, NULL, NULL, NULL},
    {"--window", G_U64, F(window), 1, 100000, NULL, NULL, NULL, NULL},
    {"--probe-every", G_U64, F(probe_every), 0, 1000000, "must be a number 0..1000000", NULL, NULL,
     "lockstep: compare the state probes every N cycles (default 1; 0 off)"},
    {"--trace", G_LIST, F(traces), 0, 16, NULL, NULL, NULL,
     "FST of that instance's RTL for the whole run (rtl or lockstep binding);\n"
     "                INDEX=FILE.fst when only one kind is bound rtl or lockstep"},
    {"--tsteps", G_U64, F(tsteps), 1, 100000, NULL, NULL, NULL, NULL},
    {"--accum", G_CALL, 0, 0, 0, NULL, opt_accum, NULL, NULL},
    {"--quiet", G_FLAG, F(quiet), 0, 0, NULL, NULL, NULL, NULL},
    {"--breakdown", G_FLAG, F(breakdown), 0, 0, NULL, NULL, NULL,
     "where each load's time goes: cycles per line request by stage and\n"
     "                class (hit, pending hit, miss, bypass) per kernel, and per SM"},
    {"--no-skip", G_FLAG, F(no_skip), 0, 0, NULL, NULL, NULL,
     "simulate every cycle (--set skip=off): the same results, slower"},
    {"--stats", G_FLAG, F(stats), 0, 0, NULL, NULL, NULL,
     "the cycles event skipping jumped over, on stderr"},
    {"--skip-fault", G_FLAG, F(skip_fault), 0, 0, NULL, NULL, NULL, NULL}, /* tests: a wrong skip */
    {"--print-rtl-needs", G_FLAG, F(print_needs), 0, 0, NULL, NULL, NULL,
     " one line KIND<TAB>PRESET<TAB>SETS per kind bound rtl or lockstep; exit"},
};
#undef F
#define NOPTS (sizeof opts / sizeof opts[0])

static void usage(FILE *f)
{
    char kinds[256];
    gpusim_hooked_names(kinds, sizeof kinds);
    fprintf(f,
            "usage: gpusim --workload W [--config base-s|base-l|apres|dl1d|clams] [--scale X]\n"
            "              [--KIND on|off]... [--set key=value]... [--bind KIND[@INDEX]=c|rtl|lockstep]...\n"
            "              [--json FILE] [--seed N] [--accum reg|mem] [--tsteps N] [--window N]\n"
            "              [--probe-every N] [--trace KIND@INDEX=FILE.fst]... [--out DIR] [--quiet] [--list] [--list-apps]\n"
            "              [--help-config] [--breakdown] [--no-skip] [--stats] [--print-rtl-needs]\n"
            "  W             a PolyBench kernel (--list) or an application (--list-apps: name, suite, class\n"
            "                by seed, input at scale 1; docs/workloads.md); --seed also seeds its input data;\n"
            "                trace:DIR an Accel-Sim trace directory\n"
            "  KIND          a block kind with a GPU hook: %s\n"
            "  --KIND on     an instance of KIND at every SM (DRAM hook: every memory channel)\n",
            kinds);
    for (size_t i = 0; i < NOPTS; i++)
        if (opts[i].help) {
            char head[64];
            snprintf(head, sizeof head, "%s%s%s", opts[i].name, opts[i].metavar ? " " : "",
                     opts[i].metavar ? opts[i].metavar : "");
            fprintf(f, "  %-13s %s\n", head, opts[i].help);
        }
    alias_help(f);
}

/* A table option with its value v (NULL: none left): -1 to go on, or the exit code. */
static int apply_opt(args *g, const gopt *o, const char *a, const char *v)
{
    char *field = (char *)g + o->at, err[512];
    uint64_t x;
    int rc;
    if (o->kind == G_EXIT) return o->fn(g, a, v);
    if (o->kind == G_FLAG) {
        *(int *)(void *)field = 1;
        return -1;
    }
    if (!v) {
        fprintf(stderr, "gpusim: %s needs a value\n", a);
        return 2;
    }
    if (o->kind == G_CALL) return o->fn(g, a, v);
    if (o->kind == G_TEXT) {
        *(const char **)(void *)field = v;
    } else if (o->kind == G_LIST) {
        strs *l = (strs *)(void *)field;
        if (l->n == (int)o->hi) { fprintf(stderr, "gpusim: too many %s\n", a); return 2; }
        l->v[l->n++] = v;
    } else if ((rc = num_u64(v, o->lo, o->hi, &x))) {
        char what[64];
        if (o->bad) {
            fprintf(stderr, "gpusim: %s '%s': %s\n", a, v, o->bad);
            return 2;
        }
        snprintf(what, sizeof what, "gpusim: %s", a);
        num_err_u64(err, sizeof err, what, v, rc, o->lo, o->hi);
        fprintf(stderr, "%s\n", err);
        return 2;
    } else {
        *(uint64_t *)(void *)field = x;
    }
    return -1;
}

/* --KIND on|off, or a kind's own option (also --KIND VALUE): its assignments join the
 * --set list where the option stands, so options apply left to right. -1 or 2. */
static int kind_option(args *g, int ki, const char *a, const char *v)
{
    if (!v) {
        fprintf(stderr, "gpusim: %s needs a value\n", a);
        return 2;
    }
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
        if (g->sets.n == 256 || g->alias_used + l + 1 > sizeof g->alias_buf) {
            fprintf(stderr, "gpusim: too many --set\n");
            return 2;
        }
        memcpy(g->alias_buf + g->alias_used, p, l);
        g->alias_buf[g->alias_used + l] = 0;
        g->sets.v[g->sets.n++] = g->alias_buf + g->alias_used;
        g->alias_used += l + 1;
        p += l + (p[l] == ';');
    }
    return -1;
}

/* The command line, left to right: -1 to run, or the exit code (0 after --help and the
 * like, 2 after one line on stderr). */
int gpusim_parse_args(args *g, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        const gopt *o = NULL;
        int rc;
        for (size_t j = 0; j < NOPTS && !o; j++)
            if (!strcmp(a, opts[j].name)) o = &opts[j];
        if (o) {
            if ((rc = apply_opt(g, o, a, v)) >= 0) return rc;
            if (o->kind != G_FLAG) i++;
            continue;
        }
        int ki = !strncmp(a, "--", 2) ? gpusim_hooked_kind(a + 2, strlen(a + 2)) : -1;
        if (!strncmp(a, "--", 2) && (ki >= 0 || option_alias(a + 2, NULL))) {
            if ((rc = kind_option(g, ki, a, v)) >= 0) return rc;
            i++;
            continue;
        }
        fprintf(stderr, "gpusim: unknown option '%s' (see --help)\n", a);
        return 2;
    }
    return -1;
}

void gpusim_args_init(args *g)
{
    memset(g, 0, sizeof *g);
    g->outdir = "build/gpusim";
    g->preset = "base-s";
    g->scale = 1.0;
    g->seed = 1;
    g->window = 200;
    g->probe_every = 1;
}
