// engine_ref.cc -- DetectorEngine implemented by the C reference model (ref/). The metadata
// values live in a scord_store; a recording memory port in front of it reports every read and
// write so the TLM detector can time them through the L2.
#include <algorithm>
#include <stdexcept>

#include "detector_engine.h"

namespace {
class RefEngine final : public DetectorEngine {
 public:
  RefEngine(const scord_params &p, const scord_mdport *observer) : p_(p) {
    if (observer) obs_ = *observer;
    uint64_t entries = p.heap_bytes / p.granule / p.md_ratio;
    store_ = scord_store_new(entries);
    if (!store_) throw std::runtime_error("out of memory for the metadata store");
    port_.ctx = this;
    port_.read = [](void *c, uint64_t i) -> uint64_t {
      auto *e = static_cast<RefEngine *>(c);
      uint64_t v = scord_store_read(e->store_, i);
      if (e->rec_) e->rec_->push_back({i, false, v});
      return v;
    };
    port_.write = [](void *c, uint64_t i, uint64_t v) {
      auto *e = static_cast<RefEngine *>(c);
      if (e->rec_) e->rec_->push_back({i, true, v});
      if (e->obs_.write) e->obs_.write(e->obs_.ctx, i, v);
      scord_store_write(e->store_, i, v);
    };
    port_.reset = [](void *c) {
      auto *e = static_cast<RefEngine *>(c);
      if (e->obs_.reset) e->obs_.reset(e->obs_.ctx);
      scord_store_reset(e->store_);
    };
    // The scrub's walk, recorded for its timing: each entry it visits, written where changed.
    port_.update_nondefault = [](void *c, uint64_t (*fn)(void *, uint64_t, uint64_t), void *arg) {
      auto *e = static_cast<RefEngine *>(c);
      Walk w{e, fn, arg};
      e->scrubbed_ = true;
      scord_store_update_nondefault(e->store_, [](void *wa, uint64_t i, uint64_t v) -> uint64_t {
        auto *w = static_cast<Walk *>(wa);
        const uint64_t nv = w->fn(w->arg, i, v);
        w->e->scrub_.push_back({i, nv != v, nv});
        if (nv != v && w->e->obs_.write) w->e->obs_.write(w->e->obs_.ctx, i, nv);
        return nv;
      }, &w);
    };
    det_ = scord_detector_new(&p_, &port_);
    if (!det_) throw std::runtime_error("out of memory for the detector");
  }
  ~RefEngine() override {
    scord_detector_free(det_);
    scord_store_free(store_);
  }
  const char *name() const override { return "ref"; }
  void access(const scord_access &x, std::vector<MdTouch> &md) override {
    rec_ = &md;
    scord_detector_access(det_, &x);
    rec_ = nullptr;
  }
  void fence(unsigned sm, unsigned warp, scord_scope scope) override { scord_detector_fence(det_, sm, warp, scope); }
  void release(unsigned sm, unsigned warp, scord_scope scope) override { scord_detector_release(det_, sm, warp, scope); }
  void acquire(unsigned sm, unsigned warp, scord_scope scope) override { scord_detector_acquire(det_, sm, warp, scope); }
  void syncwarp(unsigned sm, unsigned warp) override { scord_detector_syncwarp(det_, sm, warp); }
  bool take_scrub(std::vector<MdTouch> &md) override {
    if (!scrubbed_) return false;
    // The store walks its pages in any order: the sweep reads lines in index order.
    std::sort(scrub_.begin(), scrub_.end(), [](const MdTouch &a, const MdTouch &b) { return a.index < b.index; });
    md.swap(scrub_);
    scrub_.clear();
    scrubbed_ = false;
    return true;
  }
  void kernel_reset() override { scord_detector_kernel_reset(det_); }
  bool pop_race(scord_race &r) override { return scord_detector_pop_race(det_, &r); }
  uint64_t overflow() const override { return scord_detector_overflow(det_); }

 private:
  struct Walk {
    RefEngine *e;
    uint64_t (*fn)(void *, uint64_t, uint64_t);
    void *arg;
  };
  std::vector<MdTouch> scrub_;  // the last scrub's walk (take_scrub)
  bool scrubbed_ = false;
  scord_params p_;
  scord_store *store_ = nullptr;
  scord_mdport port_{};
  scord_mdport obs_{};  // observer of writes and resets (lockstep comparator)
  scord_detector *det_ = nullptr;
  std::vector<MdTouch> *rec_ = nullptr;
};
}  // namespace

// (see detector_engine.h)
std::unique_ptr<DetectorEngine> make_ref_engine(const scord_params &p, const scord_mdport *observer) {
  return std::make_unique<RefEngine>(p, observer);
}
