`default_nettype none
// memsched: memory request scheduling queue (seed 003, Choo, chapter 6, Figures 6.3, 6.4).
//
// One per SM, between the memory stage and the L1 data cache. The memory stage offers
// one coalesced line request a cycle; it goes into the FIFO slot of its warp (one slot
// per warp, Depth requests each). Each cycle the heads of up to K non-empty slots are
// offered to the L1 as candidates (K cache probe units); the L1 answers for each in the
// same cycle, and one candidate is served (dequeued). Bit-accurate twin:
// cmodel/blocks/memsched/memsched.c. Ports: cmodel/blocks/memsched/memsched_ports.def.
//
// One clock, posedge, synchronous active-high reset.
//   enqueue    req_ready_o = req_valid_i and the warp's slot is not full (a full slot
//              backs the warp up: the memory stage retries next cycle). A request taken
//              in cycle t can be a candidate from cycle t+1.
//   candidates from the registered counts only (not from the probe answers): the first
//              K non-empty slots looking from `start` upwards and wrapping, where
//              start = 0 for Policy=fixed (slot i only when 0..i-1 are empty, the
//              next ones as yield candidates) and the round-robin pointer otherwise.
//   pick       Policy=grr: the first candidate that hits, else the first the L1 takes;
//              fixed and rr: the first the L1 takes (a refused candidate yields to the
//              next, Figure 6.3). None taken: stall_o, nothing dequeued.
//   pointer    rr: past the served slot, else past the last candidate; grr: past the
//              last candidate (the next group is probed next cycle) whenever there are
//              candidates; fixed: stays 0.
// Example, Slots=16, K=4, grr, non-empty slots {1,2,5,9,12}, pointer 3: candidates
// 5, 9, 12, 1; hits on 9 and 1 -> 9 served, pointer 2 (past slot 1).
module memsched #(
    parameter integer Slots  = 48,  // slots (one per warp), 2..64
    parameter integer Depth  = 32,  // requests per slot, 1..64
    parameter integer Policy = 2,   // 0 fixed, 1 round-robin, 2 grouped round-robin
    parameter integer K      = 4,   // candidates probed per cycle, 1..8, <= Slots
    parameter integer LineW  = 32,  // line address bits
    parameter integer SlotW  = 4,   // load-slot bits
    parameter integer Pipe   = 0    // 0 single cycle; 1 the candidate list and its read
                                    // addresses registered a cycle early (docs/timing/memsched.md)
) (
    input wire clk_i,
    input wire rst_i,

    // the memory stage's line request
    input  wire             req_valid_i,
    input  wire             req_write_i,
    input  wire [LineW-1:0] req_line_i,
    input  wire [      5:0] req_warp_i,
    input  wire [SlotW-1:0] req_ld_i,
    output wire             req_ready_o,
    output wire             full_o,

    // candidates (candidate j at [j*w +: w]) and the L1's answers
    output wire [          K-1:0] cand_valid_o,
    output wire [K*((Slots > 1) ? $clog2(Slots) : 1)-1:0] cand_slot_o,
    output wire [          K-1:0] cand_write_o,
    output wire [    K*LineW-1:0] cand_line_o,
    output wire [    K*SlotW-1:0] cand_ld_o,
    input  wire [          K-1:0] probe_acc_i,
    input  wire [          K-1:0] probe_hit_i,

    // the pick
    output wire                                   pick_valid_o,
    output wire [((K > 1) ? $clog2(K) : 1)-1:0]   pick_idx_o,
    output wire [((Slots > 1) ? $clog2(Slots) : 1)-1:0] pick_slot_o,
    output wire                                   pick_hit_o,
    output wire                                   stall_o
);
  localparam integer QW = (Slots > 1) ? $clog2(Slots) : 1;
  localparam integer KW = (K > 1) ? $clog2(K) : 1;
  localparam integer CntW = $clog2(Depth + 1);
  localparam integer PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  localparam integer EntW = 1 + LineW + SlotW;  // {write, line, load slot}
  localparam [6:0] Slots7 = Slots[6:0];
  localparam [QW:0] SlotsW = Slots[QW:0];  // Slots <= 2**QW: fits in QW+1 bits
  localparam [CntW-1:0] DepthC = Depth[CntW-1:0];
  localparam integer LastI = Slots - 1;
  localparam [QW-1:0] LastQ = LastI[QW-1:0];

  // ---- parameter checks: an illegal value fails elaboration naming the parameter
  generate
    if (Slots < 2 || Slots > 64) begin : g_bad_slots
      memsched_parameter_Slots_out_of_range_2_to_64 u_err ();
    end
    if (Depth < 1 || Depth > 64) begin : g_bad_depth
      memsched_parameter_Depth_out_of_range_1_to_64 u_err ();
    end
    if (Policy < 0 || Policy > 2) begin : g_bad_policy
      memsched_parameter_Policy_out_of_range_0_to_2 u_err ();
    end
    if (K < 1 || K > 8 || K > Slots) begin : g_bad_k
      memsched_parameter_K_out_of_range_1_to_8_and_at_most_Slots u_err ();
    end
    if (LineW < 1 || LineW > 64 || SlotW < 1 || SlotW > 8) begin : g_bad_w
      memsched_parameter_width_out_of_range u_err ();
    end
    if (Pipe < 0 || Pipe > 1 || (Pipe == 1 && Policy == 1)) begin : g_bad_pipe
      memsched_parameter_Pipe_out_of_range_0_to_1_and_not_with_Policy_rr u_err ();
    end
  endgenerate

  // ---- registers: the round-robin pointer; per-slot count, head and tail (counter banks)
  /* verilator lint_off UNUSEDSIGNAL */
  reg [QW-1:0] ptr_q, ptr_d;  // (Pipe=1: ptr_d is not used, ptr_q is only the state probe)
  /* verilator lint_on UNUSEDSIGNAL */

  wire enq, pick_v;
  wire [QW-1:0] wq, pick_slot;
  wire [CntW-1:0] tgt_cnt;
  wire [PtrW-1:0] tail_ptr;
  wire [Slots*CntW-1:0] cnt_flat;
  wire [Slots*PtrW-1:0] head_flat;

  /* verilator lint_off PINCONNECTEMPTY */
  ctr_bank #(.Num(Slots), .Width(CntW), .IdxW(QW)) u_cnt (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(enq), .inc_idx_i(wq), .dec_i(pick_v),
      .dec_idx_i(pick_slot), .rd_idx_i(wq), .rd_o(tgt_cnt), .count_o(cnt_flat)
  );
`ifdef FORMAL
  wire [Slots*PtrW-1:0] f_tail_flat;  // every tail pointer, for the properties below
