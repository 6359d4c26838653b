/** The rate-limits feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { AttemptLimiter } from "./attempt-limiter";
export { createAttemptLimiter, tooManyAttempts } from "./attempt-limiter";
export type { Executor } from "./rate-limits";
export {
  addressRateLimits,
  hitRateLimit,
  readRateLimit,
  readRateLimitWindow,
  sweepRateLimits,
} from "./rate-limits";
