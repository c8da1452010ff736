//! The timeline of a timed run in the Chrome trace / Perfetto JSON format: one track per
//! warp (process = SM, thread = warp) with one slice per instruction from its issue to
//! the warp's next issue (the last one to its completion), so that a track's slices never
//! overlap; each slice names the instruction and carries its latency. Counters: the
//! memory instructions in flight per level that served them (`l1`/`shared`/`constant`,
//! `l2`, `dram`) and the DRAM bytes read so far. Bounded: at most `limit` slices are kept,
//! in at most half the model's memory limit (`truncated` in the metadata says when more
//! happened). What is kept are small fixed records; the JSON is written from
//! them event by event ([`Timeline::write_json`]), never built whole in memory.

use serde::Serialize;

/// One recorded instruction slice.
#[derive(Clone, Copy, Debug)]
struct Slice {
    sm: u32,
    warp: u64,
    pc: u32,
    start: u64,
    end: u64,
    latency: u64,
}

/// Where a memory instruction was served from (the deepest level it reached).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Served {
    Near,
    L2,
    Dram,
}

/// The timeline being recorded.
#[derive(Clone, Debug, Default)]
pub struct Timeline {
    limit: usize,
    /// Bytes the records may take (half the model's memory limit).
    budget: u64,
    /// Bytes the records take.
    bytes: u64,
    slices: Vec<Slice>,
    /// (cycle, level, +1/-1) changes of in-flight memory instructions.
    flight: Vec<(u64, u8, i32)>,
    /// (cycle, DRAM bytes read by then).
    dram: Vec<(u64, u64)>,
    dram_total: u64,
    names: Vec<(u32, u64, String)>,
    truncated: bool,
}

/// One trace event, its keys in the order the JSON has them (sorted).
#[derive(Serialize)]
struct Event<'a, A: Serialize> {
    args: A,
    #[serde(skip_serializing_if = "Option::is_none")]
    cat: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dur: Option<u64>,
    name: &'a str,
    ph: &'a str,
    pid: u32,
    tid: u64,
    ts: u64,
}

/// A slice's arguments.
#[derive(Serialize)]
struct SliceArgs {
    latency: u64,
    pc: String,
}

/// A name's argument.
#[derive(Serialize)]
struct NameArgs<'a> {
    name: &'a str,
}

/// The metadata, its keys sorted.
#[derive(Serialize)]
struct OtherData {
    generator: &'static str,
    slices: usize,
    time_unit: &'static str,
    truncated: bool,
}

/// One counter change, in the order the JSON lists them.
#[derive(Clone, Copy)]
enum Counter {
    /// In-flight memory instructions served by a level (0 near, 1 L2, 2 DRAM).
    Flight(u8, i64),
    /// DRAM bytes read so far.
    Dram(u64),
}

/// Bytes of one kept slice, in-flight change, DRAM total and warp name (without its text).
const SLICE_BYTES: u64 = std::mem::size_of::<Slice>() as u64;
const FLIGHT_BYTES: u64 = std::mem::size_of::<(u64, u8, i32)>() as u64;
const DRAM_BYTES: u64 = std::mem::size_of::<(u64, u64)>() as u64;
const NAME_BYTES: u64 = std::mem::size_of::<(u32, u64, String)>() as u64;

impl Timeline {
    /// A timeline keeping at most `limit` instruction slices.
    pub fn new(limit: usize) -> Timeline {
        Timeline {
            limit,
            budget: u64::MAX,
            ..Timeline::default()
        }
    }

    /// Bytes the kept records take (at their in-memory size).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether slices were left out (the slice limit or the memory limit).
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// Slices kept.
    pub fn slices(&self) -> usize {
        self.slices.len()
    }

    /// The records may take `bytes` from now on.
    pub(crate) fn set_budget(&mut self, bytes: u64) {
        self.budget = bytes;
    }

    pub(crate) fn full(&self) -> bool {
        self.slices.len() >= self.limit || self.bytes >= self.budget
    }

    /// Whether `n` more bytes of records stay within the budget.
    fn fits(&self, n: u64) -> bool {
        self.bytes.saturating_add(n) <= self.budget
    }

    pub(crate) fn name_warp(&mut self, sm: u32, warp: u64, name: String) {
        let n = NAME_BYTES + name.len() as u64;
        if !self.full() && self.fits(n) {
            self.bytes += n;
            self.names.push((sm, warp, name));
        }
    }

    pub(crate) fn slice(
        &mut self,
        sm: u32,
        warp: u64,
        pc: u32,
        start: u64,
        end: u64,
        latency: u64,
    ) {
        if self.full() || !self.fits(SLICE_BYTES) {
            self.truncated = true;
            return;
        }
        self.bytes += SLICE_BYTES;
        self.slices.push(Slice {
            sm,
            warp,
            pc,
            start,
            end: end.max(start),
            latency,
        });
    }

    pub(crate) fn memory(&mut self, issue: u64, done: u64, served: Served, dram_bytes: u64) {
        if self.full() {
            return;
        }
        if !self.fits(2 * FLIGHT_BYTES + DRAM_BYTES) {
            self.truncated = true;
            return;
        }
        let level = served as u8;
        self.bytes += 2 * FLIGHT_BYTES;
        self.flight.push((issue, level, 1));
        self.flight.push((done.max(issue + 1), level, -1));
        if dram_bytes > 0 {
            self.bytes += DRAM_BYTES;
            self.dram_total += dram_bytes;
            self.dram.push((issue, self.dram_total));
        }
    }

