`default_nettype none
// age_order: the age order of N entries (an order matrix), for oldest-first selection,
// in-order retirement and LRU replacement.
//
// State: a valid bit per entry and, for every pair i < j, one bit older_q[i,j] = "i is
// older than j" (the bit for j, i is its complement), N(N-1)/2 bits in all.
// Operations, each with its own enable and index, all usable in the same cycle:
//   remove_i: entry remove_idx_i leaves (its valid bit clears);
//   touch_i:  a valid entry touch_idx_i becomes the youngest (LRU "use"); an invalid
//             entry is not touched;
//   insert_i: entry insert_idx_i becomes valid and the youngest (an entry that is
//             already valid is simply made the youngest).
// They take effect at the clock edge in the order remove, touch, insert: touch and
// insert in one cycle leave the inserted entry youngest and the touched one next;
// removing and inserting the same entry leaves it valid and youngest. An index >= N
// is ignored.
// Outputs (combinational on the registered state; this cycle's operations show from
// the next cycle): among the entries that are valid and set in req_i, the oldest
// (oldest_idx_o, oldest_valid_o) and the youngest (youngest_idx_o, youngest_valid_o).
// An index is 0 when its valid is 0. For the overall oldest/youngest pass
// req_i = valid_o; for an LRU victim, req_i = the candidate ways.
//   insert 2, insert 0, insert 3, touch 2: order oldest..youngest = 0, 3, 2;
//   req_i = 4'b1100 -> oldest 3, youngest 2;  req_i = 4'b0011 -> oldest 0, youngest 0.
// Entry i is the oldest requester when no other requester is older than it, a
// one-hot vector (the valid entries are kept in a strict total order) turned into an
// index by prio_enc. Depth: one N-input AND per entry, then log2(N).
// Legal: N >= 1, 2**IdxW >= N.
module age_order #(
    parameter integer N = 8,
    parameter integer IdxW = (N > 1) ? $clog2(N) : 1
) (
    input  wire            clk_i,
    input  wire            rst_i,           // synchronous: every entry invalid
    // operations
    input  wire            insert_i,
    input  wire [IdxW-1:0] insert_idx_i,
    input  wire            remove_i,
    input  wire [IdxW-1:0] remove_idx_i,
    input  wire            touch_i,
    input  wire [IdxW-1:0] touch_idx_i,
    // selection among valid & req_i
    input  wire [   N-1:0] req_i,
    output wire [IdxW-1:0] oldest_idx_o,
    output wire            oldest_valid_o,
    output wire [IdxW-1:0] youngest_idx_o,
    output wire            youngest_valid_o,
    // state
    output wire [   N-1:0] valid_o
);
  generate
    if (N < 1 || IdxW < 1 || (IdxW < 31 && (1 << IdxW) < N)) begin : g_illegal
`ifndef __ICARUS__
      $error("age_order: illegal parameters (N >= 1, 2**IdxW >= N)");
