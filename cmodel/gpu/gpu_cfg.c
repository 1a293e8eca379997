/*
 * gpu_cfg.c: the parameter table, presets and validation of the GPU memory model.
 *
 * Presets follow the seeds (SPEC.md "Baselines"): base-s / base-l from seed 000
 * Table 1, apres from seed 001 Table III, dl1d from seed 002 Table 4.2, choo from
 * seed 003 Tables 4.1 / 5.1 / 6.1, clams from seed 004 Table 3. Values the seeds do not give are the GPGPU-Sim-like defaults of
 * base-s; docs/gpu-model.md lists each with its source.
 */
#include "gpu_cfg.h"

#include <stdlib.h>
#include <string.h>

#include "blk.h"
#include "gk_trace.h"
#include "gpu_hooks.h"
#include "num.h"

typedef struct cfg_param {
    const char *key;
    size_t off;
    unsigned lo, hi;
    const char *const *names; /* enumerations: value i is names[i] */
    const char *what;
    int run;                  /* run control: listed after the block kinds */
} cfg_param;

typedef char trace_lat_fits[sizeof ((gpu_cfg *)0)->trace_lat / sizeof(unsigned) == GT_NLAT ? 1 : -1];

static const char *const sched_names[] = {"lrr", "gto", NULL};
static const char *const onoff_names[] = {"off", "on", NULL};
static const char *const sap_move_names[] = {"accept", "prefetch", "none", NULL};
static const char *const follow_names[] = {"duel", "decoupled", "baseline", NULL};

