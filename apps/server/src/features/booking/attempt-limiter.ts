/**
 * Counts failed attempts per key (a reservation code) in a fixed window; once a key reaches `max`, every attempt
 * on it is refused until the window ends — the right one too, so a refusal tells nothing about the key.
 *
 * In memory: with several server processes each keeps its own count, so the effective limit is `max` × processes
 * until the counter moves to Redis (REDIS_URL, see ARCHITECTURE §5). The per-address limit of
 * `@fastify/rate-limit` stands in front of it.
 */
export type AttemptLimiter = {
  isBlocked(key: string): boolean;
  recordFailure(key: string): void;
};

export function createAttemptLimiter(options: {
  max: number;
  windowMs: number;
  now: () => Date;
  /** At this many keys, expired ones are swept, then the oldest dropped: memory stays bounded. */
  maxKeys?: number;
}): AttemptLimiter {
  const { max, windowMs, now } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  const counts = new Map<string, { failures: number; resetAt: number }>();

  const current = (key: string, at: number) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= at) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    isBlocked(key) {
      return (current(key, now().getTime())?.failures ?? 0) >= max;
    },
    recordFailure(key) {
      const at = now().getTime();
      const entry = current(key, at);
      if (entry) entry.failures += 1;
      else {
        if (counts.size >= maxKeys) {
          for (const [k, e] of counts) if (e.resetAt <= at) counts.delete(k);
          // Insertion order: the first keys are the oldest windows.
          for (const k of counts.keys()) {
            if (counts.size < maxKeys) break;
            counts.delete(k);
          }
        }
        counts.set(key, { failures: 1, resetAt: at + windowMs });
      }
    },
  };
}