`endif
      age_order_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  localparam integer Pairs = N * (N - 1) / 2;
  localparam integer PairsW = (Pairs > 0) ? Pairs : 1;  // N = 1: one unused bit
  localparam [IdxW:0] NumV = N[IdxW:0];

  reg [N-1:0] valid_q, valid_d;
  reg [PairsW-1:0] older_q, older_d;

  wire [N-1:0] in_use = valid_q & req_i;

  // remove, then touch (valid entries only), then insert; one-hot selects of the
  // entries touched and inserted (an index >= N selects none)
  reg [N-1:0] touch_sel, insert_sel;
  integer s;
  always @* begin
    valid_d = valid_q;
    if (remove_i && {1'b0, remove_idx_i} < NumV) valid_d[remove_idx_i] = 1'b0;
    for (s = 0; s < N; s = s + 1) begin
      touch_sel[s] = touch_i && touch_idx_i == s[IdxW-1:0] && valid_d[s];
      insert_sel[s] = insert_i && insert_idx_i == s[IdxW-1:0];
    end
    valid_d = valid_d | insert_sel;
  end

  always @(posedge clk_i) begin
    if (rst_i) valid_q <= {N{1'b0}};
    else valid_q <= valid_d;
    older_q <= older_d;  // meaningful only between valid entries, so not reset
  end

  // Making k the youngest sets "i older than k" for every i and clears "k older than
  // j" for every j; the insert comes after the touch, so it wins. Pair bits in order
  // (0,1), (0,2) .. (0,N-1), (1,2) ..: pair (i, j) is bit i*N - i*(i+1)/2 + j-i-1.
  // Per-pair generate blocks (not a procedural loop with a running index, which Yosys
  // unrolls into a slow chain of variable-index writes).
  // older_full: the whole matrix, row i bit j: i is older than j (the diagonal is 0).
  wire [N*N-1:0] older_full;
  genvar gi, gj;
  generate
    if (N == 1) begin : g_one  // no pairs: the one unused bit holds, a touch orders nothing
      always @* older_d = older_q;
      assign older_full = 1'b0;
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_touch = ^touch_sel;
      /* verilator lint_on UNUSEDSIGNAL */
    end else begin : g_many
      for (gi = 0; gi < N; gi = gi + 1) begin : g_i
        assign older_full[gi*N+gi] = 1'b0;
        for (gj = gi + 1; gj < N; gj = gj + 1) begin : g_j
          localparam integer Q = gi * N - gi * (gi + 1) / 2 + gj - gi - 1;
          always @*
            older_d[Q] = insert_sel[gj] ? 1'b1 : insert_sel[gi] ? 1'b0 :
                         touch_sel[gj] ? 1'b1 : touch_sel[gi] ? 1'b0 : older_q[Q];
          assign older_full[gi*N+gj] = older_q[Q];
          assign older_full[gj*N+gi] = ~older_q[Q];
        end
      end
    end
  endgenerate

  // youngest: it is older than no other requester; oldest: older than all the others
  reg [N-1:0] is_oldest, is_youngest;
  reg [N-1:0] row, self;
  integer si;
  always @* begin
    for (si = 0; si < N; si = si + 1) begin
      row = older_full[si*N+:N];
      self = {N{1'b0}};
      self[si] = 1'b1;
      is_youngest[si] = in_use[si] & ~|(row & in_use);
      is_oldest[si] = in_use[si] & (((row | self) & in_use) == in_use);
    end
  end

  wire [IdxW-1:0] old_idx, young_idx;
  prio_enc #(.Width(N), .IdxW(IdxW)) u_old (.req_i(is_oldest), .idx_o(old_idx), .valid_o(oldest_valid_o));
  prio_enc #(.Width(N), .IdxW(IdxW)) u_young (.req_i(is_youngest), .idx_o(young_idx), .valid_o(youngest_valid_o));
  assign oldest_idx_o = oldest_valid_o ? old_idx : {IdxW{1'b0}};  // prio_enc's idle index is not 0
  assign youngest_idx_o = youngest_valid_o ? young_idx : {IdxW{1'b0}};
  assign valid_o = valid_q;

`ifdef FORMAL
  // The valid entries are in a strict total order: "older" is transitive over every
  // triple of valid entries (antisymmetry holds by construction, one bit per pair).
  // Hence exactly one oldest and one youngest requester whenever any entry requests.
  // After an insert the inserted entry is the youngest valid entry.
  reg f_past_valid = 1'b0;
  reg f_ins_q, f_rst_q;
  reg [IdxW-1:0] f_ins_idx_q;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    f_rst_q <= rst_i;
    f_ins_q <= insert_i && {1'b0, insert_idx_i} < NumV;
    f_ins_idx_q <= insert_idx_i;
  end
  integer a, b, c;
  always @* begin
    if (f_past_valid) begin
      for (a = 0; a < N; a = a + 1)
        for (b = 0; b < N; b = b + 1)
          for (c = 0; c < N; c = c + 1)
            if (a != b && b != c && a != c && valid_q[a] && valid_q[b] && valid_q[c] &&
                older_full[a*N+b] && older_full[b*N+c])
              assert (older_full[a*N+c]);
      assert (oldest_valid_o == (in_use != 0));
      assert (youngest_valid_o == (in_use != 0));
      assert ((is_oldest & (is_oldest - 1'b1)) == 0);  // at most one bit set
      assert ((is_youngest & (is_youngest - 1'b1)) == 0);
      if (f_rst_q) assert (valid_q == 0);
      if (!f_rst_q && f_ins_q) begin
        assert (valid_q[f_ins_idx_q]);
        if (req_i == valid_q) assert (youngest_idx_o == f_ins_idx_q);
      end
    end
  end
`endif
endmodule
`default_nettype wire
