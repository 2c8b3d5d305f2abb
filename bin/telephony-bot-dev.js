#!/usr/bin/env node
// The TypeScript sources through tsx, with no build step: what the tests and `npm run dev` run.
// Production runs the compiled bundle (bin/telephony-bot.js), which starts in a fraction of the time
// and memory (`npm run bench:start`).
import { register } from 'tsx/esm/api';

register();
await import('../src/bots/cli.ts');
