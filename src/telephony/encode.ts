import type { OperationSpec } from './operations.js';

/** Where and how one attempt goes on the wire. */
export interface EncodedRequest {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
}

export interface EncoderOptions {
  /** `{base_url}` of spec 4. */
  baseUrl: URL;
  /** The card module address (D1). */
  cardUrl: URL;
  cardMethod: 'GET' | 'POST';
}

/** `application/x-www-form-urlencoded` (provider-notes 1.4), the same for query strings and bodies. */
function form(first: string, wire: Record<string, string>): string {
  let empty = true;
  for (const _ in wire) {
    empty = false;
    break;
  }
  if (empty) return first;
  const fields = new URLSearchParams(wire);
  const rest = fields.toString();
  return first ? `${first}&${rest}` : rest;
}

/**
 * Builds each attempt's address and form from the operation table (spec 4, 4.3, D1). The base
 * paths are worked out once, so a request costs string joins and no `URL` objects.
 */
export function createEncoder(
  options: EncoderOptions,
): (spec: OperationSpec, wire: Record<string, string>) => EncodedRequest {
  const origin = options.baseUrl.origin;
  const v2 = new URL('api/rest/v2/', options.baseUrl).pathname;
  const v3 = new URL('api/rest/v3/', options.baseUrl).pathname;
  const cardOrigin = options.cardUrl.origin;
  const cardPath = options.cardUrl.pathname;
  const cardPost = `${cardPath}${options.cardUrl.search}`;
  const cardMethod = options.cardMethod;

  return (spec, wire) => {
    if (spec.module === 'mycard-v2') {
      // D1: one address for the whole module; the operation goes in the form.
      const fields = form(`m=mycard-v2&v=json&act=${spec.act}`, wire);
      if (cardMethod === 'GET') return { origin: cardOrigin, path: `${cardPath}?${fields}`, method: 'GET' };
      return { origin: cardOrigin, path: cardPost, method: 'POST', body: fields };
    }
    const fields = form(spec.act ? `act=${spec.act}` : '', wire);
    if (spec.version === 'v3') {
      // spec 4.3: path-style v3.
      const path = `${v3}${spec.module}${fields ? `?${fields}` : ''}`;
      return { origin, path, method: spec.method };
    }
    // spec 4: `{base_url}/api/rest/v2/?<module>` then `&`-joined parameters.
    if (spec.method === 'GET')
      return { origin, path: `${v2}?${spec.module}${fields ? `&${fields}` : ''}`, method: 'GET' };
    return { origin, path: `${v2}?${spec.module}`, method: 'POST', body: fields };
  };
}
