`default_nettype none
// dl1d: the decoupled L1D of seed 002 chapter 4 (Li's thesis, sec. 4.4, Table 4.3):
// a tag store of Sets x TagWays entries {valid, tag, RC, Position valid, Position},
// the data store's bookkeeping of Sets x DataWays lines {allocated, pending, LRU rank}
// with a Free Line count per set, and the SM-dueling unit (sec. 4.4.3).
//
// One event a cycle on op_i; the decision is combinational from the registers and the
// event (a tag lookup across the set, the LFU victim, RC + 1 against the threshold, a
// free line or the LRU data victim and the tag entry that owns it); every register of
// the set changes at the clock edge, with dynamic aging of the set's other entries.
// The C model (cmodel/blocks/dl1d/dl1d.c) is this, register for register; the port
// list is cmodel/blocks/dl1d/dl1d_ports.def; docs/dl1d.md tells the flow.
module dl1d #(
    parameter integer Sets      = 32,
    parameter integer TagWays   = 8,
    parameter integer DataWays  = 4,
    parameter integer RcBits    = 6,
    parameter integer Threshold = 2,
    parameter integer TagBits   = 20,
    parameter integer Duel      = 1,
    parameter integer Interval  = 500,
    parameter integer DuelPct   = 10
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    // event in
    input  wire [          2:0] op_i,
    input  wire [SetW-1:0]      set_i,
    input  wire [TagBits-1:0]   tag_i,
    input  wire                 base_i,
    // dueling inputs
    input  wire [         15:0] elapsed_i,
    input  wire [          7:0] peer_acc_i,
    input  wire [          7:0] peer_miss_i,
    // decision out
    output reg  [          2:0] res_o,
    output reg                  thit_o,
    output reg  [TWW-1:0]       tway_o,
    output reg                  tevict_o,
    output reg  [DWW-1:0]       way_o,
    output reg                  devict_o,
    output reg  [FW-1:0]        free_o,
    output wire                 duel_base_o
);
  localparam integer SetW = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer TWW = $clog2(TagWays);  // TagWays >= 2
  localparam integer DWW = (DataWays > 1) ? $clog2(DataWays) : 1;
  localparam integer FW = $clog2(DataWays + 1);  // 0..DataWays free lines
  localparam integer NT = Sets * TagWays;
  localparam integer ND = Sets * DataWays;
  localparam integer CW = 12;  // dueling counters (DL1D_CW)
  localparam [RcBits-1:0] RcMax = {RcBits{1'b1}};
  localparam [RcBits-1:0] RcOne = 1;
  localparam integer SetM1 = Sets - 1;
  localparam [8:0] Thr9 = Threshold[8:0];
  localparam [SetW-1:0] SetMask = SetM1[SetW-1:0];
  localparam [FW-1:0] AllFree = DataWays[FW-1:0];
  localparam [15:0] Intv = Interval[15:0];
  localparam [33:0] Pct = {27'd0, DuelPct[6:0]};
  localparam [2:0] OpRead = 3'd1, OpWrite = 3'd2, OpFill = 3'd3, OpPref = 3'd4, OpFlush = 3'd5;
  localparam [2:0] ResNone = 3'd0, ResHit = 3'd1, ResPend = 3'd2, ResAlloc = 3'd3, ResTagMiss = 3'd4,
                   ResCold = 3'd5, ResNoLine = 3'd6, ResWEvict = 3'd7;

  generate
    if (Sets < 1 || Sets > 64 || (Sets & (Sets - 1)) != 0) begin : g_bad_sets
      dl1d_parameter_Sets_not_a_power_of_two_1_to_64 u_err ();
    end
    if (TagWays < 2 || TagWays > 16) begin : g_bad_tagways
      dl1d_parameter_TagWays_out_of_range_2_to_16 u_err ();
    end
    if (DataWays < 1 || DataWays > 8 || DataWays >= TagWays) begin : g_bad_dataways
      dl1d_parameter_DataWays_out_of_range_1_to_8_and_below_TagWays u_err ();
    end
    if (RcBits < 1 || RcBits > 8) begin : g_bad_rcbits
      dl1d_parameter_RcBits_out_of_range_1_to_8 u_err ();
    end
    if (Threshold < 0 || Threshold >= (1 << RcBits)) begin : g_bad_threshold
      dl1d_parameter_Threshold_out_of_range_0_to_2_pow_RcBits_minus_1 u_err ();
    end
    if (TagBits < 1 || TagBits > 48) begin : g_bad_tagbits
      dl1d_parameter_TagBits_out_of_range_1_to_48 u_err ();
    end
    if (Duel < 0 || Duel > 1) begin : g_bad_duel
      dl1d_parameter_Duel_out_of_range_0_to_1 u_err ();
    end
    if (Interval < 1 || Interval > 65535) begin : g_bad_interval
      dl1d_parameter_Interval_out_of_range_1_to_65535 u_err ();
    end
    if (DuelPct < 0 || DuelPct > 100) begin : g_bad_duelpct
      dl1d_parameter_DuelPct_out_of_range_0_to_100 u_err ();
    end
  endgenerate

  // ---- registers ----
  reg [     NT-1:0] tval_q, tval_d;
  reg [NT*TagBits-1:0] ttag_q, ttag_d;
  reg [ NT*RcBits-1:0] rc_q, rc_d;
  reg [     NT-1:0] pval_q, pval_d;
  reg [   NT*DWW-1:0] pos_q, pos_d;
  reg [     ND-1:0] dval_q, dval_d;
  reg [     ND-1:0] dpend_q, dpend_d;
  reg [   ND*DWW-1:0] lru_q, lru_d;
  reg [  Sets*FW-1:0] free_q, free_d;

  // ---- the event's set, read out of the stores ----
  wire [SetW-1:0] sidx = set_i & SetMask;
  reg [TagWays-1:0] s_tval, s_pval;
  reg [TagWays*TagBits-1:0] s_tag;
  reg [TagWays*RcBits-1:0] s_rc;
  reg [TagWays*DWW-1:0] s_pos;
  reg [DataWays-1:0] s_dval, s_dpend;
  reg [DataWays*DWW-1:0] s_lru;
  // the set is selected by comparing sidx with each set number (constant slices): one
  // read port over the sets, as an SRAM row read, not a variable shift of the arrays
  reg [FW-1:0] free_sel;
  always @* begin : b_read
    integer st;
    s_tval = {TagWays{1'b0}};
    s_pval = {TagWays{1'b0}};
    s_tag = {TagWays * TagBits{1'b0}};
    s_rc = {TagWays * RcBits{1'b0}};
    s_pos = {TagWays * DWW{1'b0}};
    s_dval = {DataWays{1'b0}};
    s_dpend = {DataWays{1'b0}};
    s_lru = {DataWays * DWW{1'b0}};
    free_sel = {FW{1'b0}};
    for (st = 0; st < Sets; st = st + 1)
      if (sidx == st[SetW-1:0]) begin
        s_tval = tval_q[st*TagWays+:TagWays];
        s_pval = pval_q[st*TagWays+:TagWays];
        s_tag = ttag_q[st*TagWays*TagBits+:TagWays*TagBits];
        s_rc = rc_q[st*TagWays*RcBits+:TagWays*RcBits];
        s_pos = pos_q[st*TagWays*DWW+:TagWays*DWW];
        s_dval = dval_q[st*DataWays+:DataWays];
        s_dpend = dpend_q[st*DataWays+:DataWays];
        s_lru = lru_q[st*DataWays*DWW+:DataWays*DWW];
        free_sel = free_q[st*FW+:FW];
      end
  end

  // ---- the decision ----
  wire is_rd = (op_i == OpRead) || (op_i == OpPref);
  wire force_alloc = (op_i == OpPref) || base_i || (Threshold == 0);
  // the searches over the set's ways, from rtl/common: the tag match, the lowest
  // invalid tag entry, the LFU victim (the smallest RC among the entries without a data
  // line, lowest way on ties: the largest inverted RC), the lowest free line, the LRU
  // filled line (the largest rank; ranks are distinct) and the entry owning that line
  reg [TagWays-1:0] match;
  reg [TagWays-1:0] owns;
  wire [TagWays*RcBits-1:0] lfu_val = ~s_rc;
  wire hit, tvict_inv, lfu_any, lvict_free, lru_any, has_line_owner;
  wire [TWW-1:0] hway, inv_way, lfu_way, owner;
  wire [DWW-1:0] free_way, lru_way;
  prio_enc #(.Width(TagWays), .IdxW(TWW)) u_hit (.req_i(match), .idx_o(hway), .valid_o(hit));
  prio_enc #(.Width(TagWays), .IdxW(TWW)) u_inv (.req_i(~s_tval), .idx_o(inv_way), .valid_o(tvict_inv));
  max_sel #(.Num(TagWays), .ValW(RcBits), .IdxW(TWW)) u_lfu (
      .valid_i(~s_pval), .val_i(lfu_val), .idx_o(lfu_way), .valid_o(lfu_any));
  prio_enc #(.Width(DataWays), .IdxW(DWW)) u_free (.req_i(~s_dval), .idx_o(free_way), .valid_o(lvict_free));
  max_sel #(.Num(DataWays), .ValW(DWW), .IdxW(DWW)) u_lru (
      .valid_i(~s_dpend), .val_i(s_lru), .idx_o(lru_way), .valid_o(lru_any));
  wire [DWW-1:0] lvict = lvict_free ? free_way : lru_way;
  wire have_line = lvict_free || lru_any;
  prio_enc #(.Width(TagWays), .IdxW(TWW)) u_owner (.req_i(owns), .idx_o(owner), .valid_o(has_line_owner));
  wire has_owner = !lvict_free && has_line_owner;
  wire [TWW-1:0] tvict = tvict_inv ? inv_way : lfu_way;
  wire committed = hit && s_pval[hway];
  wire [DWW-1:0] hpos = s_pos[hway*DWW+:DWW];
  wire [RcBits-1:0] rc_hit = s_rc[hway*RcBits+:RcBits];
  wire [RcBits-1:0] rcn = (rc_hit == RcMax) ? rc_hit : rc_hit + 1'b1;
  wire want = force_alloc || (hit && ({{(9 - RcBits) {1'b0}}, rcn} >= Thr9));
  reg alloc, age;
  always @* begin : b_match
    integer t;
    for (t = 0; t < TagWays; t = t + 1) begin
      match[t] = s_tval[t] && s_tag[t*TagBits+:TagBits] == tag_i;
      owns[t]  = s_pval[t] && s_pos[t*DWW+:DWW] == lvict;
    end
  end
  always @* begin : b_decide
    res_o = ResNone;
    thit_o = hit;
    tway_o = hit ? hway : {TWW{1'b0}};
    tevict_o = 1'b0;
    way_o = {DWW{1'b0}};
    devict_o = 1'b0;
    free_o = free_sel;
    alloc = 1'b0;
    age = 1'b0;
    if (rst_i) begin
      thit_o = 1'b0;
      tway_o = {TWW{1'b0}};
    end else if (op_i == OpWrite || op_i == OpFill) begin
      if (committed) begin
        way_o = hpos;
        if (op_i == OpWrite && !s_dpend[hpos]) begin
          res_o = ResWEvict;
          age   = 1'b1;
        end
      end
    end else if (is_rd) begin
      if (committed) begin
        way_o = hpos;
        res_o = s_dpend[hpos] ? ResPend : ResHit;
      end else begin
        if (!hit) begin
          tway_o   = tvict;
          tevict_o = !tvict_inv;
        end
        if (!want) res_o = hit ? ResCold : ResTagMiss;
        else if (!have_line) res_o = ResNoLine;
        else begin
          res_o = ResAlloc;
          alloc = 1'b1;
          age = 1'b1;
          way_o = lvict;
          devict_o = !lvict_free;
        end
      end
    end
  end

  // ---- the set's next state (read, modify, write back the one set) ----
  wire rd_touch = (op_i == OpRead && (res_o == ResHit || res_o == ResPend)) || alloc;
  wire [DWW-1:0] touch_rank = s_lru[way_o*DWW+:DWW];
  reg [TagWays-1:0] n_tval, n_pval;
  reg [TagWays*TagBits-1:0] n_tag;
  reg [TagWays*RcBits-1:0] n_rc;
  reg [TagWays*DWW-1:0] n_pos;
  reg [DataWays-1:0] n_dval, n_dpend;
  reg [DataWays*DWW-1:0] n_lru;
  reg [FW-1:0] n_free;
  always @* begin : b_next
    integer t, x;
    n_tval = s_tval;
    n_tag = s_tag;
    n_rc = s_rc;
    n_pval = s_pval;
    n_pos = s_pos;
    n_dval = s_dval;
    n_dpend = s_dpend;
    n_lru = s_lru;
    n_free = free_sel;
    // dynamic aging: the set's other entries (not the allocated or evicted one, not
    // the demoted owner), RC - 1 saturating at 0
    if (age)
      for (t = 0; t < TagWays; t = t + 1)
        if (t[TWW-1:0] != tway_o && !(alloc && has_owner && t[TWW-1:0] == owner) &&
            s_rc[t*RcBits+:RcBits] != {RcBits{1'b0}})
          n_rc[t*RcBits+:RcBits] = s_rc[t*RcBits+:RcBits] - 1'b1;
    if (is_rd && !committed && res_o != ResNone) begin
      if (hit) n_rc[hway*RcBits+:RcBits] = rcn;
      else begin  // new tag entry: RC 1 counts this first reference
        n_tval[tway_o] = 1'b1;
        n_tag[tway_o*TagBits+:TagBits] = tag_i;
        n_rc[tway_o*RcBits+:RcBits] = RcOne;
        n_pval[tway_o] = 1'b0;
      end
      if (alloc) begin
        if (has_owner) begin
          n_pval[owner] = 1'b0;
          n_rc[owner*RcBits+:RcBits] = {RcBits{1'b0}};
        end else n_free = free_sel - 1'b1;
        n_pval[tway_o] = 1'b1;
        n_pos[tway_o*DWW+:DWW] = way_o;
        n_dval[way_o] = 1'b1;
        n_dpend[way_o] = 1'b1;
      end
    end
    if (res_o == ResWEvict) begin
      n_dval[way_o] = 1'b0;
      n_pval[hway] = 1'b0;
      n_free = free_sel + 1'b1;
    end
    if (op_i == OpFill && committed) n_dpend[hpos] = 1'b0;
    if (rd_touch)
      for (x = 0; x < DataWays; x = x + 1)
        if (x[DWW-1:0] == way_o) n_lru[x*DWW+:DWW] = {DWW{1'b0}};
        else if (s_lru[x*DWW+:DWW] < touch_rank) n_lru[x*DWW+:DWW] = s_lru[x*DWW+:DWW] + 1'b1;
  end

  // ---- flush: every set's filled lines go, pending ones stay ----
  function automatic bit_at(input [DataWays-1:0] v, input [DWW-1:0] i);
    bit_at = v[i];
  endfunction
  reg [NT-1:0] f_pval;
  reg [Sets*FW-1:0] f_free;
  always @* begin : b_flush
    integer e, st, x;
    reg [FW-1:0] np;
    for (e = 0; e < NT; e = e + 1)
      f_pval[e] = pval_q[e] && bit_at(dpend_q[(e/TagWays)*DataWays+:DataWays], pos_q[e*DWW+:DWW]);
    for (st = 0; st < Sets; st = st + 1) begin
      np = {FW{1'b0}};
      for (x = 0; x < DataWays; x = x + 1) if (dpend_q[st*DataWays+x]) np = np + 1'b1;
      f_free[st*FW+:FW] = AllFree - np;
    end
  end

  // reset LRU ranks: way w of every set has rank w
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [ND*DWW-1:0] lru_init(input integer ways);
    integer l;
    reg [31:0] r;  // only its low DWW bits are used
    begin
      lru_init = {ND * DWW{1'b0}};
      for (l = 0; l < ND; l = l + 1) begin
        r = l % ways;
        lru_init[l*DWW+:DWW] = r[DWW-1:0];
      end
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  localparam [ND*DWW-1:0] LruInit = lru_init(DataWays);

  // ---- next state: a flush, or the event's set written back ----
  always @* begin : b_write
    integer st;
    tval_d = tval_q;
    ttag_d = ttag_q;
    rc_d = rc_q;
    pval_d = pval_q;
    pos_d = pos_q;
    dval_d = dval_q;
    dpend_d = dpend_q;
    lru_d = lru_q;
    free_d = free_q;
    if (op_i == OpFlush) begin
      dval_d = dval_q & dpend_q;
      pval_d = f_pval;
      free_d = f_free;
    end else begin
      for (st = 0; st < Sets; st = st + 1)
        if (sidx == st[SetW-1:0]) begin  // write the set back
          tval_d[st*TagWays+:TagWays] = n_tval;
          ttag_d[st*TagWays*TagBits+:TagWays*TagBits] = n_tag;
          rc_d[st*TagWays*RcBits+:TagWays*RcBits] = n_rc;
          pval_d[st*TagWays+:TagWays] = n_pval;
          pos_d[st*TagWays*DWW+:TagWays*DWW] = n_pos;
          dval_d[st*DataWays+:DataWays] = n_dval;
          dpend_d[st*DataWays+:DataWays] = n_dpend;
          lru_d[st*DataWays*DWW+:DataWays*DWW] = n_lru;
          free_d[st*FW+:FW] = n_free;
        end
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      tval_q <= {NT{1'b0}};
      ttag_q <= {NT{{TagBits{1'b0}}}};
      rc_q <= {NT{{RcBits{1'b0}}}};
      pval_q <= {NT{1'b0}};
      pos_q <= {NT{{DWW{1'b0}}}};
      dval_q <= {ND{1'b0}};
      dpend_q <= {ND{1'b0}};
      lru_q <= LruInit;
      free_q <= {Sets{AllFree}};
    end else begin
      tval_q <= tval_d;
      ttag_q <= ttag_d;
      rc_q <= rc_d;
      pval_q <= pval_d;
      pos_q <= pos_d;
      dval_q <= dval_d;
      dpend_q <= dpend_d;
      lru_q <= lru_d;
      free_q <= free_d;
    end
  end

  // ---- SM dueling unit ----
  generate
    if (Duel != 0) begin : g_duel
      reg [15:0] dcyc_q, dcyc_d;
      reg [CW-1:0] acc_a_q, miss_a_q, acc_b_q, miss_b_q;
      reg [CW-1:0] acc_a_d, miss_a_d, acc_b_d, miss_b_d;
      reg dbase_q, dbase_d;
      wire own_acc = !rst_i && op_i == OpRead;
      wire own_miss = own_acc && res_o != ResHit && res_o != ResPend;
      wire [16:0] cyc_sum = {1'b0, dcyc_q} + {1'b0, elapsed_i};
      wire [15:0] cyc = cyc_sum[16] ? 16'hffff : cyc_sum[15:0];
      wire ends = cyc >= Intv;
      function automatic [CW-1:0] sat(input [CW-1:0] a, input [7:0] b);
        reg [CW:0] s;
        begin
          s   = {1'b0, a} + {{(CW - 7) {1'b0}}, b};
          sat = s[CW] ? {CW{1'b1}} : s[CW-1:0];
        end
      endfunction
      // a's miss rate above b's by more than DuelPct points:
      // 100 * miss_a * acc_b > 100 * miss_b * acc_a + DuelPct * acc_a * acc_b
      wire [33:0] lhs = 34'd100 * {22'd0, miss_a_q} * {22'd0, acc_b_q};
      wire [33:0] rhs = 34'd100 * {22'd0, miss_b_q} * {22'd0, acc_a_q} + Pct * {22'd0, acc_a_q} * {22'd0, acc_b_q};
      always @* begin
        dbase_d = dbase_q;
        if (ends) begin
          if (acc_a_q != {CW{1'b0}} && acc_b_q != {CW{1'b0}}) dbase_d = lhs > rhs;
          dcyc_d = 16'd0;
          acc_a_d = {{(CW - 1) {1'b0}}, own_acc};
          miss_a_d = {{(CW - 1) {1'b0}}, own_miss};
          acc_b_d = {{(CW - 8) {1'b0}}, peer_acc_i};
          miss_b_d = {{(CW - 8) {1'b0}}, peer_miss_i};
        end else begin
          dcyc_d = cyc;
          acc_a_d = sat(acc_a_q, {7'd0, own_acc});
          miss_a_d = sat(miss_a_q, {7'd0, own_miss});
          acc_b_d = sat(acc_b_q, peer_acc_i);
          miss_b_d = sat(miss_b_q, peer_miss_i);
        end
      end
      always @(posedge clk_i) begin
        if (rst_i) begin
          dcyc_q <= 16'd0;
          acc_a_q <= {CW{1'b0}};
          miss_a_q <= {CW{1'b0}};
          acc_b_q <= {CW{1'b0}};
          miss_b_q <= {CW{1'b0}};
          dbase_q <= 1'b0;
        end else begin
          dcyc_q <= dcyc_d;
          acc_a_q <= acc_a_d;
          miss_a_q <= miss_a_d;
          acc_b_q <= acc_b_d;
          miss_b_q <= miss_b_d;
          dbase_q <= dbase_d;
        end
      end
      assign duel_base_o = dbase_q;
    end else begin : g_noduel
      assign duel_base_o = 1'b0;
      wire unused_duel = &{1'b0, elapsed_i, peer_acc_i, peer_miss_i};
    end
  endgenerate

  wire unused = &{1'b0, lfu_any};  // an entry without a data line always exists (DataWays < TagWays)

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  integer fs, fa, fb, fx, fy;
  reg [FW-1:0] f_nfree;  // the set's lines not allocated
  reg f_owned;  // some tag entry's Position names the line
  reg f_line;  // the line a tag entry's Position names is allocated
  always @* begin
    if (f_past_valid) begin
      for (fs = 0; fs < Sets; fs = fs + 1) begin
        for (fa = 0; fa < TagWays; fa = fa + 1) begin
          // an invalid tag entry has no data line and RC 0 (nothing ever counted it)
          if (!tval_q[fs*TagWays+fa])
            assert (!pval_q[fs*TagWays+fa] && rc_q[(fs*TagWays+fa)*RcBits+:RcBits] == {RcBits{1'b0}});
          // a valid Position names a data way of the set, and that line is allocated
          if (pval_q[fs*TagWays+fa]) begin
            assert ({1'b0, pos_q[(fs*TagWays+fa)*DWW+:DWW]} < DataWays);
            f_line = 1'b0;
            for (fx = 0; fx < DataWays; fx = fx + 1)
              if (pos_q[(fs*TagWays+fa)*DWW+:DWW] == fx[DWW-1:0] && dval_q[fs*DataWays+fx]) f_line = 1'b1;
            assert (f_line);
          end
          for (fb = fa + 1; fb < TagWays; fb = fb + 1) begin
            // valid tags of a set are distinct (a tag is entered only on a tag miss)
            if (tval_q[fs*TagWays+fa] && tval_q[fs*TagWays+fb])
              assert (ttag_q[(fs*TagWays+fa)*TagBits+:TagBits] != ttag_q[(fs*TagWays+fb)*TagBits+:TagBits]);
            // Position uniqueness: no two tag entries own the same data line
            if (pval_q[fs*TagWays+fa] && pval_q[fs*TagWays+fb])
              assert (pos_q[(fs*TagWays+fa)*DWW+:DWW] != pos_q[(fs*TagWays+fb)*DWW+:DWW]);
          end
        end
        f_nfree = {FW{1'b0}};
        for (fx = 0; fx < DataWays; fx = fx + 1) begin
          if (!dval_q[fs*DataWays+fx]) f_nfree = f_nfree + 1'b1;
          // a pending line is an allocated line
          if (dpend_q[fs*DataWays+fx]) assert (dval_q[fs*DataWays+fx]);
          // every allocated line has an owning tag entry (with uniqueness: exactly one)
          f_owned = 1'b0;
          for (fa = 0; fa < TagWays; fa = fa + 1)
            if (pval_q[fs*TagWays+fa] && pos_q[(fs*TagWays+fa)*DWW+:DWW] == fx[DWW-1:0]) f_owned = 1'b1;
          if (dval_q[fs*DataWays+fx]) assert (f_owned);
          // the LRU ranks of a set are a permutation of 0..DataWays-1
          assert ({1'b0, lru_q[(fs*DataWays+fx)*DWW+:DWW]} < DataWays);
          for (fy = fx + 1; fy < DataWays; fy = fy + 1)
            assert (lru_q[(fs*DataWays+fx)*DWW+:DWW] != lru_q[(fs*DataWays+fy)*DWW+:DWW]);
        end
        // the Free Line count is the number of unallocated lines
        assert (free_q[fs*FW+:FW] == f_nfree);
      end
      if (!rst_i) begin
        // an LFU victim (a tag entry without a data line) always exists
        assert (lfu_any);
        // a new tag entry never replaces one that owns a data line
        if (is_rd && !hit && res_o != ResNone) assert (!s_pval[tway_o]);
        // a data eviction always demotes the line's owner, never the entry allocated
        if (alloc && devict_o) assert (has_owner && owner != tway_o);
      end
    end
  end
  // Steps: an allocation leaves the line pending, owned by the allocating entry
  reg f_alloc_q = 1'b0;
  reg [SetW-1:0] f_set_q;
  reg [TWW-1:0] f_tway_q;
  reg [DWW-1:0] f_way_q;
  always @(posedge clk_i) begin
    f_alloc_q <= !rst_i && alloc;
    f_set_q <= sidx;
    f_tway_q <= tway_o;
    f_way_q <= way_o;
  end
  always @* begin
    if (f_past_valid && f_alloc_q)
      for (fs = 0; fs < Sets; fs = fs + 1)
        if (f_set_q == fs[SetW-1:0]) begin
          assert (tval_q[fs*TagWays+f_tway_q] && pval_q[fs*TagWays+f_tway_q]);
          assert (pos_q[(fs*TagWays+f_tway_q)*DWW+:DWW] == f_way_q);
          assert (dpend_q[fs*DataWays+f_way_q] && lru_q[(fs*DataWays+f_way_q)*DWW+:DWW] == {DWW{1'b0}});
        end
  end
  // the dueling unit: the cycle count stays below the interval, own misses <= own accesses
  generate
    if (Duel != 0) begin : g_fduel
      always @* begin
        if (f_past_valid) begin
          assert (g_duel.dcyc_q < Intv);
          assert (g_duel.miss_a_q <= g_duel.acc_a_q);
        end
      end
    end
  endgenerate
`endif
endmodule
`default_nettype wire
