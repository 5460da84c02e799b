#!/usr/bin/env bash
# `npm run lint`: ESLint (type-aware rules) and Prettier (layout), both run, each failure named at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
eslint . || failed+=("ESLint (the rule findings above; docs/decisions/lint.md)")
prettier --check . || failed+=("Prettier (the files above are not formatted: npm run format)")
if [ ${#failed[@]} -gt 0 ]; then
  for part in "${failed[@]}"; do echo "lint: FAILED: $part" >&2; done
  exit 1
fi
echo "lint: ESLint and Prettier clean"
