/*
 * gpu_cfg.h: configuration of the GPU memory model.
 *
 * Every parameter has a dotted name (`l1.assoc`), a range and a one-line meaning in
 * one table (gpu_cfg.c); presets, `--set key=value`, validation, the JSON echo and
 * `--help` all walk that table. MRPB's own parameters are passed through as
 * `mrpb.<Param>=...` to the block's configuration (cmodel/include/mrpb.h).
 */
#ifndef GPU_CFG_H
#define GPU_CFG_H

#include <stddef.h>
#include <stdio.h>

enum gpu_sched { GPU_SCHED_LRR = 0, GPU_SCHED_GTO = 1 };

typedef struct gpu_cfg {
    /* SMs and warp scheduling */
    unsigned sms, warps, blocks, threads, schedulers, sched, core_mhz;
    /* L1 data cache of each SM */
    unsigned l1_size, l1_assoc, l1_line, l1_lat, l1_mshr, l1_merge, l1_missq;
    /* interconnect (each direction) */
    unsigned icnt_lat, icnt_bw, icnt_jitter;
    /* L2 slices */
    unsigned l2_slices, l2_size, l2_assoc, l2_lat, l2_mshr, l2_queue;
    /* DRAM channels (timing in DRAM command-clock cycles) */
    unsigned dram_channels, dram_banks, dram_row, dram_queue, dram_burst, dram_mhz;
    unsigned tCL, tRP, tRCD, tRAS, tRC, tCCD, tRRD, tWR;
    /* MRPB between the coalescer and L1 */
    unsigned mrpb, gate;
    char mrpb_preset[16];
    char mrpb_sets[256]; /* "Key=Val,..." for the block's configuration */
    /* run control */
    unsigned watchdog; /* cycles without progress before the run is declared stuck */
    unsigned long long max_cycles;
    char name[16];     /* preset the configuration started from */
} gpu_cfg;

/* Preset names: base-s base-l apres dl1d clams. 0 ok. */
int gpu_cfg_preset(gpu_cfg *c, const char *name, char *err, size_t n);
const char *gpu_cfg_preset_names(void);
/* key=value (one assignment); mrpb.<Param> keys are appended to mrpb_sets. 0 ok. */
int gpu_cfg_set(gpu_cfg *c, const char *assign, char *err, size_t n);
/* ranges and cross-field rules (powers of two, sets >= 1, ...). 0 ok. */
int gpu_cfg_validate(const gpu_cfg *c, char *err, size_t n);
/* "key": value pairs, one per line, JSON object members (no braces) */
void gpu_cfg_json(const gpu_cfg *c, FILE *f, const char *indent);
/* one line per parameter: name, range, meaning */
void gpu_cfg_help(FILE *f);

#endif
