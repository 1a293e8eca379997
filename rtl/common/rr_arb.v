`default_nettype none
// rr_arb: round-robin choice among the set bits of req_i, starting after last_i.
//
// The first requester with an index above last_i wins; if there is none, the
// lowest requester wins (wrap-around). Stateless: the caller keeps last_i.
//   req_i = 4'b1011, last_i = 1 -> idx_o = 3;  last_i = 3 -> idx_o = 0.
// Legal: Width >= 1, 1 <= IdxW <= 30, 2**IdxW >= Width.
module rr_arb #(
    parameter integer Width = 8,
    parameter integer IdxW = (Width > 1) ? $clog2(Width) : 1
) (
    input  wire [Width-1:0] req_i,
    input  wire [ IdxW-1:0] last_i,
    output wire [ IdxW-1:0] idx_o,
    output wire             valid_o
);
  generate
    if (Width < 1 || IdxW < 1 || IdxW > 30 || (1 << IdxW) < Width) begin : g_illegal
`ifndef __ICARUS__
      $error("rr_arb: illegal parameters (Width >= 1, 1 <= IdxW <= 30, 2**IdxW >= Width)");
`endif
      rr_arb_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  wire [Width-1:0] above;
  genvar n;
  generate
    for (n = 0; n < Width; n = n + 1) begin : g_above
      if (n == 0) begin : g_zero
        assign above[n] = 1'b0;  // nothing is above the last index for index 0
      end else begin : g_pos
        localparam [IdxW-1:0] Idx = n;
        assign above[n] = req_i[n] & (Idx > last_i);
      end
    end
  endgenerate

  wire [IdxW-1:0] above_idx, all_idx;
  wire above_v, all_v;
  prio_enc #(.Width(Width), .IdxW(IdxW)) u_above (.req_i(above), .idx_o(above_idx), .valid_o(above_v));
  prio_enc #(.Width(Width), .IdxW(IdxW)) u_all (.req_i(req_i), .idx_o(all_idx), .valid_o(all_v));

  assign idx_o   = above_v ? above_idx : all_idx;
  assign valid_o = all_v;

`ifdef FORMAL
  // The contract, stated bit by bit: valid_o is "some request is set"; with one,
  // idx_o is inside 0..Width-1 and names a requester, and it is the first requester
  // after last_i in round-robin order: if idx_o > last_i, no requester lies strictly
  // between last_i and idx_o; otherwise (wrap-around) no requester lies above last_i
  // and none below idx_o. Hence, when the caller passes the previous grant as last_i,
  // a requester that keeps requesting is granted within Width grants (no starvation).
  integer f_j;
  always @* begin
    assert (valid_o == (req_i != {Width{1'b0}}));
    if (valid_o) begin
      assert (idx_o < Width);
      for (f_j = 0; f_j < Width; f_j = f_j + 1) begin
        if (f_j == idx_o) assert (req_i[f_j]);
        if (idx_o > last_i) begin
          if (f_j > last_i && f_j < idx_o) assert (!req_i[f_j]);
        end else begin
          if (f_j > last_i || f_j < idx_o) assert (!req_i[f_j]);
        end
      end
    end
  end
`endif
endmodule
`default_nettype wire
