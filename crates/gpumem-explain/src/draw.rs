//! The renderings: SVG written as text, an HTML page, and a terminal table.

use crate::{Explanation, Kind, Picture, kind_of};
use gpumem_mem::layout;
use std::fmt::Write;

/// Wavefront / line / word colours, cycled.
const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
];
const CELL: u32 = 26;
const MARGIN: u32 = 20;
const LANES: u32 = 32;

fn colour(i: u64) -> &'static str {
    PALETTE[(i % PALETTE.len() as u64) as usize]
}

/// Escapes text for XML and HTML.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            _ => o.push(c),
        }
    }
    o
}

/// The figures under a picture, one line each.
pub(crate) fn figures(p: &Picture) -> Vec<String> {
    let a = &p.access;
    let c = &p.cost;
    let active = a.mask.count_ones();
    let mut v = vec![format!(
        "pictured: CTA {}, warp {}, its first execution: {} data lanes of {} active, {} B each",
        p.cta, p.warp, c.lanes, active, a.bytes
    )];
    v.push(match kind_of(a.space) {
        Kind::Shared => format!(
            "this execution: {}-way bank conflict (1 = conflict-free{}), {} wavefronts (ideal {})",
            c.bank_conflict_degree,
            if a.rmw.is_some() {
                "; an atomic's lanes on one word serialise"
            } else {
                ""
            },
            c.wavefronts,
            c.ideal
        ),
        Kind::Sectors => format!(
            "this execution: 1 request, {} tag lookups, {} sectors of 32 B (ideal {}), {} lines of 128 B",
            p.sample.tag_lookups, c.sectors_32, c.ideal, c.lines_128
        ),
        Kind::Constant => format!(
            "this execution: {} distinct addresses = {} serialised requests (ideal {})",
            c.transactions, c.transactions, c.ideal
        ),
    });
    if let Some(t) = &p.totals {
        let s = &t.stats;
        v.push(match kind_of(a.space) {
            Kind::Shared => format!(
                "whole run: executed {} times, {} lane accesses, {} wavefronts, worst {}-way conflict",
                s.executed, s.accesses, s.wavefronts, s.bank_conflict_degree
            ),
            _ => format!(
                "whole run: executed {} times, {} lane accesses, {} sectors, {} lines",
                s.executed, s.accesses, s.sectors_32, s.lines_128
            ),
        });
        if let Some(t) = &t.timing {
            let traffic = match kind_of(a.space) {
                Kind::Shared => format!(
                    "{} requests, {} wavefronts vs {} ideal",
                    t.requests, t.transactions, t.ideal
                ),
                Kind::Sectors => format!(
                    "{} requests, {} tag lookups, {} sectors vs {} ideal",
                    t.requests, t.tag_lookups, t.transactions, t.ideal
                ),
                Kind::Constant => format!(
                    "{} requests, {} distinct addresses vs {} ideal",
                    t.requests, t.transactions, t.ideal
                ),
            };
            v.push(format!(
                "timing: {} issues, {traffic} ({:.1} % excessive), latency avg {:.1} max {}, stalled {} cycles ({})",
                t.issued,
                t.excessive_pct,
                t.latency_avg,
                t.latency_max,
                t.stalls.total(),
                t.stalls.main().unwrap_or("none"),
            ));
        }
    }
    v
}

fn title(p: &Picture) -> String {
    format!(
        "{:#06x}  {}  ({}, {})",
        p.pc,
        p.text,
        p.access.space.name(),
        match kind_of(p.access.space) {
            Kind::Shared => "lanes → banks",
            Kind::Sectors => "lanes → 32 B sectors → 128 B lines",
            Kind::Constant => "lanes → distinct addresses",
        }
    )
}

/// Writes a box with a centred label.
fn cell(s: &mut String, x: u32, y: u32, w: u32, fill: &str, label: &str, class: &str) {
    let _ = writeln!(
        s,
        r##"<rect class="{class}" x="{x}" y="{y}" width="{w}" height="{CELL}" fill="{fill}" stroke="#333" stroke-width="1"/>"##
    );
    if !label.is_empty() {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="10">{}</text>"#,
            x + w / 2,
            y + CELL / 2 + 4,
            esc(label)
        );
    }
}

fn line(s: &mut String, x1: u32, y1: u32, x2: u32, y2: u32, stroke: &str) {
    let _ = writeln!(
        s,
        r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" stroke-width="1.5"/>"#
    );
}

fn label(s: &mut String, x: u32, y: u32, size: u32, anchor: &str, t: &str) {
    let _ = writeln!(
        s,
        r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}">{}</text>"#,
        esc(t)
    );
}

