#!/usr/bin/env bash
# Coverage of gpumem's Maxwell disassembler on the CUDA-samples corpus (tests/cuda-samples):
# every cubin's `cuobjdump -sass` listing against `gpumem dis --isa maxwell FILE.cubin`.
#
#   scripts/cuda-samples-coverage.sh [CORPUS_DIR]        (CORPUS_DIR: tests/cuda-samples)
#
# Instruction lines are compared the way crates/gpumem-maxwell/tests/cubins.rs compares them:
# cuobjdump's `/* 0x... */` word comments cut off, trailing whitespace trimmed, the rest (the
# layout's leading spaces, guard gutter, pair braces) exact. Per instruction, keyed by kernel and
# address: exact (same text), rejected (gpumem printed `<invalid: ...>` for the word, or printed
# no line for it, or failed on the whole file), misprinted (other text). Writes to stdout a
# summary per target, and CORPUS_DIR/missing-opcodes.tsv (base opcode of the rejected words as
# cuobjdump names them, modifiers cut off; rejected count per target, most frequent first; how
# many words with that base opcode gpumem already printed exactly, per target, which tells a
# missing opcode (0) from a missing form of a known one; the first rejected line as example),
# CORPUS_DIR/missing-forms.tsv (the same by whole mnemonic, modifiers kept: `LEA.HI.X`),
# CORPUS_DIR/COVERAGE.tsv (per cubin) and CORPUS_DIR/misprinted.tsv (every misprinted line;
# header only when none).
# Environment: GPUMEM_BIN (default: target/release/gpumem, built here with cargo), GPUMEM_CUDA_BIN
# (cuobjdump; set from scripts/install-oracles.sh when unset).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dir=$(cd "${1:-$here/tests/cuda-samples}" && pwd)
if [[ -z ${GPUMEM_CUDA_BIN:-} ]]; then eval "$(bash "$here/scripts/install-oracles.sh")"; fi
if [[ -z ${GPUMEM_BIN:-} ]]; then
  (cd "$here" && cargo build --release -q -p gpumem-cli)
  GPUMEM_BIN=$here/target/release/gpumem
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Both listings of one cubin; two at a time (cuobjdump on the large thrust/cub cubins is slow).
listings() {
  local f=$1 work=$2 sm b
  sm=$(basename "$(dirname "$f")")
  b=$(basename "$f" .cubin)
  "$GPUMEM_CUDA_BIN/cuobjdump" -sass "$f" >"$work/$sm/$b.ref"
  # A non-zero status is expected when some word is rejected; an abort shows as no listing.
  "$GPUMEM_BIN" dis --isa maxwell "$f" >"$work/$sm/$b.ours" 2>"$work/$sm/$b.err" || true
}
export -f listings
export GPUMEM_CUDA_BIN GPUMEM_BIN
mkdir -p "$work/sm_50" "$work/sm_52"
ls "$dir"/sm_50/*.cubin "$dir"/sm_52/*.cubin | xargs -P "${JOBS:-2}" -I{} bash -c 'listings "$1" "$2"' _ {} "$work"
python3 - "$work" "$dir" <<'PY'
import os, re, sys
from collections import Counter
work, out = sys.argv[1], sys.argv[2]
inst_re = re.compile(r'^\s+/\*([0-9a-f]{4,})\*/ ')
hex_re = re.compile(r'\s*/\* 0x[0-9a-f]{16} \*/\s*$')

def parse(path):
    ks, cur = {}, None
    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        s = line.strip()
        if s.startswith('Function : '):
            cur = ks.setdefault(s[len('Function : '):].strip(), {})
            continue
        m = inst_re.match(line)
        if cur is not None and m and not line.lstrip().startswith('/* 0x'):
            cur[int(m.group(1), 16)] = hex_re.sub('', line).rstrip()
    return ks

def mnemonic(text):
    body = re.sub(r'^\s*/\*[0-9a-f]+\*/\s*', '', text)
    toks = body.replace('{', ' ').replace('}', ' ').split()
    if toks and toks[0].startswith('@'):
        toks = toks[1:]
    return toks[0].rstrip(';') if toks else '?'

def opcode(text):
    body = re.sub(r'^\s*/\*[0-9a-f]+\*/\s*', '', text)
    body = body.replace('{', ' ').replace('}', ' ').strip()
    toks = body.split()
    if toks and toks[0].startswith('@'):
        toks = toks[1:]
    return toks[0].split('.')[0].rstrip(';') if toks else '?'

