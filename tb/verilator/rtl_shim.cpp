// rtl_shim.cpp: one Verilated block build behind rtl_ops (tb/verilator/rtl_model.h).
//
// Compiled once per block configuration with -DVTOP=V<block>_top, -DVTOP_H="V<block>_top.h",
// -DGLUE_H="<glue from portgen>" and -DRTL_BLOCK/-DRTL_TAG/-DRTL_SCOPE strings.
// Cycle: eval() settles outputs with clk low; tick() dumps the low phase, raises the
// clock (posedge), dumps the high phase. 10 time units per cycle, posedge at 10*c+5.
#include <cstdlib>
#include <cstring>
#include <vector>

#include "verilated.h"
#include "verilated_fst_c.h"
#include "verilated_save.h"

#include VTOP_H
#include "rtl_model.h"
#include GLUE_H

struct rtl_model {
    VerilatedContext *ctx;
    VTOP *top;
    VerilatedFstC *tfp;
    uint64_t cycle;
    glue_in last_in;  // inputs of the last eval(), already settled in the model
    bool settled;     // the model holds last_in with the clock low
};

namespace {

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

rtl_model *create() {
    rtl_model *m = new rtl_model;
    m->ctx = new VerilatedContext;
    m->ctx->traceEverOn(true);
    m->top = new VTOP(m->ctx, "");
    m->tfp = nullptr;
    m->cycle = 0;
    m->settled = false;
    m->top->clk_i = 0;
    return m;
}

void trace_close(rtl_model *m) {
    if (m->tfp) {
        m->tfp->close();
        delete m->tfp;
        m->tfp = nullptr;
    }
}

void destroy(rtl_model *m) {
    trace_close(m);
    m->top->final();
    delete m->top;
    delete m->ctx;
    delete m;
}

void eval(rtl_model *m, const void *in, void *out) {
    glue_set_inputs(m->top, static_cast<const glue_in *>(in));
    m->top->clk_i = 0;
    m->top->eval();
    glue_get_outputs(m->top, static_cast<glue_out *>(out));
    std::memcpy(&m->last_in, in, sizeof m->last_in);
    m->settled = true;
}

// Settle the clock-low phase with `in` (the usual cycle is eval(in) then tick(in): then it
// is settled already) and dump it.
void low_phase(rtl_model *m, const void *in) {
    if (!m->settled || std::memcmp(&m->last_in, in, sizeof m->last_in)) {
        glue_set_inputs(m->top, static_cast<const glue_in *>(in));
        m->top->clk_i = 0;
        m->top->eval();
    }
    m->settled = false;
    if (m->tfp) m->tfp->dump(static_cast<uint64_t>(10 * m->cycle));
}

void tick(rtl_model *m, const void *in) {
    low_phase(m, in);
    m->top->clk_i = 1;
    m->top->eval();
    if (m->tfp) m->tfp->dump(static_cast<uint64_t>(10 * m->cycle + 5));
    m->top->clk_i = 0;
    m->cycle++;
}

void tick_post(rtl_model *m, const void *in, const void *c_post_out) {
    low_phase(m, in);
    m->top->clk_i = 1;
    m->top->eval();
    // keep the cycle's mismatch flag; only the C values move to their post-edge values
    glue_annotate(m->top, static_cast<const glue_out *>(c_post_out), m->top->mismatch_i);
    m->top->eval();
    if (m->tfp) m->tfp->dump(static_cast<uint64_t>(10 * m->cycle + 5));
    m->top->clk_i = 0;
    m->cycle++;
}

int trace_open(rtl_model *m, const char *path) {
    trace_close(m);
    m->tfp = new VerilatedFstC;
    m->top->trace(m->tfp, 99);
    m->tfp->open(path);
    if (!m->tfp->isOpen()) {
        delete m->tfp;
        m->tfp = nullptr;
        return -1;
    }
    return 0;
}

void annotate(rtl_model *m, const void *c_out, int mismatch) {
    glue_annotate(m->top, static_cast<const glue_out *>(c_out), mismatch);
    m->settled = false;  // the cm_* inputs changed: settle again before dumping
}

int save(rtl_model *m, void **buf, size_t *len) {
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

int restore(rtl_model *m, const void *buf, size_t len) {
    if (len < sizeof(uint64_t)) return -1;
    std::memcpy(&m->cycle, buf, sizeof(uint64_t));
    MemRestore r(static_cast<const uint8_t *>(buf) + sizeof(uint64_t), len - sizeof(uint64_t));
    r >> *m->top;
    m->settled = false;
    return 0;
}

void set_cycle(rtl_model *m, unsigned long long cycle) { m->cycle = cycle; }

const rtl_ops ops = {RTL_BLOCK,   RTL_TAG,  RTL_SCOPE, create,  destroy,  eval,
                     tick,        trace_open, trace_close, annotate, tick_post, save,
                     restore,     set_cycle};

}  // namespace

extern "C" const rtl_ops *const rtl_linked = &ops;
