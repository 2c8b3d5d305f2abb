import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  type Channel,
  type ChatRef,
  type Conversation,
  type Core,
  type Door,
  errorSummary,
  type Identity,
  languageOf,
  onePlaceConversation,
  PRIVATE_CHAT,
  type Reply,
  type SentMessage,
  wordsIn,
} from '../../core/index.js';
import { HiddenEcho } from './hidden-echo.js';
import { consoleProgress } from './progress-lines.js';
import { renderText } from './render-text.js';
import { consoleWords } from './words/index.js';

export interface ConsoleChannelOptions {
  core: Core;
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** Interactive prompt with history; default: whether `input` is a TTY. */
  interactive?: boolean;
  /** Who the console user is. Default `console::<OS user>`. */
  identity?: Identity;
  /** Where `file` replies (CDR CSV) are saved. Default `./data/exports`. */
  exportDir?: string;
  /** The console user's language, from `LANG` (`de_DE.UTF-8`); `/language` wins over it (docs/language.md §1.2). */
  locale?: string;
}

export interface ConsoleChannel {
  /** Who the console user is, e.g. for linking the demo account to them. */
  readonly identity: Identity;
  /** The core's outbound port on the console: prints what the bot says first (alerts, call reports). */
  readonly notifier: Channel;
  /** Resolves when input ends (piped stdin) or the user quits. */
  run(): Promise<void>;
  close(): void;
}

/**
 * The console channel (docs/interface.md §4.3): an interactive prompt on a terminal; with piped stdin, one command
 * per line, each reply printed as plain text, exit at the end of input. Buttons are numbered
 * choices. Lines are handled strictly in order, like one chat.
 */
export function createConsoleChannel(options: ConsoleChannelOptions): ConsoleChannel {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const interactive = options.interactive ?? Boolean((input as { isTTY?: boolean }).isTTY);
  const identity = options.identity ?? operatingSystemUser();
  const chat: ChatRef = { id: 'console', kind: 'private' };
  const locale = options.locale ? { locale: options.locale } : {};
  // Created in run(), so no line is read (and lost) before the loop listens.
  let rl: ReturnType<typeof createInterface> | undefined;
  let busy = false;
  // What arrives while the prompt waits (the Call ended card, an alert) is printed on a cleared
  // line and the prompt drawn again under it, with what was typed so far (docs/interface.md §4.3).
  const idlePrompt = () => (interactive && rl && !busy ? rl : undefined);
  const printer = createPrinter(
    output,
    options.exportDir ?? join('data', 'exports'),
    options.locale,
    idlePrompt,
  );
  const echo = new HiddenEcho(output);
  const conversation = consoleConversation(printer, chat.id, interactive ? echo : undefined);

  const door = options.core.register({ name: 'console', logger: silent });
  const handle = (line: string) => handleLine(line, { door, identity, chat, locale, printer, conversation });

  return {
    identity,
    notifier: consoleNotifier(printer, conversation),
    async run() {
      rl = createInterface({
        input,
        output: interactive ? echo : undefined,
        terminal: interactive,
        historySize: 200,
      });
      if (interactive) {
        rl.setPrompt('tel> ');
        rl.prompt();
      }
      for await (const line of rl) {
        echo.lineRead();
        let go = true;
        busy = true;
        try {
          go = await handle(line);
        } catch (err) {
          printer.write(lastGuard(err, options.locale));
        }
        busy = false;
        if (!go) break;
        if (interactive) rl.prompt();
      }
      rl.close();
    },
    close: () => rl?.close(),
  };
}

/**
 * The core answers every failure itself; this is a last guard so the console never dies. Its name
 * and code only: an error's message may quote what was typed (a password).
 */
function lastGuard(err: unknown, locale: string | undefined): string {
  const { name, code } = errorSummary(err);
  return wordsIn(consoleWords, languageOf(locale)).failed(code !== undefined ? `${name} ${code}` : name);
}

