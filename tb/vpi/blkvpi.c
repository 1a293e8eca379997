/*
 * blkvpi.c: the C VPI checker. Generic over blocks: it knows a block only through its
 * blk_kind (cmodel/include/blk.h), i.e. through the port list cmodel/blocks/<block>/<block>_ports.def.
 *
 * Loaded into any VPI simulator: `vvp -m blkvpi sim.vvp +blk=mrpb ...` (Icarus), or
 * linked into a Verilator --vpi model with tb/vpi/vlt_host.cpp. Plusargs:
 *
 *   +blk=BLOCK  +preset=P  +config=K=V,...      block and configuration (must be the
 *                                               configuration the RTL was built for)
 *   +seed=N +cycles=N +knobs=k=v,...            seeded random stimulus (tb/lockstep/stim_*.c)
 *   +vec=FILE                                   or a directed vector file
 *   +scope=PATH      where the block's ports are (default: the first top-level module)
 *   +print           every cycle as one vector line on stdout (as `tb/bin/run --print`)
 *   +waves=FST       the simulator records FST (Icarus: vpi_tb's +fst); the checker then
 *                    drives cm_<port> with the C model's outputs and writes FST.gtkw
 *   +repro=CMD       the command printed in a mismatch report
 *   +sim=NAME        the simulator's name in reports (default: vpi_get_vlog_info)
 *   +bench           print the checked cycles per second of wall time (from cycle 0)
 *
 * Cycle (same contract as tb/lockstep): the simulator makes the clock. Reset inputs are
 * driven at time 0 (the bind-time reset; the C model ticks the same reset), then at
 * every falling edge the checker drives cycle c's inputs (from the same generator and
 * seed as the lockstep engine), evaluates the C model, and in the read-only phase of
 * that time step reads every output port and compares; the C model ticks with the
 * RTL's rising edge. The first mismatch prints the lockstep engine's report
 * (ls_report_text) and ends the simulation. Exit status (Icarus; the Verilator host
 * returns blkvpi_exit_status()): 0 passed, 1 mismatch or failed expectation, 2 bad input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vpi_user.h>

#include "blk.h"
#include "lockstep.h"
#include "num.h"
#include "stim.h"
#include "vecfile.h"

#define BV_PATH 512

typedef struct bv {
    const blk_kind *k;
    void *cfg, *cstate, *in, *c_out, *r_out, *c_post;
    blk_port ports[BLK_MAX_PORTS];
    int np;
    vpiHandle h[BLK_MAX_PORTS];    /* each port */
    vpiHandle hcm[BLK_MAX_PORTS];  /* cm_<port> of each output, when waves are on */
    vpiHandle clk;
    const stim_ops *so;
    stim *st;
    vec_file *vf;
    uint64_t cycle, cycles, seed, fails;
    int started, clk_prev, failed, finished, print, rc, waves;
    int xz_port; /* an output port that read x or z bits, or -1 */
    int bench;
    double t0;   /* when cycle 0 was driven (+bench) */
    char scope[BV_PATH], sim[128], tag[256], instance[BV_PATH + 160];
    char *vec, *repro, *wavefile;
} bv;

static bv G;

/* ------------------------------------------------------------------ plusargs */

static int g_argc;
static char **g_argv;

/* "+name=value" -> value; "+name" alone -> ""; absent -> NULL */
static const char *plusarg(const char *name)
{
    size_t n = strlen(name);
    int i;
    for (i = 1; i < g_argc; i++) {
        const char *a = g_argv[i];
        if (a[0] != '+' || strncmp(a + 1, name, n)) continue;
        if (a[1 + n] == '=') return a + 2 + n;
        if (a[1 + n] == 0) return "";
    }
    return NULL;
}

static int parse_u64(const char *s, uint64_t *v) { return num_u64(s, 0, UINT64_MAX, v) ? -1 : 0; }

static char *dupstr(const char *x)
{
    char *d = malloc(strlen(x) + 1);
    if (d) strcpy(d, x);
    return d;
}

/* ------------------------------------------------------------------ port values */