#define P(key, field, lo, hi, names, what) {key, offsetof(gpu_cfg, field), lo, hi, names, what, 0}
#define R(key, field, lo, hi, names, what) {key, offsetof(gpu_cfg, field), lo, hi, names, what, 1}
static const cfg_param params[] = {
    P("sms", sms, 1, 64, NULL, "streaming multiprocessors"),
    P("core.warps", warps, 1, 64, NULL, "warp slots per SM (6-bit warp id)"),
    P("core.blocks", blocks, 1, 8, NULL, "thread-block slots per SM (3-bit block id)"),
    P("core.threads", threads, 32, 2048, NULL, "threads per SM"),
    P("core.schedulers", schedulers, 1, 4, NULL, "warp schedulers per SM, each owns warps w % n"),
    P("core.sched", sched, 0, 1, sched_names, "warp scheduling policy: lrr | gto"),
    P("core.mhz", core_mhz, 100, 5000, NULL, "core clock (SMs, interconnect, L2)"),
    P("core.regs", regs, 1024, 1u << 20, NULL, "registers per SM (thread blocks per SM: GPGPU-Sim's max_cta)"),
    P("core.smem", smem, 1024, 1u << 20, NULL, "shared memory bytes per SM"),
    P("core.smem_lat", smem_lat, 1, 100, NULL, "shared-memory load latency after its bank cycles"),
    P("core.smem_banks", smem_banks, 1, 64, NULL, "shared-memory banks of 4-byte words (conflicts serialise)"),
    P("core.sap_move", sap_move, 0, 2, sap_move_names, "with laws and sap on: SAP's targets move to the head of LAWS's order when accepted, each when its prefetch is sent, or never (prefetches alone)"),
    P("core.dl1d_follow", dl1d_follow, 0, 2, follow_names, "with dl1d dueling: SMs 2.. follow the duel, or always run decoupled, or baseline"),
    P("trace.lat_int", trace_lat[0], 1, 255, NULL, "traces: cycles of an integer/logic instruction (its result's latency; docs/traces.md)"),
    P("trace.lat_sp", trace_lat[1], 1, 255, NULL, "traces: single-precision floating point"),
    P("trace.lat_dp", trace_lat[2], 1, 255, NULL, "traces: double precision"),
    P("trace.lat_sfu", trace_lat[3], 1, 255, NULL, "traces: special function unit (MUFU)"),
    P("trace.lat_tensor", trace_lat[4], 1, 255, NULL, "traces: tensor core (HMMA, IMMA, ...)"),
    P("trace.lat_ctrl", trace_lat[5], 1, 255, NULL, "traces: branch and control (BRA, BSSY, WARPSYNC, ...)"),
    P("trace.lat_tex", trace_lat[6], 1, 255, NULL, "traces: texture (TEX, TLD, ...; no texture cache is modelled)"),
    P("trace.lat_udp", trace_lat[7], 1, 255, NULL, "traces: uniform datapath (UIADD3, ULDC, ...)"),
    P("trace.lat_membar", trace_lat[8], 1, 255, NULL, "traces: memory barrier (MEMBAR)"),
    P("trace.lat_exit", trace_lat[9], 1, 255, NULL, "traces: EXIT"),
    P("l1.size", l1_size, 1024, 1u << 20, NULL, "L1D bytes per SM"),
    P("l1.assoc", l1_assoc, 1, 512, NULL, "L1D ways"),
    P("l1.line", l1_line, 32, 256, NULL, "line bytes (L1 and L2; coalescer granularity)"),
    P("l1.lat", l1_lat, 1, 100, NULL, "L1D hit latency, cycles until the data is in registers"),
    P("l1.mshr", l1_mshr, 1, 256, NULL, "MSHR entries per SM"),
    P("l1.merge", l1_merge, 1, 64, NULL, "requests one MSHR entry can hold (first + merged)"),
    P("l1.missq", l1_missq, 1, 256, NULL, "miss queue entries (L1 -> interconnect)"),
    P("icnt.lat", icnt_lat, 1, 1000, NULL, "interconnect latency, cycles each way"),
    P("icnt.bw", icnt_bw, 1, 1024, NULL, "interconnect port bandwidth, bytes per cycle"),
    P("icnt.jitter", icnt_jitter, 0, 100, NULL, "extra random latency 0..n per packet (seeded)"),
    P("l2.slices", l2_slices, 1, 64, NULL, "L2 slices, line-interleaved by address"),
    P("l2.size", l2_size, 1024, 1u << 24, NULL, "L2 bytes per slice"),
    P("l2.assoc", l2_assoc, 1, 64, NULL, "L2 ways"),
    P("l2.lat", l2_lat, 1, 1000, NULL, "L2 hit latency in the slice, cycles"),
    P("l2.mshr", l2_mshr, 1, 1024, NULL, "L2 MSHR entries per slice"),
    P("l2.merge", l2_merge, 1, 64, NULL, "requests one L2 MSHR entry can hold (first + merged)"),
    P("l2.queue", l2_queue, 1, 1024, NULL, "L2 slice input queue entries (SMs inject while it has room)"),
    P("l2.rop", l2_rop, 0, 1000, NULL, "cycles every request waits before the slice's input queue (GPGPU-Sim rop_latency)"),
    P("dram.channels", dram_channels, 1, 64, NULL, "DRAM channels (memory controllers)"),
    P("dram.banks", dram_banks, 1, 64, NULL, "banks per channel"),
    P("dram.row", dram_row, 256, 65536, NULL, "row (page) bytes per bank"),
    P("dram.queue", dram_queue, 2, 1024, NULL, "scheduler request buffer entries per channel (an L2 miss evicting a dirty line takes 2)"),
    P("dram.accept", dram_accept, 0, 64, NULL, "requests entering a channel's buffer per DRAM cycle (0: no limit; GPGPU-Sim: 1); the others wait in its input queue"),
    P("dram.burst", dram_burst, 1, 64, NULL, "data-bus DRAM cycles per line transfer"),
    P("dram.mhz", dram_mhz, 100, 5000, NULL, "DRAM command clock"),
    P("dram.lat", dram_lat, 0, 1000, NULL, "core cycles from an L2 miss or writeback to the DRAM buffer (GPGPU-Sim dram_latency)"),
    P("dram.tCL", tCL, 1, 255, NULL, "read command to data, DRAM cycles"),
    P("dram.tRP", tRP, 1, 255, NULL, "precharge to activate"),
    P("dram.tRCD", tRCD, 1, 255, NULL, "activate to column command"),
    P("dram.tRAS", tRAS, 1, 255, NULL, "activate to precharge"),
    P("dram.tRC", tRC, 1, 255, NULL, "activate to activate, same bank"),
    P("dram.tCCD", tCCD, 1, 255, NULL, "column to column, same channel"),
    P("dram.tRRD", tRRD, 1, 255, NULL, "activate to activate, different banks"),
    P("dram.tWR", tWR, 1, 255, NULL, "end of write data to precharge"),
    R("gate", gate, 0, 1, onoff_names, "C-bound blocks skip exact idle cycles (off checks it)"),
    R("series", series, 0, 100000000, NULL, "GPU cycles between samples of the blocks' time-series counters in the JSON (0: none)"),
    R("watchdog", watchdog, 0, 100000000, NULL, "cycles without progress before a deadlock report (0 auto: 4 x the quiet bound + 10000)"),
};
#define NPARAMS (sizeof params / sizeof params[0])

