import type { webApi } from '@slack/bolt';
import type { ReplyFile } from '../../core/index.js';
import { postBody, SlackDeliveryError } from './http-post.js';

/**
 * Uploads a file (the CDR CSV) with Slack's external upload pair, which replaced `files.upload`:
 * `files.getUploadURLExternal` → POST the bytes to `upload_url` → `files.completeUploadExternal`
 * shares it into `channel_id` (api.slack.com "Uploading files").
 */
export async function uploadFile(
  client: webApi.WebClient,
  channel: string,
  file: ReplyFile,
  timeoutMs: number,
  threadTs?: string,
): Promise<void> {
  const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
  const slot = await client.files.getUploadURLExternal({ filename: file.name, length: bytes.byteLength });
  if (!slot.upload_url || !slot.file_id) {
    throw new SlackDeliveryError('file_upload', undefined, 'files.getUploadURLExternal gave no upload_url');
  }
  await postBody(
    'file_upload',
    slot.upload_url,
    bytes,
    file.mimeType || 'application/octet-stream',
    timeoutMs,
  );
  await client.files.completeUploadExternal({
    files: [{ id: slot.file_id, title: file.name }],
    channel_id: channel,
    ...(threadTs ? { thread_ts: threadTs } : {}),
  });
}
