/**
 * `npm run bench:sweep`: the in-process sweep's goals (bench/sweep-in-process.ts: memory/SQLite,
 * no Redis) and the BullMQ goals (bench/sweep-queue.ts: with REDIS_URL, instances as processes).
 * BENCH_SWEEP_ONLY=in-process or BENCH_SWEEP_ONLY=queue runs one half.
 */
const only = process.env.BENCH_SWEEP_ONLY;
if (only !== 'queue') await import('./sweep-in-process.js');
if (only !== 'in-process') await import('./sweep-queue.js');