static unsigned *field(gpu_cfg *c, const cfg_param *p) { return (unsigned *)((char *)c + p->off); }
static unsigned cfield(const gpu_cfg *c, const cfg_param *p)
{
    return *(const unsigned *)((const char *)c + p->off);
}

static void base_s(gpu_cfg *c)
{
    memset(c, 0, sizeof *c);
    strcpy(c->name, "base-s");
    c->sms = 14; c->warps = 48; c->blocks = 8; c->threads = 1536;
    /* Fermi (GPGPU-Sim's TeslaC2050 / GTX480 configs): 32768 registers, 48 KB shared
     * memory in 32 banks, -smem_latency 3 */
    c->regs = 32768; c->smem = 49152; c->smem_lat = 3; c->smem_banks = 32;
    /* trace latency classes: gk_trace.c gt_default_lat (docs/traces.md "Latencies") */
    for (unsigned i = 0; i < GT_NLAT; i++) c->trace_lat[i] = gt_default_lat[i];
    /* GPGPU-Sim 3.2.0's TeslaC2050 config, which seed 000 ran (docs/deviations.md G12):
     * core clock 575 MHz (half the 1150 MHz shader clock of Table 1: a warp instruction
     * issues per core cycle), interconnect at 1150 MHz with 32-byte flits, so 64 bytes
     * per core cycle per port */
    c->schedulers = 2; c->sched = GPU_SCHED_LRR; c->core_mhz = 575;
    c->l1_size = 16 * 1024; c->l1_assoc = 4; c->l1_line = 128; c->l1_lat = 1;
    c->l1_mshr = 32; c->l1_merge = 8; c->l1_missq = 8;
    c->icnt_lat = 16; c->icnt_bw = 64; c->icnt_jitter = 0;
    /* L2 as GPGPU-Sim 3.2.0 TeslaC2050 (-gpgpu_cache:dl2 64:128:16,L:B:m:W,A:32:4,4;
     * -rop_latency 120 -dram_latency 100): 128 KB 16-way slices, 32 MSHRs of 4
     * requests; every request waits 120 cycles before the slice, a miss 100 more
     * before DRAM; no separate hit latency (1 cycle) */
    c->l2_slices = 6; c->l2_size = 128 * 1024; c->l2_assoc = 16; c->l2_lat = 1;
    c->l2_mshr = 32; c->l2_merge = 4; c->l2_queue = 16; c->l2_rop = 120;
    c->dram_channels = 6; c->dram_banks = 16; c->dram_row = 2048; c->dram_queue = 16;
    c->dram_burst = 4; c->dram_mhz = 750; c->dram_lat = 100;
    c->tCL = 12; c->tRP = 12; c->tRCD = 12; c->tRAS = 28; c->tRC = 40;
    c->tCCD = 2; c->tRRD = 6; c->tWR = 12;
    c->gate = 1;
    c->watchdog = 0;
    c->max_cycles = 0;
    c->skip = 1;
    c->series = 10000;
}

