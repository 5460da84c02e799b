#!/usr/bin/env python3
"""Rewrites relative imports that point at a moved file (scripts/moved-files.json: old path -> new path, the
payments context of issue 24 item 4, the clock, the BIN table, the event payload assembly) to its new place.
For a branch that adds or edits files after the move: `python3 scripts/rewrite-moved-imports.py [dirs...]`
(default src test bench scripts packages), then `npx tsc --noEmit -p .`. Names moved within a file (the business
calendar out of receivables.schedule.ts, SQL paging out of http/pagination.ts) are for tsc to point out."""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)
moves = json.load(open('scripts/moved-files.json'))
dirs = sys.argv[1:] or ['src', 'test', 'bench', 'scripts', 'packages']
files = [f for f in subprocess.check_output(['git', 'ls-files', '-co', '--exclude-standard', *dirs]).decode().split()
         if re.search(r'\.(ts|mts|js|mjs)$', f) and 'node_modules' not in f and os.path.exists(f)]
SPEC = re.compile(r"""((?:from|import|vi\.mock|vi\.importActual|import\()\s*\(?\s*)(['"])(\.\.?/[^'"]+)\2""")
changed = 0
for f in files:
    src = open(f).read()
    def rep(m):
        spec = m.group(3)
        base = os.path.normpath(os.path.join(os.path.dirname(f), spec))
        stem, ext = os.path.splitext(base)
        old = stem + '.ts' if ext == '.js' else base + '.ts'
        if os.path.exists(old) or old not in moves:
            return m.group(0)
        new = moves[old][:-3] + ('.js' if ext == '.js' else '')
        rel = os.path.relpath(new, os.path.dirname(f))
        return m.group(1) + m.group(2) + (rel if rel.startswith('.') else './' + rel) + m.group(2)
    out = SPEC.sub(rep, src)
    if out != src:
        open(f, 'w').write(out)
        changed += 1
        print('rewrote', f)
print(f'{changed} files rewritten')
