import type { App, SlackViewAction, ViewOutput, ViewResponseAction, webApi } from '@slack/bolt';
import { errorSummary } from '../../core/logs/safe-error.js';
import type { Messages } from '../../core/messages.js';
import type { PlacedReply, Reply } from '../../core/reply.js';
import { type SlackHandlerDeps, whoAndWhere } from './deps.js';
import {
  decodeMeta,
  LINK_BLOCKS,
  LINK_CALLBACK,
  linkModal,
  type ModalMeta,
  modalText,
  readLinkSubmission,
  readSetupSubmission,
  SETUP_BLOCKS,
  SETUP_CALLBACK,
  setupModal,
  statusModal,
} from './modals.js';
import { bodyDigest } from './normalise.js';
import type { ReplyTarget } from './responder.js';

// bolt types a view's ack as a union of two signatures; both accept an optional response.
type ViewAck = (response?: ViewResponseAction) => Promise<void>;

/**
 * Modal submissions. Unlike a command, a refusal belongs inline in the form
 * (`response_action: 'errors'`), and that can only be said in the ack. So the core gets
 * `viewAckBudgetMs` (well inside Slack's 3 s) to answer; if it is slower, the ack turns the modal
 * into "checking…" and the outcome follows with `views.update`. No password is ever logged.
 */
export function registerViews(app: App, deps: SlackHandlerDeps): void {
  app.view(LINK_CALLBACK, async ({ ack, body, view, client, context }) => {
    await deps.track('view', () =>
      submit(
        deps,
        ack as ViewAck,
        body,
        view,
        client,
        context.retryNum,
        async (meta, who) => {
          const { username, password } = readLinkSubmission(view);
          return deps.options.core.link({
            ...who,
            username,
            password,
            kind: meta.credential ?? 'account',
            // The password came through a modal only this user sees, not through the channel.
            inputIsPrivate: true,
          });
        },
        {
          errorBlock: LINK_BLOCKS.password,
          title: (t) => t.linkTitle,
          again: (meta, notice) => linkModal(meta, notice, readLinkSubmission(view).username),
        },
      ),
    );
  });

  app.view(SETUP_CALLBACK, async ({ ack, body, view, client, context }) => {
    const { value, errors } = readSetupSubmission(view);
    if (Object.keys(errors).length > 0) {
      await ack({ response_action: 'errors', errors });
      return;
    }
    await deps.track('view', () =>
      submit(
        deps,
        ack as ViewAck,
        body,
        view,
        client,
        context.retryNum,
        (_meta, who) => deps.options.core.setupSupportChannel({ ...who, ...value }),
        {
          errorBlock: SETUP_BLOCKS.accountPassword,
          title: (t) => t.setupTitle,
          again: (meta, notice) => setupModal(meta, notice),
          forceLookup: true,
        },
      ),
    );
  });
}

export interface SubmitOptions {
  /** Which input shows the core's refusal. */
  errorBlock: string;
  title: (t: Messages['slack']) => string;
  /** The form again, with a notice, for a refusal that came after the ack. */
  again: (meta: ModalMeta, notice: string) => ReturnType<typeof linkModal>;
  forceLookup?: boolean;
}

export async function submit(
  deps: SlackHandlerDeps,
  ack: ViewAck,
  body: SlackViewAction,
  view: ViewOutput,
  client: webApi.WebClient,
  retryNum: number | undefined,
  call: (meta: ModalMeta, who: Awaited<ReturnType<typeof whoAndWhere>>) => Promise<PlacedReply>,
  opts: SubmitOptions,
): Promise<void> {
  const { options, responder } = deps;
  const team = body.team?.id ?? body.user.team_id ?? '';
  const meta = decodeMeta(view.private_metadata);
  const t = modalText(meta);
  if (!meta) {
    await ack({
      response_action: 'errors',
      errors: { [opts.errorBlock]: t.formExpired },
    });
    return;
  }
  // Only a delivery Slack marks as a retry is dropped: a person may resubmit the same values on purpose.
  const claimed = await options.dedupe.claim(`slack:view:${team}:${bodyDigest(body)}`, options.dedupeTtlMs);
  if (!claimed && retryNum !== undefined) {
    await ack();
    return;
  }
  const who = await whoAndWhere(deps, client, team, body.user.id, meta.channel, opts.forceLookup);
  const target: ReplyTarget = {
    client,
    channel: meta.channel,
    user: body.user.id,
    chat: who.chat,
    ...(meta.responseUrl ? { responseUrl: meta.responseUrl } : {}),
  };
  const work = call(meta, who).catch((err: unknown): PlacedReply => {
    options.logger.error({ err: errorSummary(err) }, 'Slack modal submission failed');
    return { text: t.submitFailed, tone: 'error', audience: 'actor', visibility: 'personal' };
  });
  const first = await withinBudget(work, options.viewAckBudgetMs);
  if (first !== 'late') {
    if (first.tone === 'error') {
      await ack({ response_action: 'errors', errors: { [opts.errorBlock]: plain(first, t) } });
    } else {
      await ack();
      await options.core.deliver(responder.conversation(target), [first]);
    }
    return;
  }
  await ack({ response_action: 'update', view: statusModal(opts.title(t), t.checking, t.close) });
  await finishLate(deps, { client, viewId: body.view.id, meta, t, opts, target }, await work);
}

/** The answer if it comes within `budgetMs` (the ack can then carry it), else `'late'`. */
async function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budgetMs);
  });
  const first = await Promise.race([work, late]);
  clearTimeout(timer);
  return first;
}

/** A late answer: the "checking" modal becomes the form again (refused) or the outcome (done). */
async function finishLate(
  deps: SlackHandlerDeps,
  s: {
    client: webApi.WebClient;
    viewId: string;
    meta: ModalMeta;
    t: Messages['slack'];
    opts: SubmitOptions;
    target: ReplyTarget;
  },
  reply: PlacedReply,
): Promise<void> {
  if (reply.tone === 'error') {
    await s.client.views.update({ view_id: s.viewId, view: s.opts.again(s.meta, plain(reply, s.t)) });
    return;
  }
  await s.client.views.update({
    view_id: s.viewId,
    view: statusModal(s.opts.title(s.t), plain(reply, s.t), s.t.close),
  });
  await deps.options.core.deliver(deps.responder.conversation(s.target), [reply]);
}

function plain(reply: Reply, t: Messages['slack']): string {
  return [reply.title, reply.text].filter(Boolean).join(': ').slice(0, 2000) || t.refused;
}
