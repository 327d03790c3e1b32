import { Schema } from "effect"

/** No notification with that id belongs to the user; other users' notifications answer the same. */
export class NotificationNotFound extends Schema.TaggedError<NotificationNotFound>()("NotificationNotFound", {
  id: Schema.Number
}) {}
