`default_nettype none
// cam: content-addressable lookup over Entries entries, each a KeyW-bit key and a
// valid bit. One write port sets an entry's key and valid bit (wr_valid_i = 0 frees
// the entry); one lookup port compares lookup_key_i against every valid entry at once.
//
// Write: when wr_i, entry wr_idx_i takes wr_key_i and wr_valid_i at the clock edge;
// an index >= Entries changes nothing. Lookup is combinational on the registered
// contents, so a write is seen by lookups from the next cycle on (latency 1).
// hit_vec_o has a bit per entry (valid and key equal), hit_o is its OR, hit_idx_o the
// lowest matching index (0 when there is no hit). valid_o shows the valid bits (for
// finding a free entry, e.g. with prio_enc on ~valid_o).
//   entries 0:A 1:B(invalid) 2:A 3:C, lookup A -> hit_vec_o = 4'b0101, hit_idx_o = 0;
//   lookup B -> no hit (entry 1 is not valid).
// Keys are not reset (qualified by the valid bits, which are).
// Legal: Entries >= 1, KeyW >= 1, 2**IdxW >= Entries.
module cam #(
    parameter integer Entries = 8,
    parameter integer KeyW = 8,
    parameter integer IdxW = (Entries > 1) ? $clog2(Entries) : 1
) (
    input  wire               clk_i,
    input  wire               rst_i,         // synchronous: every entry invalid
    // write port
    input  wire               wr_i,
    input  wire [   IdxW-1:0] wr_idx_i,
    input  wire [   KeyW-1:0] wr_key_i,
    input  wire               wr_valid_i,
    // lookup port
    input  wire [   KeyW-1:0] lookup_key_i,
    output wire               hit_o,
    output wire [   IdxW-1:0] hit_idx_o,
    output wire [Entries-1:0] hit_vec_o,
    // state
    output wire [Entries-1:0] valid_o
);
  generate
    if (Entries < 1 || KeyW < 1 || IdxW < 1 || (IdxW < 31 && (1 << IdxW) < Entries)) begin : g_illegal
`ifndef __ICARUS__
      $error("cam: illegal parameters (Entries >= 1, KeyW >= 1, 2**IdxW >= Entries)");
`endif
      cam_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  reg [Entries*KeyW-1:0] key_q, key_d;
  reg [Entries-1:0] valid_q, valid_d;

  integer n;
  always @* begin
    key_d   = key_q;
    valid_d = valid_q;
    for (n = 0; n < Entries; n = n + 1) begin
      if (wr_i && wr_idx_i == n[IdxW-1:0]) begin
        key_d[n*KeyW+:KeyW] = wr_key_i;
        valid_d[n] = wr_valid_i;
      end
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) valid_q <= {Entries{1'b0}};
    else valid_q <= valid_d;
    key_q <= key_d;
  end

  genvar g;
  generate
    for (g = 0; g < Entries; g = g + 1) begin : g_cmp
      assign hit_vec_o[g] = valid_q[g] & (key_q[g*KeyW+:KeyW] == lookup_key_i);
    end
  endgenerate
  wire [IdxW-1:0] first_idx;
  prio_enc #(.Width(Entries), .IdxW(IdxW)) u_first (
      .req_i(hit_vec_o), .idx_o(first_idx), .valid_o(hit_o)
  );
  // prio_enc's index with no request set is not 0 (its tree takes the upper half),
  // so it is forced to 0 here
  assign hit_idx_o = hit_o ? first_idx : {IdxW{1'b0}};
  assign valid_o = valid_q;

`ifdef FORMAL
  // The index is the lowest hit; an entry written valid with key K is found by a
  // lookup of K in the next cycle, and an entry written invalid is not found.
  reg f_past_valid = 1'b0;
  reg f_wr_q, f_rst_q, f_valid_q;
  reg [IdxW-1:0] f_idx_q;
  reg [KeyW-1:0] f_key_q;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    f_rst_q <= rst_i;
    f_wr_q <= wr_i & (wr_idx_i < Entries);
    f_idx_q <= wr_idx_i;
    f_key_q <= wr_key_i;
    f_valid_q <= wr_valid_i;
  end
  always @* begin
    assert (hit_o == |hit_vec_o);
    if (hit_o) assert (hit_vec_o[hit_idx_o]);
    if (hit_o) assert ((hit_vec_o & ((1 << hit_idx_o) - 1)) == 0);
    if (!hit_o) assert (hit_idx_o == 0);
    if (f_past_valid && f_rst_q) assert (valid_o == 0);
    if (f_past_valid && !f_rst_q && f_wr_q && lookup_key_i == f_key_q)
      assert (hit_vec_o[f_idx_q] == f_valid_q);
  end
`endif
endmodule
`default_nettype wire
