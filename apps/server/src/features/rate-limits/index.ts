/** The rate-limits feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { AttemptLimiter } from "./attempt-limiter";
export { createAttemptLimiter, tooManyAttempts } from "./attempt-limiter";
export { addressRateLimits, readRateLimit } from "./rate-limits";
export type { Executor } from "./repository";
export { hitRateLimit, readRateLimitWindow, sweepRateLimits } from "./repository";
