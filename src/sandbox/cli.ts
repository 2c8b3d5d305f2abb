import { parseArgs } from 'node:util';
import { createSandbox, type Sandbox } from './index.js';

const USAGE = `usage: telephony-bot sandbox [--port 8042] [--host 127.0.0.1] [--data file.yaml] [--persist state.json]

  --port     API port (default 8042; 0 picks a free one)
  --host     API host (default 127.0.0.1)
  --data     seed file, YAML or JSON (default: the shipped demo data)
  --persist  keep the state in this JSON file across restarts
  --max-call-seconds  D10 maximum call duration (default 3600)`;

/** Public demo credentials only: the shipped demo users' passwords are part of the demo data. */
function signInHelp(sandbox: Sandbox, users: { username: string; kind: string }[], demo: boolean): string {
  const lines = [
    `Telephony sandbox listening on ${sandbox.url}`,
    `  card module (D1):  POST ${sandbox.cardUrl}  (m=mycard-v2, v=json, act=...)`,
    `  admin (loopback):  ${sandbox.adminUrl}  GET|PUT|DELETE /faults, GET /stats, PUT /accounts/<user>/balance, PUT /cards/<number>/amount`,
    '',
    'Users:',
    ...users.map(
      (u) =>
        `  ${u.username.padEnd(10)} ${demo ? `password ${u.username.padEnd(10)}` : ''} ${u.kind === 'pin-creation' ? '(PIN-creation account: card module only)' : `(${u.kind})`}`,
    ),
    '',
    'Every request is signed (provider-notes 1.1):',
    '  x-date:           current UTC time, "YYYY-MM-DD HH:MM:SS.ffffff GMT+0000" (valid 180 s)',
    '  K = md5_hex(password);  signature = base64(HMAC-SHA1(key K, K + "\\n" + x-date))',
    '  x-authorization:  <username>:<signature>',
    '  In code: signHeaders(username, md5Hex(password), new Date()) from src/telephony/signature.ts,',
    `  or the client: createTelephonyClient({ baseUrl: '${sandbox.url}', credentials: { username: 'demo', password: 'demo' } })`,
  ];
  if (demo)
    lines.push('', 'Top-up PINs: 1000000001 (10,00 EUR), 1000000002, 1000000003, 1000000004, 1000000005');
  return lines.join('\n');
}

/**
 * `telephony-bot sandbox`: starts the sandbox and prints how to sign in. Resolves with the running
 * sandbox (undefined after `--help`); SIGINT/SIGTERM close it.
 */
export async function runSandboxCli(
  argv: string[],
  print: (text: string) => void = console.log,
): Promise<Sandbox | undefined> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8042' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      persist: { type: 'string' },
      'max-call-seconds': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    print(USAGE);
    return undefined;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be 0..65535\n${USAGE}`);
  const maxCall = values['max-call-seconds'] === undefined ? undefined : Number(values['max-call-seconds']);
  const sandbox = createSandbox({
    ...(values.data ? { data: values.data } : {}),
    ...(values.persist ? { persistPath: values.persist } : {}),
    ...(maxCall !== undefined ? { maxCallSeconds: maxCall } : {}),
    logger: (line) => print(line),
  });
  await sandbox.listen({ port, host: values.host });
  // The shipped demo users' passwords equal their user names; a developer's own file is not printed.
  print(signInHelp(sandbox, Object.values(sandbox.state.snapshot().accounts), values.data === undefined));
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return sandbox;
}
