import { Context, Effect, Layer, PubSub, Schema, type Scope, Stream } from "effect"

/** A user's unread notification count may have changed. */
export class UnreadCountChanged extends Schema.TaggedClass<UnreadCountChanged>()("UnreadCountChanged", {
  orgId: Schema.String,
  userId: Schema.String
}) {}

/** Documents of one kind changed in an organisation (made, edited, moved on, removed): its lists' counts are stale. */
export class DocumentsChanged extends Schema.TaggedClass<DocumentsChanged>()("DocumentsChanged", {
  orgId: Schema.String,
  kind: Schema.String
}) {}

/** Everything the event bus carries between processes. */
/**
 * Who may do what in an organisation may have changed: its settings, its roles, a user's roles or status, a
 * session or a workspace membership; none names everything (null). Processes drop what they keep of it.
 */
export class AccessChanged extends Schema.TaggedClass<AccessChanged>()("AccessChanged", {
  orgId: Schema.NullOr(Schema.String)
}) {}

/** Everything the event bus carries between processes. */
export const DomainEvent = Schema.Union([UnreadCountChanged, DocumentsChanged, AccessChanged])
export type DomainEvent = typeof DomainEvent.Type

/** Carries domain events to every app process (in-process on the embedded engine, LISTEN/NOTIFY on a server). */
export interface EventBusShape {
  readonly publish: (event: DomainEvent) => Effect.Effect<void>
  /** Every event published from now on, by any process, for as long as the scope lives. */
  readonly subscribe: Effect.Effect<Stream.Stream<DomainEvent>, never, Scope.Scope>
}

/** Port: the domain event bus. */
export class EventBus extends Context.Service<EventBus, EventBusShape>()("@tawreed/core/shared/EventBus") {
  /** The event bus inside one process (the embedded engine serves one process, so nothing need cross processes). */
  static readonly layerInProcess = Layer.effect(
    EventBus,
    Effect.gen(function* () {
      const hub = yield* PubSub.unbounded<DomainEvent>()
      return EventBus.of({
        publish: (event) => PubSub.publish(hub, event).pipe(Effect.asVoid),
        subscribe: Effect.map(PubSub.subscribe(hub), (subscription) => Stream.fromSubscription(subscription))
      })
    })
  )
}
