import { Context, type Effect } from "effect"
import type { Recipient } from "../notifications/Recipient.ts"

/** What the contract suites need to set up: fresh organisations and users in the storage under test. */
export interface FixturesShape {
  /** A new user in a new organisation. */
  readonly newRecipient: Effect.Effect<Recipient>
  /** A new user in the organisation of an existing one. */
  readonly newColleague: (of: Recipient) => Effect.Effect<Recipient>
}

/** Test port: creates organisations and users for contract suites. */
export class Fixtures extends Context.Service<Fixtures, FixturesShape>()("@tawreed/core/testing/Fixtures") {}
