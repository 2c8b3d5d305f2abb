import type { Reply } from '../../core/index.js';
import { sealWorkObject, workObjectUrl } from './work-object-id.js';
import type { WorkObjectOptions } from './work-objects.js';

/**
 * The reply with its record's Work Object link (docs/channels.md §2.3) as a last field, when the
 * unfurl domain is set and the reply shows a record (`subject`): called only where the answer is
 * private (the DM, or shown to the asker alone), so only its owner gets the link. Elsewhere, or
 * without the domain, the reply as it was.
 */
export function withWorkObjectLink(reply: Reply, wo: WorkObjectOptions | undefined, label: string): Reply {
  if (!wo || !reply.subject) return reply;
  const url = workObjectUrl(wo.domain, sealWorkObject(wo.key, reply.subject));
  return { ...reply, fields: [...(reply.fields ?? []), { label, value: url }] };
}