/// The lane row at `y`: each data lane filled with `fill(lane)`, others grey.
fn lanes_row(s: &mut String, p: &Picture, y: u32, fill: impl Fn(usize) -> Option<String>) {
    label(s, MARGIN, y - 4, 10, "start", "lanes");
    let data = p.access.data_lanes();
    for l in 0..LANES as usize {
        let x = MARGIN + l as u32 * CELL;
        let f = if data & (1 << l) != 0 {
            fill(l).unwrap_or_else(|| "#ffffff".into())
        } else {
            "#dddddd".into()
        };
        cell(s, x, y, CELL, &f, &l.to_string(), "lane");
    }
}

fn lane_x(l: u8) -> u32 {
    MARGIN + l as u32 * CELL + CELL / 2
}

/// A light version of a palette colour (for box fills under black text).
fn light(c: &str) -> String {
    let v = u32::from_str_radix(c.trim_start_matches('#'), 16).unwrap_or(0);
    let mix = |sh: u32| ((v >> sh & 0xff) + 2 * 0xff) / 3;
    format!("#{:02x}{:02x}{:02x}", mix(16), mix(8), mix(0))
}

/// The SVG picture of one record (a standalone document without an XML declaration, so
/// that it can be inlined in HTML).
pub fn svg(p: &Picture) -> String {
    let mut body = String::new();
    let top = 50;
    let figs = figures(p);
    let (width, bottom) = match kind_of(p.access.space) {
        Kind::Shared => shared_body(&mut body, p, top),
        Kind::Sectors => sectors_body(&mut body, p, top),
        Kind::Constant => constant_body(&mut body, p, top),
    };
    let mut y = bottom + 24;
    for f in &figs {
        label(&mut body, MARGIN, y, 11, "start", f);
        y += 16;
    }
    let width = width.max(MARGIN * 2 + LANES * CELL).max(
        // Long figure lines: about 6 px a character at 11 px.
        figs.iter()
            .map(|f| f.chars().count() as u32 * 6)
            .max()
            .unwrap_or(0)
            + 2 * MARGIN,
    );
    let height = y + 4;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="monospace">"#
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );
    label(&mut s, MARGIN, 22, 13, "start", &title(p));
    s.push_str(&body);
    s.push_str("</svg>\n");
    s
}

/// Lanes → banks. Returns (width, bottom y).
fn shared_body(s: &mut String, p: &Picture, top: u32) -> (u32, u32) {
    let lay = layout::shared(&p.access);
    let first_wf = |l: usize| {
        lay.slots
            .iter()
            .find(|x| x.lane as usize == l)
            .map(|x| light(colour(x.wavefront as u64)))
    };
    lanes_row(s, p, top, first_wf);
    let banks_y = top + 150;
    for x in &lay.slots {
        line(
            s,
            lane_x(x.lane),
            top + CELL,
            lane_x(x.bank),
            banks_y,
            colour(x.wavefront as u64),
        );
    }
    // Per bank: the most distinct words it serves in one phase (its ways).
    let mut ways = [0u32; 32];
    for x in &lay.slots {
        ways[x.bank as usize] = ways[x.bank as usize].max(x.way + 1);
    }
    label(s, MARGIN, banks_y - 4, 10, "start", "banks");
    for (b, &w) in ways.iter().enumerate() {
        let x = MARGIN + b as u32 * CELL;
        let fill = match w {
            0 => "#f4f4f4",
            1 => "#e6f2e6",
            _ => "#f8c8c8",
        };
        cell(s, x, banks_y, CELL, fill, &b.to_string(), "bank");
        if w > 1 {
            label(
                s,
                x + CELL / 2,
                banks_y + CELL + 12,
                10,
                "middle",
                &format!("×{w}"),
            );
        }
    }
    // Wavefront numbers under the lanes: the wavefront(s) serving each lane.
    for l in 0..LANES as u8 {
        let mut wf: Vec<u32> = lay
            .slots
            .iter()
            .filter(|x| x.lane == l)
            .map(|x| x.wavefront)
            .collect();
        wf.dedup();
        if !wf.is_empty() {
            let t: Vec<String> = wf.iter().map(|w| w.to_string()).collect();
            label(s, lane_x(l), top + CELL + 12, 9, "middle", &t.join(","));
        }
    }
    let legend_y = banks_y + CELL + 32;
    label(
        s,
        MARGIN,
        legend_y,
        10,
        "start",
        "numbers under the lanes: the wavefront serving each lane; ×n under a bank: n different words in one phase (n-way conflict)",
    );
    let mut x = MARGIN;
    for w in 0..lay.wavefronts() {
        let _ = writeln!(
            s,
            r#"<rect class="legend" x="{x}" y="{}" width="12" height="12" fill="{}"/>"#,
            legend_y + 8,
            colour(w as u64)
        );
        label(
            s,
            x + 16,
            legend_y + 18,
            10,
            "start",
            &format!("wavefront {w}"),
        );
        x += 100;
    }
    (x.max(MARGIN), legend_y + 20)
}

