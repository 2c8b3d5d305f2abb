import type { App, SlackViewAction, ViewOutput, ViewResponseAction, webApi } from '@slack/bolt';
import {
  lapseAfter,
  type PlacedOutcome,
  type PlacedReply,
  raceBudget,
  type Shown,
} from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import { trustedFormMeta } from './form-metadata.js';
import { answerInModal, plain } from './modal-answer.js';
import { decodeMeta, type ModalMeta, modalText, statusModal } from './modals.js';
import { bodyDigest } from './normalise.js';
import { envelope, lookUp, type Who } from './turn.js';
import type { SlackWords } from './words/index.js';

// bolt types a view's ack as a union of two signatures; both accept an optional response.
type ViewAck = (response?: ViewResponseAction) => Promise<void>;

/** A form (modal) of the bot: what its submission runs, and how a refusal is shown. */
export interface FormSubmission {
  /** Errors Slack cannot check, answered inline at once (block id → message); none: `{}`. */
  check?: (view: ViewOutput) => Record<string, string>;
  /** What the submission asks of the core: a command by name with typed arguments, a link, a set-up. */
  run: (view: ViewOutput, meta: ModalMeta, who: Who) => Promise<PlacedReply | PlacedReply[]>;
  /** Which input shows the core's refusal. */
  errorBlock: string;
  title: (t: SlackWords, meta: ModalMeta) => string;
  /** The form again, with a notice, for a refusal that came after the ack. */
  again: (meta: ModalMeta, notice: string, view: ViewOutput) => ReturnType<typeof statusModal>;
  /** The user's facts even in a DM (the admin flag for a support channel's set-up). */
  forceLookup?: boolean;
}

/**
 * The envelope of a form's submission (docs/interface.md §4.2). Unlike a command, a refusal belongs inline
 * in the form (`response_action: 'errors'`), and that can only be said in the ack. So the core gets
 * `viewAckBudgetMs` (well inside Slack's 3 s) to answer; if it is slower, the ack turns the modal
 * into "checking…" and the outcome follows with `views.update`. No password is ever logged.
 */
export function onSubmit(app: App, deps: SlackHandlerDeps, callbackId: string, form: FormSubmission): void {
  app.view(callbackId, async ({ ack, body, view, client, context }) => {
    const errors = form.check?.(view) ?? {};
    if (Object.keys(errors).length > 0) {
      await (ack as ViewAck)({ response_action: 'errors', errors });
      return;
    }
    await deps.track('view', () =>
      submit(deps, { ack: ack as ViewAck, body, client }, context.retryNum, form),
    );
  });
}

async function submit(
  deps: SlackHandlerDeps,
  r: { ack: ViewAck; body: SlackViewAction; client: webApi.WebClient },
  retryNum: number | undefined,
  form: FormSubmission,
): Promise<void> {
  const { options } = deps;
  const { ack, body } = r;
  const team = body.team?.id ?? body.user.team_id ?? '';
  const signed = { team, user: body.user.id };
  const meta = trustedFormMeta(decodeMeta(body.view.private_metadata), signed, options.apiUrl);
  if (!meta) {
    await ack({ response_action: 'errors', errors: { [form.errorBlock]: modalText(meta).formExpired } });
    return;
  }
  // Only a delivery Slack marks as a retry is dropped: a person may resubmit the same values on purpose.
  // Keyed by the submission's trigger (a retry carries the same one), never by a digest of a body
  // that holds a password or PIN (docs/privacy.md §2.4): the key lands in the shared store.
  const trigger = 'trigger_id' in body ? body.trigger_id : '';
  const key = trigger || bodyDigest({ view: body.view.id, hash: body.view.hash });
  const req = {
    client: r.client,
    team,
    user: body.user.id,
    channel: meta.channel,
    responseUrl: meta.responseUrl,
  };
  const view = body.view;
  const once = ackOnce(ack);
  const answering = formAnswer({ ack: once, view, meta, form }, options.viewAckBudgetMs);
  const received = await deps.door.receive({
    ...envelope(deps, req, `slack:view:${team}:${key}`),
    rerun: retryNum === undefined,
    // A refusal before the core (the store is down) belongs inline in the form, as the core's do.
    notice: (text) => once({ response_action: 'errors', errors: { [form.errorBlock]: text } }),
    async enrich() {
      const turn = await lookUp(deps, req, form.forceLookup ? { forceLookup: true } : {});
      answering.client = turn.req.client;
      return { conversation: turn.conv, call: () => form.run(view, meta, turn.who) };
    },
    meanwhile: answering.meanwhile,
    show: answering.show,
  });
  if (received !== 'done') await once();
}

/** The form's ack, sent once whichever way the submission ended. */
function ackOnce(ack: ViewAck): ViewAck {
  let acked = false;
  return async (response) => {
    if (acked) return;
    acked = true;
    await ack(response);
  };
}

/**
 * The core's answer to a form: inline in the ack when it comes in time, else the ack turns the
 * modal into "checking…" and the answer follows into it; what a modal cannot show is left for the
 * core to deliver.
 */
function formAnswer(
  s: { ack: ViewAck; view: ViewOutput; meta: ModalMeta; form: FormSubmission },
  budgetMs: number,
) {
  const { ack, meta, form } = s;
  const t = modalText(meta);
  let late: Promise<boolean> = Promise.resolve(false);
  const answering = {
    client: undefined as webApi.WebClient | undefined,
    meanwhile(work: Promise<unknown>) {
      const settled = work.catch(() => undefined);
      late = raceBudget(settled, lapseAfter(budgetMs, settled)).then(async (first) => {
        if (first !== 'late') return false;
        await ack({ response_action: 'update', view: statusModal(form.title(t, meta), t.checking, t.close) });
        return true;
      });
    },
    async show(decided: PlacedOutcome): Promise<Shown> {
      const replies = decided.followUps ?? [];
      if (await late) {
        const client = answering.client;
        if (!client) return { rest: decided };
        return { rest: { followUps: await finishLate({ ...s, client, t }, replies) } };
      }
      if (replies[0]?.tone === 'error') {
        await ack({ response_action: 'errors', errors: { [form.errorBlock]: plain(replies[0], t) } });
        return {};
      }
      await ack();
      return { rest: decided };
    },
  };
  return answering;
}

/** The answer if it comes within `budgetMs` (the ack can then carry it), else `'late'`. */
/**
 * A late answer: the "checking" modal becomes the form again (refused) or the outcome (done), each
 * reply shown once (modal-answer.ts). Returns what is left for the conversation.
 */
async function finishLate(
  s: {
    client: webApi.WebClient;
    view: ViewOutput;
    meta: ModalMeta;
    t: SlackWords;
    form: FormSubmission;
  },
  replies: readonly PlacedReply[],
): Promise<PlacedReply[]> {
  const [reply] = replies;
  if (!reply || reply.tone === 'error') {
    const notice = reply ? plain(reply, s.t) : s.t.refused;
    const shown = await s.client.views
      .update({ view_id: s.view.id, view: s.form.again(s.meta, notice, s.view) })
      .then(
        () => true,
        () => false,
      );
    // Closed meanwhile: the refusal goes to the conversation, as a late outcome does, not lost.
    return shown ? [] : [...replies];
  }
  const title = s.form.title(s.t, s.meta);
  return answerInModal({ client: s.client, viewId: s.view.id, title, t: s.t }, replies);
}
