import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Option, Schema, Stream } from "effect"
import { DomainEvent, EventBus } from "@tawreed/core/shared"

/** The channel all domain events travel on. */
export const channel = "tawreed_events"

const encode = Schema.encodeSync(Schema.fromJsonString(DomainEvent))
const decode = Schema.decodeUnknownOption(Schema.fromJsonString(DomainEvent))

/**
 * The event bus across processes: PostgreSQL NOTIFY delivers each event to every app process that LISTENs,
 * so a user connected to any process behind a load balancer sees it.
 */
export const PgEventBus = Layer.effect(
  EventBus,
  Effect.gen(function* () {
    const pg = yield* PgClient.PgClient
    return EventBus.of({
      publish: (event) => pg.notify(channel, encode(event)).pipe(Effect.orDie),
      subscribe: Effect.map(Effect.orDie(pg.listen(channel)), (queue) =>
        Stream.fromQueue(queue).pipe(
          Stream.orDie,
          Stream.map((notification) => decode(notification.payload)),
          Stream.filter(Option.isSome),
          Stream.map((event) => event.value)
        )
      )
    })
  })
)