/** One line typed: a numbered choice presses its button; anything else goes to the core as text. */
async function handleLine(
  line: string,
  c: {
    door: Door;
    identity: Identity;
    chat: ChatRef;
    locale: { locale?: string };
    printer: Printer;
    conversation: Conversation;
  },
): Promise<boolean> {
  const { door, identity, chat, locale, printer, conversation } = c;
  const text = line.trim();
  if (!text) return true;
  if (text === '/quit' || text === '/exit') return false;
  const actionId = printer.choices.get(text);
  const asker = { identity, chat, can: conversation.can, ...locale };
  // One person, in order: nothing to claim, and no busy to answer (docs/architecture.md §5.4).
  await door.receive({
    conversation,
    ...locale,
    ...(actionId ? { press: true } : {}),
    enrich: async () => (actionId ? { action: { ...asker, actionId } } : { text: { ...asker, text } }),
    async show(decided) {
      printer.choices = new Map();
      // The notice is printed first, unless the update says the same (no sentence twice).
      const { notice, update } = decided;
      if (notice && notice !== update?.text) printer.write(notice);
      return { rest: decided, noticeShown: true };
    },
  });
  return true;
}

/** The console logs nothing of its own: what it would say, it prints. */
const silent = { info() {}, warn() {}, error() {} };

/** The default console user: `console::<OS user>`, the person at this terminal. */
export function operatingSystemUser(): Identity {
  const user = process.env.USER ?? 'local';
  return { platform: 'console', tenant: '', user, displayName: user };
}

type Printer = ReturnType<typeof createPrinter>;

/**
 * What the console prints: replies as plain text with numbered choices (the buttons of the last
 * replies shown), and files saved under `exportDir`.
 */
function createPrinter(
  output: NodeJS.WritableStream,
  exportDir: string,
  locale: string | undefined,
  idlePrompt: () => { prompt(preserveCursor?: boolean): void } | undefined,
) {
  const write = (text: string) => {
    const waiting = idlePrompt();
    if (!waiting) return output.write(`${text}\n`);
    output.write(`\r\x1b[K${text}\n`);
    waiting.prompt(true);
    return true;
  };
  const printer = {
    /** The numbered choices of the replies shown last: number → action id. */
    choices: new Map<string, string>(),
    write,
    /** Prints one reply; its buttons join the choices of the replies shown since the last input. */
    async show(reply: Reply): Promise<void> {
      const r = renderText(reply, printer.choices.size + 1);
      for (const [k, v] of r.choices) printer.choices.set(k, v);
      if (r.text) write(r.text);
      if (reply.file) await printer.save(reply.file, reply.language);
    },
    async save(file: NonNullable<Reply['file']>, language?: Reply['language']): Promise<void> {
      // Exports hold call records: owner-only, whatever the umask (docs/reliability.md §5.4).
      await mkdir(exportDir, { recursive: true, mode: 0o700 });
      const path = join(exportDir, file.name.replace(/[^\w.-]/g, '_'));
      await writeFile(path, file.content, { mode: 0o600 });
      await chmod(path, 0o600);
      write(consoleWords[language ?? languageOf(locale)].saved(path));
    },
  };
  return printer;
}

/** What the core sends first goes to this terminal too; an edit prints the new version, marked. */
function consoleNotifier(printer: Printer, conversation: Conversation): Channel {
  return {
    platform: 'console',
    can: conversation.can,
    open: () => conversation,
    edit: async (message, reply) => {
      // An edit has no number to type: only the labels of buttons that can no longer act (docs/interface.md §2.6).
      const r = renderText({ ...reply, actions: (reply.actions ?? []).filter((a) => a.disabled) }, 1);
      printer.write(`(update to message ${message.messageId})\n${r.text}`);
      if (reply.file) await printer.save(reply.file, reply.language);
    },
  };
}

/**
 * The console's primitives (core/ports/channel.ts): one user, one private chat, so every
 * destination is this terminal. It cannot delete what was typed (it stays on screen) and cannot
 * edit; on a terminal it can read a secret without echo.
 */
function consoleConversation(printer: Printer, chatId: string, echo: HiddenEcho | undefined): Conversation {
  let sentCount = 0;
  const post = async (reply: Reply): Promise<SentMessage> => {
    await printer.show(reply);
    // On a terminal the answer to a secret's question is read without echo.
    if (reply.asksSecret) echo?.hideNextLine();
    sentCount += 1;
    return { platform: 'console', tenant: '', chatId, messageId: String(sentCount) };
  };
  const place = onePlaceConversation({
    platform: 'console',
    can: {
      showToOne: false,
      deleteIncoming: false,
      deleteLater: false,
      secretForm: false,
      hiddenInput: echo !== undefined,
      edit: false,
      privateWords: PRIVATE_CHAT,
    },
    post,
    upload: async (file, _where, language) => printer.save(file, language),
  });
  return { ...place, progress: () => consoleProgress((line) => printer.write(line)) };
}