`endif
  ctr_bank #(.Num(Slots), .Width(PtrW), .Modulus(Depth), .IdxW(QW)) u_tail (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(enq), .inc_idx_i(wq), .dec_i(1'b0),
      .dec_idx_i(wq), .rd_idx_i(wq), .rd_o(tail_ptr),
`ifdef FORMAL
      .count_o(f_tail_flat)
`else
      .count_o()
`endif
  );
  ctr_bank #(.Num(Slots), .Width(PtrW), .Modulus(Depth), .IdxW(QW)) u_head (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(pick_v), .inc_idx_i(pick_slot), .dec_i(1'b0),
      .dec_idx_i(pick_slot), .rd_idx_i(pick_slot), .rd_o(), .count_o(head_flat)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // ---- enqueue: slot = warp id; out-of-range warps and full slots are not taken
  wire in_range = {1'b0, req_warp_i} < Slots7;
  assign wq = in_range ? req_warp_i[QW-1:0] : {QW{1'b0}};
  wire offered = req_valid_i & ~rst_i & in_range;
  wire tgt_full = tgt_cnt == DepthC;
  assign enq = offered & ~tgt_full;

  // ---- candidates: the first K non-empty slots from `start`, wrapping
  wire [Slots-1:0] nonempty;
  genvar gq;
  generate
    for (gq = 0; gq < Slots; gq = gq + 1) begin : g_ne
      assign nonempty[gq] = |cnt_flat[gq*CntW+:CntW];
    end
  endgenerate
  wire [QW-1:0] start = (Policy == 0) ? {QW{1'b0}} : ptr_q;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [2*Slots-1:0] twice = {nonempty, nonempty} >> start;  // (the upper half is not used)
  /* verilator lint_on UNUSEDSIGNAL */
  wire [Slots-1:0] rot = twice[Slots-1:0];  // rot[i]: slot start+i (mod Slots) is non-empty

  // candidate j: the lowest set bit of rot after clearing the j lowest ones
  wire [K-1:0] cv;        // candidate j exists
  wire [K*QW-1:0] cslot;  // its slot (0 when it does not exist)
  genvar gj;
  generate
    for (gj = 0; gj < K; gj = gj + 1) begin : g_cand
      wire [Slots-1:0] r;  // rot with the first gj non-empty positions cleared
      if (gj == 0) begin : g_first
        assign r = rot;
      end else begin : g_next
        assign r = g_cand[gj-1].r & (g_cand[gj-1].r - 1'b1);  // clear the lowest set bit
      end
      wire [QW-1:0] p;
      wire v;
      prio_enc #(.Width(Slots), .IdxW(QW)) u_first (.req_i(r), .idx_o(p), .valid_o(v));
      assign cv[gj] = v & ~rst_i;
      // slot = (start + p) mod Slots
      wire [QW:0] sum = {1'b0, start} + {1'b0, p};
      /* verilator lint_off UNUSEDSIGNAL */
      wire [QW:0] over = sum - SlotsW;  // (its top bit is not used)
      /* verilator lint_on UNUSEDSIGNAL */
      assign cslot[gj*QW+:QW] = ~cv[gj] ? {QW{1'b0}} : (sum >= SlotsW) ? over[QW-1:0] : sum[QW-1:0];
    end
  endgenerate


  // ---- the candidates shown this cycle: Pipe=0 the list just found; Pipe=1 the list
  // found a cycle earlier (registered), less any slot the previous cycle's pick emptied
  wire [K-1:0] cv_s;
  wire [K*QW-1:0] cslot_s;
  /* verilator lint_off UNUSEDSIGNAL */
  /* verilator lint_off UNDRIVEN */
  reg [K-1:0] cq_v_q;           // Pipe=1: list entry j was found
  reg [K*QW-1:0] cq_slot_q;     // its slot
  reg [K*PtrW-1:0] cq_head_q;   // the slot's head pointer in the cycle the list is shown
  reg [Slots-1:0] smask_q;      // slots >= the next search's start (0: start 0)
  /* verilator lint_on UNDRIVEN */
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (Pipe == 0) begin : g_show0
      assign cv_s = cv;
      assign cslot_s = cslot;
    end else begin : g_show1
      for (gj = 0; gj < K; gj = gj + 1) begin : g_kill
        wire [QW-1:0] q = cq_slot_q[gj*QW+:QW];
        assign cv_s[gj] = cq_v_q[gj] & nonempty[q] & ~rst_i;
        assign cslot_s[gj*QW+:QW] = cv_s[gj] ? q : {QW{1'b0}};
      end
      // the next list: the first K non-empty slots in the order smask gives (slots in
      // smask first, then the others, each ascending) = from the pointer, wrapping. A
      // parallel search: x lists the slots in that order, pin[i] counts the set bits of
      // x[0..i] (a thermometer saturating at K: bit c = at least c+1), candidate j is
      // the set bit of x with j set bits before it.
      localparam integer N2 = 2 * Slots;
      wire [Slots-1:0] m = (Policy == 0) ? {Slots{1'b1}} : smask_q;
      wire [N2-1:0] x = {nonempty & ~m, nonempty & m};
      reg [N2*K-1:0] pin, pnx;
      integer i, l, c, u;
      always @* begin
        for (i = 0; i < N2; i = i + 1) pin[i*K+:K] = {{(K - 1) {1'b0}}, x[i]};
        for (l = 1; l < N2; l = l * 2) begin
          pnx = pin;
          for (i = l; i < N2; i = i + 1)
            for (c = 0; c < K; c = c + 1) begin
              pnx[i*K+c] = pin[i*K+c] | pin[(i-l)*K+c];
              for (u = 0; u < c; u = u + 1) pnx[i*K+c] = pnx[i*K+c] | (pin[i*K+u] & pin[(i-l)*K+c-1-u]);
            end
          pin = pnx;
        end
      end
      // exclusive count at position i (0 at i = 0)
      wire [N2*K-1:0] pex = {pin[(N2-1)*K-1:0], {K{1'b0}}};
      wire [K-1:0] tot = pin[(N2-1)*K+:K];  // min(K, non-empty slots): the list's length
      wire [K*Slots-1:0] oh;    // candidate j one-hot over the slots
      wire [K*QW-1:0] fslot;    // its slot
      wire [K*PtrW-1:0] fhead;  // its head pointer now
      wire [K-1:0] fv;
      genvar gi;
      for (gj = 0; gj < K; gj = gj + 1) begin : g_find
        wire [N2-1:0] o;
        for (gi = 0; gi < N2; gi = gi + 1) begin : g_o
          /* verilator lint_off UNUSEDSIGNAL */
          wire [K-1:0] e = pex[gi*K+:K];
          /* verilator lint_on UNUSEDSIGNAL */
          if (gj == 0) begin : g_z
            assign o[gi] = x[gi] & ~e[0];
          end else begin : g_nz
            assign o[gi] = x[gi] & e[gj-1] & ~e[gj];
          end
        end
        assign oh[gj*Slots+:Slots] = o[Slots-1:0] | o[N2-1:Slots];
        reg [QW-1:0] sl;
        reg [PtrW-1:0] hd;
        integer k2;
        always @* begin
          sl = {QW{1'b0}};
          hd = {PtrW{1'b0}};
          for (k2 = 0; k2 < Slots; k2 = k2 + 1)
            if (oh[gj*Slots+k2]) begin
              sl = sl | k2[QW-1:0];
              hd = hd | head_flat[k2*PtrW+:PtrW];
            end
        end
        assign fslot[gj*QW+:QW] = sl;
        assign fhead[gj*PtrW+:PtrW] = hd;
        assign fv[gj] = tot[gj];
      end
      // the next start: past the list's last candidate. For a slot s, s > last exactly
      // when the exclusive count at s's place in x reaches the list's length (in the
      // first half when the last candidate is there, else in the second)
      wire [Slots-1:0] mnext;
      wire last_hi = ~(&(pex[Slots*K+:K] | ~tot));  // fewer than tot candidates in the first half
      for (gi = 0; gi < Slots; gi = gi + 1) begin : g_mn
        wire lo_ge = &(pex[gi*K+:K] | ~tot);
        wire hi_ge = &(pex[(Slots+gi)*K+:K] | ~tot);
        assign mnext[gi] = last_hi ? hi_ge : lo_ge;
      end
      // the pointer register (the state probe): the slot after the last candidate
      reg [QW-1:0] flast;
      integer k3;
      always @* begin
        flast = {QW{1'b0}};
        for (k3 = 0; k3 < K; k3 = k3 + 1) if (fv[k3]) flast = fslot[k3*QW+:QW];
      end
      always @(posedge clk_i) begin
        if (rst_i) begin
          cq_v_q <= {K{1'b0}};
          cq_slot_q <= {(K * QW) {1'b0}};
          cq_head_q <= {(K * PtrW) {1'b0}};
          smask_q <= {Slots{1'b1}};
          ptr_q <= {QW{1'b0}};
        end else begin
          cq_v_q <= fv;
          cq_slot_q <= fslot;
          for (k3 = 0; k3 < K; k3 = k3 + 1)  // this cycle's dequeue moves the head
            cq_head_q[k3*PtrW+:PtrW] <= (fv[k3] && pick_v && pick_slot == fslot[k3*QW+:QW]) ?
                ((fhead[k3*PtrW+:PtrW] == Depth[PtrW-1:0] - 1'b1) ? {PtrW{1'b0}} : fhead[k3*PtrW+:PtrW] + 1'b1)
                : fhead[k3*PtrW+:PtrW];
          if (Policy != 0 && tot[0]) begin
            smask_q <= mnext;
            ptr_q <= (flast == LastQ) ? {QW{1'b0}} : flast + 1'b1;
          end
        end
      end
    end
  endgenerate

  // ---- the candidates' head entries (K read ports of the storage)
  wire [K*PtrW-1:0] rslot;
  wire [K*EntW-1:0] rdata;
  generate
    for (gj = 0; gj < K; gj = gj + 1) begin : g_head
      if (Pipe == 0) begin : g_rd0
        assign rslot[gj*PtrW+:PtrW] = head_flat[cslot[gj*QW+:QW]*PtrW+:PtrW];
      end else begin : g_rd1  // the read address was registered with the list
        assign rslot[gj*PtrW+:PtrW] = cq_head_q[gj*PtrW+:PtrW];
      end
      wire [EntW-1:0] e = cv_s[gj] ? rdata[gj*EntW+:EntW] : {EntW{1'b0}};
      assign cand_write_o[gj] = e[EntW-1];
      assign cand_line_o[gj*LineW+:LineW] = e[SlotW+:LineW];
      assign cand_ld_o[gj*SlotW+:SlotW] = e[0+:SlotW];
    end
  endgenerate
  mq_store #(.NumQ(Slots), .Depth(Depth), .Width(EntW), .Reads(K), .QW(QW), .PtrW(PtrW)) u_store (
      .clk_i(clk_i), .we_i(enq), .wq_i(wq), .wslot_i(tail_ptr),
      .wdata_i({req_write_i, req_line_i, req_ld_i}), .rq_i(cslot_s), .rslot_i(rslot), .rdata_o(rdata)
  );

  // ---- pick: grr the first hit, else the first accepted; fixed and rr the first accepted
  wire [K-1:0] acc = cv_s & probe_acc_i;
  wire [K-1:0] hit = acc & probe_hit_i;
  wire [K-1:0] pool = ((Policy == 2) && (hit != {K{1'b0}})) ? hit : acc;
  wire [KW-1:0] pick_idx;
  prio_enc #(.Width(K), .IdxW(KW)) u_pick (.req_i(pool), .idx_o(pick_idx), .valid_o(pick_v));
  assign pick_slot = pick_v ? cslot_s[pick_idx*QW+:QW] : {QW{1'b0}};

  // ---- round-robin pointer
  reg [QW-1:0] last_slot;  // the last candidate's slot
  integer j;
  always @* begin
    last_slot = {QW{1'b0}};
    for (j = 0; j < K; j = j + 1)
      if (cv[j]) last_slot = cslot[j*QW+:QW];
  end
  function [QW-1:0] after(input [QW-1:0] s);
    after = (s == LastQ) ? {QW{1'b0}} : s + 1'b1;
  endfunction
  always @* begin
    ptr_d = ptr_q;
    if (Policy == 0) ptr_d = {QW{1'b0}};
    else if (Policy == 1 && pick_v) ptr_d = after(pick_slot);
    else if (cv[0]) ptr_d = after(last_slot);
  end
  generate
    if (Pipe == 0) begin : g_ptr0
      always @(posedge clk_i) begin
        if (rst_i) ptr_q <= {QW{1'b0}};
        else ptr_q <= ptr_d;
      end
    end
  endgenerate

  // ---- outputs
  assign req_ready_o = enq;
  assign full_o = offered & tgt_full;
  assign cand_valid_o = cv_s;
  assign cand_slot_o = cslot_s;
  assign pick_valid_o = pick_v;
  assign pick_idx_o = pick_v ? pick_idx : {KW{1'b0}};
  assign pick_slot_o = pick_slot;
  assign pick_hit_o = pick_v & hit[pick_idx];
  wire any_s = (Pipe == 0) ? cv[0] : (cv_s != {K{1'b0}});
  assign stall_o = any_s & (acc == {K{1'b0}});


`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  integer fq, fj, fk;
  reg [7:0] f_sum;  // head + count of a slot, before the wrap
  always @* begin
    if (f_past_valid) begin
      for (fq = 0; fq < Slots; fq = fq + 1) begin
        // a slot never holds more than Depth requests
        assert (cnt_flat[fq*CntW+:CntW] <= DepthC);
        // its head and tail pointers stay inside 0..Depth-1
        assert ({1'b0, head_flat[fq*PtrW+:PtrW]} < Depth[PtrW:0]);
        assert ({1'b0, f_tail_flat[fq*PtrW+:PtrW]} < Depth[PtrW:0]);
        // and the tail is the head plus the count, modulo Depth (the FIFO is consistent)
        f_sum = {{(8 - PtrW) {1'b0}}, head_flat[fq*PtrW+:PtrW]} + {{(8 - CntW) {1'b0}}, cnt_flat[fq*CntW+:CntW]};
        if (f_sum >= Depth) f_sum = f_sum - Depth[7:0];
        assert (f_sum == {{(8 - PtrW) {1'b0}}, f_tail_flat[fq*PtrW+:PtrW]});
      end
      // the round-robin pointer names a slot; the fixed policy keeps it at 0
      assert ({1'b0, ptr_q} < SlotsW);
      if (Policy == 0) assert (ptr_q == {QW{1'b0}});
      // the search: candidates form a thermometer code, there is one whenever a slot is
      // non-empty, each names a distinct non-empty slot (Pipe=0: the list shown)
      if (!rst_i) assert (cv[0] == (nonempty != {Slots{1'b0}}));
      for (fj = 1; fj < K; fj = fj + 1) if (cv[fj]) assert (cv[fj-1]);
      // the list shown: distinct non-empty slots (Pipe=1: a hidden entry leaves a hole)
      for (fj = 0; fj < K; fj = fj + 1) begin
        if (cv_s[fj]) begin
          assert ({1'b0, cslot_s[fj*QW+:QW]} < SlotsW);
          assert (nonempty[cslot_s[fj*QW+:QW]]);
          for (fk = 0; fk < fj; fk = fk + 1) if (cv_s[fk]) assert (cslot_s[fk*QW+:QW] != cslot_s[fj*QW+:QW]);
        end
      end
      if (Pipe == 1) begin
        // the registered list: a thermometer code of distinct slots in range, and each
        // entry's registered read address is its slot's head pointer now (the head bump)
        for (fj = 1; fj < K; fj = fj + 1) if (cq_v_q[fj]) assert (cq_v_q[fj-1]);
        for (fj = 0; fj < K; fj = fj + 1) begin
          if (cq_v_q[fj]) begin
            assert ({1'b0, cq_slot_q[fj*QW+:QW]} < SlotsW);
            assert (cq_head_q[fj*PtrW+:PtrW] == head_flat[cq_slot_q[fj*QW+:QW]*PtrW+:PtrW]);
            for (fk = 0; fk < fj; fk = fk + 1) assert (cq_slot_q[fk*QW+:QW] != cq_slot_q[fj*QW+:QW]);
          end
        end
        // the search start: the slots at or past the pointer (past the last slot: none)
        if (Policy == 0) assert (smask_q == {Slots{1'b1}});
        else assert (smask_q == ({Slots{1'b1}} << ptr_q) || (ptr_q == {QW{1'b0}} && smask_q == {Slots{1'b0}}));
      end
      // the grant: an accepted candidate, of a non-empty slot (no count underflow), the
      // first of its pool (the first hit under grr when one hits); no grant is a stall
      if (pick_v) begin
        assert (cv_s[pick_idx] && probe_acc_i[pick_idx]);
        assert (pick_slot == cslot_s[pick_idx*QW+:QW] && nonempty[pick_slot]);
        if (Policy == 2 && hit != {K{1'b0}}) assert (pick_hit_o);
        for (fj = 0; fj < K; fj = fj + 1) if (fj < pick_idx) assert (!pool[fj]);
      end
      assert (pick_v == (acc != {K{1'b0}}));
      assert (stall_o == (any_s && !pick_v));
    end
  end
  // Steps: a request taken goes to its warp's slot: one more there unless that slot is
  // served in the same cycle
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i) && $past(enq) && !($past(pick_v) && $past(pick_slot) == $past(wq)))
      assert (cnt_flat[$past(wq)*CntW+:CntW] == $past(tgt_cnt) + 1'b1);
  end
`endif
endmodule
`default_nettype wire
