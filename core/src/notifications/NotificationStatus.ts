import { Schema } from "effect"

/** A notification is UNREAD until it is clicked or all are marked read (SPEC.md §4). */
export const NotificationStatus = Schema.Literals(["UNREAD", "READ"])
export type NotificationStatus = typeof NotificationStatus.Type

/** The one move a notification makes: UNREAD → READ. READ is terminal; marking it again changes nothing. */
export const transitions: Readonly<Record<NotificationStatus, ReadonlyArray<NotificationStatus>>> = {
  UNREAD: ["READ"],
  READ: []
}

/** Whether a notification may move from one status to another. */
export const canTransition = (from: NotificationStatus, to: NotificationStatus): boolean =>
  transitions[from].includes(to)
