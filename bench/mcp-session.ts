/**
 * `npx tsx bench/mcp-session.ts` (docs/mcp.md §7): a session from the official MCP client over stdio,
 * printed for the issue's closing note. It starts `telephony-bot mcp` as Claude Desktop would (the
 * sources through bin/telephony-bot-dev.js, nothing configured: the embedded sandbox with its demo
 * account linked, a fresh DATA_DIR), lists the tools with their hints, reads the balance, and asks a
 * top-up that the person declines and then accepts in the elicitation form. After each step it reads
 * the sandbox's request count from its admin endpoint (named in the banner on stderr).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';

const PIN = '1000000001';
const dataDir = await mkdtemp(join(tmpdir(), 'mcp-session-'));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: ['bin/telephony-bot-dev.js', 'mcp'],
  env: { ...getDefaultEnvironment(), DATA_DIR: dataDir, LANG: 'en_US.UTF-8' },
  stderr: 'pipe',
});
let banner = '';
transport.stderr?.on('data', (c: Buffer) => {
  banner += c.toString('utf8');
});
const client = new Client(
  { name: 'mcp-session', version: '1.0.0' },
  { capabilities: { elicitation: { form: {} } } },
);
let answer: ElicitResult = { action: 'decline' };
client.setRequestHandler(ElicitRequestSchema, async (req) => {
  say(`  <- elicitation (form): ${req.params.message.replaceAll('\n', ' / ')}`);
  say(
    `  -> the person answers: ${answer.action}${answer.content ? ` ${JSON.stringify(answer.content)}` : ''}`,
  );
  return answer;
});
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

await client.connect(transport);
const adminUrl = banner.match(/admin:\s+(http:\/\/\S+)/)?.[1];
if (!adminUrl) throw new Error(`no admin URL in the banner:\n${banner}`);
const requests = async () => {
  const stats = (await (await fetch(`${adminUrl}/stats`)).json()) as {
    received: Record<string, number>;
    handled: Record<string, number>;
  };
  const total = Object.values(stats.received).reduce((a, b) => a + b, 0);
  return `sandbox requests: ${total} received; topup handled ${stats.handled.topup ?? 0}`;
};
const text = (r: unknown) =>
  ((r as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

say(`$ telephony-bot mcp   (official Client, stdio; stderr banner:)`);
for (const l of banner.trim().split('\n')) say(`  stderr| ${l}`);
say('');
say('> tools/list');
const { tools } = await client.listTools();
for (const t of tools) {
  const a = t.annotations ?? {};
  const hints = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']
    .map((k) => `${k.replace('Hint', '')}=${(a as Record<string, unknown>)[k]}`)
    .join(' ');
  say(`  ${t.name.padEnd(14)} ${hints}`);
}
say(`  (${tools.length} tools)   ${await requests()}`);
say('');
const step = async (title: string, name: string, args: Record<string, unknown>) => {
  say(`> tools/call ${name} ${JSON.stringify(args).replace(PIN, '<PIN>')}   (${title})`);
  const r = await client.callTool({ name, arguments: args });
  for (const l of text(r).split('\n')) say(`  | ${l}`);
  say(`  structuredContent: ${JSON.stringify(r.structuredContent)}`);
  say(`  isError=${r.isError === true}   ${await requests()}`);
  say('');
};
await step('a read', 'balance', {});
answer = { action: 'decline' };
await step('declined in the form', 'topup', { pin: PIN });
answer = { action: 'accept', content: { confirm: true } };
await step('accepted in the form', 'topup', { pin: PIN });
await client.close();
await rm(dataDir, { recursive: true, force: true });
