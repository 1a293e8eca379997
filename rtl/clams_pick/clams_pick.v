`default_nettype none
// clams_pick: the DRAM request picker of CLAMS (seed 004 sections 5.2 and 7;
// docs/clams.md). Ports and widths: cmodel/blocks/clams_pick/clams_pick_ports.def.
//
// Per buffer slot: valid, bank, rank tag and arrival stamp (an AgeW-bit count of
// arrivals; the age of a request is cnt_q - stamp, modulo 2^AgeW). Each cycle every
// candidate slot (cand_i: its request can take a command now; col_i: a column command)
// gets a 2-bit class and its age; the pick is the eligible candidate with the largest
// {class, age}, the lowest slot on a tie (a binary tree of comparators).
//   blocked: a precharge (not col_i) in a bank where a buffered request hits the open
//            row (hit_i) would close a row still in use.
//   FR-FCFS (Algo 0): eligible unless blocked; class {col, 0}.
//   FR-FCFS-Cap (1): a bank whose streak_q reached Cap: every candidate eligible,
//            class 0 (age order); else as FR-FCFS. A bank's streak counts the row hits
//            it served while one of its requests missed the open row; a precharge or
//            activate of the bank, or no missing request, clears it.
//   CLAMS (2): by the bank's mode_i: criticality mode (1): class {critical, col}, and a
//            critical precharge is eligible though blocked; else (0, 2): class
//            {col, critical}, blocked not eligible. Critical: rank <= thcr_i.
// Pipe >= 1 (docs/timing/clams_pick.md): Pipe register stages in the tree (g_reg, after
// the levels STAGE_LV(1..Pipe) spread evenly over its LV + 1 levels), so the pick comes
// out Pipe cycles after the view it was made from. An entry in flight whose slot departs
// (dep_i), is filled (arr_i) or was given as the pick last cycle (lp_q) is dropped on its
// way into a stage and at the output. The streaks count the pick as it comes out.
module clams_pick #(
    parameter integer Slots = 256,
    parameter integer Banks = 8,
    parameter integer AgeW  = 16,
    parameter integer Algo  = 2,
    parameter integer Cap   = 4,
    parameter integer Pipe  = 0
) (
    input  wire                    clk_i,
    input  wire                    rst_i,
    input  wire                    arr_i,
    input  wire [$clog2(Slots)-1:0] arr_slot_i,  // SW bits (SW and BW: below)
    input  wire [((Banks > 1) ? $clog2(Banks) : 1)-1:0] arr_bank_i,  // BW bits
    input  wire [             2:0] arr_rank_i,
    input  wire                    dep_i,
    input  wire [$clog2(Slots)-1:0] dep_slot_i,
    input  wire [       Slots-1:0] cand_i,
    input  wire [       Slots-1:0] col_i,
    input  wire [       Slots-1:0] hit_i,
    input  wire [             2:0] thcr_i,
    input  wire [     2*Banks-1:0] mode_i,
    output wire                    pick_ok_o,
    output wire [$clog2(Slots)-1:0] pick_o,
    output wire                    pick_col_o,
    output wire                    pick_crit_o,
    output wire [             1:0] pick_mode_o
);
  localparam integer SW = $clog2(Slots);  // Slots >= 2
  localparam integer BW = (Banks > 1) ? $clog2(Banks) : 1;
  localparam integer CW = $clog2(Cap + 1);
  localparam integer KW = 2 + AgeW;  // {class, age}
  localparam integer LV = SW;  // tree levels over 2^SW leaves
  localparam [CW-1:0] CapV = Cap[CW-1:0];

  generate
    if (Slots < 2 || Slots > 256) begin : g_bad_slots
      clams_pick_parameter_Slots_out_of_range_2_to_256 u_err ();
    end
    if (Banks < 1 || Banks > 16) begin : g_bad_banks
      clams_pick_parameter_Banks_out_of_range_1_to_16 u_err ();
    end
    if (AgeW < 2 || AgeW > 32) begin : g_bad_agew
      clams_pick_parameter_AgeW_out_of_range_2_to_32 u_err ();
    end
    if (Algo < 0 || Algo > 2) begin : g_bad_algo
      clams_pick_parameter_Algo_out_of_range_0_to_2 u_err ();
    end
    if (Cap < 1 || Cap > 16) begin : g_bad_cap
      clams_pick_parameter_Cap_out_of_range_1_to_16 u_err ();
    end
    if (Pipe < 0 || Pipe > 4 || Pipe > $clog2(Slots)) begin : g_bad_pipe
      clams_pick_parameter_Pipe_out_of_range_0_to_4_and_clog2_Slots u_err ();
    end
  endgenerate

  reg [     Slots-1:0] v_q, v_d;
  reg [  Slots*BW-1:0] bank_q, bank_d;
  reg [   Slots*3-1:0] rank_q, rank_d;
  reg [Slots*AgeW-1:0] stamp_q, stamp_d;
  reg [      AgeW-1:0] cnt_q, cnt_d;
  reg [  Banks*CW-1:0] streak_q;

  // Pipe >= 1: a stage register after level l of the tree (j = 1..Pipe: level
  // j * (LV + 1) / (Pipe + 1) - 1; clams_pick_stage_lv in the C model)
  function automatic integer is_stage(input integer lv);
    integer j;
    begin
      is_stage = 0;
      for (j = 1; j <= Pipe; j = j + 1) if (j * (LV + 1) / (Pipe + 1) - 1 == lv) is_stage = 1;
    end
  endfunction

  // ---- the buffer's departure and arrival this cycle
  wire dep_ok = dep_i && ({1'b0, dep_slot_i} < Slots[SW:0]);
  wire arr_ok = arr_i && ({1'b0, arr_slot_i} < Slots[SW:0]);
  wire [Slots-1:0] dep_mask = dep_ok ? ({{(Slots - 1) {1'b0}}, 1'b1} << dep_slot_i) : {Slots{1'b0}};
  wire [Slots-1:0] arr_mask = arr_ok ? ({{(Slots - 1) {1'b0}}, 1'b1} << arr_slot_i) : {Slots{1'b0}};

`ifdef FORMAL
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
`endif

  // last cycle's pick (Pipe >= 1; g_pipe below)
  wire          lp_ok;
  wire [SW-1:0] lp;

  // ---- per bank: a waiting request hits the open row / misses it; the request leaving
  // this cycle (served the cycle before) waits no longer and counts as neither (C12)
  wire [Banks-1:0] open_hit, miss;
  genvar i, b, l;
  generate
    for (b = 0; b < Banks; b = b + 1) begin : g_bank
      localparam integer BI = b;
      localparam [BW-1:0] BV = BI[BW-1:0];
      wire [Slots-1:0] in_b;
      for (i = 0; i < Slots; i = i + 1) begin : g_s
        assign in_b[i] = v_q[i] && !dep_mask[i] && bank_q[i*BW+:BW] == BV;
      end
      assign open_hit[b] = |(in_b & hit_i);
      assign miss[b] = |(in_b & ~hit_i);
    end
  endgenerate

  // ---- per slot: eligibility, class, age (the leaves); then the tree, level l with
  // 2^(LV-l) nodes, the left (lower slots) winning a tie. Each level's nodes are
  // unpacked arrays of small words, which simulators handle element by element. Not
  // traced in waveforms (thousands of wires; the pick and its slot's state are).
  /* verilator tracing_off */
  generate
    for (l = 0; l <= LV; l = l + 1) begin : g_lv
      localparam integer N = 1 << (LV - l);
      wire          ok  [0:N-1];  // the level's nodes as the next level sees them
      wire [KW-1:0] key [0:N-1];
      wire [SW-1:0] idx [0:N-1];
      wire [   3:0] inf [0:N-1];  // {col, crit, mode}
      wire          cok [0:N-1];  // and as this level's logic makes them
      wire [KW-1:0] ckey[0:N-1];
      wire [SW-1:0] cidx[0:N-1];
      wire [   3:0] cinf[0:N-1];
      for (i = 0; i < N; i = i + 1) begin : g_n
        if (is_stage(l) != 0) begin : g_reg
          // a stage register: the entry goes on unless its slot departs, is filled, or
          // was last cycle's pick; key, idx and inf of an entry not in flight are
          // don't-cares (not reset)
          wire kill = (dep_ok && cidx[i] == dep_slot_i) || (arr_ok && cidx[i] == arr_slot_i) ||
                      (lp_ok && cidx[i] == lp);
          reg ok_q;
          reg [KW-1:0] key_q;
          reg [SW-1:0] idx_q;
          reg [3:0] inf_q;
          always @(posedge clk_i) begin
            if (rst_i) ok_q <= 1'b0;
            else ok_q <= cok[i] && !kill;
            key_q <= ckey[i];
            idx_q <= cidx[i];
            inf_q <= cinf[i];
          end
          assign ok[i]  = ok_q;
          assign key[i] = key_q;
          assign idx[i] = idx_q;
          assign inf[i] = inf_q;
`ifdef FORMAL
          // an entry in flight names a held slot of a bank the channel has
          always @* if (f_past_valid && ok_q) begin
            assert ({1'b0, idx_q} < Slots[SW:0]);
            if ({1'b0, idx_q} < Slots[SW:0]) begin
              assert (v_q[idx_q]);
              assert ({1'b0, bank_q[idx_q*BW+:BW]} < Banks[BW:0]);
            end
          end
`endif
        end else begin : g_comb
          assign ok[i]  = cok[i];
          assign key[i] = ckey[i];
          assign idx[i] = cidx[i];
          assign inf[i] = cinf[i];
        end
        if (l == 0) begin : g_leaf
          localparam integer II = i;
          assign cidx[i] = II[SW-1:0];
          if (i < Slots) begin : g_slot
            // (bank_q read in place: a named copy would name its flops in synthesis)
            wire in_range = ({1'b0, bank_q[i*BW+:BW]} < Banks[BW:0]);
            wire col = col_i[i];
            wire crit = (rank_q[i*3+:3] <= thcr_i);
            wire blocked = !col && in_range && open_hit[bank_q[i*BW+:BW]];
            wire capped = (Algo == 1) && in_range && (streak_q[bank_q[i*BW+:BW]*CW+:CW] >= CapV);
            wire [1:0] bmode = mode_i[bank_q[i*BW+:BW]*2+:2];
            reg elig;
            reg [1:0] cls, md;
            always @* begin
              elig = !blocked;
              cls = {col, 1'b0};
              md = 2'd0;
              if (capped) begin
                elig = 1'b1;
                cls = 2'd0;
                md = 2'd3;
              end else if (Algo == 2) begin
                md = bmode;
                if (bmode == 2'd1) begin
                  elig = !blocked || crit;
                  cls = {crit, col};
                end else begin
                  cls = {col, crit};
                end
              end
            end
            assign cok[i]  = cand_i[i] && v_q[i] && in_range && elig;
            assign ckey[i] = {cls, cnt_q - stamp_q[i*AgeW+:AgeW]};
            assign cinf[i] = {col, (Algo == 2) && crit, md};
          end else begin : g_pad
            assign cok[i]  = 1'b0;
            assign ckey[i] = {KW{1'b0}};
            assign cinf[i] = 4'd0;
          end
        end else begin : g_node
          wire lo = g_lv[l-1].ok[2*i], hi = g_lv[l-1].ok[2*i+1];
          wire take_hi = hi && (!lo || g_lv[l-1].key[2*i+1] > g_lv[l-1].key[2*i]);
          assign cok[i]  = lo || hi;
          assign ckey[i] = take_hi ? g_lv[l-1].key[2*i+1] : g_lv[l-1].key[2*i];
          assign cidx[i] = take_hi ? g_lv[l-1].idx[2*i+1] : g_lv[l-1].idx[2*i];
          assign cinf[i] = take_hi ? g_lv[l-1].inf[2*i+1] : g_lv[l-1].inf[2*i];
        end
      end
    end
  endgenerate

  /* verilator tracing_on */
  wire [SW-1:0] pick = g_lv[LV].idx[0];
  // Pipe >= 1: the pick out of the stages is dropped if its slot departs or is filled
  // now, or was given last cycle
  wire out_kill = (Pipe > 0) && ((dep_ok && pick == dep_slot_i) || (arr_ok && pick == arr_slot_i) ||
                                 (lp_ok && pick == lp));
  wire pick_ok = g_lv[LV].ok[0] && !out_kill;
  wire [3:0] info = g_lv[LV].inf[0];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [KW-1:0] unused_key = g_lv[LV].key[0];  // the winner's key: only its slot is needed
  /* verilator lint_on UNUSEDSIGNAL */
  assign pick_ok_o = pick_ok;
  assign pick_o = pick_ok ? pick : {SW{1'b0}};
  assign pick_col_o = pick_ok && info[3];
  assign pick_crit_o = pick_ok && info[2];
  assign pick_mode_o = pick_ok ? info[1:0] : 2'd0;

  // ---- last cycle's pick (Pipe >= 1)
  generate
    if (Pipe > 0) begin : g_pipe
      reg          lp_ok_q;
      reg [SW-1:0] lp_q;
      always @(posedge clk_i) begin
        if (rst_i) begin
          lp_ok_q <= 1'b0;
          lp_q <= {SW{1'b0}};
        end else begin
          lp_ok_q <= pick_ok_o;
          lp_q <= pick_o;
        end
      end
      assign lp_ok = lp_ok_q;
      assign lp = lp_q;
    end else begin : g_nopipe
      assign lp_ok = 1'b0;
      assign lp = {SW{1'b0}};
    end
  endgenerate

  // ---- state
  wire [BW-1:0] pick_bank = bank_q[pick*BW+:BW];
  wire [Banks*CW-1:0] streak_d;
  generate
    for (b = 0; b < Banks; b = b + 1) begin : g_streak
      localparam integer BI = b;
      localparam [BW-1:0] BV = BI[BW-1:0];
      wire [CW-1:0] st = streak_q[b*CW+:CW];
      assign streak_d[b*CW+:CW] = !miss[b] ? {CW{1'b0}} :
                                  (pick_ok && pick_bank == BV) ? (info[3] ? ((st < CapV) ? st + 1'b1 : st) : {CW{1'b0}}) :
                                  st;
    end
  endgenerate
  always @* begin
    v_d = (v_q & ~dep_mask) | arr_mask;
    cnt_d = cnt_q;
    bank_d = bank_q;
    rank_d = rank_q;
    stamp_d = stamp_q;
    if (arr_i) cnt_d = cnt_q + 1'b1;
    if (arr_ok) begin
      bank_d[arr_slot_i*BW+:BW] = arr_bank_i;
      rank_d[arr_slot_i*3+:3] = arr_rank_i;
      stamp_d[arr_slot_i*AgeW+:AgeW] = cnt_q;
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      v_q <= {Slots{1'b0}};
      bank_q <= {Slots * BW{1'b0}};
      rank_q <= {Slots * 3{1'b0}};
      stamp_q <= {Slots * AgeW{1'b0}};
      cnt_q <= {AgeW{1'b0}};
      streak_q <= {Banks * CW{1'b0}};
    end else begin
      streak_q <= streak_d;
      v_q <= v_d;
      cnt_q <= cnt_d;
      bank_q <= bank_d;
      rank_q <= rank_d;
      stamp_q <= stamp_d;
    end
  end

`ifdef FORMAL
  // Invariants, proven from reset by BMC and by k-induction (the flow: FORMAL_PROOFS).
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  wire [BW-1:0] f_pb = bank_q[pick*BW+:BW];  // the picked slot's bank
  wire f_pcrit = rank_q[pick*3+:3] <= thcr_i;  // and whether it is critical
  integer fb;
  always @* begin
    if (f_past_valid) begin
      // the pick is a valid candidate slot whose bank exists (Pipe >= 1: a held slot of
      // such a bank, not the one given last cycle; a candidate Pipe cycles ago)
      if (pick_ok && Pipe > 0) begin
        assert ({1'b0, pick} < Slots[SW:0]);
        assert (v_q[pick]);
        assert ({1'b0, f_pb} < Banks[BW:0]);
        assert (!lp_ok || pick != lp);
      end
      if (pick_ok && Pipe == 0) begin
        assert ({1'b0, pick} < Slots[SW:0]);
        assert (v_q[pick] && cand_i[pick]);
        assert ({1'b0, f_pb} < Banks[BW:0]);
        // a precharge that would close a row still hit by a buffered request is never
        // picked: under FR-FCFS; under CLAMS only a critical one in criticality mode;
        // under FR-FCFS-Cap only in a capped bank (streak at Cap)
        if (!col_i[pick] && open_hit[f_pb]) begin
          assert (Algo != 0);
          if (Algo == 2) assert (f_pcrit && mode_i[f_pb*2+:2] == 2'd1);
          if (Algo == 1) assert (streak_q[f_pb*CW+:CW] >= CapV && pick_mode_o == 2'd3);
        end
      end
      // the outputs tell the pick's column / criticality / mode as the algorithm defines
      if (Algo == 0) assert (!pick_crit_o && pick_mode_o == 2'd0);
      if (Algo == 1) assert (pick_mode_o == 2'd0 || pick_mode_o == 2'd3);
      if (Algo == 2 && pick_ok && Pipe == 0) assert (pick_mode_o == mode_i[f_pb*2+:2]);
      if (pick_ok && Pipe == 0) assert (pick_col_o == col_i[pick]);
      // each bank's row-hit streak stays within 0..Cap
      for (fb = 0; fb < Banks; fb = fb + 1) assert (streak_q[fb*CW+:CW] <= CapV);
    end
  end
  // the tree picks the eligible slot with the largest {class, age}, the lowest on a tie,
  // and picks whenever a slot is eligible
  genvar fi;
  generate
    for (fi = 0; fi < Slots; fi = fi + 1) begin : g_f
      localparam integer FI = fi;
      localparam [SW-1:0] FV = FI[SW-1:0];
      always @* begin
        if (f_past_valid && Pipe == 0) begin
          if (g_lv[0].ok[fi]) begin
            assert (pick_ok);
            assert (unused_key > g_lv[0].key[fi] || (unused_key == g_lv[0].key[fi] && pick <= FV));
          end
          if (pick_ok && pick == FV) assert (g_lv[0].ok[fi] && unused_key == g_lv[0].key[fi]);
        end
      end
    end
  endgenerate
  // Steps: a bank with no missing request has no streak; a streak grows only by a
  // row hit (column command) of that bank picked
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i))
      for (fb = 0; fb < Banks; fb = fb + 1) begin
        if (!$past(miss[fb])) assert (streak_q[fb*CW+:CW] == {CW{1'b0}});
        if (streak_q[fb*CW+:CW] > $past(streak_q[fb*CW+:CW]))
          assert ($past(pick_ok) && $past(pick_col_o) && $past(pick_bank) == fb[BW-1:0]);
      end
  end
  // an arrival takes its slot: valid next cycle with its bank and rank
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i) && $past(arr_ok)) begin
      assert (v_q[$past(arr_slot_i)]);
      assert (bank_q[$past(arr_slot_i)*BW+:BW] == $past(arr_bank_i));
      assert (rank_q[$past(arr_slot_i)*3+:3] == $past(arr_rank_i));
    end
  end
`endif
endmodule
`default_nettype wire
