import { type FixtureServer, startFixtureServer } from './fixture-server.js';

/**
 * A real HTTP hop in front of the sandbox (docs/teams.md §5) that can hold one operation's requests
 * until the test releases them: a slow provider forced at a known point, never by sleeping. Point
 * the stack at it with `TELEPHONY_BASE_URL` / `TELEPHONY_CARD_URL`.
 */
export interface HoldingProxy {
  readonly url: string;
  /** The card module's address through the proxy. */
  readonly cardUrl: string;
  /** Requests of `route` (`topup`, `account`, …) that reached the proxy. */
  count(route: string): number;
  /** Every request's route, in order. */
  routes(): string[];
  /** Holds the next request of `route`: `reached` when it arrives, `release()` lets it through. */
  hold(route: string): { reached: Promise<void>; release: () => void };
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const holds = new Map<string, { arrived: () => void; gate: Promise<void> }[]>();
  const releases: (() => void)[] = [];
  const server: FixtureServer = await startFixtureServer(async (req, res) => {
    const held = holds.get(req.route)?.shift();
    if (held) {
      held.arrived();
      await held.gate;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers[name] = value;
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: req.body }),
    });
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(body);
  });
  return {
    url: server.url,
    cardUrl: `${server.url}/api/rest/v2/`,
    count: (route) => server.requests.filter((r) => r.route === route).length,
    routes: () => server.requests.map((r) => r.route),
    hold(route) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(route, [...(holds.get(route) ?? []), { arrived, gate }]);
      releases.push(release);
      return { reached, release };
    },
    close() {
      // A hold the test left is let go, so nothing waits on it past the test.
      for (const release of releases) release();
      return server.close();
    },
  };
}
