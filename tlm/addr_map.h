// addr_map.h -- where an address lives in the memory system: its L2 slice and line inside that
// slice (AddrMap), and its DRAM bank and row (DramMap); shared by the interconnect, the L2, the
// DRAM channels and the detector's metadata placement.
#pragma once
#include <cstdint>

#include "fastdiv.h"
#include "sim_config.h"

// Address interleaving shared by the interconnect, L2 and DRAM (addr_map, docs/dram.md
// "Address mapping").  0: consecutive lines go to consecutive L2 slices, and the `subparts`
// slices of one DRAM channel hold consecutive lines (with 128-B lines and 2 sub-partitions a
// channel owns each 256-B chunk).  1: the authors' GPGPU-Sim mapping: 256-B chunks to
// consecutive channels (the channel's bits taken out at bit 8), the rest of the address packed
// into the channel's own address space, whose bit 8 (the bank's low bit) picks the
// sub-partition; bank and row from that channel address's bits (DramMap).
// (The divisions by FastDiv: they were a few percent of a co-simulated run.)
struct AddrMap {
  uint64_t line_bytes, channels, subparts;
  unsigned mode;
  uint64_t chunk_lines;  // mode 1: lines per 256-B chunk
  FastDiv by_line, by_slices, by_subparts, by_channels;
  uint64_t slices() const { return channels * subparts; }
  uint64_t line(uint64_t a) const { return by_line.div(a); }
  unsigned slice(uint64_t a) const {
    if (mode == 0) return (unsigned)by_slices.mod(line(a));
    const uint64_t ch = a >> 8, q = by_channels.div(ch);
    return (unsigned)((ch - q * channels) * subparts + by_subparts.mod(q));
  }
  // Line index inside its slice: the slice's lines in address order.
  uint64_t slice_local(uint64_t a) const {
    if (mode == 0) return by_slices.div(line(a));
    return by_subparts.div(by_channels.div(a >> 8)) * chunk_lines + by_line.div(a & 255);
  }
  // Line index inside its DRAM channel: the channel's lines in address order.
  uint64_t dram_local(uint64_t a) const {
    if (mode == 0) return slice_local(a) * subparts + by_subparts.mod(line(a));
    return by_channels.div(a >> 8) * chunk_lines + by_line.div(a & 255);
  }
  // The address of line `local` of slice `slice` (slice(a) == slice, slice_local(a) == local):
  // a victim's write-back address from its tag and set, a partition-local metadata line.
  uint64_t compose(unsigned slice, uint64_t local) const {
    if (mode == 0) return (local * slices() + slice) * line_bytes;
    const uint64_t chunk = local / chunk_lines, within = local - chunk * chunk_lines;
    const uint64_t q = chunk * subparts + slice % subparts;
    return (q * channels + slice / subparts) << 8 | within * line_bytes;
  }
  static AddrMap of(const SimConfig &c) {
    return {c.line_bytes, c.channels, c.l2_subparts, (unsigned)c.addr_map, 256 / c.line_bytes,
            FastDiv(c.line_bytes), FastDiv(c.channels * c.l2_subparts), FastDiv(c.l2_subparts), FastDiv(c.channels)};
  }
};

// Bank and row of a line inside its channel (dram_local).  addr_map 0: `dram_row_lines`
// consecutive lines per row, rows over the banks in turn.  1: the authors' layout of the
// channel address (GPGPU-Sim's gpgpu_mem_addr_mapping, bits high to low: row 27-16, bank
// 15-13 and 8, columns 12-9 and 7-6, bytes 5-0).
struct DramMap {
  unsigned mode;
  uint64_t line_bytes, row_lines, banks;
  void of_line(uint64_t local, uint32_t &bank, uint32_t &row) const {
    if (mode == 0) {
      bank = (uint32_t)((local / row_lines) % banks);
      row = (uint32_t)(local / (row_lines * banks));
      return;
    }
    const uint64_t a = local * line_bytes;
    bank = (uint32_t)(((a >> 13) & 7) << 1 | ((a >> 8) & 1));
    row = (uint32_t)(a >> 16);
  }
  static DramMap of(const SimConfig &c) { return {(unsigned)c.addr_map, c.line_bytes, c.dram_row_lines, c.dram_banks}; }
};
