import { type Language, languageOf } from '../core/messages.js';
import { createFormatter } from '../core/values/format.js';
import { SCALE } from '../sandbox/money-format.js';

/** A top-up PIN of the sandbox's state, as far as the banner needs it. */
interface DemoPin {
  pin: string;
  /** The sandbox's minor units (ten-thousandths, docs/sandbox.md §2.1). */
  value: number;
  currency: string;
  forUser?: string | undefined;
  usedBy?: string | undefined;
}

/** What the banner says, gathered by `main.ts` once the start succeeded. */
export interface BannerFacts {
  /** `LANG`: the console's language is the banner's too. */
  lang?: string | undefined;
  provider: string;
  /** The embedded sandbox, when it runs: its admin endpoint and its top-up PINs. */
  sandbox?: { adminUrl: string; pins: readonly DemoPin[] } | undefined;
  store: string;
  channels: string[];
  /** Whether a Telegram or Slack token is set: without, the banner says how to add one. */
  chatTokens: boolean;
  httpPort?: number | undefined;
  installLink?: string | undefined;
  keyCreatedAt?: string | undefined;
  logFile?: string | undefined;
  envFile?: string | undefined;
}

/**
 * The start-up banner (docs/operations.md §1.5): where the provider, the store, the channels and the
 * logs are, in the console's language; on the demo, the top-up PINs still unused and how to reset
 * it. "Use a real provider" is said only while the embedded sandbox runs.
 */
export function bannerLines(f: BannerFacts): string[] {
  const w = WORDS[languageOf(f.lang)];
  const lines = [w.running, `  ${w.provider.padEnd(9)} ${f.sandbox ? w.embedded(f.provider) : f.provider}`];
  // The sandbox's fault and balance controls (docs/sandbox.md §3.2), for trying failures by hand.
  if (f.sandbox) lines.push(`  admin:    ${f.sandbox.adminUrl} ${w.admin}`);
  lines.push(
    `  ${w.store.padEnd(9)} ${f.store}`,
    `  ${w.channels.padEnd(9)} ${f.channels.join(', ') || w.none}`,
  );
  if (f.httpPort !== undefined)
    lines.push(`  http:     ${w.port} ${f.httpPort} (/healthz, /readyz, /metrics)`);
  if (f.installLink) lines.push(`  install:  ${f.installLink} ${w.install}`);
  if (f.keyCreatedAt) lines.push(`  ${w.generatedKey(f.keyCreatedAt)}`);
  if (f.logFile) lines.push(`  logs:     ${f.logFile}`);
  if (f.envFile) lines.push(`  ${w.settings.padEnd(9)} ${w.envThen(f.envFile)}`);
  if (f.sandbox) lines.push(...demoLines(f.sandbox.pins, f.lang, w));
  if (!f.chatTokens) lines.push(w.switchChannels, ...(f.sandbox ? [w.realProvider] : []), w.seeConfig);
  return lines;
}

/** The demo account's PINs not used yet, with their value, and the reset command. */
function demoLines(pins: readonly DemoPin[], lang: string | undefined, w: Words): string[] {
  const fmt = createFormatter({ locale: languageOf(lang) === 'de' ? 'de-DE' : 'en' });
  const open = pins
    .filter((p) => !p.usedBy && (!p.forUser || p.forUser === 'demo') && p.currency === 'EUR')
    .map((p) => `${p.pin} (${fmt.money({ minor: p.value, scale: SCALE, currency: p.currency })})`);
  return [
    ...(open.length ? [`  demo:     ${w.pins} ${open.join(', ')} (/topup <PIN>)`] : []),
    `  ${''.padEnd(9)} ${w.reset}`,
  ];
}

type Words = (typeof WORDS)[Language];

/** The banner's words: the operator's, not the core's catalogue of what users read. */
const WORDS = {
  en: {
    running: 'telephony-bot is running.',
    provider: 'provider:',
    embedded: (url: string) => `embedded sandbox at ${url} (demo data)`,
    admin:
      '(loopback; GET|PUT|DELETE /faults, GET /stats, PUT /accounts/<user>/balance, PUT /cards/<number>/amount)',
    store: 'store:',
    channels: 'channels:',
    none: 'none',
    port: 'port',
    install: '(open it once per workspace)',
    generatedKey: (path: string) =>
      `generated a master key into ${path} (mode 0600); keep it safe, or set BOT_ENCRYPTION_KEY`,
    settings: 'settings:',
    envThen: (file: string) => `environment, then ${file}`,
    pins: 'top-up PINs',
    reset: 'start the demo afresh: npm run demo:reset',
    switchChannels:
      'Switch channels with TELEGRAM_BOT_TOKEN (Telegram) or SLACK_BOT_TOKEN + SLACK_APP_TOKEN (Slack);',
    realProvider: 'use a real provider with TELEPHONY_BASE_URL.',
    seeConfig: 'Every setting: docs/configuration.md.',
    prompt: 'Type /help for the commands, /quit to leave.',
  },
  de: {
    running: 'telephony-bot läuft.',
    provider: 'Anbieter:',
    embedded: (url: string) => `eingebaute Sandbox unter ${url} (Demodaten)`,
    admin:
      '(nur lokal; GET|PUT|DELETE /faults, GET /stats, PUT /accounts/<user>/balance, PUT /cards/<number>/amount)',
    store: 'Speicher:',
    channels: 'Kanäle:',
    none: 'keine',
    port: 'Port',
    install: '(einmal je Workspace öffnen)',
    generatedKey: (path: string) =>
      `Hauptschlüssel erzeugt in ${path} (Modus 0600); gut aufbewahren oder BOT_ENCRYPTION_KEY setzen`,
    settings: 'Einst.:',
    envThen: (file: string) => `Umgebung, dann ${file}`,
    pins: 'Auflade-PINs',
    reset: 'Demo neu beginnen: npm run demo:reset',
    switchChannels:
      'Kanäle mit TELEGRAM_BOT_TOKEN (Telegram) oder SLACK_BOT_TOKEN + SLACK_APP_TOKEN (Slack) wechseln;',
    realProvider: 'einen echten Anbieter mit TELEPHONY_BASE_URL nutzen.',
    seeConfig: 'Alle Einstellungen: docs/configuration.md.',
    prompt: 'Befehle mit /help, Ende mit /quit.',
  },
} as const;

/** The line under the banner on the console, in its language. */
export function promptHint(lang: string | undefined): string {
  return WORDS[languageOf(lang)].prompt;
}
