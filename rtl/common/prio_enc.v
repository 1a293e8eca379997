`default_nettype none
// prio_enc: index of the lowest set bit of req_i (fixed-order priority encoder).
//
// MRPB's fixed-order drain policy is a NumQ-to-log2(NumQ) encoder of this kind
// (seed 000, section 6: "a 48-to-6 priority encoder with full/empty signals").
//   req_i = 6'b101000 -> idx_o = 3, valid_o = 1;  req_i = 0 -> valid_o = 0, idx_o all ones
//   (the last leaf's index; callers must ignore idx_o when valid_o is 0).
// Built as a balanced tree of (valid, index) pairs, so its depth is log2(Width):
// heap layout, node n has children 2n+1 (the lower indices) and 2n+2.
// Legal: Width >= 1, 1 <= IdxW <= 30, 2**IdxW >= Width.
module prio_enc #(
    parameter integer Width = 8,
    parameter integer IdxW = (Width > 1) ? $clog2(Width) : 1
) (
    input  wire [Width-1:0] req_i,
    output reg  [ IdxW-1:0] idx_o,
    output reg              valid_o
);
  generate
    if (Width < 1 || IdxW < 1 || IdxW > 30 || (1 << IdxW) < Width) begin : g_illegal
`ifndef __ICARUS__
      $error("prio_enc: illegal parameters (Width >= 1, 1 <= IdxW <= 30, 2**IdxW >= Width)");
`endif
      prio_enc_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  localparam integer Leaves = 1 << IdxW;  // power of two >= Width
  localparam integer Nodes = 2 * Leaves - 1;

  reg [Nodes-1:0] v;
  reg [Nodes*IdxW-1:0] ix;
  integer n;
  always @* begin
    for (n = 0; n < Leaves; n = n + 1) begin
      v[Leaves-1+n] = (n < Width) ? req_i[n] : 1'b0;
      ix[(Leaves-1+n)*IdxW+:IdxW] = n[IdxW-1:0];
    end
    for (n = Leaves - 2; n >= 0; n = n - 1) begin
      v[n] = v[2*n+1] | v[2*n+2];
      ix[n*IdxW+:IdxW] = v[2*n+1] ? ix[(2*n+1)*IdxW+:IdxW] : ix[(2*n+2)*IdxW+:IdxW];
    end
    valid_o = v[0];
    idx_o = ix[0+:IdxW];
  end

`ifdef FORMAL
  // The contract, stated bit by bit and independently of the tree: valid_o is "some
  // request is set"; with a request, idx_o is inside 0..Width-1, names a set request
  // bit, and no lower-indexed bit is set (the lowest set bit wins); with no request,
  // idx_o is all ones (the last leaf, as documented above).
  integer f_j;
  always @* begin
    assert (valid_o == (req_i != {Width{1'b0}}));
    if (valid_o) begin
      assert (idx_o < Width);
      for (f_j = 0; f_j < Width; f_j = f_j + 1) begin
        if (f_j == idx_o) assert (req_i[f_j]);
        if (f_j < idx_o) assert (!req_i[f_j]);
      end
    end else begin
      assert (idx_o == {IdxW{1'b1}});
    end
  end
`endif
endmodule
`default_nettype wire
