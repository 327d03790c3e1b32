import { Context, type Duration, type Effect } from "effect"

/**
 * Counts events per key in a sliding window shared by every app process (failed sign-ins per address). Each call
 * is atomic against every other call on the same key, whichever process makes it: two hits never both answer the
 * same count, and a limit taken with `take` is never overrun by requests arriving together.
 */
export interface ThrottleShape {
  /** Counts one event for a key; answers how many the key has in the window, this one included. */
  readonly hit: (key: string, window: Duration.Duration) => Effect.Effect<number>
  /** How many events the key has in the window. */
  readonly count: (key: string, window: Duration.Duration) => Effect.Effect<number>
  /**
   * Counts one event for a key unless it already has `limit` in the window: true when counted. Taken before the
   * work the limit guards, so that a burst of requests cannot all pass a count read before any of them was counted.
   */
  readonly take: (key: string, window: Duration.Duration, limit: number) => Effect.Effect<boolean>
  /** Gives back the key's newest event, for work that turned out not to count (a sign-in with the right password). */
  readonly release: (key: string) => Effect.Effect<void>
}

/** Port: throttling counters. */
export class Throttle extends Context.Service<Throttle, ThrottleShape>()("@tawreed/core/shared/Throttle") {}