int gpu_cfg_preset(gpu_cfg *c, const char *name, char *err, size_t n)
{
    base_s(c);
    if (!strcmp(name, "base-s")) return 0;
    if (!strcmp(name, "base-l")) { /* seed 000 Table 1: 48 KB 6-way L1 */
        c->l1_size = 48 * 1024; c->l1_assoc = 6;
    } else if (!strcmp(name, "apres")) { /* seed 001 Table III */
        /* core 700 MHz: the seeds' 1400 MHz is GTX480's shader clock; GPGPU-Sim's GTX480
         * config runs -gpgpu_clock_domains 700.0:1400.0:700.0:924.0 (core:icnt:L2:DRAM),
         * as base-s runs half the TeslaC2050's shader clock (docs/deviations.md G2) */
        c->sms = 15; c->core_mhz = 700; c->schedulers = 2; c->sched = GPU_SCHED_LRR;
        c->l1_size = 32 * 1024; c->l1_assoc = 8; c->l1_mshr = 64;
        c->l2_size = 128 * 1024; c->l2_assoc = 8; c->l2_lat = 200; /* the seed's L2 latency, all of it */
        c->l2_rop = 0; c->dram_lat = 0; /* not Table III's 440 cycles: the DRAM buffer holds a slot for each request in the dram.lat pipe, and at 374 cycles that capped srad's DRAM use at 10% (3.2x its cycles); docs/deviations.md G2 */
        c->dram_mhz = 924;
    } else if (!strcmp(name, "dl1d")) { /* seed 002 Table 4.2 */
        /* Table 4.2's "1.4GHz" SM and DRAM clocks are GPGPU-Sim 3.2.2's GTX480 shader clock: it
         * runs -gpgpu_clock_domains 700.0:1400.0:700.0:924.0, as the apres preset */
        c->sms = 15; c->sched = GPU_SCHED_GTO; c->core_mhz = 700; c->dram_mhz = 924;
        c->l1_size = 16 * 1024; c->l1_assoc = 4; c->l1_lat = 1; c->l1_mshr = 32; c->l1_merge = 8;
        c->dram_queue = 16;
    } else if (!strcmp(name, "choo")) { /* seed 003 Tables 4.1, 5.1, 6.1 (GTX480) */
        c->sms = 15; c->core_mhz = 700; c->schedulers = 2; c->sched = GPU_SCHED_GTO; /* 700: as apres */
        c->l1_size = 16 * 1024; c->l1_assoc = 4;
        c->dram_mhz = 924;
    } else if (!strcmp(name, "clams")) { /* seed 004 Table 3 */
        c->sms = 32; c->sched = GPU_SCHED_GTO; c->core_mhz = 700; /* 700: as apres */
        c->dram_banks = 8; c->dram_queue = 256; c->dram_mhz = 924;
        c->dram_accept = 1; /* GPGPU-Sim 3.2.1: one request into the scheduler a DRAM cycle */
    } else {
        snprintf(err, n, "unknown preset '%s' (known: %s)", name, gpu_cfg_preset_names());
        return 1;
    }
    strncpy(c->name, name, sizeof c->name - 1);
    return 0;
}

const char *gpu_cfg_preset_names(void) { return "base-s base-l apres dl1d choo clams"; }

/* the hooked kind named by the first `len` characters of key, or -1 */
static int kind_of(const char *key, size_t len)
{
    const blk_kind *k;
    for (unsigned i = 0; i < GPU_MAX_KINDS && (k = blk_kind_at(i)); i++)
        if (strlen(k->name) == len && !strncmp(k->name, key, len)) return (int)i;
    return -1;
}

/* <kind>=on|off, <kind>.preset=NAME, <kind>.<Param>=v: 0 done, -1 error, 1 not a kind's key */
static int kind_set(gpu_cfg *c, const char *assign, size_t kl, const char *val, char *err, size_t n)
{
    const char *dot = memchr(assign, '.', kl);
    int ki = kind_of(assign, dot ? (size_t)(dot - assign) : kl);
    if (ki < 0) return 1;
    const blk_kind *k = blk_kind_at((unsigned)ki);
    gpu_kind_cfg *kc = &c->blk[ki];
    if (gpu_kind_hook((unsigned)ki) == GPU_HOOK_NONE) {
        snprintf(err, n, "%s is not bound into the GPU model (its hook is NONE)", k->name);
        return -1;
    }
    if (!dot) {
        if (!strcmp(val, "on") || !strcmp(val, "off")) {
            kc->on = !strcmp(val, "on");
            return 0;
        }
        snprintf(err, n, "%s: '%s' is not one of off on", k->name, val);
        return -1;
    }
    const char *key = dot + 1;
    size_t keyl = kl - (size_t)(dot - assign) - 1;
    void *scratch = malloc(k->cfg_size);
    char kname[64];
    int rc = 0;
    if (!scratch) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    snprintf(kname, sizeof kname, "%.*s", (int)keyl, key);
    if (!strcmp(kname, "preset")) {
        if (strlen(val) >= sizeof kc->preset || blk_cfg_preset(k, scratch, val, err, n)) {
            if (strlen(val) >= sizeof kc->preset) snprintf(err, n, "%s.preset: bad value '%s'", k->name, val);
            rc = -1;
        } else {
            strcpy(kc->preset, val);
        }
    } else if (!keyl || keyl >= sizeof kname || strchr(val, ',')) {
        snprintf(err, n, "'%s': expected %s.<Param>=value", assign, k->name);
        rc = -1;
    } else {
        /* the key and value must make sense to the kind's table now; ranges and
         * cross-parameter rules are checked on the whole configuration (validate) */
        blk_cfg_default(k, scratch);
        if (blk_cfg_set(k, scratch, kname, val, err, n)) {
            rc = -1;
        } else {
            size_t have = strlen(kc->sets), add = strlen(assign) - (size_t)(key - assign);
            if (have + add + 2 > sizeof kc->sets) {
                snprintf(err, n, "too many %s.* settings", k->name);
                rc = -1;
            } else {
                if (have) strcat(kc->sets, ",");
                strcat(kc->sets, key);
            }
        }
    }
    free(scratch);
    return rc;
}