static void put_port(vpiHandle h, const blk_port *p, const void *s)
{
    const uint64_t *v = blk_port_cptr(p, s);
    s_vpi_value val;
    if (p->width <= 32) {
        val.format = vpiIntVal;
        val.value.integer = (PLI_INT32)(uint32_t)v[0];
        vpi_put_value(h, &val, NULL, vpiNoDelay);
    } else {
        s_vpi_vecval vec[(64 * 8) / 32];
        unsigned i, n32 = (p->width + 31) / 32;
        for (i = 0; i < n32 && i < sizeof vec / sizeof vec[0]; i++) {
            vec[i].aval = (PLI_INT32)(uint32_t)(v[i / 2] >> (32 * (i % 2)));
            vec[i].bval = 0;
        }
        val.format = vpiVectorVal;
        val.value.vector = vec;
        vpi_put_value(h, &val, NULL, vpiNoDelay);
    }
}

/* read a port into struct s; returns 1 if any bit was x or z */
static int get_port(vpiHandle h, const blk_port *p, void *s)
{
    uint64_t *v = blk_port_ptr(p, s);
    unsigned i, n32 = (p->width + 31) / 32;
    int xz = 0;
    s_vpi_value val;
    val.format = vpiVectorVal;
    vpi_get_value(h, &val);
    for (i = 0; i < n32; i++) {
        uint32_t a = (uint32_t)val.value.vector[i].aval, b = (uint32_t)val.value.vector[i].bval;
        unsigned top = p->width - 32 * i;
        if (top < 32) {
            a &= (1u << top) - 1;
            b &= (1u << top) - 1;
        }
        if (b) xz = 1;
        v[i / 2] |= (uint64_t)(a & ~b) << (32 * (i % 2));
    }
    return xz;
}

/* ------------------------------------------------------------------ reporting */

static void finish(int rc)
{
    if (rc > G.rc) G.rc = rc;
    if (!G.finished) {
        G.finished = 1;
#ifndef BLKVPI_HOST
        vpi_control(vpiFinish, 0);
#endif
    }
}

static void bad_input(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "blkvpi: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    fflush(stderr);
    finish(2);
}

/* FST.gtkw beside the FST the simulator records; marker at `marker` */
static int write_gtkw(uint64_t marker, char *gtkw, size_t n)
{
    size_t len = strlen(G.wavefile);
    snprintf(gtkw, n, "%.*s.gtkw", (int)(len > 4 ? len - 4 : len), G.wavefile);
    return waves_write_gtkw(gtkw, G.wavefile, G.k, G.cfg, G.scope, 0, marker);
}

static void report_mismatch(void)
{
    FILE *o = stderr;
    fflush(stdout);
    ls_report_text(o, "VPI MISMATCH", G.k, G.cfg, G.instance, G.cycle, G.ports, G.np, G.c_out,
                   G.r_out, G.in, G.repro);
    if (G.xz_port >= 0)
        fprintf(o, "  note:     %s read x or z bits in the simulator (shown as 0 above)\n",
                G.ports[G.xz_port].name);
    if (G.waves) {
        char gtkw[BV_PATH + 8];
        if (!write_gtkw(10 * (G.cycle + 1), gtkw, sizeof gtkw))
            fprintf(o, "  waveform: %s (the whole run; time = 10 x (cycle + 1), the bind-time "
                       "reset is at 0..10; cm_* are the C model's outputs)\n"
                       "  view:     gtkwave %s\n", G.wavefile, gtkw);
    }
    fflush(o);
}

/* ------------------------------------------------------------------ the cycle */

static PLI_INT32 on_readonly(p_cb_data cb);
static PLI_INT32 on_clk(p_cb_data cb);

static void register_cb(PLI_INT32 reason, PLI_INT32 (*fn)(p_cb_data), vpiHandle obj)
{
    static s_vpi_time t0;
    static s_vpi_value v0;
    s_cb_data cb;
    vpiHandle h;
    memset(&cb, 0, sizeof cb);
    t0.type = vpiSimTime;
    t0.high = t0.low = 0;
    v0.format = vpiIntVal;
    cb.reason = reason;
    cb.cb_rtn = fn;
    cb.obj = obj;
    cb.time = &t0;
    cb.value = reason == cbValueChange ? &v0 : NULL;
    if (reason == cbValueChange) t0.type = vpiSuppressTime;
    h = vpi_register_cb(&cb);
    if (!h) {
        bad_input("the simulator refused a callback (reason %s)%s",
                  reason == cbValueChange ? "value change" : "read-only/read-write synch", "");
        return;
    }
    if (reason != cbValueChange) vpi_free_object(h);
}

