//! The device layer through its public API: the allocator, bounds-checked copies,
//! modules from every committed cubin and from fat binaries, launches, module
//! variables, streams and events.

use gpumem_device::fatbin::{self, FatbinError};
use gpumem_device::{
    AllocKind, Context, DeviceConfig, DeviceError, Launch, ModuleId, Stream, SymbolPlace,
};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn data(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn file(rel: &str) -> Vec<u8> {
    let p = root().join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn small(bytes: u64) -> Context {
    Context::new(DeviceConfig {
        global_bytes: bytes,
        host_bytes: bytes,
        ..DeviceConfig::gm204()
    })
}

#[test]
fn allocations_are_aligned_and_freed_ranges_are_reused() {
    let mut c = Context::new(DeviceConfig::gm204());
    let a = c.malloc(1).unwrap();
    let b = c.malloc(300).unwrap();
    let d = c.malloc(256).unwrap();
    for p in [a, b, d] {
        assert_eq!(p % 256, 0, "{p:#x}");
    }
    // Each takes whole 256-byte granules, lowest address first.
    assert_eq!(b, a + 256);
    assert_eq!(d, b + 512);
    assert_eq!(c.allocation(b + 299).map(|x| x.ptr), Some(b));
    assert_eq!(c.allocation(b + 300), None);
    c.free(b).unwrap();
    // The hole is handed out again, and starts from zeros.
    c.write(a, &[7; 1]).unwrap();
    let e = c.malloc(512).unwrap();
    assert_eq!(e, b);
    let mut z = [1u8; 512];
    c.read(e, &mut z).unwrap();
    assert!(z.iter().all(|&x| x == 0));
    // Null: malloc(0) and free(0).
    assert_eq!(c.malloc(0).unwrap(), 0);
    c.free(0).unwrap();
    let (free, total) = c.mem_info();
    assert_eq!(total, 4 << 30);
    assert_eq!(free, total - 256 - 512 - 256);
}

#[test]
fn kinds_have_their_own_ranges() {
    let mut c = Context::new(DeviceConfig::gm204());
    let d = c.malloc(64).unwrap();
    let m = c.malloc_managed(64).unwrap();
    let h = c.malloc_host(64).unwrap();
    assert!((gpumem_device::DEVICE_BASE..gpumem_device::MANAGED_BASE).contains(&d));
    assert!((gpumem_device::MANAGED_BASE..gpumem_device::HOST_BASE).contains(&m));
    assert!(h >= gpumem_device::HOST_BASE);
    assert_eq!(c.allocation(m).unwrap().kind, AllocKind::Managed);
    assert_eq!(c.allocation(h).unwrap().kind, AllocKind::Host);
    // The host reads and writes host-mapped and managed memory directly.
    c.write(h, b"host").unwrap();
    c.write(m, b"both").unwrap();
    c.copy(d, h, 4).unwrap();
    let mut out = [0; 4];
    c.read(d, &mut out).unwrap();
    assert_eq!(&out, b"host");
    // Each free frees its own kind.
    let e = c.free(h).unwrap_err();
    assert!(matches!(e, DeviceError::WrongKind { .. }), "{e}");
    assert!(e.to_string().contains("host-mapped"), "{e}");
    assert!(matches!(c.free_host(d), Err(DeviceError::WrongKind { .. })));
    c.free_host(h).unwrap();
    c.free(m).unwrap();
}

#[test]
fn out_of_memory_against_the_device_size() {
    let mut c = small(4096);
    let a = c.malloc(2048).unwrap();
    let _b = c.malloc(1024).unwrap();
    let e = c.malloc(2048).unwrap_err();
    match &e {
        DeviceError::OutOfMemory {
            requested,
            used,
            total,
            ..
        } => assert_eq!((*requested, *used, *total), (2048, 3072, 4096)),
        e => panic!("{e}"),
    }
    assert!(e.to_string().contains("out of device memory"), "{e}");
    // Managed memory draws on the same budget.
    assert!(matches!(
        c.malloc_managed(2048),
        Err(DeviceError::OutOfMemory { .. })
    ));
    c.free(a).unwrap();
    c.malloc_managed(2048).unwrap();
    // Sizes near 2^64 do not wrap.
    assert!(matches!(
        c.malloc(u64::MAX),
        Err(DeviceError::OutOfMemory { .. })
    ));
    // The GM204 preset: 4 GiB.
    let mut g = Context::new(DeviceConfig::gm204());
    g.malloc(3 << 30).unwrap();
    assert!(g.malloc((1 << 30) + 1).is_err());
    g.malloc(1 << 30).unwrap();
    assert!(g.malloc(1).is_err());
}

#[test]
fn double_free_and_bad_pointers_are_typed_errors() {
    let mut c = Context::new(DeviceConfig::gm204());
    let a = c.malloc(1000).unwrap();
    c.free(a).unwrap();
    let e = c.free(a).unwrap_err();
    assert!(
        matches!(e, DeviceError::DoubleFree { ptr, size: 1000, kind: AllocKind::Device } if ptr == a),
        "{e}"
    );
    assert!(e.to_string().contains("double free"), "{e}");
    let b = c.malloc(1000).unwrap();
    // Inside an allocation, and nowhere.
    let e = c.free(b + 8).unwrap_err();
    assert!(
        matches!(&e, DeviceError::InvalidPointer { inside: Some(x), .. } if x.ptr == b),
        "{e}"
    );
    assert!(
        e.to_string().contains("lies inside device allocation #2"),
        "{e}"
    );
    let e = c.free(0xdead_0000).unwrap_err();
    assert!(
        matches!(e, DeviceError::InvalidPointer { inside: None, .. }),
        "{e}"
    );
    // Once its range is handed out again, the old pointer is the new allocation.
    c.free(b).unwrap();
    let d = c.malloc(1000).unwrap();
    assert_eq!(d, b);
    c.free(d).unwrap();
}

#[test]
fn copies_are_checked_against_the_live_allocation() {
    let mut c = Context::new(DeviceConfig::gm204());
    let a = c.malloc(100).unwrap();
    let b = c.malloc(100).unwrap();
    c.write(a, &[1; 100]).unwrap();
    // One byte past the end, although the granule's padding is still reserved.
    let e = c.write(a + 1, &[0; 100]).unwrap_err();
    assert!(
        matches!(&e, DeviceError::OutOfBounds { alloc: Some(x), .. } if x.ptr == a),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("passes the end of device allocation #1"),
        "{e}"
    );
    let mut out = [0; 8];
    let e = c.read(a + 96, &mut out).unwrap_err();
    assert!(e.to_string().contains("by 4 bytes"), "{e}");
    // Between allocations: the nearest one below is named.
    let e = c.read(a + 128, &mut out).unwrap_err();
    assert!(
        e.to_string()
            .contains("nearest below is device allocation #1"),
        "{e}"
    );
    // Spanning two allocations is out of bounds too.
    assert!(c.copy(b, a, 101).is_err());
    assert!(c.memset(b + 50, 0xff, 51).is_err());
    // Freed memory.
    c.free(b).unwrap();
    assert!(matches!(
        c.write(b, &[1]),
        Err(DeviceError::OutOfBounds { .. })
    ));
    // In bounds: memset and an overlapping device-to-device copy (memmove).
    c.memset(a, 0xab, 10).unwrap();
    let mut v = [0; 12];
    c.read(a, &mut v).unwrap();
    assert_eq!(
        v,
        [
            0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 1, 1
        ]
    );
    let seq: Vec<u8> = (0..100).collect();
    c.write(a, &seq).unwrap();
    c.copy(a + 10, a, 50).unwrap();
    let mut w = [0; 100];
    c.read(a, &mut w).unwrap();
    assert_eq!(&w[10..60], &seq[..50]);
    c.memset(a, 0, 100).unwrap();
    c.read(a, &mut w).unwrap();
    assert!(w.iter().all(|&x| x == 0));
}

#[test]
fn every_committed_cubin_loads_as_a_module() {
    let mut names = Vec::new();
    for e in std::fs::read_dir(root().join("tests/cubins")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "cubin") {
            names.push(p);
        }
    }
    names.sort();
    assert!(names.len() >= 50, "{}", names.len());
    let mut c = Context::new(DeviceConfig::gm204());
    for p in &names {
        let m = c
            .load(&std::fs::read(p).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let ks = c.kernels(m).unwrap();
        assert!(!ks.is_empty(), "{}", p.display());
        c.unload(m).unwrap();
    }
    // Unloading gave every module allocation back.
    assert_eq!(c.allocations().count(), 0);
}

#[test]
fn every_cuda_sample_cubin_loads_as_a_module() {
    let mut c = Context::new(DeviceConfig::gm204());
    let mut n = 0;
    for sm in ["sm_50", "sm_52"] {
        for e in std::fs::read_dir(root().join("tests/cuda-samples").join(sm)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_none_or(|x| x != "cubin") {
                continue;
            }
            let m = c
                .load(&std::fs::read(&p).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            c.unload(m).unwrap();
            n += 1;
        }
    }
    assert!(n > 100, "{n}");
}

fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// copy_u32 over 16 words in 2 CTAs of 12 threads (examples/maxwell/copy_u32.toml).
fn run_copy(c: &mut Context, m: ModuleId) {
    let input: Vec<u8> = (0..16u32)
        .flat_map(|i| (i * 0x0101_0101 + 7).to_le_bytes())
        .collect();
    let src = c.malloc(64).unwrap();
    let dst = c.malloc(80).unwrap();
    c.write(src, &input).unwrap();
    c.memset(dst, 0xab, 80).unwrap();
    let r = c
        .launch(
            m,
            "copy_u32",
            &Launch::linear(2, 12),
            &[&dst.to_le_bytes(), &src.to_le_bytes(), &16u32.to_le_bytes()],
        )
        .unwrap();
    assert!(r.warp_instructions > 0);
    let mut out = vec![0; 80];
    c.read(dst, &mut out).unwrap();
    assert_eq!(&out[..64], &input[..]);
    // Threads 16 to 23 exit early: the words after the copy are untouched.
    assert_eq!(u32s(&out[64..]), vec![0xabab_abab; 4]);
    c.free(src).unwrap();
    c.free(dst).unwrap();
}

#[test]
fn copy_u32_runs_through_the_device_api() {
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c.load(&file("tests/cubins/copy_u32.sm_52.cubin")).unwrap();
    let k = c.kernel(m, "copy_u32").unwrap();
    assert_eq!(k.params.len(), 3);
    assert_eq!(k.sm, 52);
    run_copy(&mut c, m);
    // Parameters are checked against .nv.info.
    let e = c
        .launch(m, "copy_u32", &Launch::linear(1, 32), &[&[0; 8], &[0; 8]])
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("takes 3 parameters (bytes: 8, 8, 4), 2 given"),
        "{e}"
    );
    let e = c
        .launch(
            m,
            "copy_u32",
            &Launch::linear(1, 32),
            &[&[0; 8], &[0; 8], &[0; 8]],
        )
        .unwrap_err();
    assert!(e.to_string().contains("parameter 3 is 4 bytes"), "{e}");
    assert!(matches!(
        c.launch(m, "nope", &Launch::linear(1, 1), &[]),
        Err(DeviceError::NoSuchKernel { .. })
    ));
}

#[test]
fn launches_that_the_hardware_refuses_are_errors() {
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c.load(&file("tests/cubins/copy_u32.sm_52.cubin")).unwrap();
    let args: [&[u8]; 3] = [&[0; 8], &[0; 8], &[0; 4]];
    let e = c
        .launch(m, "copy_u32", &Launch::linear(1, 1025), &args)
        .unwrap_err();
    assert!(e.to_string().contains("block.x = 1025"), "{e}");
    let e = c
        .launch(
            m,
            "copy_u32",
            &Launch {
                block: [32, 32, 2],
                ..Launch::linear(1, 1)
            },
            &args,
        )
        .unwrap_err();
    assert!(e.to_string().contains("2048 threads"), "{e}");
    let e = c
        .launch(
            m,
            "copy_u32",
            &Launch {
                shared_bytes: 49 << 10,
                ..Launch::linear(1, 32)
            },
            &args,
        )
        .unwrap_err();
    assert!(e.to_string().contains("shared memory"), "{e}");
    let e = c
        .launch(m, "copy_u32", &Launch::linear(0, 32), &args)
        .unwrap_err();
    assert!(e.to_string().contains("grid.x = 0"), "{e}");
    // None of these ran: the context is usable.
    assert!(c.synchronize().is_ok());
}

#[test]
fn a_kernel_fault_names_the_access_and_sticks() {
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c.load(&file("tests/cubins/copy_u32.sm_52.cubin")).unwrap();
    let src = c.malloc(64).unwrap();
    // A misaligned destination: STG.E faults.
    let e = c
        .launch(
            m,
            "copy_u32",
            &Launch::linear(1, 1),
            &[
                &(src + 2).to_le_bytes(),
                &src.to_le_bytes(),
                &1u32.to_le_bytes(),
            ],
        )
        .unwrap_err();
    assert!(e.is_kernel_fault());
    let t = e.to_string();
    assert!(
        t.contains("misaligned_address") && t.contains("STG.E"),
        "{t}"
    );
    assert!(t.contains("CTA 0, warp 0, lane 0"), "{t}");
    // Sticky, as on hardware, until reset.
    assert!(matches!(c.malloc(4), Err(DeviceError::Sticky(_))));
    assert!(matches!(c.synchronize(), Err(DeviceError::Sticky(_))));
    c.reset();
    c.malloc(4).unwrap();
}

#[test]
fn the_bounds_check_reports_accesses_outside_allocations() {
    let mut c = Context::new(DeviceConfig {
        check: Some(gpumem_device::BoundsMode::Fault),
        ..DeviceConfig::gm204()
    });
    let m = c.load(&file("tests/cubins/copy_u32.sm_52.cubin")).unwrap();
    let src = c.malloc(64).unwrap();
    let dst = c.malloc(64).unwrap();
    // 17 words: the last read is past `src` (inside its padding granule).
    let e = c
        .launch(
            m,
            "copy_u32",
            &Launch::linear(1, 32),
            &[&dst.to_le_bytes(), &src.to_le_bytes(), &17u32.to_le_bytes()],
        )
        .unwrap_err();
    let t = e.to_string();
    assert!(t.contains("out_of_bounds"), "{t}");
    assert!(t.contains(&format!("{:#x}", src + 64)), "{t}");
}

#[test]
fn module_variables_are_placed_linked_and_reachable() {
    // threadFenceReduction's single-pass kernel counts finished blocks in a __device__
    // variable (`retirementCount`) and the last block resets it.
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c
        .load(&file(
            "tests/cuda-samples/sm_50/threadFenceReduction__threadFenceReduction.cubin",
        ))
        .unwrap();
    let s = c.symbol(m, "retirementCount").unwrap().clone();
    assert_eq!(s.size, 4);
    let SymbolPlace::Global(addr) = s.place else {
        panic!("{s:?}")
    };
    assert_eq!(c.allocation(addr).unwrap().kind, AllocKind::Module);
    c.write_symbol(m, "retirementCount", 0, &0u32.to_le_bytes())
        .unwrap();
    let input: Vec<u8> = (0..256).flat_map(|_| 1.0f32.to_le_bytes()).collect();
    let i = c.malloc(1024).unwrap();
    let o = c.malloc(8).unwrap();
    c.write(i, &input).unwrap();
    c.launch(
        m,
        "_Z16reduceSinglePassILj128ELb1EEvPKfPfj",
        &Launch {
            shared_bytes: 512,
            ..Launch::linear(2, 128)
        },
        &[&i.to_le_bytes(), &o.to_le_bytes(), &256u32.to_le_bytes()],
    )
    .unwrap();
    let mut sum = [0; 4];
    c.read(o, &mut sum).unwrap();
    assert_eq!(f32::from_le_bytes(sum), 256.0);
    let mut count = [9; 4];
    c.read_symbol(m, "retirementCount", 0, &mut count).unwrap();
    assert_eq!(count, [0; 4]);
    // Past the variable, and unknown names.
    assert!(matches!(
        c.write_symbol(m, "retirementCount", 2, &[0; 4]),
        Err(DeviceError::SymbolBounds { .. })
    ));
    let e = c.symbol(m, "nope").unwrap_err();
    assert!(e.to_string().contains("retirementCount"), "{e}");
    // Unloading frees the variables.
    c.unload(m).unwrap();
    assert!(c.allocation(addr).is_none());
}

#[test]
fn constant_module_variables_can_be_rewritten() {
    // const_lookup reads three __constant__ tables in bank 3.
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c
        .load(&file("tests/cubins/const_lookup.sm_52.cubin"))
        .unwrap();
    let t32 = c.symbol(m, "T32").unwrap().clone();
    assert!(
        matches!(t32.place, SymbolPlace::Constant { bank: 3, .. }),
        "{t32:?}"
    );
    let mut first = [0; 4];
    c.read_symbol(m, "T32", 0, &mut first).unwrap();
    assert_eq!(u32::from_le_bytes(first), 0x11);
    let lookup = |c: &mut Context| {
        let i = c.malloc(4).unwrap();
        let o = c.malloc(4).unwrap();
        c.write(i, &0u32.to_le_bytes()).unwrap();
        c.launch(
            m,
            "const_lookup",
            &Launch::linear(1, 1),
            &[&o.to_le_bytes(), &i.to_le_bytes(), &1u32.to_le_bytes()],
        )
        .unwrap();
        let mut v = [0; 4];
        c.read(o, &mut v).unwrap();
        u32::from_le_bytes(v)
    };
    // k = 0: T32[0] + T8[0] + (lo ^ hi of T64[0]) = 0x11 + 1 + (2 ^ 1).
    assert_eq!(lookup(&mut c), 0x11 + 1 + 3);
    c.write_symbol(m, "T32", 0, &0x1000u32.to_le_bytes())
        .unwrap();
    assert_eq!(lookup(&mut c), 0x1000 + 1 + 3);
}

#[test]
fn fatbins_give_their_best_sass_entry() {
    let es = fatbin::entries(&data("copy_u32.multi.fatbin")).unwrap();
    let kinds: Vec<(u16, u32)> = es.iter().map(|e| (e.kind, e.arch)).collect();
    assert_eq!(kinds, vec![(2, 50), (2, 52), (2, 61), (1, 50)]);
    assert_eq!(fatbin::select(&es, 52).unwrap().arch, 52);
    assert_eq!(fatbin::select(&es, 50).unwrap().arch, 50);
    // A Pascal device takes the Pascal entry; the Maxwell SMs come first for a Maxwell one.
    assert_eq!(fatbin::select(&es, 61).unwrap().arch, 61);
    assert_eq!(fatbin::select(&es, 60).unwrap().arch, 61);
    assert_eq!(fatbin::preference(52), vec![52, 50, 53, 60, 61, 62]);
    assert_eq!(fatbin::preference(61), vec![61, 60, 62, 50, 52, 53]);
    // The selected entry is the committed cubin itself.
    let cubin = file("tests/cubins/copy_u32.sm_52.cubin");
    let e = fatbin::select(&es, 52).unwrap();
    assert_eq!(&e.payload[..cubin.len()], &cubin[..]);
    for f in [
        "copy_u32.fatbin",
        "copy_u32.multi.fatbin",
        "copy_u32.sm_50.fatbin",
        // Pascal SASS only: gpumem runs it with the sm_61 table.
        "copy_u32.sm_61.fatbin",
    ] {
        let mut c = Context::new(DeviceConfig::gm204());
        let m = c.load(&data(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        run_copy(&mut c, m);
    }
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c.load(&data("copy_u32.sm_50.fatbin")).unwrap();
    assert_eq!(c.kernel(m, "copy_u32").unwrap().sm, 50);
}

#[test]
fn compressed_fatbin_entries_are_decompressed() {
    let es = fatbin::entries(&data("copy_u32.compressed.fatbin")).unwrap();
    assert_eq!(es.len(), 1);
    assert!(es[0].compressed);
    let cubin = file("tests/cubins/copy_u32.sm_52.cubin");
    assert_eq!(&es[0].payload[..cubin.len()], &cubin[..]);
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c.load(&data("copy_u32.compressed.fatbin")).unwrap();
    run_copy(&mut c, m);
}

#[test]
fn ptx_only_and_wrong_sm_fatbins_say_to_compile_for_sm_52() {
    // SASS for an SM gpumem does not model (the sm_61 entry relabelled sm_70).
    let mut es = fatbin::entries(&data("copy_u32.sm_61.fatbin")).unwrap();
    es[0].arch = 70;
    let e = fatbin::select(&es, 52).unwrap_err();
    assert!(
        matches!(&e, FatbinError::WrongSm { sass } if sass == &[70]),
        "{e}"
    );
    assert!(
        e.to_string().contains("SASS for sm_70") && e.to_string().contains("-arch=sm_52"),
        "{e}"
    );
    let mut c = Context::new(DeviceConfig::gm204());
    let e = c.load(&data("copy_u32.ptx_only.fatbin")).unwrap_err();
    assert!(
        matches!(&e, DeviceError::Fatbin(FatbinError::PtxOnly { ptx }) if ptx == &[52]),
        "{e}"
    );
    assert!(e.to_string().contains("-arch=sm_52"), "{e}");
    // A truncated fat binary.
    let mut t = data("copy_u32.fatbin");
    t.truncate(100);
    assert!(matches!(
        c.load_fatbin(&t),
        Err(DeviceError::Fatbin(FatbinError::Truncated { .. }))
    ));
}

#[test]
fn streams_and_events_order_work_and_time_it() {
    let mut c = Context::new(DeviceConfig {
        timing: true,
        ..DeviceConfig::gm204()
    });
    let m = c.load(&file("tests/cubins/copy_u32.sm_52.cubin")).unwrap();
    let s = c.create_stream();
    let n = 4096u32;
    let a = c.malloc(4 * n as u64).unwrap();
    let b = c.malloc(4 * n as u64).unwrap();
    let d = c.malloc(4 * n as u64).unwrap();
    let input: Vec<u8> = (0..n).flat_map(|i| i.to_le_bytes()).collect();
    c.write(a, &input).unwrap();
    let (e0, e1, e2) = (c.create_event(), c.create_event(), c.create_event());
    assert!(matches!(
        c.elapsed_ms(e0, e1),
        Err(DeviceError::NotRecorded(_))
    ));
    c.record_event(e0, s).unwrap();
    let on = |stream| Launch {
        stream,
        ..Launch::linear(n / 128, 128)
    };
    // a -> b on `s`, then b -> d on the default stream: the second sees the first's data.
    let r1 = c
        .launch(
            m,
            "copy_u32",
            &on(s),
            &[&b.to_le_bytes(), &a.to_le_bytes(), &n.to_le_bytes()],
        )
        .unwrap();
    c.record_event(e1, s).unwrap();
    let r2 = c
        .launch(
            m,
            "copy_u32",
            &on(Stream::DEFAULT),
            &[&d.to_le_bytes(), &b.to_le_bytes(), &n.to_le_bytes()],
        )
        .unwrap();
    c.record_event(e2, Stream::DEFAULT).unwrap();
    c.synchronize_stream(s).unwrap();
    c.synchronize().unwrap();
    let mut out = vec![0; input.len()];
    c.read(d, &mut out).unwrap();
    assert_eq!(out, input);
    // Device time: each launch's modelled cycles at the preset's clock.
    let t1 = c.elapsed_ms(e0, e1).unwrap();
    let t2 = c.elapsed_ms(e1, e2).unwrap();
    let cycles = r1.timing.as_ref().unwrap().cycles;
    assert!(cycles > 0);
    assert!((t1 - cycles as f64 / 1126e3).abs() < 1e-12, "{t1}");
    assert!((t1 - r1.elapsed_ms).abs() < 1e-12 && (t2 - r2.elapsed_ms).abs() < 1e-12);
    assert!(c.elapsed_ms(e0, e2).unwrap() >= t1);
    // Bad handles.
    c.destroy_stream(s).unwrap();
    assert!(matches!(
        c.record_event(e0, s),
        Err(DeviceError::NoSuchStream(_))
    ));
    assert!(matches!(
        c.destroy_stream(Stream::DEFAULT),
        Err(DeviceError::NoSuchStream(0))
    ));
    c.destroy_event(e2).unwrap();
    assert!(matches!(
        c.elapsed_ms(e0, e2),
        Err(DeviceError::NoSuchEvent(_))
    ));
}

#[test]
fn untimed_events_read_the_host_clock() {
    let mut c = Context::new(DeviceConfig::gm204());
    let (a, b) = (c.create_event(), c.create_event());
    c.record_event(a, Stream::DEFAULT).unwrap();
    c.record_event(b, Stream::DEFAULT).unwrap();
    assert!(c.elapsed_ms(a, b).unwrap() >= 0.0);
}

#[test]
fn a_host_object_loads_from_its_nv_fatbin_section() {
    // nvcc -c -arch=sm_52 scale_add.cu: a __device__ counter and a __constant__ scale.
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c.load(&data("scale_add.o")).unwrap();
    assert_eq!(c.kernel(m, "scale_add").unwrap().sm, 52);
    let mut names: Vec<&str> = c
        .symbols(m)
        .unwrap()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["counter", "scale"]);
    let mut scale = [0; 4];
    c.read_symbol(m, "scale", 0, &mut scale).unwrap();
    assert_eq!(u32::from_le_bytes(scale), 3);
    let n = 100u32;
    let input: Vec<u8> = (0..n).flat_map(|i| i.to_le_bytes()).collect();
    let i = c.malloc(400).unwrap();
    let o = c.malloc(400).unwrap();
    c.write(i, &input).unwrap();
    c.write_symbol(m, "scale", 0, &5u32.to_le_bytes()).unwrap();
    c.launch(
        m,
        "scale_add",
        &Launch::linear(2, 64),
        &[&o.to_le_bytes(), &i.to_le_bytes(), &n.to_le_bytes()],
    )
    .unwrap();
    let mut out = vec![0; 400];
    c.read(o, &mut out).unwrap();
    assert_eq!(u32s(&out), (0..n).map(|x| 5 * x).collect::<Vec<_>>());
    let mut count = [0; 4];
    c.read_symbol(m, "counter", 0, &mut count).unwrap();
    assert_eq!(u32::from_le_bytes(count), n);
}

#[test]
fn a_context_can_move_between_threads() {
    fn send<T: Send>() {}
    send::<Context>();
}

#[test]
fn fixed_address_mappings_are_allocations_too() {
    let mut c = Context::new(DeviceConfig::gm204());
    // A manifest's regions: anywhere below the context's ranges, any alignment.
    c.map_fixed(0x100000, 64).unwrap();
    c.map_fixed(0x100040, 3).unwrap();
    let e = c.map_fixed(0x100020, 8).unwrap_err();
    assert!(
        e.to_string()
            .contains("overlaps fixed-address allocation #1"),
        "{e}"
    );
    // Adjacent mappings stay two allocations: a copy lies in one.
    c.write(0x100000, &[1; 64]).unwrap();
    c.write(0x100040, &[1; 3]).unwrap();
    assert!(c.write(0x100000, &[1; 65]).is_err());
    assert_eq!(c.allocation(0x100042).unwrap().kind, AllocKind::Fixed);
    // Inside the device range: aligned, and the allocator then goes around it.
    let base = gpumem_device::DEVICE_BASE;
    assert!(c.map_fixed(base + 8, 8).is_err());
    c.map_fixed(base + 256, 256).unwrap();
    assert_eq!(c.malloc(256).unwrap(), base);
    assert_eq!(c.malloc(256).unwrap(), base + 512);
    let e = c.map_fixed(base, 8).unwrap_err();
    assert!(matches!(e, DeviceError::BadMapping { .. }), "{e}");
    // It counts against the device budget and is given back on unmap.
    assert_eq!(c.mem_info().0, (4 << 30) - 768);
    assert!(matches!(
        c.free(base + 256),
        Err(DeviceError::WrongKind { .. })
    ));
    c.unmap(base + 256).unwrap();
    assert_eq!(c.mem_info().0, (4 << 30) - 512);
    assert!(matches!(
        c.unmap(base + 256),
        Err(DeviceError::DoubleFree { .. })
    ));
    assert_eq!(c.malloc(256).unwrap(), base + 256);
}

#[test]
fn a_module_can_be_placed_where_the_client_says() {
    // The manifest runner's default start for threadFenceReduction with regions below
    // 0x200008: the first 4 KiB boundary above them (crates/gpumem-run/src/module.rs).
    let bytes = file("tests/cuda-samples/sm_50/threadFenceReduction__threadFenceReduction.cubin");
    let mut c = Context::new(DeviceConfig::gm204());
    c.map_fixed(0x100000, 1024).unwrap();
    c.map_fixed(0x200000, 8).unwrap();
    let m = c.load_cubin_at(&bytes, 0x201000).unwrap();
    let s = c.symbol(m, "retirementCount").unwrap();
    assert_eq!(s.place, SymbolPlace::Global(0x201000));
    assert_eq!(c.allocation(0x201000).unwrap().kind, AllocKind::Module);
    // Placing it over a mapping fails and leaves nothing behind.
    let before = c.allocations().count();
    assert!(c.load_cubin_at(&bytes, 0x1000ff).is_err());
    assert_eq!(c.allocations().count(), before);
    // Unloading unmaps it; nothing was taken from the device range.
    c.unload(m).unwrap();
    assert!(c.allocation(0x201000).is_none());
    assert_eq!(c.mem_info().0, 4 << 30);
}

#[test]
fn a_set_interrupt_flag_stops_the_launch() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let mut c = Context::new(DeviceConfig::gm204());
    let m = c.load(&file("tests/cubins/copy_u32.sm_52.cubin")).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    c.set_interrupt(Some(flag.clone()));
    // An unset flag changes nothing.
    run_copy(&mut c, m);
    flag.store(true, Ordering::Relaxed);
    let p = c.malloc(64).unwrap();
    let e = c
        .launch(
            m,
            "copy_u32",
            &Launch::linear(1, 16),
            &[&p.to_le_bytes(), &p.to_le_bytes(), &16u32.to_le_bytes()],
        )
        .unwrap_err();
    assert!(
        matches!(e, DeviceError::KernelFault { .. }) && e.to_string().contains("interrupted"),
        "{e}"
    );
}

#[test]
fn nearest_says_where_an_address_lies() {
    let mut c = Context::new(DeviceConfig::gm204());
    let a = c.malloc(100).unwrap();
    let b = c.malloc(1000).unwrap();
    let f = c.malloc(64).unwrap();
    let d = c.malloc(8).unwrap();
    c.free(f).unwrap();
    assert!(
        c.nearest(a + 8)
            .starts_with("8 bytes into device allocation #1"),
        "{}",
        c.nearest(a + 8)
    );
    // Past a's 100 bytes, nearer to a than to b (256 bytes on).
    let s = c.nearest(a + 104);
    assert!(
        s.starts_with("4 bytes after the end of device allocation #1"),
        "{s}"
    );
    let s = c.nearest(b - 4);
    assert!(s.starts_with("4 bytes before device allocation #2"), "{s}");
    let s = c.nearest(f + 16);
    assert!(
        s.contains("16 bytes into device allocation #3") && s.ends_with("which was freed"),
        "{s}"
    );
    let s = c.nearest(d + 0x1000);
    assert!(s.contains("after the end of device allocation #4"), "{s}");
    assert_eq!(
        Context::new(DeviceConfig::gm204()).nearest(0x1234),
        "no allocation is live"
    );
}
