//! The timeline of a timed run in the Chrome trace / Perfetto JSON format: one track per
//! warp (process = SM, thread = warp) with one slice per instruction from its issue to
//! the warp's next issue (the last one to its completion), so that a track's slices never
//! overlap; each slice names the instruction and carries its latency. Counters: the
//! memory instructions in flight per level that served them (`l1`/`shared`/`constant`,
//! `l2`, `dram`) and the DRAM bytes read so far. Bounded: at most `limit` slices are kept
//! (`truncated` in the metadata says when more happened).

use serde::Serialize;

/// One recorded instruction slice.
#[derive(Clone, Debug)]
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
#[derive(Debug, Default)]
pub struct Timeline {
    limit: usize,
    slices: Vec<Slice>,
    /// (cycle, level, +1/-1) changes of in-flight memory instructions.
    flight: Vec<(u64, u8, i32)>,
    /// (cycle, DRAM bytes read by then).
    dram: Vec<(u64, u64)>,
    dram_total: u64,
    names: Vec<(u32, u64, String)>,
    truncated: bool,
}

#[derive(Serialize)]
struct Event<'a> {
    name: &'a str,
    ph: &'a str,
    ts: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    dur: Option<u64>,
    pid: u32,
    tid: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    cat: Option<&'a str>,
    args: serde_json::Value,
}

impl Timeline {
    /// A timeline keeping at most `limit` instruction slices.
    pub fn new(limit: usize) -> Timeline {
        Timeline {
            limit,
            ..Timeline::default()
        }
    }

    pub(crate) fn full(&self) -> bool {
        self.slices.len() >= self.limit
    }

    pub(crate) fn name_warp(&mut self, sm: u32, warp: u64, name: String) {
        if !self.full() {
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
        if self.full() {
            self.truncated = true;
            return;
        }
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
        let level = served as u8;
        self.flight.push((issue, level, 1));
        self.flight.push((done.max(issue + 1), level, -1));
        if dram_bytes > 0 {
            self.dram_total += dram_bytes;
            self.dram.push((issue, self.dram_total));
        }
    }

    /// The JSON document (`{"traceEvents": [...], "displayTimeUnit": "ns", ...}`; one
    /// microsecond of the viewer is one cycle). `texts` names instructions by index.
    pub fn to_json(&self, texts: &[String]) -> serde_json::Value {
        let mut ev: Vec<serde_json::Value> = Vec::new();
        let to = |e: Event| serde_json::to_value(e).unwrap_or(serde_json::Value::Null);
        let mut sms: Vec<u32> = self.names.iter().map(|n| n.0).collect();
        sms.sort_unstable();
        sms.dedup();
        for sm in sms {
            ev.push(to(Event {
                name: "process_name",
                ph: "M",
                ts: 0,
                dur: None,
                pid: sm,
                tid: 0,
                cat: None,
                args: serde_json::json!({ "name": format!("SM {sm}") }),
            }));
        }
        for (sm, warp, name) in &self.names {
            ev.push(to(Event {
                name: "thread_name",
                ph: "M",
                ts: 0,
                dur: None,
                pid: *sm,
                tid: *warp,
                cat: None,
                args: serde_json::json!({ "name": name }),
            }));
        }
        let mut slices = self.slices.clone();
        slices.sort_by_key(|s| (s.sm, s.warp, s.start));
        for s in &slices {
            let text = texts.get(s.pc as usize).map(String::as_str).unwrap_or("?");
            ev.push(to(Event {
                name: text.trim_end_matches(';').trim(),
                ph: "X",
                ts: s.start,
                dur: Some(s.end - s.start),
                pid: s.sm,
                tid: s.warp,
                cat: Some("instruction"),
                args: serde_json::json!({ "latency": s.latency, "pc": format!("{:#06x}", gpumem_warp::program::inst_addr(s.pc as usize)) }),
            }));
        }
        // Counters, in time order (in-flight changes and DRAM totals interleaved).
        let mut counters: Vec<(u64, serde_json::Value)> = Vec::new();
        let mut flight = self.flight.clone();
        flight.sort_by_key(|f| (f.0, f.2));
        let mut level = [0i64; 3];
        let names = ["near", "l2", "dram"];
        for (t, l, d) in flight {
            level[l as usize] += d as i64;
            counters.push((
                t,
                to(Event {
                    name: "memory instructions in flight",
                    ph: "C",
                    ts: t,
                    dur: None,
                    pid: 0,
                    tid: 0,
                    cat: None,
                    args: serde_json::json!({ names[l as usize]: level[l as usize] }),
                }),
            ));
        }
        for &(t, b) in &self.dram {
            counters.push((
                t,
                to(Event {
                    name: "DRAM bytes read",
                    ph: "C",
                    ts: t,
                    dur: None,
                    pid: 0,
                    tid: 0,
                    cat: None,
                    args: serde_json::json!({ "bytes": b }),
                }),
            ));
        }
        counters.sort_by_key(|c| c.0);
        ev.extend(counters.into_iter().map(|c| c.1));
        serde_json::json!({
            "traceEvents": ev,
            "displayTimeUnit": "ns",
            "otherData": {
                "generator": "gpumem timing model",
                "time_unit": "1 us in the viewer = 1 SM cycle",
                "slices": self.slices.len(),
                "truncated": self.truncated,
            },
        })
    }
}
