import { randomBytes } from 'node:crypto';
import { type Language, type ReplyFile, wordsIn } from '../../core/index.js';
import type { TeamsPlace } from './place.js';
import { teamsWords } from './words/index.js';

/**
 * Files in Teams (docs/teams.md §3.5). A bot sends a file only in a personal chat, and only with
 * the user's consent: a FileConsentCard (name, size), the user's accept (the invoke
 * `fileConsent/invoke`, with the `uploadInfo` of a place in their OneDrive), the bytes PUT to its
 * upload URL in one range, then a FileInfoCard that opens it. The file waits for the answer in this
 * process (bounded, by an unguessable nonce in the card); an accept for one it no longer holds is
 * told to ask again. A chart (an image) needs none of this: it is the card's image.
 */
export const FILE_CONSENT = 'application/vnd.microsoft.teams.card.file.consent';
export const FILE_INFO = 'application/vnd.microsoft.teams.card.file.info';

const KEPT_FILES = 100;

interface HeldFile {
  readonly file: ReplyFile;
  readonly language?: Language | undefined;
}

/** What became of a file once taken: `sent` once uploaded. */
export interface TakenFile {
  readonly name: string;
  readonly language?: Language | undefined;
  readonly sent: boolean;
}

/**
 * Files waiting for their consent card's answer, the oldest forgotten first. A file taken is
 * remembered a while (in this process, like the files: docs/teams.md §3.5), so a redelivered
 * consent invoke is answered as the first was, never "no longer held" for a file delivered.
 */
export class HeldFiles {
  readonly #files = new Map<string, HeldFile>();
  readonly #taken = new Map<string, TakenFile>();

  hold(file: ReplyFile, language?: Language): string {
    const nonce = randomBytes(16).toString('base64url');
    keep(this.#files, nonce, { file, language });
    return nonce;
  }

  take(nonce: unknown): HeldFile | undefined {
    if (typeof nonce !== 'string') return undefined;
    const held = this.#files.get(nonce);
    this.#files.delete(nonce);
    if (held) keep(this.#taken, nonce, { name: held.file.name, language: held.language, sent: false });
    return held;
  }

  /** The file taken by `nonce` reached the person's OneDrive. */
  sent(nonce: unknown): void {
    const taken = this.taken(nonce);
    if (taken && typeof nonce === 'string') this.#taken.set(nonce, { ...taken, sent: true });
  }

  /** A file taken already (its answer given by the first invoke), while remembered. */
  taken(nonce: unknown): TakenFile | undefined {
    return typeof nonce === 'string' ? this.#taken.get(nonce) : undefined;
  }
}

/** Keeps the latest `KEPT_FILES` entries, the oldest forgotten first. */
function keep<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= KEPT_FILES) break;
    map.delete(oldest);
  }
}

/** A file the card can carry itself (a chart as its image), needing no consent. */
export const isImage = (file: ReplyFile): boolean =>
  file.mimeType === 'image/png' && typeof file.content !== 'string';

export const bytesOf = (file: ReplyFile): Buffer =>
  typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : Buffer.from(file.content);

/** Sends `file` to a personal chat as a consent card; the bytes wait for the accept. */
export async function offerFile(
  chat: TeamsPlace,
  files: HeldFiles,
  file: ReplyFile,
  language?: Language,
): Promise<void> {
  const nonce = files.hold(file, language);
  const w = wordsIn(teamsWords, language);
  const context = { file: nonce };
  await chat.send({
    type: 'message',
    attachments: [
      {
        contentType: FILE_CONSENT,
        name: file.name,
        content: {
          description: w.fileOffered(file.name),
          sizeInBytes: bytesOf(file).length,
          acceptContext: context,
          declineContext: context,
        },
      },
    ],
  });
}
