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
module rft #(
    parameter integer Entries = 64,
    parameter integer TagW    = 0,
    parameter integer Update  = 0,
    parameter integer RBits   = 1,
    parameter integer Th2     = 2,
    parameter integer Sets    = 32,
    parameter integer Ways    = 4,
    parameter integer PcShift = 3
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
  wire [WayW-1:0] wsel = way_ok ? way_i : {WayW{1'b0}};
  wire [31:0] li = {{(32 - SetW) {1'b0}}, sidx} * Ways + {{(32 - WayW) {1'b0}}, wsel};
  wire l_v = lv_q[li];
  wire [HW-1:0] l_hpc = lhpc_q[li*HW+:HW];
  wire [RBits-1:0] l_cnt = lcnt_q[li*RBits+:RBits];

  // mark reuse: a demand read that hits, or whose bypass still finds its line present
  assign mark_o = rd && way_ok && present_i != Absent && (res_i == ResHit || res_i == ResPend || final_byp_i);
  assign alloc_o = (rd || pf) && way_ok && res_i == ResMiss && !final_byp_i;
  wire wevict = wr && way_ok && res_i == ResWrite && present_i == Valid;
  assign upd_v_o = (alloc_o || wevict) && l_v;
  assign upd_idx_o = upd_v_o ? l_hpc[IW-1:0] : {IW{1'b0}};
  assign upd_val_o = upd_v_o ? l_cnt : {RBits{1'b0}};

  // ---- table update (read port 2 and the write port): own eviction or remote ----
  wire w_en = upd_v_o || rem;
  wire [IW-1:0] w_idx = rem ? rupd_idx_i : l_hpc[IW-1:0];
  wire [TW1-1:0] w_tag;  // from g_tag
  wire w_tag_eq;  // the entry's tag equals w_tag (1 with TagW=0)
  wire [RBits-1:0] w_val = rem ? rupd_val_i : l_cnt;
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

  generate
    if (TagW > 0) begin : g_tag
      reg [Entries*TagW-1:0] ttag_q, ttag_d;
      assign e_tag_eq = ttag_q[idx*TagW+:TagW] == hpc[HW-1:IW];
      assign w_tag = rem ? rupd_tag_i : l_hpc[HW-1:IW];
      assign w_tag_eq = ttag_q[w_idx*TagW+:TagW] == w_tag;
      assign upd_tag_o = upd_v_o ? l_hpc[HW-1:IW] : {TW1{1'b0}};
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
      assign w_tag = 1'b0;
      assign w_tag_eq = 1'b1;
      assign upd_tag_o = 1'b0;
      wire unused_tag = &{1'b0, rupd_tag_i, w_tag};
    end
  endgenerate

  always @* begin
    tv_d = tv_q;
    tval_d = tval_q;
    lv_d = lv_q;
    lhpc_d = lhpc_q;
    lcnt_d = lcnt_q;
    if (w_en) begin
      tv_d[w_idx] = 1'b1;
      tval_d[w_idx*VW+:VW] = w_new;
    end
    if (fl) lv_d = {NL{1'b0}};  // kernel boundary: every line dropped, no update
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
      if (upd_v_o) assert (l_v && way_ok && !rem && !fl);
    end
  end
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
        if (lcnt_q[fn*RBits+:RBits] != $past(lcnt_q[fn*RBits+:RBits])) begin
          if (lcnt_q[fn*RBits+:RBits] == {RBits{1'b0}}) assert ($past(alloc_o) && $past(li) == fn);
          else assert ($past(mark_o) && $past(li) == fn &&
                       lcnt_q[fn*RBits+:RBits] == $past(lcnt_q[fn*RBits+:RBits]) + 1'b1);
        end
    end
  end
`endif
endmodule
`default_nettype wire
