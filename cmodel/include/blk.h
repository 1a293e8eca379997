/*
 * blk.h: what every hardware block looks like from outside, whatever runs it.
 *
 * A block kind (MRPB, ...) is described once by a blk_kind: its configuration
 * (parse, validate, format), its port list (derived from tb/ports/<block>.def),
 * and its C model. A blk_inst is one instance bound as c, rtl or lockstep; the
 * GPU model and the test drivers only ever call blk_inst's eval/tick.
 *
 * Cycle contract (identical for C and RTL):
 *   1. the driver fills the input struct;
 *   2. eval: outputs from (state, inputs), no state change; may be called again
 *      after inputs change within the cycle (e.g. a cache's same-cycle answer);
 *   3. tick: posedge; next state from (state, inputs of the last eval).
 */
#ifndef BLK_H
#define BLK_H

#include <stddef.h>
#include <stdint.h>

typedef enum { BLK_IN = 0, BLK_OUT = 1 } blk_dir;

/* One port, derived from a port list for one configuration. */
typedef struct blk_port {
    const char *name;
    blk_dir dir;
    unsigned width;   /* bits, for this configuration */
    size_t offset;    /* byte offset of the value in the in/out struct */
    unsigned words;   /* 0: one uint64_t; else that many uint64_t, little-endian */
    const char *group;
    const char *desc;
} blk_port;

#define BLK_MAX_PORTS 64
#define BLK_ERR_LEN 256

typedef struct blk_kind {
    const char *name;
    size_t cfg_size, in_size, out_size, state_size;
    /* configuration */
    void (*cfg_default)(void *cfg);
    int (*cfg_preset)(void *cfg, const char *preset);               /* 0 ok */
    int (*cfg_set)(void *cfg, const char *key, const char *val,
                   char *err, size_t errlen);                       /* 0 ok */
    int (*cfg_validate)(const void *cfg, char *err, size_t errlen); /* 0 ok */
    void (*cfg_format)(const void *cfg, char *buf, size_t n);       /* key=val,... */
    void (*cfg_tag)(const void *cfg, char *buf, size_t n);          /* file-name safe */
    void (*cfg_params)(const void *cfg, char *buf, size_t n);       /* "Name=num ..." */
    int (*ports)(const void *cfg, blk_port *out, int max);          /* count */
    /* C model: pure state machine; state_size bytes, plain-copyable */
    void (*c_init)(void *state, const void *cfg);
    void (*c_eval)(const void *state, const void *in, void *out);
    void (*c_tick)(void *state, const void *in);
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

/* Every block kind this build knows (cmodel/blocks/blk_registry.c). */
const blk_kind *blk_find(const char *name);
const char *blk_names(void); /* "mrpb ..." for messages */

/* Configuration from a preset and "Key=Val[,Key=Val...]" overrides; 0 ok. */
int blk_cfg_build(const blk_kind *k, void *cfg, const char *preset, const char *sets,
                  char *err, size_t n);

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

static inline const char *blk_mode_name(blk_mode m)
{
    return m == BLK_MODE_C ? "c" : m == BLK_MODE_RTL ? "rtl" : "lockstep";
}

#endif
