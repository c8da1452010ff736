//! The executor's public items under their former path (`gpumem_warp::exec::...`):
//! the program ([`crate::program`]), the launch configuration ([`crate::config`]),
//! the statistics ([`crate::stats`]) and the emulator ([`crate::emulator`]).

pub use crate::config::LaunchConfig;
pub use crate::emulator::{Emulator, MAX_FAULTS, PARAM_BASE};
pub use crate::program::{Program, addr_index, inst_addr};
pub use crate::stats::{InstStats, Stats};
pub use crate::warp::{MAX_STACK, lanes};
