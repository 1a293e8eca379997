/*
 * blk_ports.h: the C side of a port list (cmodel/blocks/<block>/<block>_ports.def).
 *
 * A port list defines two X-macro lists:
 *
 *   #define FOO_PORTS(N, W) \
 *     N(IN|OUT, name, width, group, "description")               port of at most 64 bits
 *     W(IN|OUT, name, width, max_words64, group, "description")  wider port, 64-bit words
 *
 *   #define FOO_PROBES(S) \
 *     S(name, width, count, max_count, words, "rtl.path", group, "description")
 *
 *   #define FOO_WAVES(V) \
 *     V("rtl.path", width, group, "alias")    a wire shown in waveforms (not compared)
 *
 *   #define FOO_GROUPS {"group", "title", ..., NULL}   waveform groups, in order
 *
 * `width` and `count` are C expressions of P, a `const foo_cfg *`. A probe is an internal
 * register of the RTL (`rtl.path` below the block's instance; an array of `count`
 * elements when max_count > 1, element i being path[i], or, for a path "vec[]", the
 * slice vec[i*width +: width] of a packed vector) that lockstep compares with the C model's value every
 * cycle; `words` is 0 for at most 64 bits, else the 64-bit words of one wide element.
 * Groups name the waveform group; a description "0 name, 1 name, ..." of a port
 * (or "... : 0 name, 1 name") gives its values names in waveforms.
 *
 * From the lists follow the in/out/probe structs (BLK_STRUCTS) and the descriptor
 * functions the engine walks (BLK_PORT_FUNCS).
 */
#ifndef BLK_PORTS_H
#define BLK_PORTS_H

#include <stddef.h>
#include <stdint.h>

#define BLK_FIELD_IN_N(dir, name, width, group, desc) BLK_FIELD_IN_N_##dir(name)
#define BLK_FIELD_IN_N_IN(name) uint64_t name;
#define BLK_FIELD_IN_N_OUT(name)
#define BLK_FIELD_IN_W(dir, name, width, words, group, desc) BLK_FIELD_IN_W_##dir(name, words)
#define BLK_FIELD_IN_W_IN(name, words) uint64_t name[words];
#define BLK_FIELD_IN_W_OUT(name, words)
#define BLK_FIELD_OUT_N(dir, name, width, group, desc) BLK_FIELD_OUT_N_##dir(name)
#define BLK_FIELD_OUT_N_IN(name)
#define BLK_FIELD_OUT_N_OUT(name) uint64_t name;
#define BLK_FIELD_OUT_W(dir, name, width, words, group, desc) BLK_FIELD_OUT_W_##dir(name, words)
#define BLK_FIELD_OUT_W_IN(name, words)
#define BLK_FIELD_OUT_W_OUT(name, words) uint64_t name[words];
#define BLK_FIELD_PROBE(name, width, count, maxc, words, path, group, desc) \
    uint64_t name[(maxc) * ((words) ? (words) : 1)];

/* typedef struct <b>_in / <b>_out / <b>_probe from the lists */
#define BLK_STRUCTS(b, PORTS, PROBES)                                           \
    typedef struct b##_in { PORTS(BLK_FIELD_IN_N, BLK_FIELD_IN_W) } b##_in;     \
    typedef struct b##_out { PORTS(BLK_FIELD_OUT_N, BLK_FIELD_OUT_W) } b##_out; \
    typedef struct b##_probe { PROBES(BLK_FIELD_PROBE) } b##_probe;

/* Descriptor rows. BLK_T_CFG, BLK_T_IN, BLK_T_OUT, BLK_T_PROBE name the structs. */
#define BLK_DESC_(dirv, st, name, width, words, group, desc)                               \
    if (n < max) {                                                                         \
        blk_port d_ = {#name, dirv, (unsigned)(width), offsetof(st, name), words, #group,   \
                       desc, -1, NULL};                                                    \
        out[n++] = d_;                                                                     \
    }
#define BLK_DESC_IN(name, width, words, group, desc) \
    BLK_DESC_(BLK_IN, BLK_T_IN, name, width, words, group, desc)
#define BLK_DESC_OUT(name, width, words, group, desc) \
    BLK_DESC_(BLK_OUT, BLK_T_OUT, name, width, words, group, desc)
#define BLK_DESC_N(dir, name, width, group, desc) BLK_DESC_##dir(name, width, 0, group, desc)
#define BLK_DESC_W(dir, name, width, words, group, desc) BLK_DESC_##dir(name, width, words, group, desc)
#define BLK_DESC_PROBE(name, width, count, maxc, words, path, group, desc)                   \
    {                                                                                       \
        unsigned i_, c_ = (unsigned)(count), s_ = (words) ? (words) : 1;                    \
        for (i_ = 0; i_ < c_ && i_ < (unsigned)(maxc) && n < max; i_++) {                   \
            blk_port d_ = {#name, BLK_PROBE, (unsigned)(width),                             \
                           offsetof(BLK_T_PROBE, name) + sizeof(uint64_t) * s_ * i_, words, \
                           #group, desc, (maxc) > 1 ? (int)i_ : -1, path};                  \
            out[n++] = d_;                                                                  \
        }                                                                                   \
    }

#define BLK_DESC_WAVE(path, width, group, alias)                                       \
    if (n < max) {                                                                     \
        blk_port d_ = {alias, BLK_PROBE, (unsigned)(width), 0, 0, #group, alias, -1, path}; \
        out[n++] = d_;                                                                 \
    }

/* static int <b>_ports(cfg, out, max), <b>_probes(cfg, out, max), <b>_waves(...) */
#define BLK_PORT_FUNCS(b, PORTS, PROBES, WAVES)                         \
    static int b##_waves(const void *cfgv, blk_port *out, int max)      \
    {                                                                   \
        const BLK_T_CFG *P = cfgv;                                      \
        int n = 0;                                                      \
        (void)P, (void)out, (void)max;                                  \
        WAVES(BLK_DESC_WAVE)                                            \
        return n;                                                       \
    }                                                                   \
    static int b##_ports(const void *cfgv, blk_port *out, int max)      \
    {                                                                   \
        const BLK_T_CFG *P = cfgv;                                      \
        int n = 0;                                                      \
        (void)P, (void)out, (void)max;                                  \
        PORTS(BLK_DESC_N, BLK_DESC_W)                                   \
        return n;                                                       \
    }                                                                   \
    static int b##_probes(const void *cfgv, blk_port *out, int max)     \
    {                                                                   \
        const BLK_T_CFG *P = cfgv;                                      \
        int n = 0;                                                      \
        (void)P, (void)out, (void)max;                                  \
        PROBES(BLK_DESC_PROBE)                                          \
        return n;                                                       \
    }

/* A width of the port list as a function of the configuration: BLK_WIDTH_FUNCS gives
 * static inline unsigned <b>_w_<port>(const <b>_cfg *P) for every port. */
#define BLK_WFN_N(dir, name, width, group, desc) \
    static inline unsigned BLK_WFN_NAME(name)(const BLK_T_CFG *P) { (void)P; return (unsigned)(width); }
#define BLK_WFN_W(dir, name, width, words, group, desc) BLK_WFN_N(dir, name, width, group, desc)

#endif
