/*
** rtl_params.h -- the line-rate RTL's micro-architecture parameters and its named variants.
**
** The detector's behaviour is fixed by SCORD_PARAM_LIST (scord.h, detector.md section 1); the
** parameters here fix only how fast and how large the RTL is (docs/rtl.md).  This file is the
** one definition of both lists:
**   - scord-state --sv-defaults writes the defaults into rtl_model/scord_pkg.sv;
**   - scord-state --cmake writes rtl_model/scord_params.cmake: the defaults and, per variant,
**     the C model's configuration string, the Verilator -G flags and every resolved value;
**   - scord-state --variant NAME --chparam gives synth/run.sh the same assignments;
**   - the TLM timing model (tlm/sim_config.h) takes its det_* defaults from SCORD_RTL_DEF_*.
** CTest rtl/params_generated fails when a generated file differs from this table.
*/
#ifndef SCORD_RTL_PARAMS_H
#define SCORD_RTL_PARAMS_H

#ifdef __cplusplus
extern "C" {
#endif

/* X(Name, default, min, max, description).  Name is the SystemVerilog parameter name, the
** same in every module that has the parameter, in -G flags and in chparam.  "Lanes" is the
** lanes of one input packet (a warp instruction's threads) and nothing else. */
#define SCORD_RTL_PARAM_LIST(X)                                                                      \
  X(Lanes, 32, 1, 32, "lanes per input packet: the threads of one warp instruction")                 \
  X(Slices, 2, 1, 64, "detector slices (power of two); metadata line L is checked in slice L mod Slices") \
  X(OwnerPorts, 2, 1, 2, "owner fence-file reads per cycle per slice")                               \
  X(MaxOutstanding, 256, 2, 4096, "line beats in flight per slice (power of two)")                   \
  X(PredSets, 256, 2, 4096, "predecessor-table sets per slice (power of two)")                       \
  X(PredWays, 4, 1, 16, "predecessor-table ways")                                                    \
  X(QueueDepth, 2, 1, 64, "beats queued per slice behind the splitter")                              \
  X(BufImpl, 0, 0, 1, "line buffer and beat info: 0 flip-flops, 1 SRAM macros")                      \
  X(PredImpl, 0, 0, 1, "predecessor table: 0 flip-flops, 1 SRAM macros")                             \
  X(BufBanks, 8, 1, 64, "line-buffer banks per slice")                                               \
  X(BufReadCycles, 6, 1, 64, "cycles of one line-buffer bank read")                                  \
  X(BufMinCycles, 8, 1, 64, "cycles between two accesses of one line-buffer bank")                   \
  X(RaceStageDepth, 4, 1, 64, "race records staged before the race ring's port")                     \
  X(RingMaxLog2, 20, 4, 30, "log2 of the largest race ring the host may set")                        \
  X(PcBits, 64, 1, 64, "program-counter bits carried for race records")

enum scord_rtl_param_default {
#define SCORD_X_RTL_DEF(name, def, lo, hi, doc) SCORD_RTL_DEF_##name = def,
  SCORD_RTL_PARAM_LIST(SCORD_X_RTL_DEF)
#undef SCORD_X_RTL_DEF
  SCORD_RTL_DEF_END_ = 0
};

/* X(name, simulated, assignments, description).  The named parameter sets that are verified
** or synthesised.  `assignments` are Name=value over both lists (SCORD_PARAM_LIST by its RTL
** name, e.g. NumSms); what is not assigned keeps its default.  `simulated` = 1: testbench/
** builds scord-rtl-tb-<name> (underscores as dashes) and CI runs it on random streams and
** the shipped vectors.  The synthesised sets (synth, synth_osu018, quick) are the exact
** parameters synth/run.sh passes to Yosys. */
#define SCORD_RTL_VARIANT_LIST(X)                                                                   \
  X(default, 1, "", "the parameter defaults")                                                        \
  X(md16, 1, "MdRatio=16 MaxOutstanding=32 PredSets=32", "one metadata entry per 16 words (tags)")   \
  X(small, 1,                                                                                        \
    "NumSms=4 CtasPerSm=2 WarpsPerSm=8 BlockIdBits=3 WarpIdBits=3 FenceIdBits=2 BarrierIdBits=2 "    \
    "LockEntries=2 BloomBinBits=4 HeapBytes=0x10000 Slices=4 MaxOutstanding=8 PredSets=8 "           \
    "PredWays=2 BufImpl=1 PredImpl=1 BufBanks=4 BufReadCycles=3 BufMinCycles=4",                     \
    "small ids and counters that wrap often, 2 lock entries, 4 slices of 8 beats, tables in macros") \
  X(synth, 1, "BufImpl=1 PredImpl=1 BufBanks=1 BufReadCycles=1 BufMinCycles=1",                      \
    "what synth/ synthesises in SKY130: tables in one-cycle OpenRAM macros, one bank")                \
  X(synth_osu018, 1, "BufImpl=1 PredImpl=0",                                                         \
    "what synth/ synthesises in OSU 0.18 um: line buffer in modelled 6-cycle macros, 8 banks")       \
  X(quick, 0,                                                                                        \
    "NumSms=2 CtasPerSm=2 WarpsPerSm=4 HeapBytes=0x10000 Lanes=8 MaxOutstanding=8 PredSets=8 "       \
    "BufImpl=1 PredImpl=1 BufBanks=1 BufReadCycles=1 BufMinCycles=1",                                \
    "the quick synthesis flow's small line-rate detector (synth/run.sh --quick)")

#ifdef __cplusplus
}
#endif

#endif /* SCORD_RTL_PARAMS_H */
