import { Context, type Effect, type Option } from "effect"
import type { Actor } from "./Actor.ts"
import type { Session } from "./Session.ts"

/** Signed-in sessions. */
export interface SessionRepositoryShape {
  /** Keeps a new session. */
  readonly create: (session: Session) => Effect.Effect<void>
  /** The actor of a live session, by the hash of its access token; ended, expired or disabled sessions give none. */
  readonly findActor: (tokenHash: string, now: Date) => Effect.Effect<Option.Option<Actor>>
  /** Ends the session of an access token; ending an unknown one is not an error. */
  readonly revoke: (tokenHash: string) => Effect.Effect<void>
}

/** Port: where sessions are kept. */
export class SessionRepository extends Context.Service<SessionRepository, SessionRepositoryShape>()(
  "@tawreed/core/identity/SessionRepository"
) {}
