`default_nettype none
// mrpb: memory request prioritization buffer (seed 000, sections 3 and 6, Table 4).
//
// Sits between the coalescer and the L1 data cache of one SM. Requests are sorted
// into NumQ FIFO queues by a signature (warp id, block id or in-block warp id),
// and one request a cycle is drained, by policy, into an outbound register that
// is offered to the cache. Bit-accurate twin: cmodel/blocks/mrpb/mrpb.c. Ports: cmodel/blocks/mrpb/mrpb_ports.def.
//
// Handshakes (one clock, posedge, synchronous active-high reset):
//   producer  req_valid_i / req_ready_o: a request moves when both are high.
//             req_ready_o is low for a full target queue, and (Flush=1) for a write
//             whose queue is not yet empty or that cannot enter the outbound register.
//   cache     out_valid_o holds the outbound register; the cache answers in the same
//             cycle with cache_accept_i, or refuses with a stall kind cache_stall_i
//             (0 other, 1 associativity, 2 MSHR full, 3 merge full, 4 miss queue full).
//   bypass    a refused read whose stall kind matches Bypass (1: any non-zero kind,
//             2: associativity only) leaves by the bypass path if byp_ready_i;
//             bypass_o says so. Writes never bypass.
//
// Drain selection, in priority order (Flush=1 adds the first two):
//   1. a write waits on a non-empty queue            -> drain that queue (why=3)
//   2. a read is refused by its full queue           -> drain that queue (why=2)
//   3. Greedy=1 and the last drained queue has a visible entry -> it again (why=1)
//   4. the base policy (why=0): fixed order (lowest queue), round-robin (first
//      queue above the last drained one), longest-first (largest length, lowest id)
// (1) and (2) apply only when the target queue has a visible entry; otherwise the
// policy decides. A write that finds its queue empty passes straight into the
// outbound register (wpass_o) and takes precedence over any drain that cycle.
//
// Latency: a request taken in cycle t is written into storage at once but becomes
// visible to the drain selector only after a delay line of Latency-2 stages, so
// with empty queues it is offered to the cache in cycle t+Latency.
//   Latency=3: t taken; t+1 in the delay stage; t+2 visible, drained; t+3 out_valid_o.
//
// Pipe=1 (docs/timing/mrpb.md): the drain takes three stages, A select (the decision,
// drain_*_o), B head-pointer read (sel_*_q), C array read into the outbound register
// (rd_*_q), and the array's write port is registered (wr_*_q, written a cycle after the
// request is taken). The delay line is two stages shorter (Latency-4, so Latency >= 5),
// so an entry taken at t is still offered at t+Latency. A queue's visible count drops
// when its entry leaves B, its length when it leaves C (len counts the drain pipe);
// the selector does not count an entry whose only visible entry sits in B. A write
// passes only when C is empty (the older drained read goes first).
module mrpb #(
    parameter integer NumQ    = 48,  // queues, 1..64
    parameter integer Sig     = 0,   // 0 warp id, 1 block id, 2 in-block warp id
    parameter integer Depth   = 8,   // entries per queue, 1..32
    parameter integer Drain   = 0,   // 0 fixed order, 1 round-robin, 2 longest-first
    parameter integer Greedy  = 0,   // 1: keep draining the last queue while it can
    parameter integer Flush   = 1,   // flush option: writes flush and are not stored
    parameter integer Latency = 5,   // enqueue-to-dequeue latency, 3..18
    parameter integer Bypass  = 2,   // 0 off, 1 on all stalls, 2 on associativity stalls
    parameter integer AddrW   = 32,  // line address bits
    parameter integer PcW     = 32,  // PC bits
    parameter integer TagW    = 8,   // producer tag bits
    parameter integer Pipe    = 0    // 0 single-cycle drain, 1 three-stage drain (A/B/C)
) (
    input wire clk_i,
    input wire rst_i,

    // request from the coalescer
    input  wire             req_valid_i,
    input  wire             req_write_i,
    input  wire [AddrW-1:0] req_addr_i,
    input  wire [      5:0] req_warp_i,
    input  wire [      2:0] req_block_i,
    input  wire [      4:0] req_inblk_i,
    input  wire [      4:0] req_lane_i,
    input  wire [  PcW-1:0] req_pc_i,
    input  wire [ TagW-1:0] req_tag_i,
    output wire             req_ready_o,

    // outbound request to the L1, and the L1's same-cycle answer
    output wire             out_valid_o,
    output wire             out_write_o,
    output wire [AddrW-1:0] out_addr_o,
    output wire [      5:0] out_warp_o,
    output wire [      2:0] out_block_o,
    output wire [      4:0] out_inblk_o,
    output wire [      4:0] out_lane_o,
    output wire [  PcW-1:0] out_pc_o,
    output wire [ TagW-1:0] out_tag_o,
    input  wire             cache_accept_i,
    input  wire [      2:0] cache_stall_i,
    input  wire             byp_ready_i,
    output wire             bypass_o,

    // drain selector and flush state (observability)
    output wire                                           drain_valid_o,
    output wire [          ((NumQ > 1) ? $clog2(NumQ) : 1)-1:0] drain_q_o,
    output wire [                                    1:0] drain_why_o,
    output wire                                           wpass_o,
    output wire                                           flush_o,
    output wire [NumQ*$clog2(Depth+1)-1:0]                qlen_o
);
  localparam integer QW = (NumQ > 1) ? $clog2(NumQ) : 1;
  localparam integer LenW = $clog2(Depth + 1);
  localparam integer PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  localparam integer Stages = (Pipe != 0) ? Latency - 4 : Latency - 2;
  localparam integer EntW = 1 + AddrW + 6 + 3 + 5 + 5 + PcW + TagW;
  localparam [6:0] NumQ7 = NumQ[6:0];
  localparam [LenW-1:0] DepthL = Depth[LenW-1:0];
  localparam integer LastQI = NumQ - 1;
  localparam [QW-1:0] LastQ = LastQI[QW-1:0];

  // ---- parameter checks: an illegal value fails elaboration naming the parameter
  generate
    if (NumQ < 1 || NumQ > 64) begin : g_bad_numq
      mrpb_parameter_NumQ_out_of_range_1_to_64 u_err ();
    end
    if (Sig < 0 || Sig > 2) begin : g_bad_sig
      mrpb_parameter_Sig_out_of_range_0_to_2 u_err ();
    end
    if (Depth < 1 || Depth > 32) begin : g_bad_depth
      mrpb_parameter_Depth_out_of_range_1_to_32 u_err ();
    end
    if (Drain < 0 || Drain > 2) begin : g_bad_drain
      mrpb_parameter_Drain_out_of_range_0_to_2 u_err ();
    end
    if (Latency < 3 || Latency > 18) begin : g_bad_latency
      mrpb_parameter_Latency_out_of_range_3_to_18 u_err ();
    end
    if (Bypass < 0 || Bypass > 2) begin : g_bad_bypass
      mrpb_parameter_Bypass_out_of_range_0_to_2 u_err ();
    end
    if (Pipe < 0 || Pipe > 1) begin : g_bad_pipe
      mrpb_parameter_Pipe_out_of_range_0_to_1 u_err ();
    end
    if (Pipe != 0 && Latency < 5) begin : g_bad_pipe_latency
      mrpb_parameter_Pipe_1_needs_Latency_5_or_more u_err ();
    end
    if (AddrW < 1 || AddrW > 64 || PcW < 1 || PcW > 64 || TagW < 1 || TagW > 32) begin : g_bad_w
      mrpb_parameter_width_out_of_range u_err ();
    end
  endgenerate

  // ---- registers
  reg            obuf_valid_q, obuf_valid_d;
  reg [EntW-1:0] obuf_q, obuf_d;
  reg [  QW-1:0] last_q_q, last_q_d;
  reg            last_valid_q, last_valid_d;
  // Pipe=1: drain stage B (selected queue), stage C (array read address), write port
  reg            sel_valid_q, rd_valid_q, wr_valid_q;
  reg [  QW-1:0] sel_q_q, rd_q_q, wr_q_q;
  reg [PtrW-1:0] rd_slot_q, wr_slot_q;
  reg [EntW-1:0] wr_ent_q;
  wire b_move, c_move;  // stage B / C hands its entry on this cycle

  // ---- per-queue length, visible count, head and tail pointers (counter banks)
  wire [NumQ*LenW-1:0] len_flat, vis_flat;
  // the counters' decrements: at the drain (Pipe=0); from stage B (visible count, head
  // pointer) and stage C (length) with Pipe=1
  wire len_dec, vis_dec;
  wire [QW-1:0] len_dec_q, vis_dec_q;
  wire [NumQ-1:0] elig;  // queue has an entry the drain selector may take

  wire enq, drain;
  wire [QW-1:0] sigq, choice;
  wire dly_valid;
  wire [QW-1:0] dly_q;
  wire [LenW-1:0] tgt_len;
  wire [PtrW-1:0] tail_ptr, head_ptr;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [NumQ*PtrW-1:0] tail_flat, head_flat;  // every queue's pointers (the proofs read them)
  /* verilator lint_on UNUSEDSIGNAL */

  ctr_bank #(.Num(NumQ), .Width(LenW), .IdxW(QW)) u_len (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(enq), .inc_idx_i(sigq), .dec_i(len_dec),
      .dec_idx_i(len_dec_q), .rd_idx_i(sigq), .rd_o(tgt_len), .count_o(len_flat)
  );
  /* verilator lint_off PINCONNECTEMPTY */
  ctr_bank #(.Num(NumQ), .Width(LenW), .IdxW(QW)) u_vis (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(dly_valid), .inc_idx_i(dly_q), .dec_i(vis_dec),
      .dec_idx_i(vis_dec_q), .rd_idx_i(sigq), .rd_o(), .count_o(vis_flat)
  );
  ctr_bank #(.Num(NumQ), .Width(PtrW), .Modulus(Depth), .IdxW(QW)) u_tail (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(enq), .inc_idx_i(sigq), .dec_i(1'b0),
      .dec_idx_i(sigq), .rd_idx_i(sigq), .rd_o(tail_ptr), .count_o(tail_flat)
  );
  ctr_bank #(.Num(NumQ), .Width(PtrW), .Modulus(Depth), .IdxW(QW)) u_head (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(vis_dec), .inc_idx_i(vis_dec_q), .dec_i(1'b0),
      .dec_idx_i(vis_dec_q), .rd_idx_i(vis_dec_q), .rd_o(head_ptr), .count_o(head_flat)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  genvar gq;
  generate
    for (gq = 0; gq < NumQ; gq = gq + 1) begin : g_elig
      // Pipe=1: a queue whose one visible entry is in stage B (its decrement pending) is
      // not eligible
      wire vis_one = (vis_flat[gq*LenW+:LenW] == {{(LenW - 1) {1'b0}}, 1'b1});
      localparam integer GI = gq;
      localparam [QW-1:0] GQ = GI[QW-1:0];
      wire in_b = (Pipe != 0) & sel_valid_q & (sel_q_q == GQ);
      assign elig[gq] = |vis_flat[gq*LenW+:LenW] & ~(in_b & vis_one);
    end
  endgenerate

  // ---- queue selector: the signature picks the queue; out-of-range is never taken
  wire [5:0] sig_full = (Sig == 0) ? req_warp_i :
                        (Sig == 1) ? {3'b000, req_block_i} : {1'b0, req_inblk_i};
  wire rq = req_valid_i & ~rst_i & ({1'b0, sig_full} < NumQ7);
  assign sigq = rq ? sig_full[QW-1:0] : {QW{1'b0}};
  wire is_wr = rq & req_write_i;
  wire tgt_empty = (tgt_len == {LenW{1'b0}});
  wire tgt_full = (tgt_len == DepthL);
  wire tgt_vis = elig[sigq];

  // ---- outbound register: taken by the cache or by the bypass path
  wire obuf_write = obuf_q[EntW-1];
  wire byp_match = (Bypass == 1) ? (cache_stall_i != 3'd0) :
                   (Bypass == 2) ? (cache_stall_i == 3'd1) : 1'b0;
  wire bypass = obuf_valid_q & ~rst_i & ~obuf_write & ~cache_accept_i & byp_ready_i & byp_match;
  wire take = obuf_valid_q & ~rst_i & (cache_accept_i | bypass);
  wire load_ok = ~obuf_valid_q | take;
  // Pipe=1: stage C loads the outbound register when it can; B moves when C is free
  wire c_free = ~rd_valid_q | load_ok;
  wire b_free = ~sel_valid_q | c_free;
  assign c_move = (Pipe != 0) & rd_valid_q & load_ok;
  assign b_move = (Pipe != 0) & sel_valid_q & c_free;

  // ---- producer handshake and flush
  wire wpass = (Flush != 0) & is_wr & tgt_empty & load_ok & ~((Pipe != 0) & rd_valid_q);
  wire flush = (Flush != 0) & is_wr & ~tgt_empty;
  wire req_ready = ((Flush != 0) & is_wr) ? wpass : (rq & ~tgt_full);
  assign enq = req_ready & ~wpass;

  // ---- drain selector
  wire [QW-1:0] pol_idx;
  wire pol_valid;
  generate
    if (Drain == 1) begin : g_rr
      rr_arb #(.Width(NumQ), .IdxW(QW)) u_pol (
          .req_i(elig), .last_i(last_q_q), .idx_o(pol_idx), .valid_o(pol_valid)
      );
    end else if (Drain == 2) begin : g_longest
      max_sel #(.Num(NumQ), .ValW(LenW), .IdxW(QW)) u_pol (
          .valid_i(elig), .val_i(len_flat), .idx_o(pol_idx), .valid_o(pol_valid)
      );
    end else begin : g_fixed
      prio_enc #(.Width(NumQ), .IdxW(QW)) u_pol (
          .req_i(elig), .idx_o(pol_idx), .valid_o(pol_valid)
      );
    end
  endgenerate

  wire prio = (Flush != 0) & (flush | (rq & ~is_wr & tgt_full)) & tgt_vis;
  wire hold = (Greedy != 0) & last_valid_q & elig[last_q_q];
  assign drain = ((Pipe != 0) ? b_free : load_ok) & ~wpass & pol_valid & ~rst_i;
  wire [QW-1:0] pick = prio ? sigq : hold ? last_q_q : pol_idx;
  wire [1:0] why = prio ? (flush ? 2'd3 : 2'd2) : hold ? 2'd1 : 2'd0;
  assign choice = drain ? pick : {QW{1'b0}};

  // ---- storage and visibility delay line
  wire [EntW-1:0] req_ent = {req_write_i, req_addr_i, req_warp_i, req_block_i, req_inblk_i,
                             req_lane_i, req_pc_i, req_tag_i};
  wire [EntW-1:0] head_ent;
  assign len_dec = (Pipe != 0) ? c_move : drain;
  assign len_dec_q = (Pipe != 0) ? rd_q_q : choice;
  assign vis_dec = (Pipe != 0) ? b_move : drain;
  assign vis_dec_q = (Pipe != 0) ? sel_q_q : choice;
  wire st_we = (Pipe != 0) ? wr_valid_q : enq;
  wire [QW-1:0] st_wq = (Pipe != 0) ? wr_q_q : sigq;
  wire [PtrW-1:0] st_wslot = (Pipe != 0) ? wr_slot_q : tail_ptr;
  wire [EntW-1:0] st_wdata = (Pipe != 0) ? wr_ent_q : req_ent;
  wire [QW-1:0] st_rq = (Pipe != 0) ? rd_q_q : choice;
  wire [PtrW-1:0] st_rslot = (Pipe != 0) ? rd_slot_q : head_ptr;
  mq_store #(.NumQ(NumQ), .Depth(Depth), .Width(EntW), .QW(QW), .PtrW(PtrW)) u_store (
      .clk_i(clk_i), .we_i(st_we), .wq_i(st_wq), .wslot_i(st_wslot), .wdata_i(st_wdata),
      .rq_i(st_rq), .rslot_i(st_rslot), .rdata_o(head_ent)
  );
  delay_line #(.Stages(Stages), .Width(QW)) u_dly (
      .clk_i(clk_i), .rst_i(rst_i), .valid_i(enq), .data_i(sigq), .valid_o(dly_valid), .data_o(dly_q)
  );

  // ---- next state
  always @* begin
    obuf_valid_d = obuf_valid_q;
    obuf_d = obuf_q;
    last_q_d = last_q_q;
    last_valid_d = last_valid_q;
    if (drain) begin
      last_q_d = pick;
      last_valid_d = 1'b1;
    end
    if ((Pipe != 0) ? c_move : drain) begin
      obuf_valid_d = 1'b1;
      obuf_d = head_ent;
    end else if (wpass) begin
      obuf_valid_d = 1'b1;
      obuf_d = req_ent;
    end else if (take) begin
      obuf_valid_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      obuf_valid_q <= 1'b0;
      obuf_q <= {EntW{1'b0}};
      last_q_q <= LastQ;
      last_valid_q <= 1'b0;
    end else begin
      obuf_valid_q <= obuf_valid_d;
      obuf_q <= obuf_d;
      last_q_q <= last_q_d;
      last_valid_q <= last_valid_d;
    end
  end

  // ---- Pipe=1 registers: stage B takes the selector's decision, stage C the array
  // address (queue, head slot), the write port the request taken this cycle
  always @(posedge clk_i) begin
    if (rst_i || Pipe == 0) begin
      sel_valid_q <= 1'b0;
      sel_q_q <= {QW{1'b0}};
      rd_valid_q <= 1'b0;
      rd_q_q <= {QW{1'b0}};
      rd_slot_q <= {PtrW{1'b0}};
    end else begin
      if (b_free) begin
        sel_valid_q <= drain;
        sel_q_q <= choice;
      end
      if (c_free) begin
        rd_valid_q <= sel_valid_q;
        rd_q_q <= sel_q_q;
        rd_slot_q <= sel_valid_q ? head_ptr : {PtrW{1'b0}};
      end
    end
  end
  // the write port's valid bit has no reset branch (enq is 0 in a reset cycle, so it is 0
  // after one all the same): with a reset it would be the same flop as the delay line's
  // first stage, which Yosys merges, and the merged flop then drives both the array's
  // write enable and the visible-count bank (docs/timing/mrpb.md)
  always @(posedge clk_i) begin
    wr_valid_q <= (Pipe != 0) & enq;
    wr_q_q <= sigq;
    wr_slot_q <= tail_ptr;
    wr_ent_q <= req_ent;
  end

  // ---- outputs
  assign req_ready_o = req_ready;
  assign out_valid_o = obuf_valid_q & ~rst_i;
  assign {out_write_o, out_addr_o, out_warp_o, out_block_o, out_inblk_o, out_lane_o, out_pc_o,
          out_tag_o} = obuf_q;
  assign bypass_o = bypass;
  assign drain_valid_o = drain;
  assign drain_q_o = choice;
  assign drain_why_o = drain ? why : 2'd0;
  assign wpass_o = wpass;
  assign flush_o = flush;
  assign qlen_o = len_flat;

`ifdef FORMAL
  // Proven by `make formal` (bounded from reset and k-induction, tb/blocks/mrpb/manifest.sh
  // FORMAL_PROOFS): the run starts in reset.
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);
  // a shadow of the visibility delay line (enqueue and queue, Stages cycles): its
  // output must be the real one's, and a queue's invisible entries (length - visible)
  // are exactly its entries in flight (this makes the induction go through)
  reg [Stages-1:0] f_sv;
  reg [Stages*QW-1:0] f_sq;
  integer fs;
  always @(posedge clk_i) begin
    for (fs = Stages - 1; fs > 0; fs = fs - 1) begin
      f_sv[fs] <= f_sv[fs-1];
      f_sq[fs*QW+:QW] <= f_sq[(fs-1)*QW+:QW];
    end
    f_sv[0] <= enq;
    f_sq[0+:QW] <= sigq;
    if (rst_i) f_sv <= {Stages{1'b0}};
  end
  integer fq;
  reg [31:0] f_wrap, f_fly, f_inc;
  always @* begin
    if (f_past_valid && !rst_i) begin
      assert (dly_valid == f_sv[Stages-1]);
      if (dly_valid) assert (dly_q == f_sq[(Stages-1)*QW+:QW]);
      for (fq = 0; fq < NumQ; fq = fq + 1) begin
        f_fly = 0;
        for (fs = 0; fs < Stages; fs = fs + 1)
          if (f_sv[fs] && f_sq[fs*QW+:QW] == fq) f_fly = f_fly + 1;
        // Pipe=1: the length also counts the entry in stage C (the one in B is still
        // counted as visible)
        f_inc = (rd_valid_q && rd_q_q == fq) ? 1 : 0;
        assert ({{(32 - LenW) {1'b0}}, len_flat[fq*LenW+:LenW]} ==
                {{(32 - LenW) {1'b0}}, vis_flat[fq*LenW+:LenW]} + f_fly + f_inc);
        // no queue overflows: it never holds more than Depth entries, never shows more
        // than it holds
        assert (len_flat[fq*LenW+:LenW] <= DepthL);
        assert (vis_flat[fq*LenW+:LenW] <= len_flat[fq*LenW+:LenW]);
        // pointers and length agree: tail = head + length (mod Depth), both in 0..Depth-1
        assert ({1'b0, head_flat[fq*PtrW+:PtrW]} < Depth);
        assert ({1'b0, tail_flat[fq*PtrW+:PtrW]} < Depth);
        f_wrap = {{(32 - PtrW) {1'b0}}, head_flat[fq*PtrW+:PtrW]} + {{(32 - LenW) {1'b0}}, len_flat[fq*LenW+:LenW]} - f_inc;
        if (f_wrap >= Depth) f_wrap = f_wrap - Depth;
        assert (f_wrap == {{(32 - PtrW) {1'b0}}, tail_flat[fq*PtrW+:PtrW]});
      end
      // no overflow or underflow at the ports: an enqueue finds room, a drain takes a
      // visible entry (so the queue is not empty)
      if (enq) assert (tgt_len < DepthL);
      if (drain) assert (elig[choice]);
      // Pipe=1: the stage registers are zero when empty; B holds a queue with a visible
      // entry; C reads the slot just behind its queue's head (B may hold the next one)
      if (Pipe == 0) assert (!sel_valid_q && !rd_valid_q && !wr_valid_q);
      if (!sel_valid_q) assert (sel_q_q == {QW{1'b0}});
      if (!rd_valid_q) assert (rd_q_q == {QW{1'b0}} && rd_slot_q == {PtrW{1'b0}});
      if (sel_valid_q) assert (sel_q_q < NumQ && vis_flat[sel_q_q*LenW+:LenW] != {LenW{1'b0}});
      if (rd_valid_q) begin
        assert (rd_q_q < NumQ && len_flat[rd_q_q*LenW+:LenW] != {LenW{1'b0}});
        f_wrap = {{(32 - PtrW) {1'b0}}, rd_slot_q} + 1;
        if (f_wrap >= Depth) f_wrap = f_wrap - Depth;
        assert (f_wrap == {{(32 - PtrW) {1'b0}}, head_flat[rd_q_q*PtrW+:PtrW]});
      end
      // one load of the outbound register a cycle (Pipe=1: stage C or a passing write)
      assert (!(wpass && c_move));
      // one load of the outbound register a cycle: a write passing through or a drain
      assert (!(wpass && drain));
      // flush priority: the producer's queue first (a flush, why 3; a full queue, why 2),
      // then the greedy hold (why 1), then the policy (why 0)
      if (drain && prio) assert (choice == sigq && drain_why_o == (flush ? 2'd3 : 2'd2));
      if (drain && !prio && hold) assert (choice == last_q_q && drain_why_o == 2'd1);
      if (drain && !prio && !hold) assert (choice == pol_idx && drain_why_o == 2'd0);
      // a flush is a write to a non-empty queue; a write passes only an empty one
      if (flush) assert (req_write_i && !tgt_empty && !req_ready_o);
      if (wpass) assert (tgt_empty && req_ready_o);
      // the bypass takes only a read the cache refused
      if (bypass_o) assert (out_valid_o && !out_write_o && !cache_accept_i);
    end
  end
`endif
endmodule
`default_nettype wire
