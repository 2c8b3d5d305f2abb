import type { Core } from '../../src/core/core.js';
import { DeliveryExecutor } from '../../src/core/delivery/delivery-executor.js';
import { openDoor } from '../../src/core/dispatch/intake.js';
import type { ChannelRegistration, Door } from '../../src/core/door.js';
import type { ActionOutcome, PlacedOutcome, PlacedReply, Reply } from '../../src/core/reply.js';

/**
 * What a hand-written core answers, as the real core would hand it over: placed. A scripted reply
 * without an audience is what the real rule makes of a public reply in that chat: `chat`.
 */
export function asPlaced(reply: Reply): PlacedReply {
  const audience = reply.audience ?? 'chat';
  return {
    ...reply,
    audience,
    visibility: reply.visibility ?? (audience === 'chat' ? 'public' : 'personal'),
  };
}

export function asPlacedOutcome(outcome: ActionOutcome): PlacedOutcome {
  return {
    notice: outcome.notice,
    ...(outcome.update ? { update: asPlaced(outcome.update) } : {}),
    ...(outcome.followUps ? { followUps: outcome.followUps.map(asPlaced) } : {}),
  };
}

/** The real executor, as a fake core's `deliver`/`deliverOutcome`: adapters are tested over the one road out. */
export function realRoad(tracked?: ConstructorParameters<typeof DeliveryExecutor>[0]['tracked']) {
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const executor = new DeliveryExecutor({ logger: silent, ...(tracked ? { tracked } : {}) });
  return {
    deliver: executor.replies.bind(executor),
    deliverOutcome: executor.outcome.bind(executor),
  };
}

/**
 * The real door (the one road in, src/core/dispatch/intake.ts) over a hand-written core: the
 * adapter's requests are claimed, refused when busy and delivered as the real core does it. The
 * core's methods are read when called, so a test may replace them (`core.busy = () => true`).
 */
export function realDoor(core: Core, channel: ChannelRegistration): Door {
  return openDoor(
    {
      // A hand-written core does not say what it changed: absent, counted as changed.
      decideText: async (input) => ({ followUps: await core.handleText(input) }),
      decideCommand: async (input) => ({ followUps: await core.runCommand(input) }),
      handleAction: (input) => core.handleAction(input),
      deliverOutcome: (conv, outcome, noticeShown) => core.deliverOutcome(conv, outcome, noticeShown),
      busy: () => core.busy?.() ?? false,
      dedupe: { claim: async () => true },
    },
    channel,
  );
}
