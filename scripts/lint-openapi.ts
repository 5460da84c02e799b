import { execFileSync } from 'node:child_process';

/**
 * `npm run openapi:lint`: redocly's recommended rules over build/openapi.json, failing on any problem, warnings
 * included (redocly itself exits 0 on warnings; product.md §15 asks for none).
 */
type Problem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };
let out: string;
try {
  out = execFileSync(
    'npx',
    ['redocly', 'lint', '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '1000', 'build/openapi.json'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
} catch (err) {
  out = String((err as { stdout?: string }).stdout ?? '');
}
const problems = (JSON.parse(out.slice(out.indexOf('{'))) as { problems: Problem[] }).problems;
for (const p of problems)
  process.stdout.write(`${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}\n`);
process.stdout.write(`OpenAPI lint (recommended): ${problems.length} problem(s)\n`);
process.exit(problems.length === 0 ? 0 : 1);
