#!/usr/bin/env node
// Runs the compiled bundle (dist/, made by `npm run build`, which `npm install` and `npm start` run)
// with source maps, so a stack trace names the TypeScript file and line (docs/operations.md §1.4).
// bin/telephony-bot-dev.js runs the sources through tsx instead (the tests, development).
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write(
    'telephony-bot: dist/ is missing. Build it with `npm run build` (npm install does it too).\n',
  );
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(compiled.href);