    /// The JSON document (`{"traceEvents": [...], "displayTimeUnit": "ns", ...}`; one
    /// microsecond of the viewer is one cycle). `texts` names instructions by index.
    /// [`Timeline::write_json`] writes the same document without building it.
    pub fn to_json(&self, texts: &[String]) -> serde_json::Value {
        let mut out = Vec::new();
        match self.write_json(texts, &mut out) {
            Ok(()) => serde_json::from_slice(&out).unwrap_or(serde_json::Value::Null),
            Err(_) => serde_json::Value::Null,
        }
    }

    /// Writes the JSON document to `out`, one event at a time: names of the SMs and
    /// warps, the slices by SM, warp and start, then the counters in time order. Keys
    /// are sorted, nothing is indented.
    pub fn write_json(
        &self,
        texts: &[String],
        out: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        let other = OtherData {
            generator: "gpumem timing model",
            slices: self.slices.len(),
            time_unit: "1 us in the viewer = 1 SM cycle",
            truncated: self.truncated,
        };
        out.write_all(b"{\"displayTimeUnit\":\"ns\",\"otherData\":")?;
        serde_json::to_writer(&mut *out, &other)?;
        out.write_all(b",\"traceEvents\":[")?;
        let mut first = true;
        let mut put =
            |out: &mut dyn std::io::Write, e: &dyn erased::Event| -> std::io::Result<()> {
                if !first {
                    out.write_all(b",")?;
                }
                first = false;
                e.write(out)
            };
        let mut sms: Vec<u32> = self.names.iter().map(|n| n.0).collect();
        sms.sort_unstable();
        sms.dedup();
        for sm in sms {
            let name = format!("SM {sm}");
            put(
                out,
                &Event {
                    args: NameArgs { name: &name },
                    cat: None,
                    dur: None,
                    name: "process_name",
                    ph: "M",
                    pid: sm,
                    tid: 0,
                    ts: 0,
                },
            )?;
        }
        for (sm, warp, name) in &self.names {
            put(
                out,
                &Event {
                    args: NameArgs { name },
                    cat: None,
                    dur: None,
                    name: "thread_name",
                    ph: "M",
                    pid: *sm,
                    tid: *warp,
                    ts: 0,
                },
            )?;
        }
        let mut order: Vec<u32> = (0..self.slices.len() as u32).collect();
        order.sort_by_key(|&i| {
            let s = &self.slices[i as usize];
            (s.sm, s.warp, s.start)
        });
        for i in order {
            let s = self.slices[i as usize];
            let text = texts.get(s.pc as usize).map(String::as_str).unwrap_or("?");
            put(
                out,
                &Event {
                    args: SliceArgs {
                        latency: s.latency,
                        pc: format!("{:#06x}", gpumem_warp::program::inst_addr(s.pc as usize)),
                    },
                    cat: Some("instruction"),
                    dur: Some(s.end - s.start),
                    name: text.trim_end_matches(';').trim(),
                    ph: "X",
                    pid: s.sm,
                    tid: s.warp,
                    ts: s.start,
                },
            )?;
        }
        // Counters, in time order (in-flight changes and DRAM totals interleaved).
        let mut flight = self.flight.clone();
        flight.sort_by_key(|f| (f.0, f.2));
        let mut counters: Vec<(u64, Counter)> = Vec::with_capacity(flight.len() + self.dram.len());
        let mut level = [0i64; 3];
        for (t, l, d) in flight {
            level[l as usize] += d as i64;
            counters.push((t, Counter::Flight(l, level[l as usize])));
        }
        counters.extend(self.dram.iter().map(|&(t, b)| (t, Counter::Dram(b))));
        counters.sort_by_key(|c| c.0);
        let names = ["near", "l2", "dram"];
        for (t, c) in counters {
            match c {
                Counter::Flight(l, n) => put(
                    out,
                    &Event {
                        args: std::collections::BTreeMap::from([(names[l as usize], n)]),
                        cat: None,
                        dur: None,
                        name: "memory instructions in flight",
                        ph: "C",
                        pid: 0,
                        tid: 0,
                        ts: t,
                    },
                )?,
                Counter::Dram(b) => put(
                    out,
                    &Event {
                        args: std::collections::BTreeMap::from([("bytes", b)]),
                        cat: None,
                        dur: None,
                        name: "DRAM bytes read",
                        ph: "C",
                        pid: 0,
                        tid: 0,
                        ts: t,
                    },
                )?,
            }
        }
        out.write_all(b"]}")
    }
}

/// Writing events of different argument types through one function.
mod erased {
    /// An event that writes itself as compact JSON.
    pub(super) trait Event {
        fn write(&self, out: &mut dyn std::io::Write) -> std::io::Result<()>;
    }

    impl<A: serde::Serialize> Event for super::Event<'_, A> {
        fn write(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
            serde_json::to_writer(out, self).map_err(std::io::Error::from)
        }
    }
}
