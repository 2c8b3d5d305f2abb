import { randomUUID } from 'node:crypto';
import { Refusal } from './envelope.js';
import type { OperationContext, OperationOutcome } from './operation-types.js';
import type { CallState } from './state-schema.js';
import { phone, required } from './validate.js';
import { commonFields } from './wire-bodies.js';

function callBody(ctx: OperationContext, call: CallState) {
  return {
    callId: call.callId,
    firstownnumber: call.aNumber,
    destinationnumber: call.bNumber,
    ...commonFields(ctx.account),
  };
}

/**
 * Spec 4.10: starts a call that lives until `stopcallback` or the D10 maximum. Refused (403)
 * when the destination has no rate, since it could not be billed, or when the balance is not
 * positive.
 */
export function trycallback(ctx: OperationContext): OperationOutcome {
  const aNumber = phone(ctx.params, 'aNumber');
  const bNumber = phone(ctx.params, 'bNumber');
  if (!ctx.state.rates.match(bNumber)) throw new Refusal(403, 'destination not reachable');
  if (ctx.account.balance <= 0) throw new Refusal(403, 'balance too low');
  const call: CallState = {
    callId: randomUUID(),
    username: ctx.account.username,
    aNumber,
    bNumber,
    start: ctx.now.toISOString(),
  };
  ctx.state.addCall(call);
  ctx.state.changed();
  return { body: callBody(ctx, call) };
}

/** D4: `callerId` is the start response's `callId`; unknown, foreign or ended calls give 1001. */
export function stopcallback(ctx: OperationContext): OperationOutcome {
  const callerId = required(ctx.params, 'callerId');
  const call = ctx.state.call(callerId);
  if (!call || call.username !== ctx.account.username || call.end) {
    throw new Refusal(1001, 'no active call with this callerId');
  }
  ctx.state.endCall(call, ctx.now, 'stopcallback', ctx.maxCallSeconds);
  ctx.state.changed();
  return { body: callBody(ctx, call) };
}
