import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Option, PubSub, Schedule, Schema, Stream } from "effect"
import { DomainEvent, EventBus } from "@tawreed/core/shared"

/** The channel all domain events travel on. */
export const channel = "tawreed_events"

const encode = Schema.encodeSync(Schema.fromJsonString(DomainEvent))
const decode = Schema.decodeUnknownOption(Schema.fromJsonString(DomainEvent))

/**
 * The event bus across processes: PostgreSQL NOTIFY delivers each event to every app process. Each process holds
 * one LISTEN connection for as long as it runs and fans events out to its subscribers in memory, so a thousand
 * open event streams cost one database connection, not a thousand. A dropped LISTEN connection is re-established.
 */
export const PgEventBus = Layer.effect(
  EventBus,
  Effect.gen(function* () {
    const pg = yield* PgClient.PgClient
    const hub = yield* PubSub.unbounded<DomainEvent>()
    const forward = (queue: Effect.Success<ReturnType<typeof pg.listen>>) =>
      Stream.fromQueue(queue).pipe(
        Stream.map((notification) => decode(notification.payload)),
        Stream.filter(Option.isSome),
        Stream.runForEach((event) => PubSub.publish(hub, event.value))
      )
    const dropped = (error: unknown) => Effect.logWarning("The event LISTEN connection dropped; listening again", error)
    // The first LISTEN is confirmed before the layer is ready, so no event published after start-up is missed.
    const first = yield* Effect.orDie(pg.listen(channel))
    const again = Effect.scoped(Effect.flatMap(pg.listen(channel), forward)).pipe(
      Effect.catch(dropped),
      Effect.repeat(Schedule.spaced("1 second"))
    )
    yield* Effect.forkScoped(forward(first).pipe(Effect.catch(dropped), Effect.andThen(again)))
    return EventBus.of({
      publish: (event) => pg.notify(channel, encode(event)).pipe(Effect.orDie),
      subscribe: Effect.map(PubSub.subscribe(hub), (subscription) => Stream.fromSubscription(subscription))
    })
  })
)