/// Lanes → sectors → lines. Returns (width, bottom y).
fn sectors_body(s: &mut String, p: &Picture, top: u32) -> (u32, u32) {
    let per_lane = layout::sectors(&p.access);
    let mut secs: Vec<u64> = per_lane.iter().flat_map(|l| l.sectors.clone()).collect();
    secs.sort_unstable();
    secs.dedup();
    let mut lines: Vec<u64> = secs.iter().map(|s| s / 4).collect();
    lines.dedup();
    let line_index = |sec: u64| lines.binary_search(&(sec / 4)).unwrap_or(0) as u64;
    let lane_fill = |l: usize| {
        per_lane
            .iter()
            .find(|x| x.lane as usize == l)
            .and_then(|x| x.sectors.first())
            .map(|&sec| light(colour(line_index(sec))))
    };
    lanes_row(s, p, top, lane_fill);
    // Sector cells, a gap between lines.
    let sec_y = top + 130;
    let mut xs = Vec::with_capacity(secs.len());
    let mut x = MARGIN;
    for (i, &sec) in secs.iter().enumerate() {
        if i > 0 && secs[i - 1] / 4 != sec / 4 {
            x += 6;
        }
        xs.push(x);
        x += CELL;
    }
    let width = x + MARGIN;
    for l in &per_lane {
        for sec in &l.sectors {
            if let Ok(i) = secs.binary_search(sec) {
                line(
                    s,
                    lane_x(l.lane),
                    top + CELL,
                    xs[i] + CELL / 2,
                    sec_y,
                    colour(line_index(*sec)),
                );
            }
        }
    }
    label(s, MARGIN, sec_y - 4, 10, "start", "32 B sectors");
    for (i, &sec) in secs.iter().enumerate() {
        cell(
            s,
            xs[i],
            sec_y,
            CELL,
            &light(colour(line_index(sec))),
            &(sec % 4).to_string(),
            "sector",
        );
    }
    // Lines: a box under each line's sectors, its address below.
    let line_y = sec_y + CELL + 24;
    label(s, MARGIN, line_y - 4, 10, "start", "128 B lines");
    let local = matches!(
        p.access.space,
        gpumem_mem::Space::Local | gpumem_mem::Space::Scratch
    );
    for (k, &ln) in lines.iter().enumerate() {
        let first = secs.iter().position(|s| s / 4 == ln).unwrap_or(0);
        let last = secs.iter().rposition(|s| s / 4 == ln).unwrap_or(0);
        let (x0, x1) = (xs[first], xs[last] + CELL);
        cell(s, x0, line_y, x1 - x0, colour(k as u64), "", "line");
        // Labels alternate rows so that neighbouring narrow lines stay readable.
        let ly = line_y + CELL + 12 + (k as u32 % 2) * 11;
        label(
            s,
            x0,
            ly,
            9,
            "start",
            &format!("{}{:#x}", if local { "slice+" } else { "" }, ln * 128),
        );
    }
    let note_y = line_y + CELL + 44;
    label(
        s,
        MARGIN,
        note_y,
        10,
        "start",
        if local {
            "sector numbers: position in the line; local memory is interleaved per thread (word w of lane l at (32w + l) × 4)"
        } else {
            "sector numbers: position in the line; line labels: the line's address"
        },
    );
    (width, note_y)
}

/// Lanes → distinct constant words. Returns (width, bottom y).
fn constant_body(s: &mut String, p: &Picture, top: u32) -> (u32, u32) {
    let words = layout::constant_words(&p.access);
    let of_lane = |l: usize| {
        words
            .iter()
            .position(|(_, m)| m & (1 << l) != 0)
            .map(|i| i as u64)
    };
    lanes_row(s, p, top, |l| of_lane(l).map(|i| light(colour(i))));
    let w = 64;
    let word_y = top + 130;
    let x_of = |i: usize| MARGIN + i as u32 * w;
    for l in 0..LANES as usize {
        if let Some(i) = of_lane(l) {
            line(
                s,
                lane_x(l as u8),
                top + CELL,
                x_of(i as usize) + w / 2,
                word_y,
                colour(i),
            );
        }
    }
    label(
        s,
        MARGIN,
        word_y - 4,
        10,
        "start",
        "distinct addresses (one request each, in order)",
    );
    for (i, (word, mask)) in words.iter().enumerate() {
        let addr = word * 4;
        cell(
            s,
            x_of(i),
            word_y,
            w,
            &light(colour(i as u64)),
            &format!("#{i} ({} lanes)", mask.count_ones()),
            "word",
        );
        label(
            s,
            x_of(i) + w / 2,
            word_y + CELL + 12 + (i as u32 % 2) * 11,
            9,
            "middle",
            &format!("c[{:#x}][{:#x}]", addr >> 16, addr & 0xffff),
        );
    }
    (MARGIN * 2 + words.len() as u32 * w, word_y + CELL + 30)
}

