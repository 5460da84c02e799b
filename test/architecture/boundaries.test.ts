import { beforeAll, describe, expect, it } from 'vitest';
import { areaArrows, areaOf, cycles, importGraph, type ImportEdge } from './import-graph.js';

/**
 * The dependency rules of issue 24 item 4 (docs/conventions.md, docs/decisions/payments.md), read from the
 * import graph of src/ (test/architecture/import-graph.ts: the TypeScript parser, no type checking). Each
 * failure names the file, line and target. Allow-lists below are ratchets: an entry that no longer occurs
 * fails too, so they only shrink.
 */
let edges: ImportEdge[] = [];
let files: string[] = [];
beforeAll(() => {
  ({ edges, files } = importGraph());
}, 30_000);

const show = (e: ImportEdge) => `${e.from}:${e.line} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`;
const under = (dir: string) => (path: string) => path.startsWith(dir);

/** The "nevers": whole layers that must not import another (type-only imports included). */
const NEVERS: { name: string; from: (f: string) => boolean; to: (f: string) => boolean }[] = [
  { name: 'Events -> Modules', from: under('src/events/'), to: under('src/modules/') },
  { name: 'Modules -> Vault', from: under('src/modules/'), to: under('src/vault/') },
  { name: 'Modules -> deps', from: under('src/modules/'), to: (f) => f === 'src/deps.ts' },
  { name: 'Kernel -> Jobs', from: under('src/kernel/'), to: under('src/jobs/') },
  { name: 'Kernel -> Modules', from: under('src/kernel/'), to: under('src/modules/') },
  { name: 'Ledger -> Http', from: under('src/ledger/'), to: under('src/http/') },
  { name: 'Ledger -> Modules', from: under('src/ledger/'), to: under('src/modules/') },
  { name: 'Domain -> anything but Domain', from: under('src/domain/'), to: (f) => !f.startsWith('src/domain/') },
  {
    // What a lower layer needs of an area (the OpenAPI sections, a port) is handed in at the composition root.
    name: 'lower layers -> Modules or root',
    from: (f) => /^src\/(domain|kernel|db|providers|vault|runtime|jobs|events|ledger|http|pci|crypto)\//.test(f),
    to: (f) => f.startsWith('src/modules/') || /^src\/[^/]+\.ts$/.test(f),
  },
  {
    name: 'Areas -> composition root',
    from: under('src/modules/'),
    to: (f) => ['src/app.ts', 'src/composition.ts', 'src/server.ts', 'src/worker.ts'].includes(f),
  },
];

const PAYMENTS = 'src/modules/payments/';
/**
 * Imports of payments' inner files from outside it, besides its face (index.ts). The event assembly takes
 * payments' payload schemas directly (it is the modules' root, like the route list); the pure rules others read
 * (payment methods, bounds, refusal codes, the receivable plan) are in src/domain.
 */
const PAYMENTS_DEEP_ALLOWED = new Set(['src/modules/event-payloads.ts -> src/modules/payments/events.ts']);

describe('architecture: the import graph', () => {
  it('reads the whole tree (control: known edges are seen)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(edges.some((e) => e.from === 'src/composition.ts' && e.to === 'src/vault/index.ts')).toBe(true);
    expect(edges.some((e) => e.from === 'src/events/outbox.ts' && e.to === 'src/db/client.ts' && e.typeOnly)).toBe(
      true,
    );
  });

  for (const rule of NEVERS)
    it(`never ${rule.name}`, () => {
      expect(edges.filter((e) => rule.from(e.from) && rule.to(e.to)).map(show)).toEqual([]);
    });

  it('other areas reach payments only through its face (src/modules/payments/index.ts)', () => {
    const deep = edges
      .filter((e) => e.to.startsWith(PAYMENTS) && !e.from.startsWith(PAYMENTS) && e.to !== `${PAYMENTS}index.ts`)
      .map((e) => `${e.from} -> ${e.to}`);
    expect([...new Set(deep)].filter((d) => !PAYMENTS_DEEP_ALLOWED.has(d))).toEqual([]);
    expect([...PAYMENTS_DEEP_ALLOWED].filter((d) => !deep.includes(d))).toEqual([]); // ratchet: drop what went
  });

  it('payments shared/ imports no use-case folder of payments (use cases depend on shared, not back)', () => {
    const back = edges.filter(
      (e) =>
        e.from.startsWith(`${PAYMENTS}shared/`) &&
        e.to.startsWith(PAYMENTS) &&
        !e.to.startsWith(`${PAYMENTS}shared/`) &&
        // refunds' pure rules (authorization TTL, refundable amounts) are read by shared rules: to move to shared.
        !e.to.startsWith(`${PAYMENTS}refunds/refunds.rules.ts`) &&
        // the QR drawer's type, handed to every use case through the deps.
        !(e.to === `${PAYMENTS}pix/qr-images.ts` && e.typeOnly),
    );
    expect(back.map(show)).toEqual([]);
  });

  it('no file circles (runtime imports; job kinds live apart from their handlers)', () => {
    const next = new Map<string, string[]>();
    for (const e of edges) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    expect(cycles(files, (f) => next.get(f) ?? []).map((c) => c.join(' '))).toEqual([]);
  });

  it('no area cycles (areas import each other one way; lower layers import no area)', () => {
    const arrows = areaArrows(edges);
    const areas = [...new Set(files.map(areaOf))];
    expect(cycles(areas, (a) => arrows.get(a) ?? []).map((c) => c.join(' '))).toEqual([]);
  });
});
