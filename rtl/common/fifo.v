`default_nettype none
// fifo: synchronous first-in first-out queue of Depth entries of Width bits, with a
// valid/ready handshake on both sides and the number of entries held on count_o.
//
// Push side: an entry is written when push_valid_i & push_ready_o; push_ready_o is
// "not full" and does not look at pop_ready_i, so a full FIFO takes no push even in a
// cycle in which it pops (no combinational path from pop_ready_i to push_ready_o).
// Pop side: pop_valid_o is "not empty" and pop_data_o is the oldest entry (first-word
// fall-through, read straight from the storage); it leaves when pop_valid_o &
// pop_ready_i. A pushed entry can be popped in the next cycle (latency 1), never in
// the cycle it is pushed. count_o counts entries at the start of the cycle.
//   Depth=2: push A (count 0->1), push B + pop A (1->1), pop B (1->0).
// Full rate (one push and one pop a cycle) needs Depth >= 2; with Depth = 1 the
// FIFO alternates: push, pop, push, pop (a one-entry skid, half throughput).
// Depth need not be a power of two: pointers wrap at Depth - 1.
// Storage is not reset (entries are qualified by count); pointers and count are.
// Legal: Width >= 1, Depth >= 1.
module fifo #(
    parameter integer Width = 8,
    parameter integer Depth = 4,
    parameter integer PtrW = (Depth > 1) ? $clog2(Depth) : 1,
    parameter integer CntW = $clog2(Depth + 1)
) (
    input  wire             clk_i,
    input  wire             rst_i,         // synchronous: empties the FIFO
    // push side
    input  wire             push_valid_i,
    output wire             push_ready_o,
    input  wire [Width-1:0] push_data_i,
    // pop side
    output wire             pop_valid_o,
    input  wire             pop_ready_i,
    output wire [Width-1:0] pop_data_o,
    // occupancy, 0..Depth
    output wire [ CntW-1:0] count_o
);
  generate
    if (Width < 1 || Depth < 1 || PtrW < 1 || (1 << PtrW) < Depth || (1 << CntW) <= Depth) begin : g_illegal
`ifndef __ICARUS__
      $error("fifo: illegal parameters (Width >= 1, Depth >= 1; leave PtrW and CntW at their defaults)");
`endif
      fifo_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  localparam integer LastI = Depth - 1;
  localparam [PtrW-1:0] Last = LastI[PtrW-1:0];
  localparam [CntW-1:0] Full = Depth[CntW-1:0];

  reg [PtrW-1:0] wr_ptr_q, wr_ptr_d, rd_ptr_q, rd_ptr_d;
  reg [CntW-1:0] count_q, count_d;

  assign push_ready_o = count_q != Full;
  assign pop_valid_o = count_q != {CntW{1'b0}};
  wire push = push_valid_i & push_ready_o;
  wire pop = pop_valid_o & pop_ready_i;

  function [PtrW-1:0] next_ptr(input [PtrW-1:0] p);
    next_ptr = (p == Last) ? {PtrW{1'b0}} : p + 1'b1;
  endfunction

  always @* begin
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q;
    count_d  = count_q;
    if (push) wr_ptr_d = next_ptr(wr_ptr_q);
    if (pop) rd_ptr_d = next_ptr(rd_ptr_q);
    if (push & ~pop) count_d = count_q + 1'b1;
    if (pop & ~push) count_d = count_q - 1'b1;
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      wr_ptr_q <= {PtrW{1'b0}};
      rd_ptr_q <= {PtrW{1'b0}};
      count_q  <= {CntW{1'b0}};
    end else begin
      wr_ptr_q <= wr_ptr_d;
      rd_ptr_q <= rd_ptr_d;
      count_q  <= count_d;
    end
  end

  // the storage: the one entry addressed by the write pointer changes
  generate
    if (Depth == 1) begin : g_one  // one register; both pointers stay 0
      reg [Width-1:0] data_q;
      always @(posedge clk_i) begin
        if (push) data_q <= push_data_i;
      end
      assign pop_data_o = data_q;
    end else begin : g_many
      reg [Width-1:0] mem_q[0:Depth-1];
      always @(posedge clk_i) begin
        if (push) mem_q[wr_ptr_q] <= push_data_i;
      end
      assign pop_data_o = mem_q[rd_ptr_q];
    end
  endgenerate
  assign count_o = count_q;

`ifdef FORMAL
  // Invariants (they make the induction step go through): the count never exceeds
  // Depth, both pointers stay inside 0..Depth-1, and the write pointer is the read
  // pointer plus the count (mod Depth).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  wire [31:0] f_ahead = {{(32 - PtrW) {1'b0}}, rd_ptr_q} + {{(32 - CntW) {1'b0}}, count_q};
  wire [31:0] f_wr = (f_ahead >= Depth) ? f_ahead - Depth : f_ahead;
  always @* begin
    if (f_past_valid) begin
      assert (count_q <= Full);
      assert (rd_ptr_q <= Last);
      assert (wr_ptr_q <= Last);
      assert (f_wr == {{(32 - PtrW) {1'b0}}, wr_ptr_q});
      assert (push_ready_o == (count_q < Full));
      assert (pop_valid_o == (count_q > 0));
    end
  end
  // Steps: a push alone adds one entry, a pop alone removes one, both keep the count.
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i)) begin
      if ($past(push) && !$past(pop)) assert (count_q == $past(count_q) + 1'b1);
      if ($past(pop) && !$past(push)) assert (count_q == $past(count_q) - 1'b1);
      if ($past(pop) == $past(push)) assert (count_q == $past(count_q));
    end
    if (f_past_valid && $past(rst_i)) assert (count_q == 0);
  end
  // Data: an entry pushed into an empty FIFO is the one offered at the head next cycle.
  always @(posedge clk_i) begin
    if (f_past_valid && !$past(rst_i) && $past(push) && $past(count_q) == 0)
      assert (pop_data_o == $past(push_data_i));
  end
`endif
endmodule
`default_nettype wire
