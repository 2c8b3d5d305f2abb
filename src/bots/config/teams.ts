import { z } from 'zod';
import { optionalUrl, port } from './fields.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Microsoft Teams channel (docs/teams.md): the app registration, its outbound tokens, and targeted messages. */
export const teamsSettings = z.object({
  TEAMS_APP_ID: z
    .string()
    .trim()
    .regex(GUID, 'TEAMS_APP_ID is the app registration’s Application (client) ID, a GUID')
    .optional()
    .meta({ example: '00000000-0000-4000-8000-00000000a99a' })
    .describe('Enables the Teams channel: the bot’s Entra app (client) id; inbound tokens must name it.'),
  TEAMS_TENANT_ID: z
    .string()
    .trim()
    .regex(GUID, 'TEAMS_TENANT_ID is the Directory (tenant) ID of the app registration, a GUID')
    .optional()
    .meta({ example: '11111111-2222-4333-8444-555555555555' })
    .describe('The app registration’s tenant.'),
  TEAMS_APP_PASSWORD: z
    .string()
    .min(8, 'TEAMS_APP_PASSWORD is a client secret of the app registration (Certificates & secrets)')
    .optional()
    .meta({ example: 'Xy7Q~0123456789abcdefghijklmnopqrstuvwxyz' })
    .describe('The client secret, for outbound tokens; or use `TEAMS_TOKEN_SIDECAR_URL`.'),
  TEAMS_TOKEN_SIDECAR_URL: optionalUrl(
    'TEAMS_TOKEN_SIDECAR_URL must be the Entra auth sidecar on this machine or a private network, e.g. http://127.0.0.1:5178',
    { protocols: ['http', 'https'] },
  ).describe(
    'Outbound tokens from the Entra auth sidecar instead of a client secret (a local or private address only).',
  ),
  TEAMS_AUTHORITY: optionalUrl(
    'TEAMS_AUTHORITY must be an Entra authority, e.g. https://login.microsoftonline.com',
    {
      protocols: ['http', 'https'],
    },
  ).describe(
    'The Entra authority whose keys sign inbound tokens. Default Microsoft’s; tests point it at a fake.',
  ),
  TEAMS_TARGETED: z
    .enum(['auto', 'on', 'off'])
    .default('auto')
    .describe(
      'Personal answers in a group chat or channel as targeted messages (a Teams preview): `auto` until Teams refuses one there, `on`, or `off` (the personal chat).',
    ),
  TEAMS_PORT: port()
    .default(3978)
    .describe('Port of the HTTP server serving `/api/messages`, unless `HEALTH_PORT` is set.'),
});

type TeamsConfig = z.infer<typeof teamsSettings>;

/** Teams runs once its app id is set; the rest is checked by {@link teamsProblems}. */
export function teamsEnabled(c: TeamsConfig): boolean {
  return Boolean(c.TEAMS_APP_ID);
}

/** All or nothing: the app id, the tenant, and exactly one way to outbound tokens (docs/teams.md §1). */
export function teamsProblems(c: TeamsConfig): string[] {
  const set = [
    c.TEAMS_APP_ID,
    c.TEAMS_TENANT_ID,
    c.TEAMS_APP_PASSWORD,
    c.TEAMS_TOKEN_SIDECAR_URL,
    c.TEAMS_AUTHORITY,
  ];
  if (!set.some(Boolean)) return [];
  const problems: string[] = [];
  if (!c.TEAMS_APP_ID)
    problems.push(
      '- TEAMS_APP_ID: the Teams channel needs the app (client) id, e.g. TEAMS_APP_ID=00000000-0000-4000-8000-00000000a99a',
    );
  if (!c.TEAMS_TENANT_ID)
    problems.push(
      '- TEAMS_TENANT_ID: the Teams channel needs the tenant id, e.g. TEAMS_TENANT_ID=11111111-2222-4333-8444-555555555555',
    );
  if (Boolean(c.TEAMS_APP_PASSWORD) === Boolean(c.TEAMS_TOKEN_SIDECAR_URL))
    problems.push(
      '- TEAMS_APP_PASSWORD or TEAMS_TOKEN_SIDECAR_URL: set exactly one, the client secret or the Entra auth sidecar, e.g. TEAMS_TOKEN_SIDECAR_URL=http://127.0.0.1:5178',
    );
  if (c.TEAMS_TOKEN_SIDECAR_URL && !localOrPrivate(new URL(c.TEAMS_TOKEN_SIDECAR_URL).hostname))
    problems.push(
      '- TEAMS_TOKEN_SIDECAR_URL: the sidecar answers without authentication, so only a local or private address is used, e.g. http://127.0.0.1:5178',
    );
  return problems;
}

/** Loopback, RFC 1918 or link-local: the addresses the SDK's sidecar client accepts. */
function localOrPrivate(host: string): boolean {
  if (host === 'localhost' || host === '[::1]') return true;
  const v4 = host.split('.').map(Number);
  if (v4.length !== 4 || v4.some((n) => !Number.isInteger(n))) return false;
  const [a = 0, b = 0] = v4;
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}
