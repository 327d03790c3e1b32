import { Effect, Layer, Schedule } from "effect"
import { Files } from "@tawreed/core/files"

/** How often the app sweeps away uploads no document took in time, and files taken off their documents. */
export const sweepInterval = "1 hour"

/**
 * Runs `Files.sweep` an hour after the app starts and every hour after, for as long as the app runs. Every app
 * process may run it: each file is claimed by one of them in its own transaction.
 */
export const FileSweeper = Layer.effectDiscard(
  Effect.gen(function* () {
    const files = yield* Files
    const once = files.sweep().pipe(
      Effect.tap((removed) => (removed > 0 ? Effect.logInfo(`swept ${removed} files`) : Effect.void)),
      Effect.catchCause((cause) => Effect.logWarning("file sweep failed", cause))
    )
    yield* Effect.forkScoped(
      Effect.sleep(sweepInterval).pipe(Effect.andThen(once.pipe(Effect.repeat(Schedule.spaced(sweepInterval)))))
    )
  })
)
