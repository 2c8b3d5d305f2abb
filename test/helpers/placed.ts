import { DeliveryExecutor } from '../../src/core/delivery/delivery-executor.js';
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
