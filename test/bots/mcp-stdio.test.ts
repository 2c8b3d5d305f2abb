import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const envFor = (dataDir: string) => ({ ...getDefaultEnvironment(), DATA_DIR: dataDir, LOG_LEVEL: 'info' });

/** `telephony-bot mcp` from the sources, as an MCP client (Claude Desktop, the Inspector) starts it. */
async function connect(dataDir: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['bin/telephony-bot-dev.js', 'mcp'],
    env: envFor(dataDir),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  // Anything on stdout that is not the protocol fails to parse and lands here.
  const notProtocol: unknown[] = [];
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  client.onerror = (err) => notProtocol.push(err);
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr, notProtocol };
}

// Each test starts the CLI from the sources through tsx: seconds on a loaded machine.
describe('telephony-bot mcp on stdio (docs/mcp.md §1)', { timeout: 90_000 }, () => {
  it('serves the tools as the console user on the embedded sandbox; stdout carries only the protocol', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mcp-stdio-'));
    dirs.push(dataDir);
    const { client, stderr, notProtocol } = await connect(dataDir);
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'balance')?.annotations?.readOnlyHint).toBe(true);
    const balance = await client.callTool({ name: 'balance', arguments: {} });
    expect(balance.isError).toBeFalsy();
    expect(JSON.stringify(balance.structuredContent)).toMatch(/"currency":"EUR"/);
    expect(notProtocol).toEqual([]);
    // The banner with the sandbox's admin URL went to stderr.
    expect(stderr()).toMatch(/admin: +http:\/\/127\.0\.0\.1:\d+/);
  });

  it('refuses beside another instance on the same SQLite DATA_DIR, naming REDIS_URL and DATA_DIR', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mcp-lock-'));
    dirs.push(dataDir);
    const first = await connect(dataDir);
    await first.client.listTools();
    const second = spawn(process.execPath, ['bin/telephony-bot-dev.js', 'mcp'], {
      env: envFor(dataDir),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out = new PassThrough();
    let stdout = '';
    let stderr = '';
    second.stdout.pipe(out).on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    second.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/REDIS_URL/);
    expect(stderr).toMatch(/DATA_DIR/);
    expect(stdout).toBe('');
  });
});
