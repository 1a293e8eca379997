/*
 * gk_trace.h: Accel-Sim SASS traces as workloads, and the model's kernels written out
 * in the same format (docs/traces.md).
 *
 * A trace directory holds kernelslist.g (MemcpyHtoD,<addr>,<bytes> and kernel-N.traceg
 * lines, in launch order) and one kernel-N.traceg per launch: a header of "-key = value"
 * lines (kernel name, grid dim, block dim, shmem, nregs, binary version, accelsim tracer
 * version, shmem/local base addresses), then per thread block
 *
 *   #BEGIN_TB / thread block = x,y,z / { warp = j / insts = n / n instruction lines } / #END_TB
 *
 * and per instruction (tracer version >= 3; older ones prefix "tbx tby tbz warp"):
 *
 *   PC MASK NDST [Rd] OPCODE NSRC [Rs ...] WIDTH [MODE ADDRESSES]
 *
 * PC and MASK hex; WIDTH 0 for non-memory instructions, else the access bytes and the
 * address form: 0 (one hex address per active lane), 1 (hex base and decimal stride:
 * the active lanes are contiguous), 2 (hex base, then a decimal delta from the previous
 * active lane's address for each further active lane). Any file may be gzip-compressed
 * (read directly; FILE or FILE.gz). Files are streamed: one thread block is held at a
 * time, and blocks must come in launch order (block id x + gx*(y + gy*z)), as Accel-Sim's
 * post-processing writes them.
 *
 * gpusim's own extension (written by its exporter, ignored by Accel-Sim's parser, which
 * stops reading a line once its fields are read): trailing tokens "@lat=N" (this ALU
 * instruction's latency, instead of its opcode class's) and "@src=Ra,Rb,..." (source
 * registers beyond the format's 4).
 */
#ifndef GK_TRACE_H
#define GK_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "gk_app.h"

/* Opcode classes (gk_trace_ops.def maps each opcode of each ISA to one). The first
 * GT_NLAT are latency classes: the instruction runs as a GK_ALU of that class's
 * latency (gpu config trace.lat_*). */
enum gt_class {
    GT_INT, GT_SP, GT_DP, GT_SFU, GT_TENSOR, GT_CTRL, GT_TEX, GT_UDP, GT_MEMBAR, GT_EXIT,
    GT_NLAT,
    GT_BAR = GT_NLAT, /* __syncthreads */
    GT_LDG,           /* global or local load (local memory goes through the L1 like global) */
    GT_STG,           /* global or local store */
    GT_ATOMG,         /* global atomic or reduction */
    GT_LDS,           /* shared load */
    GT_STS,           /* shared store */
    GT_ATOMS,         /* shared atomic */
    GT_LD, GT_ST, GT_ATOM, /* generic: shared when the first active lane's address is in the
                              shared window (header base addresses), else global */
    GT_NCLASS
};

#define GT_MAX_SRC 64 /* source registers of one instruction, the extension's included */
#define GT_RZ 255     /* the zero register: never waited on */

extern const char *const gt_class_name[GT_NCLASS];
extern const unsigned gt_default_lat[GT_NLAT];

/* the class of an opcode ("LDG.E.64": its first dot-separated token) in binary version
 * binver; -1 unknown opcode, -2 no table for binver */
int gt_opclass(const char *opcode, unsigned binver);
/* "35 37 60 ..." for messages */
const char *gt_binvers(void);

/* One decoded instruction. */
typedef struct gt_inst {
    uint32_t pc, mask;
    char op[48];
    int cls;           /* enum gt_class */
    int kind;          /* the model's kind (enum gk_kind) it runs as */
    unsigned lat;      /* GK_ALU: cycles */
    int ndst;          /* 0 or 1 */
    uint8_t dst;
    int nsrc;
    uint8_t src[GT_MAX_SRC];
    unsigned width;    /* bytes per lane, 0 no memory */
    int amode;         /* address form 0, 1 or 2; -1 none */
    int has_lat;       /* @lat given */
    uint64_t addr[32]; /* per lane (0 for inactive lanes); shared kinds: byte offsets */
} gt_inst;

/* Header facts of one kernel trace. */
typedef struct gt_kernel {
    char *path;        /* the file read (FILE or FILE.gz) */
    char *name;
    unsigned grid[3], block[3], shmem, nregs, binver, tver;
    uint64_t shmem_base, local_base;
} gt_kernel;

/* Parse one instruction line (lineno for messages); 0 ok, else one line in err. lat: the
 * latency classes' cycles (GT_NLAT entries). */
int gt_parse_inst(const char *line, const gt_kernel *k, const unsigned *lat, gt_inst *out, char *err, size_t n);

/* Build the workload of trace directory dir (gk_build's "trace:DIR"); 0 ok, else one
 * line in err. The launches' warp programs read the kernel files as blocks are
 * dispatched; a fault found there fails the run with "file:line: ..." */
int gt_build(gk_workload *w, const char *dir, const gk_opts *o, char *err, size_t n);

/* Read a whole trace directory, calling fn for every instruction (tracedump, the
 * instruction-by-instruction checks); fn returns non-zero to stop. 0 ok, else err. */
typedef int (*gt_visit_fn)(void *ctx, const gt_kernel *k, int launch, const unsigned tb[3], unsigned warp,
                           const gt_inst *in);
int gt_walk(const char *dir, const unsigned *lat, gt_visit_fn fn, void *ctx, char *err, size_t n);

/* Write workload w (any built-in) to dir in the trace format (created if missing); 0 ok,
 * else one line in err. */
int gt_export(const gk_workload *w, const char *dir, char *err, size_t n);

#endif
