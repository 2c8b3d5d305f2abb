import { z } from 'zod';

/**
 * The seed file (`demo-data.yaml` or a developer's own YAML/JSON): one readable description of
 * users, rates, top-up PINs and cards. Amounts are written as the provider writes them
 * (`"18,40"`, a decimal point is accepted too); they become integers when the state is built.
 */

const digits = (min: number, max: number) =>
  z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `must be ${min} to ${max} digits`);
const e164 = digits(6, 15);
const amount = z
  .string()
  .regex(/^-?\d+(?:[.,]\d{1,4})?$/, 'must be an amount such as "18,40" or "18.40" (at most 4 decimals)');
const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be a UTC time "YYYY-MM-DD HH:MM:SS"');

/** Map from lower-case country code to dial-in number (spec 2.2). */
const numberMap = z.record(z.string().regex(/^[a-z]{2}$/, 'keys are lower-case country codes'), e164);

const flag = z.boolean().default(false);

/** Field names follow spec 2.8 so a reader can map them one to one; booleans become "true"/"false". */
export const sipLineSeedSchema = z.object({
  type: z.string().default('SIP'),
  username: z.string().min(1),
  password: z.string().min(1),
  ip: z.string().regex(/^[^:\s]+:\d{1,5}$/, 'must be "<host>:<port>"'),
  domain: z.string().default(''),
  stun_server: z.string().default(''),
  proxy: z.string().default(''),
  prefix: z.string().default(''),
  transport_tls: flag,
  transport_tcp: flag,
  transport_udp: z.boolean().default(true),
  transport_use_standard_ports: z.boolean().default(true),
  forbid_self_call: flag,
  echo_cancellation: z.boolean().default(true),
  escape_plus: flag,
  enable_outbound_proxy: flag,
  wifi_only: flag,
  unknown_incoming_call_name: z.string().default('Unknown'),
  codec_speex16: flag,
  codec_speex8: flag,
  codec_ilbc: flag,
});

const cdrSeedSchema = z.object({
  start: timestamp,
  seconds: z.number().int().min(0),
  number: digits(3, 15),
  type: z.string().default('CALLTHROUGH'),
});

const callshopCdrSeedSchema = z.object({
  start: timestamp,
  seconds: z.number().int().min(0),
  caller: e164,
  callee: e164,
});

const credentials = {
  username: z.string().regex(/^[A-Za-z0-9._@-]{1,64}$/, 'letters, digits and . _ @ - only, at most 64'),
  /** Either the password or its md5 (the signing key K of provider-notes 1.1). */
  password: z.string().min(1).optional(),
  md5: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex characters')
    .optional(),
};

const accountUserSchema = z.object({
  ...credentials,
  /** `callshop` accounts also get callshop CDRs (spec 4.5). */
  kind: z.enum(['account', 'callshop']),
  customerNumber: digits(1, 20),
  accountNumber: digits(1, 20),
  customerName: z.string().min(1),
  accountName: z.string().min(1),
  currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO currency code'),
  balance: amount,
  /** VAT in percent, for `amounttax` (spec 2.6, 2.7). */
  taxPercent: z.number().min(0).max(100).default(19),
  /** Whether a calling card is connected: without one, top-up answers 1201 (provider-notes 1.3). */
  callingCard: z.boolean().default(true),
  dialin: z
    .object({
      geo: numberMap.default({}),
      free: numberMap.default({}),
      callbackGeo: numberMap.default({}),
      callbackFree: numberMap.default({}),
      personal: z.union([e164, z.literal('')]).default(''),
    })
    .default({ geo: {}, free: {}, callbackGeo: {}, callbackFree: {}, personal: '' }),
  target: z
    .object({ anumber: e164.nullable(), bnumber: e164.nullable() })
    .default({ anumber: null, bnumber: null }),
  sipLines: z.array(sipLineSeedSchema).default([]),
  cdrs: z.array(cdrSeedSchema).default([]),
  callshopCdrs: z.array(callshopCdrSeedSchema).default([]),
});

/** A PIN-creation account (spec 4.1, provider-notes D2): may use only the card module. */
const pinCreationUserSchema = z.object({
  ...credentials,
  kind: z.literal('pin-creation'),
  /** The value expected in the `realm` parameter of spec 4.1. */
  realm: z.string().min(1),
});

export const userSeedSchema = z
  .discriminatedUnion('kind', [accountUserSchema, pinCreationUserSchema])
  .refine((u) => (u.password === undefined) !== (u.md5 === undefined), {
    message: 'give exactly one of password or md5',
    path: ['password'],
  });

export const rateSeedSchema = z.object({
  /** Country code plus network part, digits, without the leading 00 (spec 2.9). */
  prefix: digits(1, 8),
  name: z.string().min(1),
  /** Price per started minute in EUR. */
  price: amount,
});

export const cardSeedSchema = z.object({
  owner: z.string().min(1),
  cli: e164,
  kunde: z.string().default(''),
  amount: amount.default('0'),
  amountAll: amount.optional(),
  serial: digits(6, 20),
  pin: digits(4, 12),
  state: z.enum(['active', 'blocked', 'disabled']).default('active'),
});

export const pinSeedSchema = z.object({
  pin: digits(4, 20),
  value: amount,
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  /** Cash cards and calling cards are both supported (spec 4.6). */
  kind: z.enum(['cash', 'calling']).default('cash'),
  /** Affiliation (spec 4.6): when set, only this user may redeem the PIN. */
  forUser: z.string().optional(),
  used: z.boolean().default(false),
});

export const sandboxDataSchema = z
  .object({
    /** Exchange factors from EUR (decimal point), for accounts in other currencies. */
    exchange: z.record(z.string().regex(/^[A-Z]{3}$/), z.string().regex(/^\d+(?:\.\d{1,4})?$/)).default({}),
    rates: z.array(rateSeedSchema).min(1),
    users: z.array(userSeedSchema).min(1),
    cards: z.array(cardSeedSchema).default([]),
    pins: z.array(pinSeedSchema).default([]),
  })
  .superRefine((data, ctx) => {
    const names = new Set<string>();
    data.users.forEach((u, i) => {
      if (names.has(u.username)) {
        ctx.addIssue({
          code: 'custom',
          message: `duplicate username ${u.username}`,
          path: ['users', i, 'username'],
        });
      }
      names.add(u.username);
      if (
        u.kind !== 'pin-creation' &&
        u.currency.toUpperCase() !== 'EUR' &&
        !data.exchange[u.currency.toUpperCase()]
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `no exchange factor for ${u.currency}`,
          path: ['users', i, 'currency'],
        });
      }
    });
    const clis = new Set<string>();
    data.cards.forEach((c, i) => {
      const owner = data.users.find((u) => u.username === c.owner);
      if (owner?.kind !== 'pin-creation') {
        ctx.addIssue({
          code: 'custom',
          message: 'must name a pin-creation user',
          path: ['cards', i, 'owner'],
        });
      }
      if (clis.has(c.cli))
        ctx.addIssue({ code: 'custom', message: 'duplicate card CLI', path: ['cards', i, 'cli'] });
      clis.add(c.cli);
    });
  });

/** What `createSandbox({ data })` accepts when given an object rather than a file path. */
export type SandboxData = z.input<typeof sandboxDataSchema>;
export type ParsedSandboxData = z.output<typeof sandboxDataSchema>;
