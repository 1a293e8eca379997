`default_nettype none
// laws: the locality aware warp scheduler (LAWS) of seed 001 section IV-A (APRES, ISCA
// 2016): the last-load table (LLT, one last-load PC per warp), the warp-group table
// (WGT, Groups entries of a Warps-bit vector) and the scheduling order of the warps.
//
// The order is an order matrix: one bit per pair i < j, "warp i is ahead of warp j",
// Warps x (Warps - 1) / 2 bits in ahead_q, pairs in the order (0,1), (0,2) .. (1,2) .. The pick is the ready warp
// that no other ready warp is ahead of (greedy: the order changes only by group moves,
// so the head warp keeps issuing while it is ready). A move of a set of warps to the
// head or the tail rewrites only the pairs it separates, all in one cycle, so the
// relative order inside and outside the set stays (docs/deviations.md A1).
//
// Per cycle (one call of a warp scheduler):
//   iss_i: a load issues from iss_warp_i: its group is every warp whose LLT entry equals
//          the issuing warp's; it takes the lowest free WGT entry (none when full) and
//          LLT[iss_warp_i] = iss_pc_i at the edge.
//   fb_i:  the LSU reports WGT entry fb_grp_i's head access: hit moves the group to the
//          head, miss to the tail (fb_vec_o is the group, SAP's warp queue); the entry
//          is freed.
//   pft_i: SAP's prefetch targets move to the head (after the feedback's move).
//   new_i: launched warps get an empty LLT entry (0) and move to the tail (last).
// Pipe = 1 (docs/timing/laws.md): two register stages cut the single-cycle paths.
//   - the issue: iss_q/warp_q/own_q hold the issuing warp and its LLPC (read at the
//     issue, before the LLT write); the next cycle compares own_q with the LLT as it
//     is then, the issuing warp always in its group, and the group takes a WGT entry:
//     grp_ok_o/grp_o/grp_vec_o describe the previous cycle's issue. The LLT write
//     itself stays at the issue's edge.
//   - the order: the cycle's moves (the feedback's group and hit, the targets, the
//     launched warps) are registered in mv_*_q and applied the next cycle in the same
//     order, so ahead_q is the single-cycle form's order one cycle late and the pick
//     sees the order one cycle late. fb_ok_o/fb_vec_o and the WGT entry's release stay
//     in the cycle of the feedback.
// The C model (cmodel/blocks/laws/laws.c) is this, register for register; the port
// list is cmodel/blocks/laws/laws_ports.def; docs/apres.md tells the flow.
module laws #(
    parameter integer Warps  = 48,
    parameter integer PcBits = 32,
    parameter integer Groups = 3,
    parameter integer Pipe   = 0
) (
    input  wire              clk_i,
    input  wire              rst_i,
    // pick
    input  wire [ Warps-1:0] ready_i,
    output wire              pick_ok_o,
    output wire [    WW-1:0] pick_o,
    // load issue: group formation
    input  wire              iss_i,
    input  wire [    WW-1:0] iss_warp_i,
    input  wire [PcBits-1:0] iss_pc_i,
    output wire              grp_ok_o,
    output wire [    GW-1:0] grp_o,
    output wire [ Warps-1:0] grp_vec_o,
    // group moves
    input  wire              fb_i,
    input  wire [    GW-1:0] fb_grp_i,
    input  wire              fb_hit_i,
    output wire              fb_ok_o,
    output wire [ Warps-1:0] fb_vec_o,
    input  wire              pft_i,
    input  wire [ Warps-1:0] pft_vec_i,
    input  wire [ Warps-1:0] new_i
);
  localparam integer WW = $clog2(Warps);  // Warps >= 2
  localparam integer GW = (Groups > 1) ? $clog2(Groups) : 1;
  localparam [WW:0] NumW = Warps[WW:0];
  localparam [GW:0] NumG = Groups[GW:0];
  localparam integer Pairs = Warps * (Warps - 1) / 2;

  generate
    if (Warps < 2 || Warps > 64) begin : g_bad_warps
      laws_parameter_Warps_out_of_range_2_to_64 u_err ();
    end
    if (PcBits < 1 || PcBits > 32) begin : g_bad_pcbits
      laws_parameter_PcBits_out_of_range_1_to_32 u_err ();
    end
    if (Groups < 1 || Groups > 8) begin : g_bad_groups
      laws_parameter_Groups_out_of_range_1_to_8 u_err ();
    end
    if (Pipe < 0 || Pipe > 1) begin : g_bad_pipe
      laws_parameter_Pipe_out_of_range_0_to_1 u_err ();
    end
  endgenerate

  reg [Warps*PcBits-1:0] llt_q, llt_d;
  reg [Groups-1:0] wgt_v_q, wgt_v_d;
  reg [Groups*Warps-1:0] wgt_q, wgt_d;
  reg [Pairs-1:0] ahead_q;

  // ---- the order matrix, row by row. Row i of the triangle (pairs (i, i+1) .. (i, W-1))
  // is the contiguous slice ahead_q[B +: L], B = i*Warps - i*(i+1)/2, L = Warps-1-i;
  // row_at[i*Warps +: Warps] holds it at bits i+1 .. W-1 (bit j: warp i ahead of warp j).
  // The next order, per pair: the feedback's move, then targets to the head, then
  // launched warps to the tail; the last move that separates a pair decides its bit.
  wire [Warps-1:0] tgt = pft_i ? pft_vec_i : {Warps{1'b0}};
  // the moves the order applies this cycle: this cycle's (Pipe 0), the previous cycle's
  // registered (Pipe 1)
  wire m_ok, m_hit;
  wire [Warps-1:0] m_vec, m_tgt, m_new;
  wire [Warps*Warps-1:0] row_at;
  wire [Pairs-1:0] ahead_d;
  genvar gi, gj;
  generate
    for (gi = 0; gi < Warps - 1; gi = gi + 1) begin : g_row
      localparam integer B = gi * Warps - gi * (gi + 1) / 2;
      localparam integer L = Warps - 1 - gi;
      wire [L-1:0] row = ahead_q[B+:L];
      assign row_at[gi*Warps+:Warps] = {row, {(gi + 1) {1'b0}}};
      wire [L-1:0] n_hi = m_new[Warps-1:gi+1];
      wire [L-1:0] t_hi = m_tgt[Warps-1:gi+1];
      wire [L-1:0] g_hi = m_vec[Warps-1:gi+1];
      wire [L-1:0] n_sep = n_hi ^ {L{m_new[gi]}};
      wire [L-1:0] t_sep = t_hi ^ {L{m_tgt[gi]}};
      wire [L-1:0] g_sep = m_ok ? g_hi ^ {L{m_vec[gi]}} : {L{1'b0}};
      wire [L-1:0] g_val = m_hit ? {L{m_vec[gi]}} : g_hi;
      assign ahead_d[B+:L] = (n_sep & n_hi) | (~n_sep & t_sep & {L{m_tgt[gi]}}) |
                             (~n_sep & ~t_sep & g_sep & g_val) | (~n_sep & ~t_sep & ~g_sep & row);
    end
  endgenerate
  assign row_at[(Warps-1)*Warps+:Warps] = {Warps{1'b0}};  // the last warp's row has no pairs

  // ---- the pick: the ready warp no other ready warp is ahead of. A lower warp j is
  // ahead of i when row j has bit i; a higher warp k is ahead of i when row i lacks bit k.
  /* verilator lint_off UNUSEDSIGNAL */  // is_first: Pipe 1 picks with first_p (the proofs compare them)
  reg [Warps-1:0] behind_ready, behind_any, is_first, is_head, above;
  /* verilator lint_on UNUSEDSIGNAL */
  integer pi;
  always @* begin
    behind_ready = {Warps{1'b0}};
    behind_any = {Warps{1'b0}};
    for (pi = 0; pi < Warps; pi = pi + 1) begin
      if (ready_i[pi]) behind_ready = behind_ready | row_at[pi*Warps+:Warps];
      behind_any = behind_any | row_at[pi*Warps+:Warps];
    end
    for (pi = 0; pi < Warps; pi = pi + 1) begin
      above = {Warps{1'b1}} << (pi + 1);
      is_first[pi] = ready_i[pi] & ~behind_ready[pi] & ~|(ready_i & ~row_at[pi*Warps+:Warps] & above);
      is_head[pi] = ~behind_any[pi] & ~|(~row_at[pi*Warps+:Warps] & above);
    end
  end
  // Pipe 1 computes the same pick with one reduction per warp (the warps ahead of warp
  // i: column i of the matrix) and an OR encoder of the one-hot result: shallower.
  /* verilator lint_off UNUSEDSIGNAL */  // first_p: Pipe 0 (the proofs)
  wire [Warps-1:0] first_p;
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (Pipe == 0) begin : g_pick
      wire [WW-1:0] first_idx;
      prio_enc #(.Width(Warps), .IdxW(WW)) u_pick (.req_i(is_first), .idx_o(first_idx), .valid_o(pick_ok_o));
      assign pick_o = pick_ok_o ? first_idx : {WW{1'b0}};
      assign first_p = is_first;
    end else begin : g_pick_p
      for (gi = 0; gi < Warps; gi = gi + 1) begin : g_first
        wire [Warps-1:0] c;  // c[j]: warp j is ahead of warp i
        for (gj = 0; gj < Warps; gj = gj + 1) begin : g_c
          if (gj < gi) begin : g_lo
            assign c[gj] = row_at[gj*Warps+gi];
          end else if (gj > gi) begin : g_hi
            assign c[gj] = ~row_at[gi*Warps+gj];
          end else begin : g_eq
            assign c[gj] = 1'b0;
          end
        end
        assign first_p[gi] = ready_i[gi] & ~|(ready_i & c);
      end
      reg [WW-1:0] enc;
      integer ci;
      always @* begin
        enc = {WW{1'b0}};
        for (ci = 0; ci < Warps; ci = ci + 1) if (first_p[ci]) enc = enc | ci[WW-1:0];
      end
      assign pick_ok_o = |ready_i;
      assign pick_o = enc;
    end
  endgenerate

  // ---- group formation: every warp whose LLPC equals the issuing warp's. iss/own_ll:
  // the issue at the ports (it writes the LLT); g_iss/g_warp/g_own: the issue whose
  // group forms this cycle (the same one at Pipe 0, the previous cycle's at Pipe 1)
  wire iss = iss_i && {1'b0, iss_warp_i} < NumW;
  wire [PcBits-1:0] own_ll = llt_q[iss_warp_i*PcBits+:PcBits];
  wire g_iss;
  wire [WW-1:0] g_warp;
  wire [PcBits-1:0] g_own;
  reg [Warps-1:0] grp_vec;
  integer gv;
  always @* begin
    grp_vec = {Warps{1'b0}};
    for (gv = 0; gv < Warps; gv = gv + 1)
      grp_vec[gv] = g_iss && (llt_q[gv*PcBits+:PcBits] == g_own || (Pipe != 0 && {{(32 - WW) {1'b0}}, g_warp} == gv));
  end
  assign grp_vec_o = grp_vec;
  wire [GW-1:0] free_idx;
  prio_enc #(.Width(Groups), .IdxW(GW)) u_free (.req_i(~wgt_v_q), .idx_o(free_idx), .valid_o(grp_ok_o));
  assign grp_o = grp_ok_o ? free_idx : {GW{1'b0}};

  // ---- the LSU's feedback
  assign fb_ok_o = fb_i && {1'b0, fb_grp_i} < NumG && wgt_v_q[fb_grp_i];
  assign fb_vec_o = fb_ok_o ? wgt_q[fb_grp_i*Warps+:Warps] : {Warps{1'b0}};

  // ---- the pipeline registers (Pipe 1), or the wires straight through (Pipe 0)
  generate
    if (Pipe == 0) begin : g_flat
      assign g_iss = iss;
      assign g_warp = iss_warp_i;
      assign g_own = own_ll;
      assign m_ok = fb_ok_o;
      assign m_hit = fb_hit_i;
      assign m_vec = fb_vec_o;
      assign m_tgt = tgt;
      assign m_new = new_i;
    end else begin : g_pipe
      // the issue whose group forms next cycle: its warp and that warp's LLPC before
      // the issue's LLT write (held while no load issues)
      reg iss_q;
      reg [WW-1:0] warp_q;
      reg [PcBits-1:0] own_q;
      // the moves the order applies next cycle
      reg mv_ok_q, mv_hit_q;
      reg [Warps-1:0] mv_vec_q, mv_tgt_q, mv_new_q;
      always @(posedge clk_i) begin
        if (rst_i) begin
          iss_q <= 1'b0;
          warp_q <= {WW{1'b0}};
          own_q <= {PcBits{1'b0}};
          mv_ok_q <= 1'b0;
          mv_hit_q <= 1'b0;
          mv_vec_q <= {Warps{1'b0}};
          mv_tgt_q <= {Warps{1'b0}};
          mv_new_q <= {Warps{1'b0}};
        end else begin
          iss_q <= iss;
          if (iss) begin
            warp_q <= iss_warp_i;
            own_q <= own_ll;
          end
          mv_ok_q <= fb_ok_o;
          mv_hit_q <= fb_ok_o & fb_hit_i;
          mv_vec_q <= fb_vec_o;
          mv_tgt_q <= tgt;
          mv_new_q <= new_i;
        end
      end
      assign g_iss = iss_q;
      assign g_warp = warp_q;
      assign g_own = own_q;
      assign m_ok = mv_ok_q;
      assign m_hit = mv_hit_q;
      assign m_vec = mv_vec_q;
      assign m_tgt = mv_tgt_q;
      assign m_new = mv_new_q;
    end
  endgenerate

  // ---- next state: the WGT (a feedback frees its entry, a formed group takes one) and
  // the LLT (the issuing warp's PC; a launched warp's entry empties)
  integer li;
  always @* begin
    wgt_v_d = wgt_v_q;
    wgt_d = wgt_q;
    llt_d = llt_q;
    if (fb_ok_o) wgt_v_d[fb_grp_i] = 1'b0;
    if (g_iss && grp_ok_o) begin
      wgt_v_d[grp_o] = 1'b1;
      wgt_d[grp_o*Warps+:Warps] = grp_vec;
    end
    if (iss) llt_d[iss_warp_i*PcBits+:PcBits] = iss_pc_i;
    for (li = 0; li < Warps; li = li + 1) if (new_i[li]) llt_d[li*PcBits+:PcBits] = {PcBits{1'b0}};
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      llt_q   <= {Warps * PcBits{1'b0}};
      wgt_v_q <= {Groups{1'b0}};
      wgt_q   <= {Groups * Warps{1'b0}};
      ahead_q <= {Pairs{1'b1}};  // warp order 0, 1, ..: every lower warp ahead
    end else begin
      ahead_q <= ahead_d;
      wgt_v_q <= wgt_v_d;
      wgt_q   <= wgt_d;
      llt_q   <= llt_d;
    end
  end

  // ---- waveform-only wires: the head of the order, the kind of move this cycle
  /* verilator lint_off UNUSEDSIGNAL */
  wire [WW-1:0] head_w;
  wire head_ok;
  prio_enc #(.Width(Warps), .IdxW(WW)) u_head (.req_i(is_head), .idx_o(head_w), .valid_o(head_ok));
  wire [1:0] moved_w = !m_ok ? 2'd0 : m_hit ? 2'd1 : 2'd2;
  /* verilator lint_on UNUSEDSIGNAL */

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  // f_ord[i*Warps+j]: warp i is ahead of warp j (the full matrix of the triangle)
  reg [Warps*Warps-1:0] f_ord;
  integer fi, fj, fk, fg;
  always @* begin
    f_ord = {Warps * Warps{1'b0}};
    for (fi = 0; fi < Warps; fi = fi + 1)
      for (fj = 0; fj < Warps; fj = fj + 1)
        if (fi < fj) f_ord[fi*Warps+fj] = row_at[fi*Warps+fj];
        else if (fi > fj) f_ord[fi*Warps+fj] = !row_at[fj*Warps+fi];
  end
  always @* begin
    if (f_past_valid) begin
      // hence exactly one warp heads the order, and at most one ready warp is first
      assert (is_head != {Warps{1'b0}} && (is_head & (is_head - 1'b1)) == {Warps{1'b0}});
      assert ((is_first & (is_first - 1'b1)) == {Warps{1'b0}});
      assert (first_p == is_first);  // Pipe 1's pick logic: the same warp
      // a pick whenever a warp is ready: a ready warp that no other ready warp is ahead of
      assert (pick_ok_o == (ready_i != {Warps{1'b0}}));
      if (pick_ok_o) begin
        assert ({1'b0, pick_o} < NumW && ready_i[pick_o]);
        for (fj = 0; fj < Warps; fj = fj + 1)
          if (ready_i[fj]) assert (!f_ord[fj*Warps+pick_o]);
      end
      // a valid WGT entry holds a non-empty group (its issuing warp at least)
      for (fg = 0; fg < Groups; fg = fg + 1)
        if (wgt_v_q[fg]) assert (wgt_q[fg*Warps+:Warps] != {Warps{1'b0}});
      // a new group takes an existing free WGT entry, and feedback names a non-empty group
      if (grp_ok_o) assert ({1'b0, grp_o} < NumG && !wgt_v_q[grp_o]);
      if (fb_ok_o) assert (fb_vec_o != {Warps{1'b0}});
    end
  end
  // the order is a strict total order: no triple i < j < k forms a cycle (i, j, k, i or
  // i, k, j, i), i.e. "ahead" is transitive. Warps^3 / 6 properties: elaborated up to 16
  // warps (the proofs' sizes), so the default design still elaborates quickly
  generate
    if (Warps <= 16) begin : g_ftotal
      always @* begin
        if (f_past_valid)
          for (fi = 0; fi < Warps; fi = fi + 1)
            for (fj = fi + 1; fj < Warps; fj = fj + 1)
              for (fk = fj + 1; fk < Warps; fk = fk + 1)
                assert (!(f_ord[fi*Warps+fj] && f_ord[fj*Warps+fk] && f_ord[fk*Warps+fi]) &&
                        !(f_ord[fi*Warps+fk] && f_ord[fk*Warps+fj] && f_ord[fj*Warps+fi]));
      end
    end
  endgenerate
  // Steps: a formed group is valid and holds the issuing warp; launched warps go behind
  // every other warp with an empty LLT entry
  reg f_form_q = 1'b0, f_iss_q = 1'b0;
  reg [GW-1:0] f_grp_q;
  reg [WW-1:0] f_warp_q;
  reg [WW-1:0] f_pwarp_q;
  reg [Warps-1:0] f_new_q = {Warps{1'b0}}, f_lnew_q = {Warps{1'b0}};
  always @(posedge clk_i) begin
    f_form_q <= !rst_i && g_iss && grp_ok_o;
    f_iss_q <= !rst_i && iss;
    f_grp_q <= grp_o;
    f_warp_q <= g_warp;
    f_pwarp_q <= iss_warp_i;
    f_new_q <= rst_i ? {Warps{1'b0}} : m_new;
    f_lnew_q <= rst_i ? {Warps{1'b0}} : new_i;
  end
  always @* begin
    if (f_past_valid) begin
      if (f_form_q) assert (wgt_v_q[f_grp_q] && wgt_q[f_grp_q*Warps+f_warp_q]);
      for (fi = 0; fi < Warps; fi = fi + 1) begin
        if (f_lnew_q[fi]) assert (llt_q[fi*PcBits+:PcBits] == {PcBits{1'b0}});
        if (f_new_q[fi]) for (fj = 0; fj < Warps; fj = fj + 1) if (!f_new_q[fj]) assert (f_ord[fj*Warps+fi]);
      end
      // Pipe 1: the group that forms is the previous cycle's issue, in range; a
      // registered feedback move names a non-empty group
      if (Pipe != 0) begin
        assert (g_iss == f_iss_q);
        if (g_iss) assert ({1'b0, g_warp} < NumW && g_warp == f_pwarp_q && grp_vec[g_warp]);
        if (m_ok) assert (m_vec != {Warps{1'b0}});
        if (!m_ok) assert (!m_hit && m_vec == {Warps{1'b0}});
      end
    end
  end
`endif
endmodule
`default_nettype wire
