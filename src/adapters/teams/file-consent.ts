import type { Activity } from '@microsoft/agents-activity';
import type { TurnContext } from '@microsoft/agents-hosting';
import { languageOf, type ReplyFile, wordsIn } from '../../core/index.js';
import { withinBudget } from './budget.js';
import { bytesOf, FILE_INFO } from './files.js';
import type { Rendered } from './render-card.js';
import { type Turn, type TurnDeps, turnOf } from './turn.js';
import { teamsWords } from './words/index.js';

/**
 * The answer to a file's consent card (docs/teams.md §3.5, files.ts): the invoke
 * `fileConsent/invoke`. Accepted, the bytes go to the upload URL Teams gave and a FileInfoCard
 * follows; declined, or for a file this process no longer holds, the person is told what to do.
 * The consent card is replaced by what became of it, so it is not answered twice.
 */
const UPLOAD_TIMEOUT_MS = 60_000;

interface ConsentValue {
  action?: string;
  context?: { file?: unknown };
  uploadInfo?: {
    contentUrl?: string;
    name?: string;
    uploadUrl?: string;
    uniqueId?: string;
    fileType?: string;
  };
}

/**
 * The invoke `fileConsent/invoke`: the user accepted or declined a file. Answered 200 once done or
 * once the press budget lapsed (an upload may be slow; Teams would redeliver the invoke, and the
 * file, taken once, would then be "no longer held"): the work goes on and speaks for itself.
 */
export async function onFileConsent(ctx: TurnContext, deps: TurnDeps): Promise<void> {
  const activity = ctx.activity as Activity;
  const turn = await turnOf(ctx, deps);
  const work = consented(activity, turn, deps);
  await withinBudget(work, 'press', deps, {
    activity: activity.id,
    invoke: 'fileConsent',
  });
  await ctx.sendActivity({ type: 'invokeResponse', value: { status: 200 } } as never);
}

async function consented(activity: Activity, turn: Turn, deps: TurnDeps): Promise<void> {
  const value = (activity.value ?? {}) as ConsentValue;
  const nonce = value.context?.file;
  const held = deps.files.take(nonce);
  const before = held ? undefined : deps.files.taken(nonce);
  const w = wordsIn(teamsWords, held?.language ?? before?.language ?? languageOf(turn.n.locale));
  const card = activity.replyToId;
  const say = (text: string): Rendered => ({ type: 'message', text, textFormat: 'plain' });
  const replaceCard = (text: string) =>
    card ? turn.place.edit(card, say(text), false).catch(() => undefined) : Promise.resolve();
  // Redelivered: sent, the card says so again; else the first invoke's answer stands.
  if (before) {
    if (before.sent) await replaceCard(w.fileSent(before.name));
  } else if (!held) await turn.place.send(say(w.fileGone));
  else if (value.action !== 'accept') await replaceCard(w.fileDeclined(held.file.name));
  else if (await upload(held.file, value.uploadInfo, activity.serviceUrl ?? '')) {
    deps.files.sent(nonce);
    await turn.place.send(fileInfoCard(value.uploadInfo ?? {}, held.file.name));
    await replaceCard(w.fileSent(held.file.name));
  } else await turn.place.send(say(w.fileFailed(held.file.name)));
}

function fileInfoCard(info: NonNullable<ConsentValue['uploadInfo']>, name: string): Rendered {
  return {
    type: 'message',
    attachments: [
      {
        contentType: FILE_INFO,
        contentUrl: info.contentUrl ?? '',
        name: info.name ?? name,
        content: { uniqueId: info.uniqueId ?? '', fileType: info.fileType ?? name.split('.').pop() ?? '' },
      },
    ],
  };
}

/**
 * The whole file in one PUT to the upload URL, with its `Content-Range` (OneDrive's upload
 * session). Only to an `https` URL, or to the Connector API's own origin (a local fake): the URL
 * comes in an authenticated activity, yet the bytes go nowhere else.
 */
async function upload(
  file: ReplyFile,
  info: ConsentValue['uploadInfo'],
  serviceUrl: string,
): Promise<boolean> {
  const url = info?.uploadUrl ? safeUrl(info.uploadUrl, serviceUrl) : undefined;
  if (!url) return false;
  const bytes = bytesOf(file);
  const answer = await fetch(url, {
    method: 'PUT',
    headers: { 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
    body: bytes,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  }).catch(() => undefined);
  return answer?.ok === true;
}

function safeUrl(raw: string, serviceUrl: string): URL | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:') return url;
    return serviceUrl && url.origin === new URL(serviceUrl).origin ? url : undefined;
  } catch {
    return undefined;
  }
}
