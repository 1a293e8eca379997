`default_nettype none
// tb_fifo: fifo against a reference queue (an array with head and count), seeded random
// pushes and pops in phases (filling, draining, balanced) so that full, empty and
// simultaneous push/pop all occur, plus resets now and then. Checked before every
// clock edge: push_ready_o, pop_valid_o, count_o and, when valid, pop_data_o.
// +seed=N +cycles=N. Last line: "RESULT PASS ..." or "RESULT FAIL ...".
module tb_fifo #(
    parameter integer Width = 8,
    parameter integer Depth = 4
);
  localparam integer CntW = $clog2(Depth + 1);
  reg clk = 1'b0, rst = 1'b1;
  reg push_valid = 1'b0, pop_ready = 1'b0;
  reg [Width-1:0] push_data = {Width{1'b0}};
  wire push_ready, pop_valid;
  wire [Width-1:0] pop_data;
  wire [CntW-1:0] count;

  fifo #(.Width(Width), .Depth(Depth)) dut (
      .clk_i(clk), .rst_i(rst),
      .push_valid_i(push_valid), .push_ready_o(push_ready), .push_data_i(push_data),
      .pop_valid_o(pop_valid), .pop_ready_i(pop_ready), .pop_data_o(pop_data),
      .count_o(count)
  );
  always #5 clk = ~clk;

  // reference: ring of Depth slots
  reg [Width-1:0] ref_q[0:Depth-1];
  integer ref_head, ref_count;

  integer seed0;
  integer seed, cycles, cyc, errors, phase, p_push, p_pop;
  integer n_full, n_empty, n_both, n_push_full, n_pop_empty, n_push, n_pop, n_rst;
  reg do_push, do_pop;

  task fail(input [8*64-1:0] what);
    begin
      errors = errors + 1;
      if (errors <= 5)
        $display("tb_fifo: cycle %0d: %0s (count %0d ref %0d, ready %b valid %b data %h ref %h)",
                 cyc, what, count, ref_count, push_ready, pop_valid, pop_data,
                 ref_q[ref_head]);
    end
  endtask

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 20000;
    errors = 0; n_full = 0; n_empty = 0; n_both = 0; n_push_full = 0; n_pop_empty = 0;
    n_push = 0; n_pop = 0; n_rst = 0;
    ref_head = 0; ref_count = 0; phase = 0; p_push = 50; p_pop = 50;
    repeat (2) @(posedge clk);
    for (cyc = 0; cyc < cycles; cyc = cyc + 1) begin
      @(negedge clk);
      if (cyc % 97 == 0) begin  // a new phase: filling, draining or balanced
        phase = ($random(seed) & 32'h7fffffff) % 3;
        p_push = (phase == 0) ? 85 : (phase == 1) ? 15 : 50;
        p_pop = (phase == 0) ? 15 : (phase == 1) ? 85 : 50;
      end
      rst = (($random(seed) & 32'h7fffffff) % 1000) == 0;
      push_valid = (($random(seed) & 32'h7fffffff) % 100) < p_push;
      pop_ready = (($random(seed) & 32'h7fffffff) % 100) < p_pop;
      push_data = $random(seed);
      #1;
      if (push_ready !== (ref_count < Depth)) fail("push_ready_o");
      if (pop_valid !== (ref_count > 0)) fail("pop_valid_o");
      if (count !== ref_count[CntW-1:0]) fail("count_o");
      if (ref_count > 0 && pop_data !== ref_q[ref_head]) fail("pop_data_o");
      do_push = push_valid && ref_count < Depth;
      do_pop = pop_ready && ref_count > 0;
      if (ref_count == Depth) n_full = n_full + 1;
      if (ref_count == 0) n_empty = n_empty + 1;
      if (do_push && do_pop) n_both = n_both + 1;
      if (push_valid && ref_count == Depth) n_push_full = n_push_full + 1;
      if (pop_ready && ref_count == 0) n_pop_empty = n_pop_empty + 1;
      @(posedge clk);
      if (rst) begin
        ref_head = 0; ref_count = 0; n_rst = n_rst + 1;
      end else begin
        if (do_push) begin
          ref_q[(ref_head + ref_count) % Depth] = push_data;
          n_push = n_push + 1;
        end
        if (do_pop) begin
          ref_head = (ref_head + 1) % Depth;
          n_pop = n_pop + 1;
        end
        ref_count = ref_count + (do_push ? 1 : 0) - (do_pop ? 1 : 0);
      end
    end
    if (errors == 0 && (n_full == 0 || n_empty == 0 || n_push_full == 0 || n_pop_empty == 0 ||
                        (Depth > 1 && n_both == 0)))
      $display("RESULT FAIL Width=%0d Depth=%0d: stimulus missed a corner (full %0d, empty %0d, push-when-full %0d, pop-when-empty %0d, push+pop %0d)",
               Width, Depth, n_full, n_empty, n_push_full, n_pop_empty, n_both);
    else if (errors == 0)
      $display("RESULT PASS Width=%0d Depth=%0d: %0d cycles, %0d pushes, %0d pops, full %0d, empty %0d, push+pop %0d, resets %0d",
               Width, Depth, cycles, n_push, n_pop, n_full, n_empty, n_both, n_rst);
    else
      $display("RESULT FAIL Width=%0d Depth=%0d: %0d mismatches (seed %0d)", Width, Depth, errors, seed0);
    $finish;
  end
endmodule
`default_nettype wire