missing = {'sm_50': Counter(), 'sm_52': Counter()}
forms = {'sm_50': Counter(), 'sm_52': Counter()}
printed = {'sm_50': Counter(), 'sm_52': Counter()}
example = {}
rows, mis = [], []
for sm in ('sm_50', 'sm_52'):
    t = Counter()
    for name in sorted(os.listdir(os.path.join(work, sm))):
        if not name.endswith('.ref'):
            continue
        b = name[:-4]
        ref = parse(os.path.join(work, sm, b + '.ref'))
        ours = parse(os.path.join(work, sm, b + '.ours'))
        aborted = not ours and any(ref.values())
        c = Counter()
        for k, lines in ref.items():
            o = ours.get(k, {})
            kbad = False
            for a, text in lines.items():
                c['insts'] += 1
                g = o.get(a)
                if g is None or '<invalid' in g:
                    c['rejected'] += 1
                    c['absent'] += 1 if g is None else 0
                    op = opcode(text)
                    missing[sm][op] += 1
                    forms[sm][mnemonic(text)] += 1
                    example.setdefault(op, ' '.join(re.sub(r'^\s*/\*[0-9a-f]+\*/\s*', '', text).replace('{', ' ').replace('}', ' ').split()))
                    kbad = True
                elif g == text:
                    c['exact'] += 1
                    printed[sm][opcode(text)] += 1
                else:
                    c['misprinted'] += 1
                    mis.append((sm + '/' + b + '.cubin', k, '%04x' % a, text.strip(), g.strip()))
                    kbad = True
            c['kernels'] += 1
            c['kernels_exact'] += 0 if kbad else 1
        c['cubins'] += 1
        c['cubins_exact'] += 1 if c['kernels'] == c['kernels_exact'] else 0
        c['aborted'] += 1 if aborted else 0
        rows.append((sm + '/' + b + '.cubin', c))
        t.update(c)
    print(f"{sm}: {t['cubins']} cubins ({t['cubins_exact']} fully matching, {t['aborted']} aborted), "
          f"{t['kernels']} kernels ({t['kernels_exact']} fully matching), {t['insts']} instructions: "
          f"{t['exact']} exact, {t['rejected']} rejected ({t['absent']} with no gpumem line), {t['misprinted']} misprinted "
          f"({100.0 * t['exact'] / max(1, t['insts']):.2f}% exact)")
with open(os.path.join(out, 'COVERAGE.tsv'), 'w') as f:
    f.write('file\tkernels\tkernels_exact\tinstructions\texact\trejected\tmisprinted\n')
    for p, c in rows:
        f.write(f"{p}\t{c['kernels']}\t{c['kernels_exact']}\t{c['insts']}\t{c['exact']}\t{c['rejected']}\t{c['misprinted']}\n")
with open(os.path.join(out, 'misprinted.tsv'), 'w') as f:
    f.write('file\tkernel\taddr\tcuobjdump\tgpumem\n')
    for r in mis:
        f.write('\t'.join(r) + '\n')
ops = set(missing['sm_50']) | set(missing['sm_52'])
with open(os.path.join(out, 'missing-opcodes.tsv'), 'w') as f:
    f.write('opcode\tsm_50\tsm_52\texact_sm_50\texact_sm_52\texample\n')
    for op in sorted(ops, key=lambda o: (-(missing['sm_50'][o] + missing['sm_52'][o]), o)):
        f.write(f"{op}\t{missing['sm_50'][op]}\t{missing['sm_52'][op]}\t{printed['sm_50'][op]}\t{printed['sm_52'][op]}\t{example[op]}\n")
fs = set(forms['sm_50']) | set(forms['sm_52'])
with open(os.path.join(out, 'missing-forms.tsv'), 'w') as f:
    f.write('mnemonic\tsm_50\tsm_52\n')
    for m in sorted(fs, key=lambda o: (-(forms['sm_50'][o] + forms['sm_52'][o]), o)):
        f.write(f"{m}\t{forms['sm_50'][m]}\t{forms['sm_52'][m]}\n")
print(f"misprinted lines: {len(mis)}; rejected opcodes: {len(ops)} (missing-opcodes.tsv)")
PY
