//! Device-side `printf`: nvcc compiles `printf(fmt, ...)` in a kernel to a call of the
//! device library's `vprintf(const char *fmt, void *args)`: `JCAL vprintf` with the format
//! string's generic address in R4:R5 and the argument buffer's in R6:R7 (the caller's local
//! stack), the result in R4. A client that links `vprintf` to address 0
//! (`gpumem_maxwell::link::Module::link_with_externs`) and sets [`crate::Emulator::printf`]
//! gets `JCAL 0x0` executed here, per active lane, in lane order.
//!
//! The argument buffer is packed as nvcc packs it (checked on CUDA 11.8's SASS): each
//! argument at the next multiple of its own size, 4 bytes for `int`, `char`, `short` and
//! 32-bit unsigned values, 8 for `long`, `long long`, pointers and `double` (a `float` is
//! promoted to `double`). The conversions are C's (`%d %i %u %o %x %X %c %s %p %f %F %e %E
//! %g %G %a %A %%` with flags `-+ #0`, width, precision, `*` and the length modifiers);
//! vprintf returns the number of arguments it consumed, as CUDA's does.

/// Reads argument words and strings for [`format`].
pub trait Args {
    /// The `size`-byte (4 or 8) little-endian value at byte `offset` of the buffer.
    fn word(&mut self, offset: u64, size: u64) -> u64;
    /// The NUL-terminated string at generic address `addr` (at most `limit` bytes).
    fn string(&mut self, addr: u64, limit: usize) -> Vec<u8>;
}

/// The longest string `%s` prints.
const MAX_STRING: usize = 4096;

/// Formats `fmt` with the arguments of `args`; also returns how many were consumed.
pub fn format(fmt: &[u8], args: &mut dyn Args) -> (String, u32) {
    let mut out = String::new();
    let mut off = 0u64;
    let mut count = 0u32;
    let mut next = |size: u64, args: &mut dyn Args| {
        off = off.next_multiple_of(size);
        let v = args.word(off, size);
        off += size;
        count += 1;
        v
    };
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            let start = i;
            while i < fmt.len() && fmt[i] != b'%' {
                i += 1;
            }
            out.push_str(&String::from_utf8_lossy(&fmt[start..i]));
            continue;
        }
        i += 1;
        let mut spec = Spec::default();
        while let Some(&f) = fmt.get(i) {
            match f {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i) == Some(&b'*') {
            let w = next(4, args) as u32 as i32;
            if w < 0 {
                spec.left = true;
            }
            spec.width = w.unsigned_abs() as usize;
            i += 1;
        } else {
            while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
                spec.width = spec
                    .width
                    .saturating_mul(10)
                    .saturating_add((d - b'0') as usize);
                i += 1;
            }
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            let mut p = 0usize;
            if fmt.get(i) == Some(&b'*') {
                let v = next(4, args) as u32 as i32;
                spec.prec = (v >= 0).then_some(v as usize);
                i += 1;
            } else {
                while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
                    p = p.saturating_mul(10).saturating_add((d - b'0') as usize);
                    i += 1;
                }
                spec.prec = Some(p);
            }
        }
        let mut long = false;
        while let Some(&l) = fmt.get(i) {
            match l {
                b'l' | b'z' | b'j' | b't' | b'L' | b'q' => long = true,
                b'h' => {}
                _ => break,
            }
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            out.push('%');
            break;
        };
        i += 1;
        let isize = if long { 8 } else { 4 };
        let text = match conv {
            b'%' => "%".to_string(),
            b'd' | b'i' => {
                let v = next(isize, args);
                let v = if long {
                    v as i64
                } else {
                    v as u32 as i32 as i64
                };
                spec.integer(v < 0, v.unsigned_abs().to_string(), "")
            }
            b'u' => spec.integer(false, mask(next(isize, args), long).to_string(), ""),
            b'o' => {
                let v = mask(next(isize, args), long);
                let prefix = if spec.alt && v != 0 { "0" } else { "" };
                spec.integer(false, format!("{v:o}"), prefix)
            }
            b'x' | b'X' => {
                let v = mask(next(isize, args), long);
                let (s, p) = if conv == b'x' {
                    (format!("{v:x}"), "0x")
                } else {
                    (format!("{v:X}"), "0X")
                };
                spec.integer(false, s, if spec.alt && v != 0 { p } else { "" })
            }
            b'p' => {
                let v = next(8, args);
                spec.pad(format!("{v:#x}"))
            }
            b'c' => {
                let v = next(4, args) as u8;
                spec.pad((v as char).to_string())
            }
            b's' => {
                let a = next(8, args);
                let s = if a == 0 {
                    b"(null)".to_vec()
                } else {
                    args.string(a, spec.prec.unwrap_or(MAX_STRING).min(MAX_STRING))
                };
                let s = match spec.prec {
                    Some(p) => &s[..p.min(s.len())],
                    None => &s[..],
                };
                spec.pad(String::from_utf8_lossy(s).into_owned())
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let v = f64::from_bits(next(8, args));
                spec.float(v, conv)
            }
            b'n' => {
                next(8, args);
                String::new()
            }
            other => format!("%{}", other as char),
        };
        out.push_str(&text);
    }
    (out, count)
}

