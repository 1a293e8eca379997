// rtl_shim.cpp: one Verilated block build behind rtl_ops (tb/verilator/rtl_model.h).
//
// Compiled once per block configuration with -DVTOP=V<block>_top, -DVTOP_H="V<block>_top.h",
// -DGLUE_H="<glue from portgen>", -DRTL_BLOCK/-DRTL_TAG/-DRTL_SCOPE strings and
// -DRTL_SYM=rtl_ops_<block> (the table's name; several blocks can share a program).
// Cycle: eval() settles outputs with clk low; tick() dumps the cycle, then raises the
// clock (posedge). Waveform: 10 time units per cycle; every signal's value of cycle c
// (inputs, outputs, the registers during c) from 10*c to 10*c+10, and a clock for the
// eye, clk_show_i, rising at 10*c and falling at 10*c+5 (a second dump in which
// nothing else changes): the registers' new values appear with the next rising edge, as
// in a cycle-based view. mk/rtl.mk sets a 100 ps precision, so GTKWave shows cycle c at
// "c ns".
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "verilated.h"
#include "verilated_fst_c.h"
#include "verilated_save.h"

#include VTOP_H
#include "rtl_model.h"
// the glue's packing and comparing code and this file's run every cycle: optimise them
// (the shim is compiled with the Verilated model's -Os)
#pragma GCC optimize("O2")
#include GLUE_H

