import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export { freePort } from '../helpers/free-port.js';

export const BIN = fileURLToPath(new URL('../../bin/telephony-bot-dev.js', import.meta.url));

export interface BotProcess {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout contains `text`; rejects when the process exits first. */
  waitFor(text: string): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `node bin/telephony-bot-dev.js <args>` (the sources, through tsx) as a child process, with only the environment given (plus
 * PATH and HOME), so no TELEGRAM_/SLACK_/REDIS_ variable of the developer's shell leaks in.
 */
export function runBot(args: string[], env: Record<string, string>, bin = BIN): BotProcess {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', USER: 'tester', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters) w();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(text) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (out.includes(text)) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
        void exited.then(({ code }) => {
          if (!out.includes(text))
            reject(new Error(`exited (${code}) before printing "${text}". stdout:\n${out}\nstderr:\n${err}`));
        });
      });
    },
  };
}

/** How many requests the bot's embedded sandbox has received so far (its admin `/stats`, the URL from the banner). */
export async function sandboxRequests(bot: BotProcess): Promise<number> {
  const admin = /admin:\s+(http:\/\/\S+)/.exec(bot.stdout())?.[1];
  if (!admin) throw new Error(`no sandbox admin URL in the banner:\n${bot.stdout()}`);
  const stats = (await (await fetch(`${admin}/stats`)).json()) as { received: Record<string, number> };
  return Object.values(stats.received).reduce((a, b) => a + b, 0);
}

/**
 * Resolves once the sandbox received more than `before` requests: a line typed has reached the core
 * and the provider, however slow the machine (a fixed wait was too short under load).
 */
export async function providerReached(bot: BotProcess, before: number): Promise<void> {
  while ((await sandboxRequests(bot)) <= before) await new Promise((r) => setTimeout(r, 20));
}
