"""Compress survey output: merge consecutive bits whose diff changes the same token position."""
import re, sys
txt = open(sys.argv[1]).read()
for blk in txt.split('## ')[1:]:
    lines = blk.strip().split('\n')
    print('##', lines[0])
    items = []
    for l in lines[1:]:
        b, d = l.split(':', 1); items.append((int(b), d.strip()))
    def key(d):
        if d in ('=', 'REJECT'): return d
        if d.startswith('=> @'): return 'guard'
        if d.startswith('=>'): return None
        return tuple(x.split('->')[0] for x in d.split())
    i = 0
    while i < len(items):
        k = key(items[i][1]); j = i
        while k is not None and j + 1 < len(items) and key(items[j + 1][1]) == k and (k in ('=', 'REJECT', 'guard') or (len(items[j+1][1].split()) == 1 and '.' not in items[j+1][1].split('->')[1][:3] or True)):
            j += 1
        if i == j:
            print(f"  {items[i][0]}: {items[i][1][:120]}")
        else:
            print(f"  {items[i][0]}-{items[j][0]}: {items[i][1][:60]} .. {items[j][1][:60]}")
        i = j + 1
