import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { User, UserCredentials, UserId } from "./User.ts"

/** The users of every organisation. */
export interface UserRepositoryShape {
  /** The account behind an email, across organisations, for sign-in only. */
  readonly findCredentials: (email: string) => Effect.Effect<Option.Option<UserCredentials>>
  /** The account behind a phone number in digits, only where its organisation signs in by phone. */
  readonly findCredentialsByPhone: (phone: string) => Effect.Effect<Option.Option<UserCredentials>>
  /** One user of an organisation. */
  readonly findById: (orgId: OrgId, id: UserId) => Effect.Effect<Option.Option<User>>
}

/** Port: where users are kept. */
export class UserRepository extends Context.Service<UserRepository, UserRepositoryShape>()(
  "@tawreed/core/identity/UserRepository"
) {}
