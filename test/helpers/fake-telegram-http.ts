import type { IncomingMessage, ServerResponse } from 'node:http';

// The fake Bot API's HTTP plumbing (fake-telegram.ts): reading a request's JSON or multipart body, answering.

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function decode(
  contentType: string,
  body: Buffer,
): Promise<{ payload: Record<string, unknown>; file?: { name: string; content: string; bytes: Buffer } }> {
  if (body.length === 0) return { payload: {} };
  if (contentType.startsWith('application/json')) return { payload: JSON.parse(body.toString('utf8')) };
  if (contentType.startsWith('multipart/form-data')) {
    const payload: Record<string, unknown> = {};
    let file: { name: string; content: string; bytes: Buffer } | undefined;
    for (const part of multipartParts(contentType, body)) {
      if (part.filename !== undefined) {
        file = { name: part.filename, content: part.content.toString('utf8'), bytes: part.content };
      } else {
        const value = part.content.toString('utf8');
        payload[part.name] = /^[[{]/.test(value) ? JSON.parse(value) : value;
      }
    }
    // grammY sends the file in its own part and `attach://<id>` in the field.
    return { payload, ...(file ? { file } : {}) };
  }
  return { payload: Object.fromEntries(new URLSearchParams(body.toString('utf8'))) };
}

/** A small multipart/form-data reader: enough for grammY's uploads (fields and one file). */
export function multipartParts(
  contentType: string,
  body: Buffer,
): { name: string; filename?: string; content: Buffer }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error('multipart without boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { name: string; filename?: string; content: Buffer }[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const chunk = body.subarray(start + delimiter.length, next);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = chunk.subarray(0, headerEnd).toString('utf8');
      // The content ends before the CRLF that precedes the next delimiter.
      const content = chunk.subarray(headerEnd + 4, chunk.length - 2);
      // grammY writes `name="x"` quoted and `filename=x.csv` bare; accept both.
      const name = /[;\s]name="?([^";\r\n]*)"?/.exec(headers)?.[1] ?? '';
      const filename = /filename="?([^";\r\n]*)"?/.exec(headers)?.[1];
      parts.push({ name, ...(filename !== undefined ? { filename } : {}), content });
    }
    start = next;
  }
  return parts;
}

/** Why Telegram refuses a webhook URL, in its words, or undefined when it accepts it. */
export function webhookRefusal(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Bad Request: bad webhook: Failed to resolve host: Name or service not known';
  }
  if (parsed.protocol !== 'https:')
    return 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook';
  if (!['', '443', '80', '88', '8443'].includes(parsed.port))
    return 'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443';
  return undefined;
}
