import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alice, httpHarnessPerTest, readPage } from './http-harness.js';

const h = httpHarnessPerTest();

const REDIRECT = 'https://client.example/callback';

const form = (path: string, body: Record<string, string>) =>
  fetch(`${h.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });

/** A confidential client registered, and a consent page opened for it with a PKCE challenge. */
async function openRequest() {
  const reg = await fetch(`${h.base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Secret Client', redirect_uris: [REDIRECT] }),
  });
  const client = (await reg.json()) as { client_id: string; client_secret: string };
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL('/authorize', h.base);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's1',
  }).toString();
  const page = readPage(await (await fetch(url)).text());
  return { client, verifier, ...page };
}

const poll = async (status: string) =>
  (await (await fetch(new URL(status, h.base))).json()) as { status: string; redirect?: string };

describe('codes and tokens over HTTP (docs/mcp.md §8.3)', () => {
  it('two polls racing after the approval get one authorization code between them', async () => {
    const { code, status } = await openRequest();
    await h.say(alice, `/mcp connect ${code}`);
    await h.press(alice, 'Confirm');
    const answers = await Promise.all([poll(status), poll(status), poll(status)]);
    expect(answers.filter((a) => a.status === 'approved')).toHaveLength(1);
  });

  it('a wrong client secret is refused; the right one gets tokens; a refresh token works once', async () => {
    const { client, verifier, code, status } = await openRequest();
    await h.say(alice, `/mcp connect ${code}`);
    await h.press(alice, 'Confirm');
    const authorization = new URL((await poll(status)).redirect ?? '').searchParams.get('code') ?? '';
    const exchange = {
      grant_type: 'authorization_code',
      code: authorization,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
    };
    const wrong = await form('/token', { ...exchange, client_secret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    expect(
      await form('/token', {
        ...exchange,
        code_verifier: 'x'.repeat(43),
        client_secret: client.client_secret,
      }),
    ).toHaveProperty('status', 400);
    const ok = await form('/token', { ...exchange, client_secret: client.client_secret });
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as { refresh_token: string };
    const refresh = {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
      client_secret: client.client_secret,
    };
    expect((await form('/token', refresh)).status).toBe(200);
    expect((await form('/token', refresh)).status).toBe(400);
    expect((await form('/token', { ...exchange, client_secret: client.client_secret })).status).toBe(400);
  });
});