static void put_inputs(void)
{
    int i;
    for (i = 0; i < G.np; i++)
        if (G.ports[i].dir == BLK_IN) put_port(G.h[i], &G.ports[i], G.in);
}

static void put_cm(const void *out)
{
    int i;
    for (i = 0; i < G.np; i++)
        if (G.ports[i].dir == BLK_OUT && G.hcm[i]) put_port(G.hcm[i], &G.ports[i], out);
}

/* time 0: the bind-time reset, as the lockstep engine does it */
static PLI_INT32 on_start_rw(p_cb_data cb)
{
    int i;
    (void)cb;
    if (G.finished) return 0;
    memset(G.in, 0, G.k->in_size);
    for (i = 0; i < G.np; i++)
        if (G.ports[i].dir == BLK_IN && !strcmp(G.ports[i].name, "rst_i"))
            *blk_port_ptr(&G.ports[i], G.in) = 1;
    G.k->c_tick(G.cstate, G.in);
    put_inputs();
    if (G.waves) {
        G.k->c_eval(G.cstate, G.in, G.c_post);
        put_cm(G.c_post);
    }
    G.started = 1;
    return 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void falling_edge(void)
{
    char err[BLK_ERR_LEN];
    if (G.bench && G.cycle == 0) G.t0 = now_s();
    if (G.vf) {
        int r = vec_next(G.vf, G.in, err, sizeof err);
        if (r < 0) {
            bad_input("%s%s", err, "");
            return;
        }
        if (r == 0) {
            finish(0);
            return;
        }
    } else {
        if (G.cycle >= G.cycles) {
            finish(0);
            return;
        }
        G.so->next(G.st, G.in);
    }
    put_inputs();
    G.k->c_eval(G.cstate, G.in, G.c_out);
    if (G.waves) put_cm(G.c_out);
    register_cb(cbReadOnlySynch, on_readonly, NULL);
}

static PLI_INT32 on_readonly(p_cb_data cb)
{
    int i;
    (void)cb;
    if (G.finished) return 0;
    memset(G.r_out, 0, G.k->out_size);
    G.xz_port = -1;
    for (i = 0; i < G.np; i++)
        if (G.ports[i].dir == BLK_OUT && get_port(G.h[i], &G.ports[i], G.r_out) && G.xz_port < 0)
            G.xz_port = i;
    if (G.xz_port >= 0 || memcmp(G.c_out, G.r_out, G.k->out_size)) {
        G.failed = 1;
        report_mismatch();
        finish(1);
        return 0;
    }
    if (G.vf) G.fails += (uint64_t)vec_check(G.vf, G.r_out, G.cycle, stderr);
    if (G.print) vec_print_cycle(stdout, G.ports, G.np, G.in, G.r_out);
    if (G.st) G.so->observe(G.st, G.in, G.r_out);
    G.k->c_tick(G.cstate, G.in);
    G.cycle++;
    return 0;
}

static PLI_INT32 on_clk(p_cb_data cb)
{
    s_vpi_value v;
    int now;
    (void)cb;
    if (G.finished || !G.started) return 0;
    v.format = vpiIntVal;
    vpi_get_value(G.clk, &v);
    now = v.value.integer & 1;
    if (G.clk_prev && !now) falling_edge();
    else if (!G.clk_prev && now && G.waves && G.cycle > 0) {
        /* the C model's outputs after its tick, from the edge on (as in lockstep waves) */
        G.k->c_eval(G.cstate, G.in, G.c_post);
        put_cm(G.c_post);
    }
    G.clk_prev = now;
    return 0;
}

static PLI_INT32 on_end(p_cb_data cb)
{
    (void)cb;
    fflush(stdout);
    if (G.k && G.rc != 2) {
        if (G.fails && !G.rc) G.rc = 1;
        fprintf(G.print ? stderr : stdout,
                "%s vpi(%s) %s: %llu cycles, %llu compared C-vs-RTL, %s, %llu expected values "
                "checked, %llu failed%s%s\n",
                G.k->name, G.sim, G.tag, (unsigned long long)G.cycle,
                (unsigned long long)G.cycle, G.failed ? "MISMATCH" : "0 mismatches",
                (unsigned long long)(G.vf ? vec_checked(G.vf) : 0), (unsigned long long)G.fails,
                G.vf ? " -- " : "", G.vf ? G.vec : "");
        if (G.bench && G.cycle) {
            double dt = now_s() - G.t0;
            printf("bench %s vpi-%s %s: %llu cycles in %.3f s = %.0f cycles/s\n", G.k->name, G.sim,
                   G.tag, (unsigned long long)G.cycle, dt, (double)G.cycle / (dt > 0 ? dt : 1e-9));
        }
        if (!G.failed && !G.finished)
            fprintf(stderr, "blkvpi: the simulation ended before the checker did (%llu cycles)\n",
                    (unsigned long long)G.cycle);
        if (!G.failed && !G.finished && !G.rc) G.rc = 1;
    }
    fflush(stdout);
    fflush(stderr);
#ifdef BLKVPI_ICARUS
    vpip_set_return_value(G.rc);
#endif
    return 0;
}

/* For a host that runs the simulation itself (tb/vpi/vlt_host.cpp; built with
 * -DBLKVPI_HOST): whether the checker is done (instead of vpi_control(vpiFinish),
 * which Verilator answers with a "$finish" line on stdout), and the exit status. */
int blkvpi_done(void);
int blkvpi_done(void) { return G.finished; }
int blkvpi_exit_status(void);
int blkvpi_exit_status(void) { return G.rc; }

/* ------------------------------------------------------------------ set-up */

static vpiHandle find(const char *name)
{
    char path[BV_PATH + 128];
    snprintf(path, sizeof path, "%s.%s", G.scope, name);
    return vpi_handle_by_name(path, NULL);
}

static int setup(void)
{
    s_vpi_vlog_info info;
    const char *blk, *preset, *config, *a;
    char err[BLK_ERR_LEN * 2], name[128];
    int i;

    if (!vpi_get_vlog_info(&info)) {
        bad_input("vpi_get_vlog_info failed%s%s", "", "");
        return -1;
    }
    g_argc = info.argc;
    g_argv = info.argv;
    a = plusarg("sim");
    snprintf(G.sim, sizeof G.sim, "%s", a && *a ? a : info.product ? info.product : "vpi");
    if (!(blk = plusarg("blk")) || !(G.k = blk_find(blk))) {
        bad_input("+blk=%s: unknown block (known: %s)", blk ? blk : "(missing)", blk_names());
        return -1;
    }
    G.cfg = calloc(1, G.k->cfg_size);
    G.cstate = calloc(1, G.k->state_size);
    G.in = calloc(1, G.k->in_size);
    G.c_out = calloc(1, G.k->out_size);
    G.r_out = calloc(1, G.k->out_size);
    G.c_post = calloc(1, G.k->out_size);
    if (!G.cfg || !G.cstate || !G.in || !G.c_out || !G.r_out || !G.c_post) {
        bad_input("out of memory%s%s", "", "");
        return -1;
    }
    preset = plusarg("preset");
    config = plusarg("config");
    G.vec = (char *)plusarg("vec");
    if (G.vec && !*G.vec) {
        bad_input("+vec needs a file%s%s", "", "");
        return -1;
    }
    if (G.vec && !(G.vf = vec_open(G.vec, err, sizeof err))) {
        bad_input("%s%s", err, "");
        return -1;
    }
    if (!preset && !config && G.vf ? vec_cfg_build(G.vf, G.k, G.cfg, err, sizeof err)
                                   : blk_cfg_build(G.k, G.cfg, preset, config, err, sizeof err)) {
        bad_input("%s%s", err, "");
        return -1;
    }
    blk_cfg_tag(G.k, G.cfg, G.tag, sizeof G.tag);
    G.np = G.k->ports(G.cfg, G.ports, BLK_MAX_PORTS);
    if (G.vf && vec_bind(G.vf, G.ports, G.np, err, sizeof err)) {
        bad_input("%s%s", err, "");
        return -1;
    }
    G.seed = 1;
    G.cycles = 100000;
    if ((a = plusarg("seed")) && parse_u64(a, &G.seed)) {
        bad_input("+seed=%s: not a valid number%s", a, "");
        return -1;
    }
    if ((a = plusarg("cycles")) && parse_u64(a, &G.cycles)) {
        bad_input("+cycles=%s: not a valid number%s", a, "");
        return -1;
    }
    if (!G.vf) {
        const char *knobs = plusarg("knobs");
        if (!(G.so = stim_find(G.k->name))) {
            bad_input("no random stimulus for %s; give +vec=FILE%s", G.k->name, "");
            return -1;
        }
        if (!(G.st = G.so->create(G.cfg, G.seed, knobs ? knobs : "", err, sizeof err))) {
            bad_input("%s%s", err, "");
            return -1;
        }
    }
    G.print = plusarg("print") != NULL;
    G.bench = plusarg("bench") != NULL;
    a = plusarg("repro");
    G.repro = dupstr(a ? a : "(no command given)");
    a = plusarg("waves");
    G.waves = a && *a;
    G.wavefile = dupstr(G.waves ? a : "");

    /* where the ports are */
    if ((a = plusarg("scope")) && *a) {
        snprintf(G.scope, sizeof G.scope, "%s", a);
    } else {
        vpiHandle it = vpi_iterate(vpiModule, NULL), m;
        if (!it || !(m = vpi_scan(it))) {
            bad_input("no top-level module in the simulation; give +scope=PATH%s%s", "", "");
            return -1;
        }
        snprintf(G.scope, sizeof G.scope, "%s", vpi_get_str(vpiFullName, m));
        vpi_free_object(it);
    }
    snprintf(G.instance, sizeof G.instance, "%s (%s)", G.scope, G.sim);
    if (!(G.clk = find("clk_i"))) {
        bad_input("%s.clk_i: not found in the simulation (wrong +scope?)%s", G.scope, "");
        return -1;
    }
    for (i = 0; i < G.np; i++) {
        int w;
        if (!(G.h[i] = find(G.ports[i].name))) {
            bad_input("%s: port not found in the simulation (RTL built for another block?)",
                      G.ports[i].name, "");
            return -1;
        }
        w = vpi_get(vpiSize, G.h[i]);
        if (w != (int)G.ports[i].width) {
            char msg[512];
            snprintf(msg, sizeof msg, "has %d bits in the RTL, %u in configuration %s", w,
                     G.ports[i].width, G.tag);
            bad_input("%s %s (RTL built for another configuration?)", G.ports[i].name, msg);
            return -1;
        }
        if (G.waves && G.ports[i].dir == BLK_OUT) {
            snprintf(name, sizeof name, "cm_%s", G.ports[i].name);
            G.hcm[i] = find(name);
        }
    }
    if (G.waves) {
        char gtkw[BV_PATH + 8];
        if (write_gtkw(0, gtkw, sizeof gtkw)) {
            bad_input("cannot write %s%s", gtkw, "");
            return -1;
        }
    }
    G.k->c_init(G.cstate, G.cfg);
    if (G.print) vec_print_header(stdout, G.k, G.cfg, G.ports, G.np);
    return 0;
}

static PLI_INT32 on_start(p_cb_data cb)
{
    (void)cb;
    if (setup()) return 0;
    register_cb(cbValueChange, on_clk, G.clk);
    register_cb(cbReadWriteSynch, on_start_rw, NULL);
    return 0;
}

static void blkvpi_register(void)
{
    s_cb_data cb;
    memset(&cb, 0, sizeof cb);
    cb.reason = cbStartOfSimulation;
    cb.cb_rtn = on_start;
    vpi_register_cb(&cb);
    cb.reason = cbEndOfSimulation;
    cb.cb_rtn = on_end;
    vpi_register_cb(&cb);
}

void (*vlog_startup_routines[])(void) = {blkvpi_register, 0};
