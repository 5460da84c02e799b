import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of src/ (production files, tests apart), read with the TypeScript compiler's parser: every
 * static import and re-export (type-only ones marked) and every dynamic `import('…')` with a literal path.
 * Shared by test/architecture/boundaries.test.ts (the rules) and scripts/import-graph.ts (the numbers of
 * docs/decisions/payments.md). Parsing only, no type checking: the whole tree reads in well under a second.
 */
export const ROOT = resolve(import.meta.dirname, '../..');

export interface ImportEdge {
  from: string; // repo-relative, e.g. src/modules/cards/cards.service.ts
  to: string;
  line: number;
  typeOnly: boolean;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'library' && dir.endsWith('src') ? [] : walk(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveSpecifier(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  for (const c of [base.replace(/\.js$/, '.ts'), base + '.ts', join(base, 'index.ts'), base])
    if (c.endsWith('.ts') && existsSync(c)) return c;
  return null;
}

/**
 * Every edge between two files of src/ (imports of packages and of src/library are left out); `extra` (repo-relative
 * files, e.g. test files) are read too, their edges included.
 */
export function importGraph(root = ROOT, extra: string[] = []): { files: string[]; edges: ImportEdge[] } {
  const abs = [...walk(join(root, 'src')), ...extra.map((f) => join(root, f))];
  const edges: ImportEdge[] = [];
  for (const file of abs) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const add = (spec: string, node: ts.Node, typeOnly: boolean) => {
      const target = resolveSpecifier(file, spec);
      if (!target || target.includes(`${join(root, 'src', 'library')}`)) return;
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      edges.push({ from: relative(root, file), to: relative(root, target), line, typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const typeOnly =
          !!clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              !!clause.namedBindings &&
              ts.isNamedImports(clause.namedBindings) &&
              clause.namedBindings.elements.length > 0 &&
              clause.namedBindings.elements.every((e) => e.isTypeOnly)));
        add(node.moduleSpecifier.text, node, typeOnly);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const typeOnly =
          node.isTypeOnly ||
          (!!node.exportClause &&
            ts.isNamedExports(node.exportClause) &&
            node.exportClause.elements.length > 0 &&
            node.exportClause.elements.every((e) => e.isTypeOnly));
        add(node.moduleSpecifier.text, node, typeOnly);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        add(node.arguments[0].text, node, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { files: abs.map((f) => relative(root, f)), edges };
}

/**
 * The area a file belongs to: `modules/<area>` under src/modules, the top folder under src otherwise
 * (`kernel`, `ledger`, `events`, …), `root` for the composition root's files directly under src/.
 */
export function areaOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] !== 'src') return parts[0]!;
  if (parts.length === 2) return 'root';
  if (parts[1] === 'modules') return parts.length === 3 ? 'modules' : `modules/${parts[2]}`;
  return parts[1]!;
}

/** Strongly connected components with more than one member (Tarjan), each sorted; the cycles of a graph. */
export function cycles(nodes: string[], next: (n: string) => Iterable<string>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) strong(n);
  return out;
}

/** Area → areas it imports (any import, type-only included), without self-arrows. */
export function areaArrows(edges: ImportEdge[]): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = areaOf(e.from);
    const b = areaOf(e.to);
    if (a === b) continue;
    if (!arrows.has(a)) arrows.set(a, new Set());
    arrows.get(a)!.add(b);
  }
  return arrows;
}

/** The numbers of a graph: files, lines, area arrows, area cycles, file cycles (runtime imports only). */
export function graphNumbers(root = ROOT) {
  const { files, edges } = importGraph(root);
  const arrows = areaArrows(edges);
  const areas = [...new Set(files.map(areaOf))].sort();
  const areaCycles = cycles(areas, (a) => arrows.get(a) ?? []);
  const runtime = new Map<string, string[]>();
  for (const e of edges) if (!e.typeOnly) runtime.set(e.from, [...(runtime.get(e.from) ?? []), e.to]);
  const fileCycles = cycles(files, (f) => runtime.get(f) ?? []);
  const lines = files.reduce((n, f) => n + readFileSync(join(root, f), 'utf8').split('\n').length, 0);
  let arrowCount = 0;
  for (const s of arrows.values()) arrowCount += s.size;
  return {
    files: files.length,
    lines,
    areas: areas.length,
    arrows: arrowCount,
    areaCycles,
    fileCycles,
    edges,
    arrowsMap: arrows,
  };
}
