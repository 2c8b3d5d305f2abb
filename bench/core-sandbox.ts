/**
 * The provider for `bench/core.ts`, in its own process: a real provider is another machine, and
 * `process.cpuUsage()` there must count the bot alone. The demo seed plus enough top-up PINs for
 * every confirmed `/topup` of the run; it prints its URLs as one JSON line.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createSandbox } from '../src/sandbox/index.js';

const pins = Number(process.env.BENCH_PINS ?? 5000);
const seed = parse(readFileSync(new URL('../src/sandbox/demo-data.yaml', import.meta.url), 'utf8')) as {
  pins: { pin: string; value: string; currency: string }[];
};
for (let i = 0; i < pins; i++)
  seed.pins.push({ pin: String(5_000_000_000 + i), value: '0,01', currency: 'EUR' });
const sandbox = createSandbox({ data: seed as never, random: () => 0.5 });
await sandbox.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: sandbox.url, cardUrl: sandbox.cardUrl })}\n`);
