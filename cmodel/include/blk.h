/*
 * blk.h: what every hardware block looks like from outside, whatever runs it.
 *
 * A block kind (MRPB, ...) is described once by a blk_kind: its parameter table
 * (blk_param.h: names, ranges, defaults; parse, validate, format and tag are shared
 * code), named presets, its port list and state probes (derived from
 * cmodel/blocks/<block>/<block>_ports.def), and its C model. A blk_inst is one
 * instance bound as c, rtl or lockstep; the GPU model and the test drivers only ever
 * call blk_inst's eval/tick.
 *
 * Cycle contract (identical for C and RTL):
 *   1. the driver fills the input struct;
 *   2. eval: outputs from (state, inputs), no state change; may be called again
 *      after inputs change within the cycle (e.g. a cache's same-cycle answer);
 *   3. tick: posedge; next state from (state, inputs of the last eval).
 *
 * The block list is cmodel/blocks.def; blk_find() and blk_names() follow from it.
 */
#ifndef BLK_H
#define BLK_H

#include <stddef.h>
#include <stdint.h>

#include "blk_param.h"
#include "blk_ports.h"

typedef enum { BLK_IN = 0, BLK_OUT = 1, BLK_PROBE = 2 } blk_dir;

/* One port or state probe, derived from a port list for one configuration. A probe is
 * an internal register (or one element of a register array) of the RTL that the
 * lockstep engine compares with the C model's value every cycle. */
typedef struct blk_port {
    const char *name;   /* port name; probes: "len[3]" style for array elements */
    blk_dir dir;
    unsigned width;     /* bits, for this configuration */
    size_t offset;      /* byte offset of the value in the in/out/probe struct */
    unsigned words;     /* 0: one uint64_t; else that many uint64_t, little-endian */
    const char *group;
    const char *desc;   /* enumerated values as "0 name, 1 name, ..." where they apply */
    int index;          /* probes: element of a register array, else -1 */
    const char *path;   /* probes: the register's path below the block instance */
} blk_port;

#define BLK_MAX_PORTS 64
#define BLK_MAX_PROBES 1024
#define BLK_ERR_LEN 256

typedef struct blk_kind {
    const char *name;
    size_t cfg_size, in_size, out_size, state_size, probe_size;
    /* configuration: a table of unsigned parameters (the Verilog parameters) */
    const blk_param *params;
    int nparams;
    const char *const *presets; /* {name, "Key=Val,...", name, sets, ..., NULL}; first = default */
    /* optional: a key that is not a parameter (an alias such as MRPB's Policy);
     * returns 0 handled, -1 bad value (err set), 1 not a key of this block */
    int (*cfg_alias)(void *cfg, const char *key, const char *val, char *err, size_t n);
    /* optional: checks across parameters after the range checks; 0 ok */
    int (*cfg_check)(const void *cfg, char *err, size_t n);
    int (*ports)(const void *cfg, blk_port *out, int max);  /* count */
    int (*probes)(const void *cfg, blk_port *out, int max); /* count; may be NULL */
    /* more RTL signals for waveforms only (wires of the block: path, width, group,
     * description as the alias); count; may be NULL */
    int (*waves)(const void *cfg, blk_port *out, int max);
    const char *const *groups; /* {group, "title", ..., NULL}: waveform group titles, in order */
    /* C model: pure state machine; state_size bytes, plain-copyable */
    void (*c_init)(void *state, const void *cfg);
    void (*c_eval)(const void *state, const void *in, void *out);
    void (*c_tick)(void *state, const void *in);
    /* the C model's state probes (the RTL registers the port list names); may be NULL */
    void (*c_probe)(const void *state, void *probe);
    /* functional coverage, may be NULL: cover_names {name, ..., NULL} (at most 64) are
     * the block's policy branches and corner states; c_cover returns the ones this
     * cycle reaches (bit i: cover_names[i]) from the state before the edge, the inputs
     * and the outputs of this cycle. blkrun --cover counts them; make test fails if the
     * block's lockstep runs together leave one at 0 (docs/verification.md, "Coverage") */
    const char *const *cover_names;
    uint64_t (*c_cover)(const void *state, const void *in, const void *out);
} blk_kind;

/* Where a port's value (one uint64_t, or `words` of them) lies in an in/out struct. */
static inline uint64_t *blk_port_ptr(const blk_port *p, void *s)
{
    return (uint64_t *)((char *)s + p->offset);
}
static inline const uint64_t *blk_port_cptr(const blk_port *p, const void *s)
{
    return (const uint64_t *)((const char *)s + p->offset);
}

typedef enum { BLK_MODE_C = 0, BLK_MODE_RTL = 1, BLK_MODE_LOCKSTEP = 2 } blk_mode;

/* One bound instance. eval/tick return 0, or non-zero after a lockstep mismatch
 * (the report has then been printed and the waveform written). */
typedef struct blk_inst {
    const blk_kind *kind;
    blk_mode mode;
    void *self;
    int (*eval)(void *self, const void *in, void *out);
    int (*tick)(void *self, const void *in);
    void (*destroy)(void *self);
} blk_inst;

/* Every block kind of cmodel/blocks.def (cmodel/blocks/blk_registry.c). */
const blk_kind *blk_find(const char *name);
const char *blk_names(void);              /* "mrpb ..." for messages */
const blk_kind *blk_kind_at(unsigned i);  /* i-th kind of the list, NULL past the end */

/* Configuration: shared code over the kind's parameter table (blk_param.c). */
void blk_cfg_default(const blk_kind *k, void *cfg);
int blk_cfg_preset(const blk_kind *k, void *cfg, const char *preset, char *err, size_t n);
int blk_cfg_set(const blk_kind *k, void *cfg, const char *key, const char *val, char *err,
                size_t n);
int blk_cfg_validate(const blk_kind *k, const void *cfg, char *err, size_t n);
void blk_cfg_format(const blk_kind *k, const void *cfg, char *buf, size_t n); /* Key=val,... */
void blk_cfg_tag(const blk_kind *k, const void *cfg, char *buf, size_t n);    /* file-name safe */
void blk_cfg_params(const blk_kind *k, const void *cfg, char *buf, size_t n); /* "Name=num ..." */
/* Configuration from a preset and "Key=Val[,Key=Val...]" overrides; 0 ok. */
int blk_cfg_build(const blk_kind *k, void *cfg, const char *preset, const char *sets,
                  char *err, size_t n);
/* One parameter's value, or -1 when the kind has no such parameter. */
long blk_cfg_get(const blk_kind *k, const void *cfg, const char *name);

/* Fill a binding (used by every binder). */
static inline void blk_inst_set(blk_inst *bi, const blk_kind *k, blk_mode mode, void *self,
                                int (*eval)(void *, const void *, void *),
                                int (*tick)(void *, const void *), void (*destroy)(void *))
{
    bi->kind = k;
    bi->mode = mode;
    bi->self = self;
    bi->eval = eval;
    bi->tick = tick;
    bi->destroy = destroy;
}

/* The C binding, available everywhere (cmodel/blocks/blk_c.c). */
int blk_bind_c(blk_inst *bi, const blk_kind *kind, const void *cfg, char *err, size_t n);
/* The C model's state of a c-bound instance (NULL for other modes). */
const void *blk_c_state(const blk_inst *bi);

static inline const char *blk_mode_name(blk_mode m)
{
    return m == BLK_MODE_C ? "c" : m == BLK_MODE_RTL ? "rtl" : "lockstep";
}
/* "c" | "rtl" | "lockstep" -> mode; -1 otherwise */
int blk_mode_parse(const char *s);

#endif
