`default_nettype none
// sap: the scheduling aware prefetcher (SAP) of seed 001 section IV-B (APRES, ISCA
// 2016): the prefetch table (PT, Entries x {PC, last warp, last address, stride}, LRU
// replacement), the stride check, a multi-cycle stride divider, the warp queue (WQ),
// the demand request queue's base address (DRQ) and the prefetch address generator.
//
// Per cycle (one GPU cycle):
//   ld_i:  a load's first request (its lowest thread's address) looks its PC up in the
//          PT (rtl/common/cam). A new PC takes the lowest free entry, else the least
//          recently used one (rtl/common/age_order): {PC, warp, address, stride 0}.
//          A known PC is checked: dw = warp - PT.warp, diff = address - PT.address
//          (modulo 2**AddrW); the stride matches when dw != 0 and diff == PT.stride x dw.
//          A mismatch starts the divider (rtl/common/divider, AddrW + 1 cycles) on
//          |diff| / |dw| when it is idle; its signed quotient becomes the entry's stride
//          when done (unless a new PC took the entry meanwhile). The entry takes the load's
//          warp and address; the PT is touched in the LRU order.
//   grp_i: with ld_i, a miss (ld_miss_i) and a matching stride, the group's other warps
//          (targets, tgt_vec_o) replace the warp queue; the base address, the missing
//          warp u and the stride are kept.
//   pf_o:  the lowest warp v in the queue: pf_addr_o = base + (v - u) x stride;
//          pf_ack_i removes v from the queue.
// The C model (cmodel/blocks/sap/sap.c) is this, register for register; the port list
// is cmodel/blocks/sap/sap_ports.def; docs/apres.md tells the flow.
module sap #(
    parameter integer Warps   = 48,
    parameter integer PcBits  = 32,
    parameter integer AddrW   = 64,
    parameter integer Entries = 10
) (
    input  wire              clk_i,
    input  wire              rst_i,
    // load in
    input  wire              ld_i,
    input  wire [PcBits-1:0] ld_pc_i,
    input  wire [    WW-1:0] ld_warp_i,
    input  wire [ AddrW-1:0] ld_addr_i,
    input  wire              ld_miss_i,
    input  wire              grp_i,
    input  wire [ Warps-1:0] grp_vec_i,
    // check and targets out
    output wire [       2:0] res_o,
    output wire [    EW-1:0] pt_idx_o,
    output wire              tgt_o,
    output wire [ Warps-1:0] tgt_vec_o,
    // prefetch out
    output wire              pf_o,
    output wire [    WW-1:0] pf_warp_o,
    output wire [ AddrW-1:0] pf_addr_o,
    input  wire              pf_ack_i
);
  localparam integer WW = $clog2(Warps);  // Warps >= 2
  localparam integer EW = (Entries > 1) ? $clog2(Entries) : 1;
  localparam [WW:0] NumW = Warps[WW:0];
  localparam [2:0] ResNone = 3'd0, ResNew = 3'd1, ResSame = 3'd2, ResMatch = 3'd3, ResDiv = 3'd4, ResBusy = 3'd5;

  generate
    if (Warps < 2 || Warps > 64) begin : g_bad_warps
      sap_parameter_Warps_out_of_range_2_to_64 u_err ();
    end
    if (PcBits < 1 || PcBits > 32) begin : g_bad_pcbits
      sap_parameter_PcBits_out_of_range_1_to_32 u_err ();
    end
    if (AddrW < 8 || AddrW > 64) begin : g_bad_addrw
      sap_parameter_AddrW_out_of_range_8_to_64 u_err ();
    end
    if (Entries < 1 || Entries > 11) begin : g_bad_entries
      sap_parameter_Entries_out_of_range_1_to_11 u_err ();
    end
  endgenerate

  reg [Entries*WW-1:0] ptw_q, ptw_d;
  reg [Entries*AddrW-1:0] pta_q, pta_d, pts_q, pts_d;
  reg [Warps-1:0] wq_q, wq_d;
  reg [AddrW-1:0] drq_q, drq_d, drq_str_q, drq_str_d;
  reg [WW-1:0] drq_u_q, drq_u_d;
  reg [EW-1:0] dv_idx_q, dv_idx_d;
  reg dv_live_q, dv_live_d;  // the entry still holds the PC the division is for
  reg dv_neg_q, dv_neg_d;

  // (not in reset: the cam's keys and age_order's pair bits are not reset, so nothing
  // may write them then)
  wire ld = ld_i && {1'b0, ld_warp_i} < NumW && !rst_i;

  // ---- PT lookup (PC and valid bits in the cam), the entry a new PC takes
  wire hit;
  wire [EW-1:0] hit_idx;
  wire [Entries-1:0] hit_vec, ptv;
  wire pt_wr;
  wire [EW-1:0] e;
  cam #(.Entries(Entries), .KeyW(PcBits), .IdxW(EW)) u_pt (
      .clk_i(clk_i), .rst_i(rst_i),
      .wr_i(pt_wr), .wr_idx_i(e), .wr_key_i(ld_pc_i), .wr_valid_i(1'b1),
      .lookup_key_i(ld_pc_i), .hit_o(hit), .hit_idx_o(hit_idx), .hit_vec_o(hit_vec), .valid_o(ptv)
  );
  wire [EW-1:0] free_idx, lru_idx, young_idx;
  wire any_free, lru_ok, young_ok;
  prio_enc #(.Width(Entries), .IdxW(EW)) u_free (.req_i(~ptv), .idx_o(free_idx), .valid_o(any_free));
  wire [Entries-1:0] lru_valid;
  age_order #(.N(Entries), .IdxW(EW)) u_pt_lru (
      .clk_i(clk_i), .rst_i(rst_i),
      .insert_i(ld && !hit), .insert_idx_i(e), .remove_i(1'b0), .remove_idx_i({EW{1'b0}}),
      .touch_i(ld && hit), .touch_idx_i(e),
      .req_i({Entries{1'b1}}), .oldest_idx_o(lru_idx), .oldest_valid_o(lru_ok),
      .youngest_idx_o(young_idx), .youngest_valid_o(young_ok), .valid_o(lru_valid)
  );
  assign e = hit ? hit_idx : any_free ? free_idx : lru_idx;
  assign pt_wr = ld && !hit;

  // ---- the stride check: diff == stride x dw, the multiply by |dw| (a WW-bit factor)
  wire [WW-1:0] e_warp = ptw_q[e*WW+:WW];
  wire [AddrW-1:0] e_addr = pta_q[e*AddrW+:AddrW], e_str = pts_q[e*AddrW+:AddrW];
  wire dw_neg = ld_warp_i < e_warp;
  wire [WW-1:0] dw_mag = dw_neg ? e_warp - ld_warp_i : ld_warp_i - e_warp;
  wire [AddrW-1:0] diff = ld_addr_i - e_addr;
  wire [AddrW-1:0] chk_prod = e_str * {{(AddrW - WW) {1'b0}}, dw_mag};
  wire [AddrW-1:0] expect_d = dw_neg ? {AddrW{1'b0}} - chk_prod : chk_prod;
  wire div_busy;
  reg [2:0] res;
  always @* begin
    res = ResNone;
    if (ld) begin
      if (!hit) res = ResNew;
      else if (dw_mag == {WW{1'b0}}) res = ResSame;
      else if (diff == expect_d) res = ResMatch;
      else if (div_busy) res = ResBusy;
      else res = ResDiv;
    end
  end
  assign res_o = res;
  assign pt_idx_o = ld ? e : {EW{1'b0}};

  // ---- targets: the group's other warps, on a missing load whose stride matched
  reg [Warps-1:0] own;
  integer oi;
  always @* begin
    for (oi = 0; oi < Warps; oi = oi + 1) own[oi] = ld_warp_i == oi[WW-1:0];
  end
  wire [Warps-1:0] tvec = grp_vec_i & ~own;
  assign tgt_o = res == ResMatch && ld_miss_i && grp_i && tvec != {Warps{1'b0}};
  assign tgt_vec_o = tgt_o ? tvec : {Warps{1'b0}};

  // ---- the divider: |diff| / |dw|, the sign apart
  wire div_start = res == ResDiv;
  wire diff_neg = diff[AddrW-1];
  wire div_done;
  wire [AddrW-1:0] quo, rem;
  divider #(.Width(AddrW)) u_div (
      .clk_i(clk_i), .rst_i(rst_i),
      .start_i(div_start), .dividend_i(diff_neg ? {AddrW{1'b0}} - diff : diff),
      .divisor_i({{(AddrW - WW) {1'b0}}, dw_mag}), .busy_o(div_busy),
      .done_o(div_done), .quotient_o(quo), .remainder_o(rem)
  );
  wire div_wr = div_done && dv_live_q && !(pt_wr && e == dv_idx_q);

  // ---- the next prefetch: the lowest warp v in the queue, base + (v - u) x stride
  wire [WW-1:0] v_idx;
  prio_enc #(.Width(Warps), .IdxW(WW)) u_wq (.req_i(wq_q), .idx_o(v_idx), .valid_o(pf_o));
  wire v_neg = v_idx < drq_u_q;
  wire [WW-1:0] v_mag = v_neg ? drq_u_q - v_idx : v_idx - drq_u_q;
  wire [AddrW-1:0] gen_prod = drq_str_q * {{(AddrW - WW) {1'b0}}, v_mag};
  assign pf_warp_o = pf_o ? v_idx : {WW{1'b0}};
  assign pf_addr_o = pf_o ? drq_q + (v_neg ? {AddrW{1'b0}} - gen_prod : gen_prod) : {AddrW{1'b0}};

  integer ci;
  always @* begin
    ptw_d = ptw_q;
    pta_d = pta_q;
    pts_d = pts_q;
    wq_d = wq_q;
    drq_d = drq_q;
    drq_str_d = drq_str_q;
    drq_u_d = drq_u_q;
    dv_idx_d = dv_idx_q;
    dv_live_d = dv_live_q;
    dv_neg_d = dv_neg_q;
    if (div_wr) pts_d[dv_idx_q*AddrW+:AddrW] = dv_neg_q ? {AddrW{1'b0}} - quo : quo;
    if (div_start) begin
      dv_idx_d  = e;
      dv_live_d = 1'b1;
      dv_neg_d  = diff_neg ^ dw_neg;
    end else if (pt_wr && e == dv_idx_q) begin
      dv_live_d = 1'b0;  // a new PC took the entry
    end
    if (pt_wr) pts_d[e*AddrW+:AddrW] = {AddrW{1'b0}};
    if (ld) begin
      ptw_d[e*WW+:WW] = ld_warp_i;
      pta_d[e*AddrW+:AddrW] = ld_addr_i;
    end
    if (tgt_o) begin
      wq_d = tvec;
      drq_d = ld_addr_i;
      drq_u_d = ld_warp_i;
      drq_str_d = e_str;
    end else if (pf_o && pf_ack_i) begin
      for (ci = 0; ci < Warps; ci = ci + 1) if (v_idx == ci[WW-1:0]) wq_d[ci] = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      ptw_q <= {Entries * WW{1'b0}};
      pta_q <= {Entries * AddrW{1'b0}};
      pts_q <= {Entries * AddrW{1'b0}};
      wq_q <= {Warps{1'b0}};
      drq_q <= {AddrW{1'b0}};
      drq_str_q <= {AddrW{1'b0}};
      drq_u_q <= {WW{1'b0}};
      dv_idx_q <= {EW{1'b0}};
      dv_live_q <= 1'b0;
      dv_neg_q <= 1'b0;
    end else begin
      ptw_q <= ptw_d;
      pta_q <= pta_d;
      pts_q <= pts_d;
      wq_q <= wq_d;
      drq_q <= drq_d;
      drq_str_q <= drq_str_d;
      drq_u_q <= drq_u_d;
      dv_idx_q <= dv_idx_d;
      dv_live_q <= dv_live_d;
      dv_neg_q <= dv_neg_d;
    end
  end

  wire unused = &{1'b0, hit_vec, lru_ok, young_idx, young_ok, lru_valid, rem};

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  localparam [EW:0] NumE = Entries[EW:0];
  integer fe;
  always @* begin
    if (f_past_valid) begin
      // the LRU order tracks exactly the valid PT entries
      assert (lru_valid == ptv);
      for (fe = 0; fe < Entries; fe = fe + 1) begin
        // a PT entry's last warp is a warp
        assert ({1'b0, ptw_q[fe*WW+:WW]} < NumW);
        // an entry no PC ever took is still in its reset state
        if (!ptv[fe])
          assert (ptw_q[fe*WW+:WW] == {WW{1'b0}} && pta_q[fe*AddrW+:AddrW] == {AddrW{1'b0}} &&
                  pts_q[fe*AddrW+:AddrW] == {AddrW{1'b0}});
      end
      // the entry a load uses exists: a hit, a free entry, or else a valid LRU victim
      if (ld) begin
        assert ({1'b0, e} < NumE);
        if (!hit && !any_free) assert (lru_ok && ptv[lru_idx]);
      end
      // the division in flight writes back into a valid entry
      if (dv_live_q) assert ({1'b0, dv_idx_q} < NumE && ptv[dv_idx_q]);
      // a division starts only when the divider is idle, and finishes when it is idle
      if (div_start) assert (!div_busy);
      if (div_done) assert (!div_busy);
      // the warp queue's base warp is a warp, and never a prefetch target itself
      assert ({1'b0, drq_u_q} < NumW);
      assert (!wq_q[drq_u_q]);
      if (pf_o) assert (pf_warp_o != drq_u_q && wq_q[pf_warp_o]);
    end
  end
  // Steps: a started division is taken by the divider (busy next cycle); while it runs,
  // its destination entry and sign hold; without new targets the warp queue only loses
  // warps, one per acknowledged prefetch
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i)) begin
      if ($past(div_start)) assert (div_busy && dv_live_q && dv_idx_q == $past(e));
      if ($past(div_busy)) assert (dv_idx_q == $past(dv_idx_q) && dv_neg_q == $past(dv_neg_q));
      if (!$past(tgt_o)) begin
        assert ((wq_q & ~$past(wq_q)) == {Warps{1'b0}});
        if ($past(pf_o) && $past(pf_ack_i)) assert (wq_q == ($past(wq_q) & ~({{(Warps - 1) {1'b0}}, 1'b1} << $past(v_idx))));
        else assert (wq_q == $past(wq_q));
      end else assert (wq_q == $past(tvec));
    end
  end
`endif
endmodule
`default_nettype wire
