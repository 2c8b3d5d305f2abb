import { describe, expect, it } from 'vitest';
import { runSandboxCli } from '../../src/sandbox/cli.js';

describe('runSandboxCli', () => {
  it('starts on the given port and prints how to sign in as the demo users', async () => {
    const out: string[] = [];
    const sb = await runSandboxCli(['--port', '0'], (t) => out.push(t));
    try {
      expect(sb).toBeDefined();
      const text = out.join('\n');
      expect(text).toContain(sb!.url);
      expect(text).toMatch(/demo\s+password demo/);
      expect(text).toMatch(/cards\s+password cards.*PIN-creation/);
      expect(text).toContain('HMAC-SHA1');
    } finally {
      await sb?.close();
    }
  });

  it('refuses a bad port', async () => {
    await expect(runSandboxCli(['--port', 'abc'], () => {})).rejects.toThrow(/--port/);
  });
});
