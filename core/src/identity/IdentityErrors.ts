import { Schema } from "effect"

/** Wrong email or password; the same answer whether or not the email exists. */
export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()("InvalidCredentials", {}) {}

/** No session, or one that ended or expired. */
export class SessionRequired extends Schema.TaggedError<SessionRequired>()("SessionRequired", {}) {}

/** A blocked account (SPEC.md §8 E1010). */
export class AccountBlocked extends Schema.TaggedError<AccountBlocked>()("AccountBlocked", {}) {}

/** An account that is not active (SPEC.md §8 E1013). */
export class AccountInactive extends Schema.TaggedError<AccountInactive>()("AccountInactive", {}) {}

/** An organisation that is not active (SPEC.md §8 E1012). */
export class OrgInactive extends Schema.TaggedError<OrgInactive>()("OrgInactive", {}) {}
