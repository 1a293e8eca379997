`default_nettype none
// rft: the reuse frequency table of seed 003 chapter 5 (Choo's thesis, locality-aware
// selective caching, sec. 5.3 and Fig. 5.3-5.4), one SM's replica of it with that SM's
// L1 per-line state.
//
//   table   Entries x {valid, tag[TagW], value}: value is the 1-bit reuse flag
//           (Update=or, the seed's final form) or the moving average of the lines' hit
//           counts in halves (Update=avg, RBits+1 bits, sec. 5.3.2)
//   lines   Sets x Ways x {valid, hashed PC[IW+TagW], count[RBits]}: the load that
//           filled the L1 line and whether (how often) the line was reused
//
// One input a clock: an L1 event (acc_v_i), the kernel-boundary flush, or a remote
// replica update broadcast by another SM's eviction (rupd_v_i); priority rst_i,
// rupd_v_i, flush_i, acc_v_i. The PC is hashed (XOR-fold of pc >> PcShift into IW+TagW
// bits; index = low IW bits, tag = the rest); a demand read whose entry is valid, tag
// equal and says "no reuse" answers byp_o when a bypass is honoured (can_byp_i). The
// outcome final_byp_i (every block at the L1 hook is told it) decides what the clock
// does to the lines: a hit, or a bypassed read that finds its line still present, marks
// the line reused; a miss that allocates replaces the line at (set, way) and a store
// that write-evicts a valid line drops it; either eviction of a valid line updates the
// table (upd_*_o, which the GPU driver broadcasts to the other replicas). The C model
// (cmodel/blocks/rft/rft.c) is this, register for register; the port list is
// cmodel/blocks/rft/rft_ports.def.
//
// Pipe=1 (docs/timing/rft.md): two stages behind the decision. The decisions (byp_o,
// tbl_hit_o, mark_o, alloc_o) stay in the event's clock; its line action is registered
// (stage 1, g_pipe: esel_q one-hot line, eact_q, ehpc_q) and done on the line state in
// the next clock (stage 2), whose eviction of a valid line is registered as the pending
// update (pv_q, pidx_q, ptag_q, pval_q) and applied to the table, and put on upd_*_o
// for the broadcast, one clock later again. The single-cycle critical paths this breaks:
// the victim line's hashed PC out of the Sets x Ways line mux into the table's
// read-modify-write, and the event's set/way fanned out to every line's write. A clock
// with a remote update (rupd_v_i) holds both stages (one table write a clock); a flush
// clock runs them (the flush wins over the action on the line); reset clears them. A
// lookup sees an eviction's update from the third clock on.
module rft #(
    parameter integer Entries = 64,
    parameter integer TagW    = 0,
    parameter integer Update  = 0,
    parameter integer RBits   = 1,
    parameter integer Th2     = 2,
    parameter integer Sets    = 32,
    parameter integer Ways    = 4,
    parameter integer PcShift = 3,
    parameter integer Pipe    = 0
) (
    input  wire             clk_i,
    input  wire             rst_i,
    // L1 event in
    input  wire             acc_v_i,
    input  wire             rd_i,
    input  wire             pf_i,
    input  wire             wr_i,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [     31:0] pc_i,  // bits below PcShift are not hashed
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [ SetW-1:0] set_i,
    input  wire [ WayW-1:0] way_i,
    input  wire             way_v_i,
    input  wire [      2:0] res_i,
    input  wire [      1:0] present_i,
    input  wire             can_byp_i,
    input  wire             final_byp_i,
    input  wire             flush_i,
    // replica update in (another SM's eviction)
    input  wire             rupd_v_i,
    input  wire [   IW-1:0] rupd_idx_i,
    input  wire [  TW1-1:0] rupd_tag_i,
    input  wire [RBits-1:0] rupd_val_i,
    // decision out
    output wire             byp_o,
    output wire             tbl_hit_o,
    output wire             mark_o,
    output wire             alloc_o,
    // this clock's eviction update (broadcast)
    output wire             upd_v_o,
    output wire [   IW-1:0] upd_idx_o,
    output wire [  TW1-1:0] upd_tag_o,
    output wire [RBits-1:0] upd_val_o
);
  localparam integer IW = $clog2(Entries);  // Entries >= 16
  localparam integer HW = IW + TagW;
  localparam integer TW1 = (TagW > 0) ? TagW : 1;
  localparam integer VW = (Update != 0) ? RBits + 1 : 1;
  localparam integer SetW = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer WayW = (Ways > 1) ? $clog2(Ways) : 1;
  localparam integer NL = Sets * Ways;
  localparam integer SetM1 = Sets - 1;
  localparam [SetW-1:0] SetMask = SetM1[SetW-1:0];
  localparam [WayW:0] WaysW = Ways[WayW:0];
  localparam [RBits-1:0] CntMax = {RBits{1'b1}};
  localparam integer NrMaxI = Th2 - 2;  // avg: no reuse at value <= Th2 - 2 halves
  localparam [VW:0] NrMax = NrMaxI[VW:0];
  localparam [RBits-1:0] CntOne = 1;
  localparam [2:0] ResHit = 3'd0, ResPend = 3'd1, ResMiss = 3'd2, ResWrite = 3'd3;
  localparam [1:0] Absent = 2'd0, Valid = 2'd1;

  generate
    if (Entries < 16 || Entries > 256 || (Entries & (Entries - 1)) != 0) begin : g_bad_entries
      rft_parameter_Entries_not_a_power_of_two_16_to_256 u_err ();
    end
    if (TagW < 0 || TagW > 8) begin : g_bad_tagw
      rft_parameter_TagW_out_of_range_0_to_8 u_err ();
    end
    if (Update < 0 || Update > 1) begin : g_bad_update
      rft_parameter_Update_out_of_range_0_to_1 u_err ();
    end
    if (RBits < 1 || RBits > 3 || (Update == 0 && RBits != 1)) begin : g_bad_rbits
      rft_parameter_RBits_out_of_range_1_to_3_and_1_with_Update_or u_err ();
    end
    if (Th2 < 2 || Th2 > 6) begin : g_bad_th2
      rft_parameter_Th2_out_of_range_2_to_6 u_err ();
    end
    if (Sets < 1 || Sets > 64 || (Sets & (Sets - 1)) != 0) begin : g_bad_sets
      rft_parameter_Sets_not_a_power_of_two_1_to_64 u_err ();
    end
    if (Ways < 1 || Ways > 16) begin : g_bad_ways
      rft_parameter_Ways_out_of_range_1_to_16 u_err ();
    end
    if (PcShift < 0 || PcShift > 4) begin : g_bad_pcshift
      rft_parameter_PcShift_out_of_range_0_to_4 u_err ();
    end
    if (Pipe < 0 || Pipe > 1) begin : g_bad_pipe
      rft_parameter_Pipe_out_of_range_0_to_1 u_err ();
    end
  endgenerate

  // ---- registers (the tag store is in g_tag below) ----
  reg [   Entries-1:0] tv_q, tv_d;
  reg [Entries*VW-1:0] tval_q, tval_d;
  reg [        NL-1:0] lv_q, lv_d;
  reg [     NL*HW-1:0] lhpc_q, lhpc_d;
  reg [  NL*RBits-1:0] lcnt_q, lcnt_d;

  // ---- the clock's kind ----
  wire rem = !rst_i && rupd_v_i;
  wire fl = !rst_i && !rupd_v_i && flush_i;
  wire ev = !rst_i && !rupd_v_i && !flush_i && acc_v_i;
  wire wr = ev && wr_i;
  wire rd = ev && !wr_i && rd_i;
  wire pf = ev && !wr_i && !rd_i && pf_i;

  // ---- hash: XOR-fold of pc >> PcShift into HW bits ----
  wire [HW-1:0] hpc;
  xor_fold #(
      .InW (32 - PcShift),
      .OutW(HW)
  ) u_hash (
      .in_i (pc_i[31:PcShift]),
      .out_o(hpc)
  );
  wire [IW-1:0] idx = hpc[IW-1:0];

  // ---- table lookup (read port 1: the PC's entry) ----
  wire e_tag_eq;  // from g_tag: the entry's tag equals the PC's (1 with TagW=0)
  wire [VW-1:0] e_val = tval_q[idx*VW+:VW];
  wire ehit = tv_q[idx] && e_tag_eq;
  wire noreuse = (Update != 0) ? ({1'b0, e_val} <= NrMax) : (e_val == {VW{1'b0}});
  assign tbl_hit_o = rd && ehit;
  assign byp_o = tbl_hit_o && can_byp_i && noreuse;

  // ---- the line at (set, way) ----
  wire [SetW-1:0] sidx = set_i & SetMask;
  wire way_ok = way_v_i && ({1'b0, way_i} < WaysW);
  // Pipe=1: way_i unmasked (every use of the line is qualified by way_ok): way_v_i
  // then reaches the line writes only through their enables, not through the index
  wire [WayW-1:0] wsel = (way_ok || Pipe != 0) ? way_i : {WayW{1'b0}};
  wire [31:0] li = {{(32 - SetW) {1'b0}}, sidx} * Ways + {{(32 - WayW) {1'b0}}, wsel};
  wire l_v = lv_q[li];
  wire [HW-1:0] l_hpc = lhpc_q[li*HW+:HW];
  wire [RBits-1:0] l_cnt = lcnt_q[li*RBits+:RBits];

  // mark reuse: a demand read that hits, or whose bypass still finds its line present
  assign mark_o = rd && way_ok && present_i != Absent && (res_i == ResHit || res_i == ResPend || final_byp_i);
  assign alloc_o = (rd || pf) && way_ok && res_i == ResMiss && !final_byp_i;
  wire wevict = wr && way_ok && res_i == ResWrite && present_i == Valid;
  wire ev_upd = (alloc_o || wevict) && l_v;  // this clock evicts a valid line
  wire [TW1-1:0] ev_tag;  // from g_tag: its hashed PC's high bits (0 with TagW=0)

  // ---- the update of this clock: the eviction (Pipe=0) or the pending one (Pipe=1) ----
  wire [IW-1:0] u_idx;
  wire [TW1-1:0] u_tag;
  wire [RBits-1:0] u_val;
  // Pipe=1 stage 1: the event's line action, registered (0 with Pipe=0)
  wire [NL-1:0] esel;  // one-hot: the line the registered action is for (0: none)
  wire [1:0] eact;  // 0 none, 1 allocate, 2 write-evict, 3 mark
  wire [HW-1:0] ehpc;  // an allocation's hashed PC (0 for a prefetch)
  wire [1:0] act1 = alloc_o ? 2'd1 : wevict ? 2'd2 : mark_o ? 2'd3 : 2'd0;
  generate
    if (Pipe != 0) begin : g_pipe
      // stage 1 (the event's clock): the line action, its line one-hot
      reg [NL-1:0] esel_q;
      reg [1:0] eact_q;
      reg [HW-1:0] ehpc_q;
      // stage 2 (the next clock): the line's state read through the one-hot, the
      // eviction it makes registered as the pending update
      reg pv_q;
      reg [IW-1:0] pidx_q;
      reg [RBits-1:0] pval_q;
      reg s2_v;
      reg [HW-1:0] s2_hpc;
      reg [RBits-1:0] s2_cnt;
      always @* begin : b_s2
        integer l;
        s2_v = 1'b0;
        s2_hpc = {HW{1'b0}};
        s2_cnt = {RBits{1'b0}};
        for (l = 0; l < NL; l = l + 1) begin
          s2_v = s2_v | (esel_q[l] & lv_q[l]);
          s2_hpc = s2_hpc | ({HW{esel_q[l]}} & lhpc_q[l*HW+:HW]);
          s2_cnt = s2_cnt | ({RBits{esel_q[l]}} & lcnt_q[l*RBits+:RBits]);
        end
      end
      wire s2_ev = (eact_q == 2'd1 || eact_q == 2'd2) && s2_v;  // evicts a valid line
      assign esel = esel_q;
      assign eact = eact_q;
      assign ehpc = ehpc_q;
      assign upd_v_o = pv_q && !rst_i && !rupd_v_i;
      assign u_idx = pidx_q;
      assign u_val = pval_q;
      always @(posedge clk_i) begin : b_pipe
        integer l;
        if (rst_i) begin
          esel_q <= {NL{1'b0}};
          eact_q <= 2'd0;
          ehpc_q <= {HW{1'b0}};
          pv_q <= 1'b0;
          pidx_q <= {IW{1'b0}};
          pval_q <= {RBits{1'b0}};
        end else if (!rupd_v_i) begin  // a remote update holds both stages
          for (l = 0; l < NL; l = l + 1) esel_q[l] <= act1 != 2'd0 && li == l;
          eact_q <= act1;
          ehpc_q <= (alloc_o && !pf) ? hpc : {HW{1'b0}};
          pv_q <= s2_ev;
          pidx_q <= s2_ev ? s2_hpc[IW-1:0] : {IW{1'b0}};
          pval_q <= s2_ev ? s2_cnt : {RBits{1'b0}};
        end
      end
      if (TagW > 0) begin : g_ptag
        reg [TagW-1:0] ptag_q;
        assign u_tag = ptag_q;
        always @(posedge clk_i) begin
          if (rst_i) ptag_q <= {TagW{1'b0}};
          else if (!rupd_v_i) ptag_q <= s2_ev ? s2_hpc[HW-1:IW] : {TagW{1'b0}};
        end
      end else begin : g_pnotag
        assign u_tag = 1'b0;
      end
      wire unused_p = &{1'b0, ev_upd, ev_tag, l_hpc};
    end else begin : g_comb
      assign esel = {NL{1'b0}};
      assign eact = 2'd0;
      assign ehpc = {HW{1'b0}};
      assign upd_v_o = ev_upd;
      assign u_idx = l_hpc[IW-1:0];
      assign u_tag = ev_tag;
      assign u_val = l_cnt;
      wire unused_c = &{1'b0, act1};
    end
  endgenerate
  assign upd_idx_o = upd_v_o ? u_idx : {IW{1'b0}};
  assign upd_tag_o = upd_v_o ? u_tag : {TW1{1'b0}};
  assign upd_val_o = upd_v_o ? u_val : {RBits{1'b0}};

  // ---- table update (read port 2 and the write port): own eviction or remote ----
  wire w_en = upd_v_o || rem;
  wire [IW-1:0] w_idx = rem ? rupd_idx_i : u_idx;
  wire [TW1-1:0] w_tag;  // from g_tag
  wire w_tag_eq;  // the entry's tag equals w_tag (1 with TagW=0)
  wire [RBits-1:0] w_val = rem ? rupd_val_i : u_val;
  wire [VW-1:0] w_old = tval_q[w_idx*VW+:VW];
  wire w_match = tv_q[w_idx] && w_tag_eq;
  wire [VW-1:0] w_new;
  generate
    if (Update != 0) begin : g_avg
      wire [VW-1:0] twice = {w_val, 1'b0};
      wire [VW:0] sum = {1'b0, w_old} + {1'b0, twice};
      assign w_new = w_match ? sum[VW:1] : twice;
      wire unused_half = sum[0];  // the average rounds down
    end else begin : g_or
      assign w_new = w_match ? (w_old | w_val[0]) : w_val[0];
    end
  endgenerate

  // Pipe=1: the same update computed beside every entry from that entry's own value
  // (no read mux in the write's path): entry e takes pw_new[e] when w_idx == e
  wire [Entries-1:0] we_tag_eq;  // from g_tag: entry e's tag equals w_tag (1 with TagW=0)
  wire [Entries*VW-1:0] pw_new;
  generate
    genvar ge;
    for (ge = 0; ge < Entries; ge = ge + 1) begin : g_pw
      wire [VW-1:0] old = tval_q[ge*VW+:VW];
      wire mt = tv_q[ge] && we_tag_eq[ge];
      if (Update != 0) begin : g_avg
        wire [VW-1:0] twice = {w_val, 1'b0};
        wire [VW:0] sum = {1'b0, old} + {1'b0, twice};
        assign pw_new[ge*VW+:VW] = mt ? sum[VW:1] : twice;
        wire unused_half = sum[0];
      end else begin : g_or
        assign pw_new[ge*VW+:VW] = mt ? (old | w_val[0]) : w_val[0];
      end
    end
  endgenerate

  generate
    if (TagW > 0) begin : g_tag
      reg [Entries*TagW-1:0] ttag_q, ttag_d;
      assign e_tag_eq = ttag_q[idx*TagW+:TagW] == hpc[HW-1:IW];
      assign ev_tag = l_hpc[HW-1:IW];
      assign w_tag = rem ? rupd_tag_i : u_tag;
      assign w_tag_eq = ttag_q[w_idx*TagW+:TagW] == w_tag;
      genvar gt;
      for (gt = 0; gt < Entries; gt = gt + 1) begin : g_we
        assign we_tag_eq[gt] = ttag_q[gt*TagW+:TagW] == w_tag;
      end
      always @* begin
        ttag_d = ttag_q;
        if (w_en) ttag_d[w_idx*TagW+:TagW] = w_tag;
      end
      always @(posedge clk_i) begin
        if (rst_i) ttag_q <= {Entries * TagW{1'b0}};
        else ttag_q <= ttag_d;
      end
    end else begin : g_notag
      assign e_tag_eq = 1'b1;
      assign ev_tag = 1'b0;
      assign w_tag = 1'b0;
      assign w_tag_eq = 1'b1;
      assign we_tag_eq = {Entries{1'b1}};
      wire unused_tag = &{1'b0, rupd_tag_i, w_tag, u_tag, ev_tag};
    end
  endgenerate

  always @* begin : b_next
    integer e, l;
    tv_d = tv_q;
    tval_d = tval_q;
    lv_d = lv_q;
    lhpc_d = lhpc_q;
    lcnt_d = lcnt_q;
    if (Pipe != 0) begin
      for (e = 0; e < Entries; e = e + 1)
        if (w_en && w_idx == e[IW-1:0]) begin
          tv_d[e] = 1'b1;
          tval_d[e*VW+:VW] = pw_new[e*VW+:VW];
        end
    end else if (w_en) begin
      tv_d[w_idx] = 1'b1;
      tval_d[w_idx*VW+:VW] = w_new;
    end
    if (Pipe != 0) begin  // stage 2: the registered action on its line (held by a remote update)
      if (!rem)
        for (l = 0; l < NL; l = l + 1)
          if (esel[l]) begin
            if (eact == 2'd1) begin
              lv_d[l] = 1'b1;
              lhpc_d[l*HW+:HW] = ehpc;
              lcnt_d[l*RBits+:RBits] = {RBits{1'b0}};
            end else if (eact == 2'd2) lv_d[l] = 1'b0;
            else if (eact == 2'd3) begin
              if (Update != 0) begin
                if (lcnt_q[l*RBits+:RBits] != CntMax) lcnt_d[l*RBits+:RBits] = lcnt_q[l*RBits+:RBits] + 1'b1;
              end else lcnt_d[l*RBits+:RBits] = CntOne;
            end
          end
      if (fl) lv_d = {NL{1'b0}};  // the flush wins over the action on its line
    end else if (fl) lv_d = {NL{1'b0}};  // kernel boundary: every line dropped, no update
    else if (alloc_o) begin
      lv_d[li] = 1'b1;
      lhpc_d[li*HW+:HW] = pf ? {HW{1'b0}} : hpc;
      lcnt_d[li*RBits+:RBits] = {RBits{1'b0}};
    end else if (wevict) lv_d[li] = 1'b0;
    else if (mark_o) begin
      if (Update != 0) begin
        if (l_cnt != CntMax) lcnt_d[li*RBits+:RBits] = l_cnt + 1'b1;
      end else lcnt_d[li*RBits+:RBits] = CntOne;
    end
  end

  always @(posedge clk_i) begin : b_regs
    integer l;
    if (rst_i) begin
      tv_q <= {Entries{1'b0}};
      tval_q <= {Entries * VW{1'b0}};
      lv_q <= {NL{1'b0}};
      for (l = 0; l < NL; l = l + 1) begin  // (a 16k-bit replication would trip lint)
        lhpc_q[l*HW+:HW] <= {HW{1'b0}};
        lcnt_q[l*RBits+:RBits] <= {RBits{1'b0}};
      end
    end else begin
      tv_q <= tv_d;
      tval_q <= tval_d;
      lv_q <= lv_d;
      lhpc_q <= lhpc_d;
      lcnt_q <= lcnt_d;
    end
  end

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  localparam [VW-1:0] FValMax = (Update != 0) ? {CntMax, 1'b0} : {VW{1'b1}};  // avg: 2 x CntMax halves
  integer fe, fn;
  always @* begin
    if (f_past_valid) begin
      for (fe = 0; fe < Entries; fe = fe + 1) begin
        // an entry never written holds value 0
        if (!tv_q[fe]) assert (tval_q[fe*VW+:VW] == {VW{1'b0}});
        // the moving average stays within 0..2 x the line count's saturation value
        assert (tval_q[fe*VW+:VW] <= FValMax);
      end
      // the decisions: a bypass is a table hit of a demand read; a clock marks reuse or
      // allocates, never both; an update leaves only with a valid line's eviction
      if (byp_o) assert (tbl_hit_o && rd && can_byp_i);
      assert (!(mark_o && alloc_o));
      if (Pipe == 0 && upd_v_o) assert (l_v && way_ok && !rem && !fl);
      if (Pipe != 0 && upd_v_o) assert (!rem && !rst_i);
    end
  end
  generate
    if (Pipe != 0) begin : g_fpipe
      // stage 1 holds one line at most, with an action; the pending update's payload is
      // 0 when none is pending
      always @* begin
        if (f_past_valid) begin
          assert ((g_pipe.esel_q & (g_pipe.esel_q - 1'b1)) == {NL{1'b0}});
          assert ((g_pipe.esel_q == {NL{1'b0}}) == (g_pipe.eact_q == 2'd0));
          if (g_pipe.eact_q != 2'd1) assert (g_pipe.ehpc_q == {HW{1'b0}});
          if (!g_pipe.pv_q) assert (g_pipe.pidx_q == {IW{1'b0}} && g_pipe.pval_q == {RBits{1'b0}});
          if (!g_pipe.pv_q) assert (upd_idx_o == {IW{1'b0}} && !upd_v_o);
        end
      end
      always @(posedge clk_i) begin
        if (f_past_valid && !$past(rst_i)) begin
          if ($past(rem))  // a remote update holds both stages and the lines
            assert (g_pipe.pv_q == $past(g_pipe.pv_q) && g_pipe.pidx_q == $past(g_pipe.pidx_q) &&
                    g_pipe.esel_q == $past(g_pipe.esel_q) && g_pipe.eact_q == $past(g_pipe.eact_q) &&
                    lcnt_q == $past(lcnt_q) && lhpc_q == $past(lhpc_q) && lv_q == $past(lv_q));
          else begin
            assert (g_pipe.pv_q == $past(g_pipe.s2_ev) && g_pipe.eact_q == $past(act1));
            if ($past(g_pipe.s2_ev)) assert (g_pipe.pidx_q == $past(g_pipe.s2_hpc[IW-1:0]) && g_pipe.pval_q == $past(g_pipe.s2_cnt));
          end
          // the update applied this clock was an eviction of an earlier clock
          if ($past(upd_v_o)) assert (tv_q[$past(g_pipe.pidx_q)]);
          // a line's count changes only by its registered action: a mark (+1, saturating)
          // or an allocation (to 0)
          for (fn = 0; fn < NL; fn = fn + 1)
            if (lcnt_q[fn*RBits+:RBits] != $past(lcnt_q[fn*RBits+:RBits])) begin
              assert ($past(g_pipe.esel_q[fn]));
              if (lcnt_q[fn*RBits+:RBits] == {RBits{1'b0}}) assert ($past(g_pipe.eact_q) == 2'd1);
              else assert ($past(g_pipe.eact_q) == 2'd3 &&
                           lcnt_q[fn*RBits+:RBits] == $past(lcnt_q[fn*RBits+:RBits]) + 1'b1);
            end
        end
      end
    end
  endgenerate
  generate
    if (TagW > 0) begin : g_ftag
      // an entry never written holds tag 0
      always @* begin
        if (f_past_valid)
          for (fe = 0; fe < Entries; fe = fe + 1)
            if (!tv_q[fe]) assert (g_tag.ttag_q[fe*TagW+:TagW] == {TagW{1'b0}});
      end
    end
  endgenerate
  // Steps: table entries are never invalidated (outside reset) and a write validates its
  // entry; a flush drops every line; a line's count only grows by one (saturating, never
  // wrapping) on a mark, and restarts at 0 only on an allocation of that line
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i)) begin
      assert (($past(tv_q) & ~tv_q) == {Entries{1'b0}});
      if ($past(w_en)) assert (tv_q[$past(w_idx)]);
      if ($past(fl)) assert (lv_q == {NL{1'b0}});
      for (fn = 0; fn < NL; fn = fn + 1)
        if (Pipe == 0 && lcnt_q[fn*RBits+:RBits] != $past(lcnt_q[fn*RBits+:RBits])) begin
          if (lcnt_q[fn*RBits+:RBits] == {RBits{1'b0}}) assert ($past(alloc_o) && $past(li) == fn);
          else assert ($past(mark_o) && $past(li) == fn &&
                       lcnt_q[fn*RBits+:RBits] == $past(lcnt_q[fn*RBits+:RBits]) + 1'b1);
        end
    end
  end
`endif
endmodule
`default_nettype wire
