import { Schema } from "effect"

/** No user by that id in the signed-in user's organisation. */
export class UserNotFound extends Schema.TaggedError<UserNotFound>()("UserNotFound", { id: Schema.String }) {}

/** An admin tried to block, deactivate or delete their own account, which would lock them out. */
export class OwnAccountChange extends Schema.TaggedError<OwnAccountChange>()("OwnAccountChange", {}) {}

/** A bulk create with more rows than one call takes. */
export class TooManyUsers extends Schema.TaggedError<TooManyUsers>()("TooManyUsers", { limit: Schema.Number }) {}