const char *gpu_cfg_kind_preset(const gpu_cfg *c, unsigned ki)
{
    const blk_kind *k = blk_kind_at(ki);
    if (ki < GPU_MAX_KINDS && c->blk[ki].preset[0]) return c->blk[ki].preset;
    return k && k->presets && k->presets[0] ? k->presets[0] : "";
}

int gpu_cfg_set(gpu_cfg *c, const char *assign, char *err, size_t n)
{
    const char *eq = strchr(assign, '=');
    if (!eq || eq == assign) {
        snprintf(err, n, "'%s': expected key=value", assign);
        return 1;
    }
    size_t kl = (size_t)(eq - assign);
    const char *val = eq + 1;
    for (size_t i = 0; i < NPARAMS; i++) {
        const cfg_param *p = &params[i];
        if (strlen(p->key) != kl || strncmp(p->key, assign, kl)) continue;
        unsigned v = 0;
        int found = 0, rc = NUM_OK;
        if (p->names) {
            for (unsigned j = 0; p->names[j]; j++)
                if (!strcmp(p->names[j], val)) { v = j; found = 1; }
        }
        if (!found && (rc = num_uint(val, p->lo, p->hi, &v)) == NUM_SYNTAX) {
            if (p->names) {
                snprintf(err, n, "%s: '%s' is not one of", p->key, val);
                for (unsigned j = 0; p->names[j]; j++) {
                    size_t l = strlen(err);
                    snprintf(err + l, n - l, " %s", p->names[j]);
                }
            } else {
                snprintf(err, n, "%s: '%s' is not a number (an integer %u..%u, decimal or 0x hex; %s)", p->key,
                         val, p->lo, p->hi, p->what);
            }
            return 1;
        }
        if (rc == NUM_RANGE) {
            snprintf(err, n, "%s=%s out of range %u..%u (%s)", p->key, val, p->lo, p->hi, p->what);
            return 1;
        }
        *field(c, p) = v;
        return 0;
    }
    int rc = kind_set(c, assign, kl, val, err, n);
    if (rc <= 0) return rc ? 1 : 0;
    if (kl == 10 && !strncmp(assign, "max_cycles", 10)) {
        uint64_t v;
        int rc = num_u64(val, 0, UINT64_MAX, &v);
        if (rc) {
            num_err_u64(err, n, "max_cycles", val, rc, 0, UINT64_MAX);
            return 1;
        }
        c->max_cycles = v;
        return 0;
    }
    if (kl == 4 && !strncmp(assign, "skip", 4)) { /* not in the table: the JSON does not show it */
        if (!strcmp(val, "on") || !strcmp(val, "1")) c->skip = 1;
        else if (!strcmp(val, "off") || !strcmp(val, "0")) c->skip = 0;
        else {
            snprintf(err, n, "skip: '%s' is not one of off on", val);
            return 1;
        }
        return 0;
    }
    snprintf(err, n, "unknown parameter '%.*s' (see gpusim --help-config)", (int)kl, assign);
    return 1;
}

unsigned gpu_cfg_quiet_bound(const gpu_cfg *c)
{
    /* DRAM cycles in core cycles, rounded up */
    uint64_t ratio = (c->core_mhz + c->dram_mhz - 1) / c->dram_mhz;
    uint64_t dram = (uint64_t)c->tWR + c->tRP + c->tRCD + c->tCL + c->tRAS + c->tRC + c->tCCD + c->tRRD +
                    c->dram_burst + 2;
    uint64_t net = c->icnt_lat + c->icnt_jitter + (c->l1_line + c->icnt_bw - 1) / c->icnt_bw + 2;
    uint64_t b = dram * ratio + 2 * net + c->l2_rop + c->l2_lat + c->dram_lat + c->l1_lat + 64;
    return b > 100000000 ? 100000000 : (unsigned)b;
}

