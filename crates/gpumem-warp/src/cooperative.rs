//! Cooperative launches (`cudaLaunchCooperativeKernel`): every CTA of the grid is
//! resident at once, as the runtime guarantees for them, so that a grid-wide barrier
//! completes. Cooperative groups' `grid.sync()` is such a barrier in global memory (on
//! sm_5x, CUDA 11.8: each CTA's master thread adds to a counter in the grid workspace
//! whose address the driver puts at `c[0x0][0x34]:c[0x0][0x38]`, then spins on it with
//! `LD.E.CV` until its top bit flips). Run one after another, the first CTA would spin
//! forever; here the CTAs take turns of [`SLICE`] warp instructions each, in linear
//! order, until all have finished (or a limit stops the launch: a grid that really
//! deadlocks ends at `max_steps`). A CTA's own execution is the same as in a plain
//! launch; only the interleaving between CTAs differs.

use crate::emulator::Emulator;

/// Warp instructions a CTA of a cooperative launch runs per turn.
pub const SLICE: u64 = 512;

impl Emulator<'_> {
    /// Runs the whole grid with every CTA resident, in turns of [`SLICE`] warp
    /// instructions (see the module). Statistics are completed as by
    /// [`Emulator::run`].
    pub fn run_cooperative(&mut self) {
        let [gx, gy, gz] = self.cfg.grid;
        let ctas = gx as u64 * gy as u64 * gz as u64;
        let mut runs = Vec::new();
        for linear in 0..ctas.min(u32::MAX as u64) as u32 {
            match self.start_cta(linear) {
                Some(r) => runs.push(r),
                None => break,
            }
            if self.stop {
                self.finish();
                return;
            }
        }
        loop {
            let mut live = false;
            for r in runs.iter_mut().filter(|r| !r.finished()) {
                self.advance(r, None, SLICE);
                if self.stop {
                    self.finish();
                    return;
                }
                live |= !r.finished();
            }
            if !live {
                break;
            }
        }
        self.finish();
    }
}