fn mask(v: u64, long: bool) -> u64 {
    if long { v } else { v as u32 as u64 }
}

#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

impl Spec {
    fn pad(&self, s: String) -> String {
        let n = s.chars().count();
        if n >= self.width {
            return s;
        }
        let fill = " ".repeat(self.width - n);
        if self.left { s + &fill } else { fill + &s }
    }

    fn sign(&self, neg: bool) -> &'static str {
        if neg {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        }
    }

    /// An integer's digits with sign, prefix, precision (minimum digits) and padding.
    fn integer(&self, neg: bool, digits: String, prefix: &str) -> String {
        let mut d = digits;
        if let Some(p) = self.prec {
            if p == 0 && d == "0" {
                d.clear();
            }
            if d.len() < p {
                d = "0".repeat(p - d.len()) + &d;
            }
        }
        self.number(self.sign(neg), prefix, d, self.prec.is_none())
    }

    /// Sign, prefix and digits, padded with zeros after the prefix (`0` flag, unless
    /// `-`) or spaces.
    fn number(&self, sign: &str, prefix: &str, body: String, zero_ok: bool) -> String {
        let len = sign.len() + prefix.len() + body.len();
        if len >= self.width {
            return format!("{sign}{prefix}{body}");
        }
        let fill = self.width - len;
        if self.left {
            format!("{sign}{prefix}{body}{}", " ".repeat(fill))
        } else if self.zero && zero_ok {
            format!("{sign}{prefix}{}{body}", "0".repeat(fill))
        } else {
            format!("{}{sign}{prefix}{body}", " ".repeat(fill))
        }
    }

    fn float(&self, v: f64, conv: u8) -> String {
        let upper = conv.is_ascii_uppercase();
        let neg = v.is_sign_negative() && !v.is_nan();
        let a = v.abs();
        if !a.is_finite() {
            let s = if a.is_nan() { "nan" } else { "inf" };
            let s = if upper {
                s.to_uppercase()
            } else {
                s.to_string()
            };
            return self.number(self.sign(neg), "", s, false);
        }
        let p = self.prec.unwrap_or(6);
        let body = match conv.to_ascii_lowercase() {
            b'f' => fixed(a, p, self.alt),
            b'e' => exp(a, p, self.alt),
            b'g' => {
                let p = if p == 0 { 1 } else { p };
                let x = exponent(a, p - 1);
                let mut s = if x < -4 || x >= p as i32 {
                    exp(a, p - 1, self.alt)
                } else {
                    fixed(a, (p as i32 - 1 - x) as usize, self.alt)
                };
                if !self.alt {
                    s = strip_zeros(&s);
                }
                s
            }
            _ => hex_float(a, self.prec),
        };
        let body = if upper { body.to_uppercase() } else { body };
        let (prefix, body) = match body.strip_prefix("0x").or(body.strip_prefix("0X")) {
            Some(rest) if conv.eq_ignore_ascii_case(&b'a') => {
                (if upper { "0X" } else { "0x" }, rest.to_string())
            }
            _ => ("", body),
        };
        self.number(self.sign(neg), prefix, body, true)
    }
}

fn fixed(a: f64, p: usize, alt: bool) -> String {
    let mut s = format!("{a:.p$}");
    if alt && p == 0 {
        s.push('.');
    }
    s
}

/// C's `%e`: one digit, the fraction, `e`, a sign and at least two exponent digits.
fn exp(a: f64, p: usize, alt: bool) -> String {
    let s = format!("{a:.p$e}");
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let mut m = m.to_string();
    if alt && p == 0 {
        m.push('.');
    }
    format!(
        "{m}e{}{:02}",
        if e < 0 { '-' } else { '+' },
        e.unsigned_abs()
    )
}

/// The decimal exponent `%e` with `p` digits after the point would print.
fn exponent(a: f64, p: usize) -> i32 {
    if a == 0.0 {
        return 0;
    }
    let s = format!("{a:.p$e}");
    s.split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0)
}

/// `%g` without `#`: trailing zeros of the fraction and a bare point go.
fn strip_zeros(s: &str) -> String {
    let (m, e) = match s.find('e') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let m = if m.contains('.') {
        m.trim_end_matches('0').trim_end_matches('.')
    } else {
        m
    };
    format!("{m}{e}")
}

