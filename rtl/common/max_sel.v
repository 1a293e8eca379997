`default_nettype none
// max_sel: index of the largest value among the valid inputs; ties go to the lower
// index (MRPB's longest-first drain: "breaking ties with queue ID").
//
// Balanced compare-select tree, depth log2(Num) comparators (heap layout as prio_enc).
//   valid_i = 4'b1110, values v0=9 v1=3 v2=3 v3=2 -> idx_o = 1 (v0 is not valid;
//   v1 and v2 tie at the largest valid value and the lower index wins).
// Legal: Num >= 1, ValW >= 1, 1 <= IdxW <= 30, 2**IdxW >= Num.
module max_sel #(
    parameter integer Num = 8,
    parameter integer ValW = 4,
    parameter integer IdxW = (Num > 1) ? $clog2(Num) : 1
) (
    input  wire [     Num-1:0] valid_i,
    input  wire [Num*ValW-1:0] val_i,
    output reg  [    IdxW-1:0] idx_o,
    output reg                 valid_o
);
  generate
    if (Num < 1 || ValW < 1 || IdxW < 1 || IdxW > 30 || (1 << IdxW) < Num) begin : g_illegal
`ifndef __ICARUS__
      $error("max_sel: illegal parameters (Num >= 1, ValW >= 1, 1 <= IdxW <= 30, 2**IdxW >= Num)");
`endif
      max_sel_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  localparam integer Leaves = 1 << IdxW;
  localparam integer Nodes = 2 * Leaves - 1;

  reg [Nodes-1:0] v;
  reg [Nodes*ValW-1:0] m;  // the root's value is not needed (lint waiver)
  reg [Nodes*IdxW-1:0] ix;
  reg take_hi;
  integer n;
  always @* begin
    for (n = 0; n < Leaves; n = n + 1) begin
      v[Leaves-1+n] = (n < Num) ? valid_i[n] : 1'b0;
      m[(Leaves-1+n)*ValW+:ValW] = (n < Num) ? val_i[n*ValW+:ValW] : {ValW{1'b0}};
      ix[(Leaves-1+n)*IdxW+:IdxW] = n[IdxW-1:0];
    end
    for (n = Leaves - 2; n >= 0; n = n - 1) begin
      // the higher-index side wins only if valid and strictly larger, or the lower is invalid
      take_hi = v[2*n+2] & (~v[2*n+1] | (m[(2*n+2)*ValW+:ValW] > m[(2*n+1)*ValW+:ValW]));
      v[n] = v[2*n+1] | v[2*n+2];
      m[n*ValW+:ValW] = take_hi ? m[(2*n+2)*ValW+:ValW] : m[(2*n+1)*ValW+:ValW];
      ix[n*IdxW+:IdxW] = take_hi ? ix[(2*n+2)*IdxW+:IdxW] : ix[(2*n+1)*IdxW+:IdxW];
    end
    valid_o = v[0];
    idx_o = ix[0+:IdxW];
  end

`ifdef FORMAL
  // The contract, stated candidate by candidate and independently of the tree:
  // valid_o is "some candidate is valid"; with one, idx_o is inside 0..Num-1 and names
  // a valid candidate whose value f_sel is >= the value of every valid candidate and
  // > the value of every valid candidate with a lower index (ties go to the lower
  // index); with none, idx_o is 0 (what the tree gives; callers ignore it).
  integer f_j;
  reg [ValW-1:0] f_sel;  // the value of candidate idx_o
  always @* begin
    f_sel = {ValW{1'b0}};
    for (f_j = 0; f_j < Num; f_j = f_j + 1) if (f_j == idx_o) f_sel = val_i[f_j*ValW+:ValW];
    assert (valid_o == (valid_i != {Num{1'b0}}));
    if (valid_o) begin
      assert (idx_o < Num);
      for (f_j = 0; f_j < Num; f_j = f_j + 1) begin
        if (f_j == idx_o) assert (valid_i[f_j]);
        if (valid_i[f_j]) assert (val_i[f_j*ValW+:ValW] <= f_sel);
        if (valid_i[f_j] && f_j < idx_o) assert (val_i[f_j*ValW+:ValW] < f_sel);
      end
    end else begin
      assert (idx_o == {IdxW{1'b0}});
    end
  end
`endif
endmodule
`default_nettype wire