unsigned gpu_cfg_watchdog(const gpu_cfg *c)
{
    return c->watchdog ? c->watchdog : 4 * gpu_cfg_quiet_bound(c) + 10000;
}

static int pow2(unsigned v) { return v && !(v & (v - 1)); }

int gpu_cfg_validate(const gpu_cfg *c, char *err, size_t n)
{
    for (size_t i = 0; i < NPARAMS; i++) {
        unsigned v = cfield(c, &params[i]);
        if (v < params[i].lo || v > params[i].hi) {
            snprintf(err, n, "%s=%u out of range %u..%u", params[i].key, v, params[i].lo, params[i].hi);
            return 1;
        }
    }
    if (!pow2(c->l1_line)) { snprintf(err, n, "l1.line=%u is not a power of two", c->l1_line); return 1; }
    if (c->l1_size % (c->l1_line * c->l1_assoc)) {
        snprintf(err, n, "l1.size=%u is not a multiple of l1.line*l1.assoc=%u", c->l1_size,
                 c->l1_line * c->l1_assoc);
        return 1;
    }
    if (c->l2_size % (c->l1_line * c->l2_assoc)) {
        snprintf(err, n, "l2.size=%u is not a multiple of l1.line*l2.assoc=%u", c->l2_size,
                 c->l1_line * c->l2_assoc);
        return 1;
    }
    if (c->dram_row % c->l1_line) {
        snprintf(err, n, "dram.row=%u is not a multiple of l1.line=%u", c->dram_row, c->l1_line);
        return 1;
    }
    if (c->threads < 32 * 1 || c->threads > c->warps * 32) {
        snprintf(err, n, "core.threads=%u needs 32..core.warps*32=%u", c->threads, c->warps * 32);
        return 1;
    }
    if (c->schedulers > c->warps) {
        snprintf(err, n, "core.schedulers=%u exceeds core.warps=%u", c->schedulers, c->warps);
        return 1;
    }
    if (c->tRC < c->tRAS) {
        snprintf(err, n, "dram.tRC=%u is less than dram.tRAS=%u", c->tRC, c->tRAS);
        return 1;
    }
    if (c->watchdog && c->watchdog < gpu_cfg_quiet_bound(c)) {
        snprintf(err, n, "watchdog=%u is shorter than the quiet bound of these latencies (%u cycles: one request's "
                 "worst trip); give at least that, or 0 (auto)", c->watchdog, gpu_cfg_quiet_bound(c));
        return 1;
    }
    /* every hooked kind's configuration, on or off: a bad setting is an error either way */
    const blk_kind *k;
    for (unsigned i = 0; (k = blk_kind_at(i)); i++) {
        if (i >= GPU_MAX_KINDS) {
            snprintf(err, n, "more than %d block kinds in the block list (raise GPU_MAX_KINDS)", GPU_MAX_KINDS);
            return 1;
        }
        if (gpu_kind_hook(i) == GPU_HOOK_NONE) continue;
        void *scratch = malloc(k->cfg_size);
        int bad = !scratch || blk_cfg_build(k, scratch, gpu_cfg_kind_preset(c, i), c->blk[i].sets, err, n);
        if (!scratch) snprintf(err, n, "out of memory");
        free(scratch);
        if (bad) return 1;
    }
    return 0;
}

static void param_json(const gpu_cfg *c, FILE *f, const char *ind, int run)
{
    for (size_t i = 0; i < NPARAMS; i++) {
        const cfg_param *p = &params[i];
        unsigned v = cfield(c, p);
        if (p->run != run) continue;
        if (p->names) fprintf(f, "%s\"%s\": \"%s\",\n", ind, p->key, p->names[v]);
        else fprintf(f, "%s\"%s\": %u,\n", ind, p->key, v);
    }
}

