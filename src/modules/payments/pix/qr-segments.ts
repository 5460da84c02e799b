import { createRequire } from 'node:module';

/**
 * The segments `qrcode` chooses for a text (its `Segments.fromString`), found without its `dijkstrajs` search.
 * The library builds a graph of candidate segments (each run of numeric, alphanumeric or byte characters in
 * every mode able to hold it) and takes dijkstrajs's shortest path, whose priority queue re-sorts an array on
 * every push: ~35% of a PIX create's CPU. This is the same graph, the same edge weights (including the
 * library's running `lastCount`), and the same shortest-path search with the same tie-breaking (a stable sort
 * pops the cheapest, oldest entry first: a heap keyed by cost then insertion order pops the same sequence), so
 * the path, the segments and therefore the symbol are exactly the library's (qr-segments.test.ts checks it).
 */
const require = createRequire(import.meta.url);

interface Mode {
  id: string;
  bit: number;
}
interface DataSegment {
  mode: Mode;
  getLength(): number;
  getBitsLength(): number;
}
const Mode = require('qrcode/lib/core/mode.js') as {
  NUMERIC: Mode;
  ALPHANUMERIC: Mode;
  BYTE: Mode;
  KANJI: Mode;
  MIXED: Mode;
  getCharCountIndicator(mode: Mode, version: number): number;
};
const ECLevel = require('qrcode/lib/core/error-correction-level.js') as Record<'L' | 'M' | 'Q' | 'H', unknown>;
const Regex = require('qrcode/lib/core/regex.js') as Record<
  'NUMERIC' | 'ALPHANUMERIC' | 'BYTE' | 'KANJI' | 'BYTE_KANJI',
  RegExp
>;
const Utils = require('qrcode/lib/core/utils.js') as { isKanjiModeEnabled(): boolean };
const Segments = require('qrcode/lib/core/segments.js') as { rawSplit(data: string): DataSegment[] };
const Version = require('qrcode/lib/core/version.js') as {
  getBestVersionForData(data: DataSegment[], ecl: string): number | undefined;
  getCapacity(version: number, ecl: unknown, mode: Mode): number;
};
const bitsOf = {
  [Mode.NUMERIC.id]: (require('qrcode/lib/core/numeric-data.js') as { getBitsLength: (n: number) => number })
    .getBitsLength,
  [Mode.ALPHANUMERIC.id]: (require('qrcode/lib/core/alphanumeric-data.js') as { getBitsLength: (n: number) => number })
    .getBitsLength,
  [Mode.BYTE.id]: (require('qrcode/lib/core/byte-data.js') as { getBitsLength: (n: number) => number }).getBitsLength,
  [Mode.KANJI.id]: (require('qrcode/lib/core/kanji-data.js') as { getBitsLength: (n: number) => number }).getBitsLength,
};

export interface Segment {
  data: string;
  mode: Mode;
  length: number;
}

const utf8Length = (s: string) => Buffer.byteLength(s, 'utf8');

function runsOf(
  regex: RegExp,
  mode: Mode,
  text: string,
  out: { data: string; index: number; mode: Mode; length: number }[],
) {
  regex.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = regex.exec(text)) !== null) out.push({ data: m[0], index: m.index, mode, length: m[0].length });
}

/** The library's getSegmentsFromString: every run of each mode, in text order. */
function segmentsFromString(text: string): Segment[] {
  const runs: { data: string; index: number; mode: Mode; length: number }[] = [];
  runsOf(Regex.NUMERIC, Mode.NUMERIC, text, runs);
  runsOf(Regex.ALPHANUMERIC, Mode.ALPHANUMERIC, text, runs);
  if (Utils.isKanjiModeEnabled()) {
    runsOf(Regex.BYTE, Mode.BYTE, text, runs);
    runsOf(Regex.KANJI, Mode.KANJI, text, runs);
  } else {
    runsOf(Regex.BYTE_KANJI, Mode.BYTE, text, runs);
  }
  // Array.prototype.sort is stable, as the library's own sort of the concatenated lists.
  return runs.sort((a, b) => a.index - b.index).map((r) => ({ data: r.data, mode: r.mode, length: r.length }));
}

/** The library's buildNodes: each segment in every mode that can hold it. */
function nodesOf(segs: Segment[]): Segment[][] {
  return segs.map((seg) => {
    switch (seg.mode) {
      case Mode.NUMERIC:
        return [
          seg,
          { data: seg.data, mode: Mode.ALPHANUMERIC, length: seg.length },
          { data: seg.data, mode: Mode.BYTE, length: seg.length },
        ];
      case Mode.ALPHANUMERIC:
        return [seg, { data: seg.data, mode: Mode.BYTE, length: seg.length }];
      case Mode.KANJI:
        return [seg, { data: seg.data, mode: Mode.BYTE, length: utf8Length(seg.data) }];
      default:
        return [{ data: seg.data, mode: Mode.BYTE, length: utf8Length(seg.data) }];
    }
  });
}

/** A min-heap of (cost, insertion order): pops exactly what the library's stable-sorted array queue shifts. */
type QueueItem = { node: number; cost: number; seq: number };

