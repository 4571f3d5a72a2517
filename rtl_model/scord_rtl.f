// scord_rtl.f -- the scord RTL's sources, package first: every module names scord_pkg and
// uses the assertion macros it defines.  CMake reads this list (rtl_model/CMakeLists.txt) and
// refuses a scord_*.sv that is missing from it.  Paths are relative to this file, so the whole
// lint is one command from anywhere, with no waiver file and no include path:
//   verilator --lint-only -Wall -F rtl_model/scord_rtl.f
scord_pkg.sv
scord_addr_map.sv
scord_beat_check.sv
scord_counter.sv
scord_detect.sv
scord_fence_bank.sv
scord_fence_file.sv
scord_fifo.sv
scord_line_accessor.sv
scord_line_detector.sv
scord_line_slice.sv
scord_pick_queue.sv
scord_race_ring.sv
scord_sm_tracker.sv
scord_spill_reg.sv
scord_splitter.sv
scord_sram_1r1w.sv
scord_sram_banked.sv
scord_sram_flops.sv
scord_sram_nr1w.sv
scord_top.sv