/// `%a`: `0x1.<hex fraction>p<exponent>`.
fn hex_float(a: f64, prec: Option<usize>) -> String {
    if a == 0.0 {
        return match prec {
            Some(p) if p > 0 => format!("0x0.{}p+0", "0".repeat(p)),
            _ => "0x0p+0".to_string(),
        };
    }
    let bits = a.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i32;
    let mut frac = bits & ((1 << 52) - 1);
    let (lead, e) = if raw_exp == 0 {
        (0, -1022)
    } else {
        (1, raw_exp - 1023)
    };
    let mut digits = format!("{frac:013x}");
    if let Some(p) = prec.filter(|&p| p < 13) {
        let shift = (13 - p) * 4;
        let round = (frac >> (shift - 1)) & 1;
        frac = (frac >> shift) + round;
        digits = if p == 0 {
            String::new()
        } else {
            format!("{frac:0p$x}")
        };
    } else {
        digits = digits.trim_end_matches('0').to_string();
    }
    let point = if digits.is_empty() { "" } else { "." };
    format!(
        "0x{lead}{point}{digits}p{}{}",
        if e < 0 { '-' } else { '+' },
        e.unsigned_abs()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An argument buffer laid out as nvcc lays it out, and strings by address.
    struct Buf(Vec<u8>, Vec<(u64, &'static [u8])>);

    impl Args for Buf {
        fn word(&mut self, offset: u64, size: u64) -> u64 {
            let mut b = [0u8; 8];
            for (i, v) in b.iter_mut().take(size as usize).enumerate() {
                *v = self.0.get(offset as usize + i).copied().unwrap_or(0);
            }
            u64::from_le_bytes(b)
        }
        fn string(&mut self, addr: u64, limit: usize) -> Vec<u8> {
            let s = self
                .1
                .iter()
                .find(|(a, _)| *a == addr)
                .map_or(&b""[..], |s| s.1);
            s[..s.len().min(limit)].to_vec()
        }
    }

    fn buf(parts: &[(u64, u64)]) -> Vec<u8> {
        let mut v = Vec::new();
        for &(value, size) in parts {
            while v.len() % size as usize != 0 {
                v.push(0);
            }
            v.extend_from_slice(&value.to_le_bytes()[..size as usize]);
        }
        v
    }

    fn f(fmt: &str, parts: &[(u64, u64)]) -> String {
        format(fmt.as_bytes(), &mut Buf(buf(parts), vec![(0x100, b"str")])).0
    }

    #[test]
    fn conversions_follow_c() {
        // The same buffer nvcc 11.8 builds for `"%d %f %s [%5.2f] %c %x %lld"` (SASS:
        // STL [R1], STL.64 [R1+0x8], STL.128 [R1+0x10], STL.64 [R1+0x20], [R1+0x28]).
        let b = 2.5f64.to_bits();
        let text = f(
            "hello %d %f %s [%5.2f] %c %x %lld\n",
            &[
                (7, 4),
                (b, 8),
                (0x100, 8),
                (b, 8),
                (b'c' as u64, 4),
                (255, 4),
                (u64::MAX, 8),
            ],
        );
        assert_eq!(text, "hello 7 2.500000 str [ 2.50] c ff -1\n");
        let neg = (-42i32) as u32 as u64;
        assert_eq!(
            f(
                "[%5d|%-5d|%05d|%+d|% d]",
                &[(neg, 4), (42, 4), (neg, 4), (42, 4), (42, 4)]
            ),
            "[  -42|42   |-0042|+42| 42]"
        );
        assert_eq!(
            f(
                "%u %o %#x %#o %X",
                &[(neg, 4), (8, 4), (255, 4), (8, 4), (0xab, 4)]
            ),
            "4294967254 10 0xff 010 AB"
        );
        assert_eq!(f("%.3d %.0d|", &[(5, 4), (0, 4)]), "005 |");
        let d = |v: f64| (v.to_bits(), 8);
        assert_eq!(
            f("%e %E %.2e", &[d(12345.678), d(-0.00012), d(0.0)]),
            "1.234568e+04 -1.200000E-04 0.00e+00"
        );
        assert_eq!(
            f(
                "%g %g %g %g %G",
                &[d(100000.0), d(1000000.0), d(0.0001), d(0.00001), d(1.5e-10)]
            ),
            "100000 1e+06 0.0001 1e-05 1.5E-10"
        );
        assert_eq!(
            f("%g %.3g %#g", &[d(1.23456), d(1.23456), d(2.0)]),
            "1.23456 1.23 2.00000"
        );
        assert_eq!(
            f(
                "%f %F %5.1f %-8.3f|",
                &[d(f64::INFINITY), d(f64::NAN), d(-2.25), d(1.0)]
            ),
            "inf NAN  -2.2 1.000   |"
        );
        assert_eq!(f("%a %.1a", &[d(1.0), d(1.5)]), "0x1p+0 0x1.8p+0");
        assert_eq!(
            f(
                "%*d %.*f %s %.2s %p %%",
                &[
                    (4, 4),
                    (7, 4),
                    (1, 4),
                    d(2.5),
                    (0, 8),
                    (0x100, 8),
                    (0x10, 8)
                ]
            ),
            "   7 2.5 (null) st 0x10 %"
        );
    }

    #[test]
    fn counts_the_arguments_it_consumed() {
        let (_, n) = format(
            b"%d %s %f",
            &mut Buf(buf(&[(1, 4), (0, 8), (0, 8)]), vec![]),
        );
        assert_eq!(n, 3);
        let (s, n) = format(b"no args 100%%", &mut Buf(vec![], vec![]));
        assert_eq!((s.as_str(), n), ("no args 100%", 0));
    }
}