void gpu_cfg_json(const gpu_cfg *c, FILE *f, const char *ind)
{
    const blk_kind *k;
    fprintf(f, "%s\"preset\": \"%s\",\n", ind, c->name);
    param_json(c, f, ind, 0);
    for (unsigned i = 0; (k = blk_kind_at(i)) && i < GPU_MAX_KINDS; i++)
        if (gpu_kind_hook(i) != GPU_HOOK_NONE)
            fprintf(f, "%s\"%s\": \"%s\",\n", ind, k->name, c->blk[i].on ? "on" : "off");
    param_json(c, f, ind, 1);
    for (unsigned i = 0; (k = blk_kind_at(i)) && i < GPU_MAX_KINDS; i++) {
        if (gpu_kind_hook(i) == GPU_HOOK_NONE) continue;
        fprintf(f, "%s\"%s.preset\": \"%s\",\n", ind, k->name, gpu_cfg_kind_preset(c, i));
        fprintf(f, "%s\"%s.sets\": \"%s\",\n", ind, k->name, c->blk[i].sets);
    }
    fprintf(f, "%s\"watchdog_cycles\": %u,\n", ind, gpu_cfg_watchdog(c));
    fprintf(f, "%s\"quiet_bound\": %u,\n", ind, gpu_cfg_quiet_bound(c));
    fprintf(f, "%s\"max_cycles\": %llu", ind, c->max_cycles);
}

void gpu_cfg_help(FILE *f)
{
    gpu_cfg d;
    base_s(&d);
    fprintf(f, "parameters (--set key=value; default is base-s):\n");
    for (size_t i = 0; i < NPARAMS; i++) {
        const cfg_param *p = &params[i];
        unsigned v = cfield(&d, p);
        char range[48];
        if (p->names) {
            range[0] = 0;
            for (unsigned j = 0; p->names[j]; j++) {
                size_t l = strlen(range);
                snprintf(range + l, sizeof range - l, "%s%s", j ? "|" : "", p->names[j]);
            }
            fprintf(f, "  %-15s %-14s default %-8s %s\n", p->key, range, p->names[v], p->what);
        } else {
            snprintf(range, sizeof range, "%u..%u", p->lo, p->hi);
            fprintf(f, "  %-15s %-14s default %-8u %s\n", p->key, range, v, p->what);
        }
    }
    fprintf(f, "  %-15s %-14s default %-8s %s\n", "max_cycles", "0..", "0", "stop after n cycles (0: run to the end)");
    fprintf(f, "  %-15s %-14s default %-8s %s\n", "skip", "off|on", "on",
            "jump over cycles in which nothing can change (same results; off: every cycle)");
    fprintf(f, "block kinds (the block list, cmodel/blocks.def):\n");
    const blk_kind *k;
    for (unsigned i = 0; (k = blk_kind_at(i)) && i < GPU_MAX_KINDS; i++) {
        int h = gpu_kind_hook(i);
        char key[64], presets[64];
        if (h == GPU_HOOK_NONE) continue;
        fprintf(f, "  %-15s %-14s default %-8s an instance per %s at the %s hook (--%s on)\n", k->name, "off|on",
                "off", gpu_hook_index_name(h), gpu_hook_name(h), k->name);
        presets[0] = 0;
        for (unsigned j = 0; k->presets && k->presets[j]; j += 2) {
            size_t l = strlen(presets);
            snprintf(presets + l, sizeof presets - l, "%s%s", j ? "|" : "", k->presets[j]);
        }
        snprintf(key, sizeof key, "%s.preset", k->name);
        fprintf(f, "  %-15s %-14s default %-8s %s preset\n", key, presets, gpu_cfg_kind_preset(&d, i),
                k->name);
        for (int j = 0; j < k->nparams; j++) {
            const blk_param *p = &k->params[j];
            char range[48], def[24];
            snprintf(def, sizeof def, "%u", p->def);
            if (p->names) {
                const char *q = p->names;
                snprintf(range, sizeof range, "%s", p->names);
                for (unsigned v = 0; *q && v < p->def; v++) { /* the default's name */
                    q += strcspn(q, " ");
                    q += strspn(q, " ");
                }
                if (*q) snprintf(def, sizeof def, "%.*s", (int)strcspn(q, " "), q);
            } else {
                snprintf(range, sizeof range, "%u..%u", p->lo, p->hi);
            }
            for (char *q = range; *q; q++)
                if (*q == ' ') *q = '|';
            snprintf(key, sizeof key, "%s.%s", k->name, p->name);
            fprintf(f, "  %-15s %-14s default %-8s %s\n", key, range, def, p->desc);
        }
    }
}
