`default_nettype none
// mq_store: storage of NumQ logical FIFO queues of Depth entries, one write and one
// read per cycle ("logically one SRAM of NumQ x Depth rows addressed by {queue, slot}",
// seed 000 section 6). Write at the clock edge; read is combinational from the
// current contents (split cycle: the caller never reads the slot it writes).
module mq_store #(
    parameter integer NumQ = 48,
    parameter integer Depth = 8,
    parameter integer Width = 64,
    parameter integer QW = (NumQ > 1) ? $clog2(NumQ) : 1,
    parameter integer PtrW = (Depth > 1) ? $clog2(Depth) : 1
) (
    input  wire             clk_i,
    input  wire             we_i,
    input  wire [   QW-1:0] wq_i,
    input  wire [ PtrW-1:0] wslot_i,
    input  wire [Width-1:0] wdata_i,
    input  wire [   QW-1:0] rq_i,
    input  wire [ PtrW-1:0] rslot_i,
    output wire [Width-1:0] rdata_o
);
  localparam integer Rows = NumQ * Depth;
  localparam integer AW = (Rows > 1) ? $clog2(Rows) : 1;
  localparam [AW-1:0] DepthA = Depth[AW-1:0];

  reg [Width-1:0] mem[0:Rows-1];

  wire [AW-1:0] waddr = wq_i * DepthA + {{(AW - PtrW) {1'b0}}, wslot_i};
  wire [AW-1:0] raddr = rq_i * DepthA + {{(AW - PtrW) {1'b0}}, rslot_i};

  always @(posedge clk_i) begin
    if (we_i) mem[waddr] <= wdata_i;
  end
  assign rdata_o = mem[raddr];
endmodule
`default_nettype wire
