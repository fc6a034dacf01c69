#!/usr/bin/env python3
"""Lists loads that likely wait on a failed store-to-load forward.

A load that spans several narrow stores made shortly before (a struct built
field by field, then copied whole with 8- or 16-byte loads) cannot take its
bytes from the store buffer and waits until the stores reach the cache.
Go does this with a struct literal that is passed by value, appended, or
whose address is taken (docs/performance.md, "Stores the core cannot
forward"). This scans a disassembly for such loads within one function:
a load through the same base register (unchanged since) that overlaps a
store of the last 40 instructions without lying inside it.

    go build -o /tmp/shard ./cmd/shard
    go tool objdump /tmp/shard > /tmp/shard.dis
    scripts/store-stalls.py /tmp/shard.dis 'shardcore/pathing\\.'

Prints, per function matching the pattern, the count and the source lines.
A heuristic: it reads no profile, so weigh its lines against one.
"""
import collections
import re
import sys

SIZE = {'MOVB': 1, 'MOVW': 2, 'MOVL': 4, 'MOVQ': 8, 'MOVSD_XMM': 8, 'MOVSS': 4, 'MOVUPS': 16, 'MOVOU': 16}
WIDE_LOADS = ('MOVUPS', 'MOVOU', 'MOVQ', 'MOVL', 'MOVSD_XMM')
MEM = re.compile(r'^(-?0x[0-9a-f]+|0)?\((\w+)\)$')


def main():
    if len(sys.argv) < 2:
        sys.exit('usage: store-stalls.py DISASM [FUNC-REGEX]')
    want = re.compile(sys.argv[2] if len(sys.argv) > 2 else 'shardcore')
    hits, lines = collections.Counter(), collections.defaultdict(set)
    fn, stores, alias, n = None, [], {}, 0
    for line in open(sys.argv[1]):
        if line.startswith('TEXT'):
            fn, stores, alias, n = line.split()[1], [], {}, 0
            continue
        if not fn or not want.search(fn):
            continue
        f = [x.strip() for x in line.rstrip('\n').split('\t') if x.strip()]
        if len(f) < 3:
            continue
        src, ins = f[0], f[-1]
        n += 1
        m = re.match(r'(\w+)\s*(.*)', ins)
        if not m:
            continue
        op, args = m.group(1), [a.strip() for a in m.group(2).split(',')] if m.group(2) else []

        def addr(a):
            mm = MEM.match(a)
            if not mm:
                return None
            off = int(mm.group(1), 16) if mm.group(1) and mm.group(1) != '0' else 0
            reg = mm.group(2)
            if reg in alias:
                reg, off = alias[reg][0], alias[reg][1] + off
            return reg, off

        def clobber(reg):
            alias.pop(reg, None)
            stores[:] = [s for s in stores if s[0] != reg]

        if op == 'LEAQ' and len(args) == 2:
            a = addr(args[0])
            clobber(args[1])
            if a and '*' not in args[0]:
                alias[args[1]] = a
            continue
        if op in SIZE and len(args) == 2:
            dst, srcm = addr(args[1]), addr(args[0])
            if srcm and op in WIDE_LOADS:
                w = SIZE[op]
                for reg, off, sz, at in stores:
                    if reg == srcm[0] and n - at <= 40 and off < srcm[1] + w and srcm[1] < off + sz \
                            and not (off <= srcm[1] and srcm[1] + w <= off + sz):
                        hits[fn] += 1
                        lines[fn].add(src)
                        break
            if dst and not (op in ('MOVUPS', 'MOVOU') and args[0] == 'X15'):
                stores.append((dst[0], dst[1], SIZE[op], n))
            if not dst and args:
                clobber(args[-1])
        elif args and not MEM.match(args[-1]):
            clobber(args[-1])
        if op.startswith('CALL'):
            stores[:] = [s for s in stores if s[0] == 'SP']
        del stores[:-80]
    for f, c in hits.most_common():
        print(c, f, ' '.join(sorted(lines[f])[:8]))


if __name__ == '__main__':
    main()