namespace {

// cycles between FST flushes: the writer keeps a flush interval's value changes in one
// buffer and walks it signal by signal at the flush; kept to a few MB the walk stays in
// the cache, where a whole run's buffer walked at the close is a pointer chase through
// memory (MRPB, 300 K cycles: 1.7x faster, the file ~4x larger, ~60 bytes a cycle).
// Not with Verilator's --trace-threads: explicit flushes with its FST writer thread
// wrote corrupt blocks now and then.
constexpr uint64_t FST_FLUSH_CYCLES = 8192;

// this build's model (rtl_model is opaque to C; each build has its own layout)
struct shim_model {
    VerilatedContext *ctx;
    VTOP *top;
    VerilatedFstC *tfp;
    uint64_t cycle;
    const void *last_in;  // inputs of the last eval(), already settled in the model
    bool settled;         // the model holds last_in with the clock low
    bool staged;          // cprobes holds C probe values for the next edge
    uint32_t cprobes[GLUE_PROBE_WORDS + 1];
};

inline shim_model *M(rtl_model *m) { return reinterpret_cast<shim_model *>(m); }

// Verilator's serializer, writing to memory instead of a file.
class MemSave final : public VerilatedSerialize {
public:
    std::vector<uint8_t> data;
    void flush() override {
        data.insert(data.end(), m_bufp, m_cp);
        m_cp = m_bufp;
    }
    ~MemSave() override { flush(); }
};

class MemRestore final : public VerilatedDeserialize {
    const uint8_t *m_src;
    size_t m_len, m_pos = 0;
public:
    MemRestore(const void *src, size_t len) : m_src(static_cast<const uint8_t *>(src)), m_len(len) {
        m_endp = m_bufp;
        m_cp = m_bufp;
    }
    void fill() override {
        size_t keep = static_cast<size_t>(m_endp - m_cp);
        std::memmove(m_bufp, m_cp, keep);
        m_cp = m_bufp;
        m_endp = m_bufp + keep;
        size_t room = bufferSize() - keep, take = m_len - m_pos;
        if (take > room) take = room;
        std::memcpy(m_endp, m_src + m_pos, take);
        m_pos += take;
        m_endp += take;
    }
};

shim_model *create_model() {
    shim_model *m = new shim_model;
    m->ctx = new VerilatedContext;
    m->ctx->traceEverOn(true);
    // RTL_PLUSARGS="+a=1 +b": plusargs for the model's $value$plusargs (make mutants
    // selects its mutant with +mutsel=N)
    if (const char *pa = std::getenv("RTL_PLUSARGS")) {
        std::vector<std::string> words;
        std::string w;
        for (const char *c = pa;; ++c) {
            if (*c == ' ' || *c == '\0') {
                if (!w.empty()) words.push_back(w);
                w.clear();
                if (*c == '\0') break;
            } else {
                w += *c;
            }
        }
        std::vector<const char *> argv;
        for (const std::string &x : words) argv.push_back(x.c_str());
        if (!argv.empty()) m->ctx->commandArgsAdd(static_cast<int>(argv.size()), argv.data());
    }
    m->top = new VTOP(m->ctx, "");
    m->tfp = nullptr;
    m->cycle = 0;
    m->last_in = nullptr;
    m->settled = false;
    m->staged = false;
    m->top->clk_i = 0;
    return m;
}

void close_trace(shim_model *m) {
    if (m->tfp) {
        m->tfp->close();
        delete m->tfp;
        m->tfp = nullptr;
    }
}

// Settle the clock-low phase with `in` (the usual cycle is eval(in) then tick(in): then it
// is settled already; the contract is that tick's inputs are those of the last eval, so
// the same struct is taken as the same inputs) and dump the cycle: clk_show_i high at
// 10*c and low at 10*c+5 (the model's own clock edge comes after, in posedge()).
void low_phase(shim_model *m, const void *in) {
    if (m->tfp) {
        m->top->cycle_i = static_cast<IData>(m->cycle);  // the waveform's cycle counter
        m->top->clk_show_i = 1;
        m->settled = false;
    }
    if (!m->settled || in != m->last_in) {
        glue_set_inputs(m->top, static_cast<const glue_in *>(in));
        m->top->clk_i = 0;
        m->top->eval();
    }
    m->settled = false;
    if (m->tfp) {
        m->tfp->dump(static_cast<uint64_t>(10 * m->cycle));
        m->top->clk_show_i = 0;
        m->top->eval();  // nothing reads clk_show_i: only for the trace to see it change
        m->tfp->dump(static_cast<uint64_t>(10 * m->cycle + 5));
    }
}

rtl_model *create() { return reinterpret_cast<rtl_model *>(create_model()); }

void trace_close(rtl_model *rm) { close_trace(M(rm)); }

void destroy(rtl_model *rm) {
    shim_model *m = M(rm);
    close_trace(m);
    m->top->final();
    delete m->top;
    delete m->ctx;
    delete m;
}

void eval(rtl_model *rm, const void *in, void *out) {
    shim_model *m = M(rm);
    glue_set_inputs(m->top, static_cast<const glue_in *>(in));
    m->top->clk_i = 0;
    m->top->eval();
    glue_get_outputs(m->top, static_cast<glue_out *>(out));
    m->last_in = in;
    m->settled = true;
}

int eval_cmp(rtl_model *rm, const void *in, const void *c_out) {
    shim_model *m = M(rm);
    glue_set_inputs(m->top, static_cast<const glue_in *>(in));
    m->top->clk_i = 0;
    m->top->eval();
    m->last_in = in;
    m->settled = true;
    return glue_out_differ(m->top, static_cast<const glue_out *>(c_out));
}

int eval_cmp_c(rtl_model *rm, const void *in_c, const void *c_out_c) {
    shim_model *m = M(rm);
    glue_set_inputs_c(m->top, static_cast<const unsigned char *>(in_c));
    m->top->clk_i = 0;
    m->top->eval();
    m->last_in = nullptr;
    m->settled = true;
    return glue_out_differ_c(m->top, static_cast<const unsigned char *>(c_out_c));
}

void get_outputs(rtl_model *rm, void *out) { glue_get_outputs(M(rm)->top, static_cast<glue_out *>(out)); }

void posedge(shim_model *m) {
    m->top->clk_i = 1;
    m->top->eval();
    m->top->clk_i = 0;
    m->cycle++;
    if (m->tfp && m->cycle % FST_FLUSH_CYCLES == 0) m->tfp->flush();
}

void tick(rtl_model *rm, const void *in) {
    shim_model *m = M(rm);
    low_phase(m, in);
    posedge(m);
}

// the inputs of the last eval are settled (the fast path never traces)
void tick_fast(rtl_model *rm) {
    shim_model *m = M(rm);
    m->settled = false;
    m->top->clk_i = 1;
    m->top->eval();
    m->top->clk_i = 0;
    m->cycle++;
}

// The same as tick (the C model's values of a cycle are shown with the RTL's, all from
// the cycle's start); staged C probes (the state after this edge) are shown from the
// next cycle, as the RTL's registers are.
void tick_post(rtl_model *rm, const void *in, const void *c_post_out) {
    shim_model *m = M(rm);
    (void)c_post_out;
    low_phase(m, in);
    if (m->staged) glue_set_cprobes(m->top, m->cprobes);
    m->staged = false;
    posedge(m);
}

int trace_open(rtl_model *rm, const char *path) {
    shim_model *m = M(rm);
    close_trace(m);
    m->tfp = new VerilatedFstC;
    m->top->trace(m->tfp, 99);
    m->tfp->open(path);
    if (!m->tfp->isOpen()) {
        delete m->tfp;
        m->tfp = nullptr;
        return -1;
    }
    m->settled = false;
    return 0;
}

void annotate(rtl_model *rm, const void *c_out, int mismatch) {
    shim_model *m = M(rm);
    glue_annotate(m->top, static_cast<const glue_out *>(c_out), mismatch);
    m->settled = false;  // the cm_* inputs changed: settle again before dumping
}

void mark(rtl_model *rm, unsigned which) {
    shim_model *m = M(rm);
    unsigned code = which & 0x7fffffffu;
    m->top->mismatch_port_i = static_cast<SData>(code > 0xffff ? 0xffff : code);
    m->top->expect_fail_i = (which >> 31) & 1;
    m->settled = false;
}

void expect(rtl_model *rm, const void *exp_out, const void *care, unsigned line) {
    shim_model *m = M(rm);
    glue_expect(m->top, static_cast<const glue_out *>(exp_out), static_cast<const glue_out *>(care));
    m->top->vec_line_i = line;
    m->settled = false;
}

void stage_probes(rtl_model *rm, const unsigned *w) {
    shim_model *m = M(rm);
    std::memcpy(m->cprobes, w, GLUE_PROBE_WORDS * sizeof(uint32_t));
    m->staged = true;
}

void trace_pad(rtl_model *rm, unsigned cycles) {
    shim_model *m = M(rm);
    if (m->tfp) m->tfp->dump(static_cast<uint64_t>(10 * (m->cycle + cycles)));
}

int save(rtl_model *rm, void **buf, size_t *len) {
    shim_model *m = M(rm);
    MemSave s;
    s << *m->top;
    s.flush();
    *len = s.data.size() + sizeof(uint64_t);
    *buf = std::malloc(*len);
    if (!*buf) return -1;
    std::memcpy(*buf, &m->cycle, sizeof(uint64_t));
    std::memcpy(static_cast<uint8_t *>(*buf) + sizeof(uint64_t), s.data.data(), s.data.size());
    return 0;
}

int restore(rtl_model *rm, const void *buf, size_t len) {
    shim_model *m = M(rm);
    if (len < sizeof(uint64_t)) return -1;
    std::memcpy(&m->cycle, buf, sizeof(uint64_t));
    MemRestore r(static_cast<const uint8_t *>(buf) + sizeof(uint64_t), len - sizeof(uint64_t));
    r >> *m->top;
    m->settled = false;
    return 0;
}

void set_cycle(rtl_model *rm, unsigned long long cycle) { M(rm)->cycle = cycle; }

// the probes read the registers after the last edge: pr_* are plain wires of registers,
// settled by the edge's eval, so read them as they are
void probe(rtl_model *rm, void *p) { glue_get_probes(M(rm)->top, p); }
void probe_packed(rtl_model *rm, unsigned *w) { glue_probe_words(M(rm)->top, reinterpret_cast<uint32_t *>(w)); }

void pack_in(const void *in, void *in_c) {
    glue_pack_in(static_cast<const glue_in *>(in), static_cast<unsigned char *>(in_c));
}
int pack_out(const void *out, void *out_c) {
    return glue_pack_out(static_cast<const glue_out *>(out), static_cast<unsigned char *>(out_c));
}
void unpack_out(const void *out_c, void *out) {
    glue_unpack_out(static_cast<const unsigned char *>(out_c), static_cast<glue_out *>(out));
}
int pack_probes(const void *probe, unsigned *w) {
    return glue_pack_probes(probe, reinterpret_cast<uint32_t *>(w));
}

static_assert(sizeof(unsigned) == sizeof(uint32_t), "packed probes are 32-bit words");

}  // namespace

extern "C" const rtl_ops RTL_SYM;
extern "C" const rtl_ops RTL_SYM = {
    RTL_BLOCK, RTL_TAG, RTL_SCOPE, create, destroy, eval, tick, trace_open, trace_close,
    annotate, tick_post, save, restore, set_cycle, probe, GLUE_PROBES,
    // the fast lockstep path
    GLUE_IN_C_SIZE, GLUE_OUT_C_SIZE, GLUE_PROBE_WORDS, pack_in, pack_out, unpack_out, pack_probes,
    eval_cmp_c, eval_cmp, get_outputs, tick_fast, probe_packed,
    // waveforms
    mark, expect, stage_probes, trace_pad};
