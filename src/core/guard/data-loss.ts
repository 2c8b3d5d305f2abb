import type { Engine } from '../dispatch/engine.js';
import { ends, type Resolved, type Step } from '../dispatch/turn.js';

/**
 * Whether a request may come from before the store's data loss was found (docs/reliability.md §5.6): sent before
 * it (the platform's sent time), or, with no sent time, arriving within the command age limit
 * after it (a redelivery of the last moments before the loss looks no different).
 */
export function fromBeforeDataLoss(
  lostAt: Date | undefined,
  sentAt: Date | undefined,
  now: Date,
  maxAgeMs: number,
): boolean {
  if (!lostAt) return false;
  if (sentAt) return sentAt.getTime() < lostAt.getTime();
  return now.getTime() - lostAt.getTime() <= maxAgeMs;
}

/**
 * After a data loss (data-marker.ts) the claims that kept a redelivered request from running twice are
 * gone, so a command that changes the provider's state (never-retry: a call, a top-up, a card
 * action) from before the loss is not carried out; the user is told why and how to check
 * (docs/reliability.md §5.6). Settings and links (`needs: 'none'`) and reads are not touched: re-linking must work at once.
 */
export const dataLossStep: Step<Resolved, Resolved> = async (e: Engine, turn) => {
  const { spec, input } = turn;
  if (!spec.changesState || spec.needs === 'none') return turn;
  if (!fromBeforeDataLoss(e.stores.dataLostAt?.(), input.sentAt, e.clock(), e.maxCommandAgeMs)) return turn;
  return ends(turn, 'before-data-loss', {
    text: turn.loc.t.beforeDataLoss(`/${spec.name.slice(0, 40)}`),
    tone: 'warning',
  });
};
