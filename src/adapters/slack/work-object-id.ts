import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** What a Work Object link points at: a prepaid card or a call, of one account. */
export interface WorkObjectRef {
  kind: 'card' | 'call';
  account: string;
  /** The card's or call's own id. */
  ref: string;
}

/**
 * The id in a Work Object link (docs/channels.md §2.3): the reference sealed with AES-256-GCM under a
 * key derived by HMAC-SHA256 from the bot's key, so it is unguessable, holds no account in clear,
 * and only the bot makes one (a changed byte fails the tag). base64url of iv | tag | ciphertext.
 */
export function sealWorkObject(key: Uint8Array, target: WorkObjectRef): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(key), iv);
  const body = Buffer.concat([
    cipher.update(JSON.stringify([target.kind, target.account, target.ref])),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The reference of a sealed id, or undefined for a forged, cut or foreign one. */
export function openWorkObject(key: Uint8Array, id: string): WorkObjectRef | undefined {
  try {
    const raw = Buffer.from(id, 'base64url');
    if (raw.length < 29) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', derive(key), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const [kind, account, ref] = JSON.parse(text) as [unknown, unknown, unknown];
    if ((kind !== 'card' && kind !== 'call') || typeof account !== 'string' || typeof ref !== 'string')
      return undefined;
    return { kind, account, ref };
  } catch {
    return undefined;
  }
}

/** `https://<domain>/wo/<id>`: the link the bot hands out, and the form it unfurls. */
export function workObjectUrl(domain: string, id: string): string {
  return `https://${domain}/wo/${id}`;
}

/** The sealed id of a link under `domain`, else undefined. */
export function workObjectIdOf(domain: string, url: string): string | undefined {
  try {
    const u = new URL(url);
    const m = /^\/wo\/([A-Za-z0-9_-]+)$/.exec(u.pathname);
    return u.hostname === domain && m ? m[1] : undefined;
  } catch {
    return undefined;
  }
}

const derive = (key: Uint8Array) => createHmac('sha256', key).update('slack work object id').digest();
