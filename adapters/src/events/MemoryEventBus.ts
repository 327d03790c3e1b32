import { Effect, Layer, PubSub, Stream } from "effect"
import { EventBus } from "@tawreed/core/shared"
import type { DomainEvent } from "@tawreed/core/shared"

/** The event bus inside one process: the embedded engine serves one process, so nothing need cross processes. */
export const MemoryEventBus = Layer.effect(
  EventBus,
  Effect.gen(function* () {
    const hub = yield* PubSub.unbounded<DomainEvent>()
    return EventBus.of({
      publish: (event) => PubSub.publish(hub, event).pipe(Effect.asVoid),
      subscribe: Effect.map(PubSub.subscribe(hub), (subscription) => Stream.fromSubscription(subscription))
    })
  })
)
