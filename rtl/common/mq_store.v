`default_nettype none
// mq_store: storage of NumQ logical FIFO queues of Depth entries, one write and Reads
// reads per cycle ("logically one SRAM of NumQ x Depth rows addressed by {queue, slot}",
// seed 000 section 6; MRPB reads one entry a cycle, the memory request scheduling queue
// one per cache probe unit). Write at the clock edge; reads are combinational from the
// current contents (split cycle: the caller never reads the slot it writes). Read port
// r takes rq_i[r*QW +: QW], rslot_i[r*PtrW +: PtrW] and gives rdata_o[r*Width +: Width].
// Legal: NumQ >= 1, Depth >= 1, Width >= 1, Reads >= 1; leave QW and PtrW at their
// defaults (2**QW >= NumQ, 2**PtrW >= Depth).
module mq_store #(
    parameter integer NumQ = 48,
    parameter integer Depth = 8,
    parameter integer Width = 64,
    parameter integer Reads = 1,
    parameter integer QW = (NumQ > 1) ? $clog2(NumQ) : 1,
    parameter integer PtrW = (Depth > 1) ? $clog2(Depth) : 1
) (
    input  wire                   clk_i,
    input  wire                   we_i,
    input  wire [         QW-1:0] wq_i,
    input  wire [       PtrW-1:0] wslot_i,
    input  wire [      Width-1:0] wdata_i,
    input  wire [   Reads*QW-1:0] rq_i,
    input  wire [ Reads*PtrW-1:0] rslot_i,
    output wire [Reads*Width-1:0] rdata_o
);
  localparam integer Rows = NumQ * Depth;
  localparam integer AW = (Rows > 1) ? $clog2(Rows) : 1;
  localparam [AW-1:0] DepthA = Depth[AW-1:0];

  generate
    if (NumQ < 1 || Depth < 1 || Width < 1 || Reads < 1 || QW < 1 || PtrW < 1 || QW > 30 ||
        PtrW > AW || (1 << QW) < NumQ || (1 << PtrW) < Depth) begin : g_illegal
`ifndef __ICARUS__
      $error("mq_store: illegal parameters (NumQ >= 1, Depth >= 1, Width >= 1, Reads >= 1; leave QW and PtrW at their defaults)");
`endif
      mq_store_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  reg [Width-1:0] mem[0:Rows-1];

  wire [AW-1:0] waddr = wq_i * DepthA + {{(AW - PtrW) {1'b0}}, wslot_i};
  always @(posedge clk_i) begin
    if (we_i) mem[waddr] <= wdata_i;
  end

  genvar r;
  generate
    for (r = 0; r < Reads; r = r + 1) begin : g_rd
      wire [AW-1:0] raddr = rq_i[r*QW+:QW] * DepthA + {{(AW - PtrW) {1'b0}}, rslot_i[r*PtrW+:PtrW]};
      assign rdata_o[r*Width+:Width] = mem[raddr];
    end
  endgenerate

`ifdef FORMAL
  // Storage: one (queue, slot) cell, chosen freely ($anyconst) among queue < NumQ,
  // slot < Depth: after a write to it, a read of it on any port returns the data of the
  // last write to it. The write lands at the clock edge (a read in the cycle of a write
  // still sees the old data) and writes to every other (queue, slot) leave it alone,
  // i.e. distinct pairs are distinct rows. A write outside queue < NumQ, slot < Depth is
  // outside the contract (it may alias another row): the check restarts after one.
  wire [QW-1:0] f_q = $anyconst;
  wire [PtrW-1:0] f_slot = $anyconst;
  wire f_in = (f_q < NumQ) && (f_slot < Depth);
  wire f_wr_ok = (wq_i < NumQ) && (wslot_i < Depth);
  reg f_written = 1'b0;  // the cell was written (f_data), no out-of-contract write since
  reg [Width-1:0] f_data;
  always @(posedge clk_i) begin
    if (we_i && !f_wr_ok) f_written <= 1'b0;
    else if (we_i && wq_i == f_q && wslot_i == f_slot) begin
      f_written <= 1'b1;
      f_data <= wdata_i;
    end
  end
  wire [31:0] f_row = f_q * Depth + f_slot;  // row-major {queue, slot}
  wire [Width-1:0] f_cell = mem[f_row];
  integer f_r;
  always @* begin
    if (f_in && f_written) begin
      assert (f_cell == f_data);  // the invariant that makes the induction go through
      for (f_r = 0; f_r < Reads; f_r = f_r + 1)
        if (rq_i[f_r*QW+:QW] == f_q && rslot_i[f_r*PtrW+:PtrW] == f_slot)
          assert (rdata_o[f_r*Width+:Width] == f_data);
    end
  end
`endif
endmodule
`default_nettype wire
