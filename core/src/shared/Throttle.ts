import { Context, type Duration, type Effect } from "effect"

/** Counts events per key in a sliding window shared by every app process (failed sign-ins per address). */
export interface ThrottleShape {
  /** Counts one event for a key; answers how many the key has in the window, this one included. */
  readonly hit: (key: string, window: Duration.Duration) => Effect.Effect<number>
  /** How many events the key has in the window. */
  readonly count: (key: string, window: Duration.Duration) => Effect.Effect<number>
}

/** Port: throttling counters. */
export class Throttle extends Context.Service<Throttle, ThrottleShape>()("@tawreed/core/shared/Throttle") {}
