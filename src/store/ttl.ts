/** Shared argument checks, so every implementation rejects the same bad TTLs the same way. */
export function assertTtl(ttlMs: number, operation: string): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    // keyv treats a TTL of 0 as "forever"; a claim that never expires would block a key for good.
    throw new RangeError(`${operation}: ttlMs must be a positive number of milliseconds, got ${ttlMs}`);
  }
}

export function assertOptionalTtl(ttlMs: number | undefined, operation: string): void {
  if (ttlMs !== undefined) assertTtl(ttlMs, operation);
}
