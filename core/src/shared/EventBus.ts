import { Context, type Effect, Schema, type Scope, type Stream } from "effect"

/** A user's unread notification count may have changed. */
export class UnreadCountChanged extends Schema.TaggedClass<UnreadCountChanged>()("UnreadCountChanged", {
  orgId: Schema.String,
  userId: Schema.String
}) {}

/**
 * Who may do what in an organisation may have changed: its settings, its roles, a user's roles or status, a
 * session or a workspace membership; none names everything (null). Processes drop what they keep of it.
 */
export class AccessChanged extends Schema.TaggedClass<AccessChanged>()("AccessChanged", {
  orgId: Schema.NullOr(Schema.String)
}) {}

/** Everything the event bus carries between processes. */
export const DomainEvent = Schema.Union([UnreadCountChanged, AccessChanged])
export type DomainEvent = typeof DomainEvent.Type

/** Carries domain events to every app process (in-process on the embedded engine, LISTEN/NOTIFY on a server). */
export interface EventBusShape {
  readonly publish: (event: DomainEvent) => Effect.Effect<void>
  /** Every event published from now on, by any process, for as long as the scope lives. */
  readonly subscribe: Effect.Effect<Stream.Stream<DomainEvent>, never, Scope.Scope>
}

/** Port: the domain event bus. */
export class EventBus extends Context.Service<EventBus, EventBusShape>()("@tawreed/core/shared/EventBus") {}