class Queue {
  private readonly items: QueueItem[] = [];
  private seq = 0;
  get size() {
    return this.items.length;
  }
  private less(a: { cost: number; seq: number }, b: { cost: number; seq: number }) {
    return a.cost < b.cost || (a.cost === b.cost && a.seq < b.seq);
  }
  push(node: number, cost: number) {
    const items = this.items;
    const item = { node, cost, seq: this.seq++ };
    let i = items.push(item) - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(item, items[p]!)) break;
      items[i] = items[p]!;
      i = p;
    }
    items[i] = item;
  }
  /** Only called while `size > 0`. */
  pop(): QueueItem {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= items.length) break;
        const c = l + 1 < items.length && this.less(items[l + 1]!, items[l]!) ? l + 1 : l;
        if (!this.less(items[c]!, last)) break;
        items[i] = items[c]!;
        i = c;
      }
      items[i] = last;
    }
    return top;
  }
}

type Level = 'L' | 'M' | 'Q' | 'H';

/**
 * The segments `qrcode` encodes `text` with at `errorCorrectionLevel` (what its createSymbol does with a string):
 * the version estimated from the raw runs, then the runs optimized for that version.
 */
export function qrSegments(text: string, errorCorrectionLevel: Level): { data: string; mode: Mode }[] {
  const runs = segmentsFromString(text);
  // Version.getBestVersionForData of rawSplit's segments: mixed data sums each run's bits per version.
  const version =
    runs.length > 1 ? mixedVersion(runs, errorCorrectionLevel) : estimatedVersion(text, errorCorrectionLevel);
  return optimalSegments(text, version || 40, runs);
}

function mixedVersion(runs: Segment[], level: Level): number | undefined {
  const ecl = ECLevel[level];
  const lengths = runs.map((r) => (r.mode === Mode.BYTE ? utf8Length(r.data) : r.data.length));
  for (let version = 1; version <= 40; version++) {
    let bits = 0;
    for (const [k, run] of runs.entries())
      bits += Mode.getCharCountIndicator(run.mode, version) + 4 + bitsOf[run.mode.id](lengths[k]);
    if (bits <= Version.getCapacity(version, ecl, Mode.MIXED)) return version;
  }
  return undefined;
}

/**
 * The segments of `text` exactly as `qrcode` optimizes them for `version` (its `Segments.fromString` before
 * `fromArray`): merged runs with their modes.
 */
export function optimalSegments(
  text: string,
  version: number,
  runs: Segment[] = segmentsFromString(text),
): { data: string; mode: Mode }[] {
  const groups = nodesOf(runs);
  // Node ids: 0 start, then every candidate in group order, then end. Edges as the library's buildGraph adds them.
  const table: { node: Segment; lastCount: number }[] = [];
  const edges: { to: number; weight: number }[][] = [[]];
  const start = 0;
  let prev: number[] = [start];
  for (const group of groups) {
    const current: number[] = [];
    for (const node of group) {
      const id = edges.length;
      edges.push([]);
      table[id] = { node, lastCount: 0 };
      current.push(id);
      for (const p of prev) {
        const from = table[p];
        let weight: number;
        if (from && from.node.mode === node.mode) {
          const bits = bitsOf[node.mode.id];
          weight = bits(from.lastCount + node.length) - bits(from.lastCount);
          from.lastCount += node.length;
        } else {
          if (from) from.lastCount = node.length;
          weight = bitsOf[node.mode.id](node.length) + 4 + Mode.getCharCountIndicator(node.mode, version);
        }
        edges[p].push({ to: id, weight });
      }
    }
    prev = current;
  }
  const end = edges.length;
  edges.push([]);
  for (const p of prev) edges[p].push({ to: end, weight: 0 });

  // dijkstrajs's single_source_shortest_paths, with the same relaxation rule (first visit or strictly cheaper).
  const costs = new Array<number | undefined>(edges.length);
  const predecessors = new Array<number | undefined>(edges.length);
  costs[start] = 0;
  const open = new Queue();
  open.push(start, 0);
  while (open.size > 0) {
    const { node: u, cost } = open.pop();
    for (const { to, weight } of edges[u] ?? []) {
      const through = cost + weight;
      const known = costs[to];
      if (known === undefined || known > through) {
        costs[to] = through;
        open.push(to, through);
        predecessors[to] = u;
      }
    }
  }
  if (costs[end] === undefined) throw new Error('Could not find a path from start to end.');
  const path: number[] = [];
  for (let u: number | undefined = predecessors[end]; u !== undefined && u !== start; u = predecessors[u]) path.push(u);
  path.reverse();

  // mergeSegments: adjacent nodes of one mode become one segment.
  const merged: { data: string; mode: Mode }[] = [];
  for (const id of path) {
    const { data, mode } = table[id].node;
    const last = merged[merged.length - 1];
    if (last && last.mode === mode) last.data += data;
    else merged.push({ data, mode });
  }
  return merged;
}

/** The version `qrcode` estimates before optimizing (from the text's raw split), as its createSymbol does. */
export function estimatedVersion(text: string, errorCorrectionLevel: Level): number | undefined {
  return Version.getBestVersionForData(Segments.rawSplit(text), errorCorrectionLevel);
}
