/**
 * One line per request: time, method, operation, claimed user, HTTP status, provider code, ms and
 * any injected fault. Built only from these fields, never from headers, query strings or bodies,
 * so no password, md5, PIN, signature or x-authorization can reach it.
 */
export interface RequestLogEntry {
  at: Date;
  method: string;
  operation: string;
  user: string;
  status: number | 'dropped';
  code: number | undefined;
  ms: number;
  fault?: string;
}

export function formatRequestLine(e: RequestLogEntry): string {
  const parts = [
    e.at.toISOString(),
    e.method,
    e.operation,
    `user=${e.user}`,
    `status=${e.status}`,
    `code=${e.code ?? '-'}`,
    `${e.ms.toFixed(1)}ms`,
  ];
  if (e.fault) parts.push(`fault=${e.fault}`);
  return parts.join(' ');
}
