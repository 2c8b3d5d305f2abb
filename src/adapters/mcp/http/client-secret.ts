import type { NextFunction, Request, Response } from 'express';
import type { TokenStore } from '../../../core/index.js';

/**
 * A confidential client's secret, checked against its hash before the SDK's `/token` and `/revoke`
 * handlers run (docs/mcp.md §8.3): the store keeps no secret it could show them, so they see every
 * client as one without a secret, and this is where a wrong secret is refused.
 */
export function checkClientSecret(tokens: TokenStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const clientId = typeof body.client_id === 'string' ? body.client_id : undefined;
    if (req.method !== 'POST' || !clientId) return next();
    const secret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
    try {
      if ((await tokens.clientSecret(clientId, secret)) === 'mismatch') {
        res.status(401).json({ error: 'invalid_client', error_description: 'Invalid client_secret' });
        return;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
