import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/bots/config.js';
import { createShutdown, EXIT, type ShutdownOptions } from '../../src/bots/shutdown.js';
import type { AuditEntry } from '../../src/core/ports/records.js';

/**
 * The shutdown always ends cleanly (docs/reliability.md §6): a job that stops between items
 * lets it exit 0 with the stores closed; a job or a command it gives up on is named for what it is,
 * the stores still close, and a user whose never-retry operation was given up on is told then.
 * Driven through `createShutdown` with the parts it stops played by hand; no timing is asserted.
 */
function parts(o: { jobStops: boolean; drained: boolean; attempts?: AuditEntry[] }) {
  const lines: { msg?: string; abandoned?: string[] }[] = [];
  const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
  const closed: string[] = [];
  const told: AuditEntry[][] = [];
  const options: ShutdownOptions = {
    config: loadConfig({ SHUTDOWN_TIMEOUT_MS: '200', DATA_DIR: '/tmp/unused' }),
    logger,
    health: undefined,
    opened: ['provider connections and stores', 'telegram (webhook)'].map((name) => ({
      name,
      close: async () => {
        closed.push(name);
      },
    })),
    channels: [],
    runtime: {
      core: { drain: async () => o.drained } as never,
      abandonInFlight: async () => {
        told.push(o.attempts ?? []);
        return o.attempts?.length ?? 0;
      },
    },
    // A job that ends its item and stops, or one stuck in a single item past the timeout.
    scheduler: { stop: () => (o.jobStops ? Promise.resolve() : new Promise<void>(() => {})) },
    console: {},
  };
  return { shutdown: createShutdown(options), lines, closed, told };
}

describe('shutdown with proactive jobs', () => {
  it('a job that stops between items: exit 0, every store closed, nothing abandoned', async () => {
    const p = parts({ jobStops: true, drained: true });
    expect(await p.shutdown('SIGTERM')).toBe(EXIT.ok);
    expect(p.closed).toEqual(['telegram (webhook)', 'provider connections and stores']);
    expect(p.lines.map((l) => l.msg)).toContain('stopped');
    expect(p.told).toEqual([]);
  });

  it('a job stuck past the timeout: exit 1 naming the jobs (not the commands), the stores still closed', async () => {
    const p = parts({ jobStops: false, drained: true });
    expect(await p.shutdown('SIGTERM')).toBe(EXIT.failed);
    expect(p.closed).toEqual(['telegram (webhook)', 'provider connections and stores']);
    const last = p.lines.at(-1)!;
    expect(last.abandoned).toEqual(['proactive jobs']);
    expect(last.msg).toBe('stopped; abandoned: proactive jobs');
  });

  it('a never-retry command still waiting: its user is told now, exit 1 naming the commands', async () => {
    const attempt = { id: 'a1', command: 'call', actor: 'telegram::7', outcome: 'attempted' } as AuditEntry;
    const p = parts({ jobStops: true, drained: false, attempts: [attempt] });
    expect(await p.shutdown('SIGTERM')).toBe(EXIT.failed);
    expect(p.told).toEqual([[attempt]]);
    expect(p.lines.at(-1)!.abandoned).toEqual(['commands in flight']);
    expect(p.closed).toHaveLength(2);
  });
});
