//! Assembly and disassembly throughput on a small mixed scalar kernel
//! (64 copies, 768 lines).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gpumem_vega::{Target, assemble, disassemble};

const KERNEL: &str = "\
entry@:
  s_load_dwordx4 s[8:11], s[2:3], 0x10 glc
  s_load_dword s5, s[2:3], s7 offset:0x10
  s_buffer_load_dwordx8 s[16:23], s[8:11], m0
  s_waitcnt lgkmcnt(0)
  s_add_u32 s0, s0, 0x12345678
  s_cmp_lg_u32 s0, 64
  s_cbranch_scc1 entry@
  s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 4)
  s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)
  s_atomic_add s5, s[2:3], 0x4 glc
  s_endpgm
";

fn bench(c: &mut Criterion) {
    // 64 copies of the kernel, each with its own label.
    let src: String = (0..64)
        .map(|i| KERNEL.replace('@', &i.to_string()))
        .collect();
    let bytes = assemble(&src, Target::Gfx900).expect("assembles").bytes;
    let mut g = c.benchmark_group("vega");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.bench_function("assemble", |b| {
        b.iter(|| assemble(&src, Target::Gfx900).map(|a| a.bytes.len()))
    });
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("disassemble", |b| {
        b.iter(|| disassemble(&bytes, Target::Gfx900).len())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