/// The terminal rendering of one picture: a lane table and the figures.
pub fn text(p: &Picture) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", title(p));
    match kind_of(p.access.space) {
        Kind::Shared => {
            let lay = layout::shared(&p.access);
            let _ = writeln!(s, "  lane  address     bank  phase  wavefront");
            for x in &lay.slots {
                let _ = writeln!(
                    s,
                    "  {:>4}  {:#010x}  {:>4}  {:>5}  {:>9}{}",
                    x.lane,
                    x.word * 4,
                    x.bank,
                    x.phase,
                    x.wavefront,
                    if x.way > 0 { "  (conflict)" } else { "" }
                );
            }
        }
        Kind::Sectors => {
            let _ = writeln!(s, "  lane  address             sector(s) → line(s)");
            for l in layout::sectors(&p.access) {
                let secs: Vec<String> = l
                    .sectors
                    .iter()
                    .map(|x| format!("{:#x}→{:#x}", x * 32, x / 4 * 128))
                    .collect();
                let _ = writeln!(s, "  {:>4}  {:#018x}  {}", l.lane, l.addr, secs.join(" "));
            }
        }
        Kind::Constant => {
            let _ = writeln!(s, "  request  address          lanes");
            for (i, (w, m)) in layout::constant_words(&p.access).iter().enumerate() {
                let addr = w * 4;
                let _ = writeln!(
                    s,
                    "  {:>7}  c[{:#x}][{:#06x}]  {:#010x} ({} lanes)",
                    i,
                    addr >> 16,
                    addr & 0xffff,
                    m,
                    m.count_ones()
                );
            }
        }
    }
    for f in figures(p) {
        let _ = writeln!(s, "  {f}");
    }
    s
}

/// An HTML page of every pictured instruction: a summary table, then each picture
/// (inline SVG) with its figures.
pub fn html(e: &Explanation) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>gpumem explain: {}</title>",
        esc(&e.program)
    );
    s.push_str(
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}\
td,th{border:1px solid #999;padding:2px 8px;font-family:monospace}section{margin-top:2em}\
svg{max-width:100%;height:auto}</style>\n</head>\n<body>\n",
    );
    let _ = writeln!(
        s,
        "<h1>Memory instructions of {}</h1>\n<p>Each picture shows one execution: the first by {}; the figures below it add the whole run's totals{}.</p>",
        esc(&e.program),
        match e.select.warp {
            Some(w) => format!("warp {w} of CTA {}", e.select.cta),
            None => format!("the lowest-numbered warp of CTA {}", e.select.cta),
        },
        match &e.timing {
            Some(p) => format!(" and the cycle model's ({})", esc(p)),
            None => String::new(),
        }
    );
    // How the run ended (a limit's stop, the faults), before the pictures: a page of a
    // run that stopped or faulted says so first, as the text does.
    let _ = writeln!(
        s,
        "<pre class=\"run\">{}</pre>",
        esc(e.run_text().trim_end())
    );
    if let Some(n) = e.dropped_note() {
        let _ = writeln!(s, "<p>{}</p>", esc(&n));
    }
    s.push_str("<table>\n<tr><th>pc</th><th>instruction</th><th>space</th><th>lanes</th><th>sectors</th><th>lines</th><th>wavefronts</th><th>conflict</th></tr>\n");
    for p in &e.pictures {
        let c = &p.cost;
        let _ = writeln!(
            s,
            "<tr><td><a href=\"#pc{:x}\">{:#06x}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            p.pc,
            p.pc,
            esc(&p.text),
            p.access.space.name(),
            c.lanes,
            c.sectors_32,
            c.lines_128,
            c.wavefronts,
            c.bank_conflict_degree
        );
    }
    s.push_str("</table>\n");
    for p in &e.pictures {
        let _ = writeln!(
            s,
            "<section id=\"pc{:x}\">\n<h2>{}</h2>",
            p.pc,
            esc(&title(p))
        );
        s.push_str(&svg(p));
        s.push_str("<ul>\n");
        for f in figures(p) {
            let _ = writeln!(s, "<li>{}</li>", esc(&f));
        }
        s.push_str("</ul>\n</section>\n");
    }
    s.push_str("</body>\n</html>\n");
    s
}
