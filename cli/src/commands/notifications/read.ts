import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { NotificationId } from "@tawreed/core/notifications"
import { InvalidInput } from "@tawreed/core/shared"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"

/** A notification id as typed on the command line. */
const IdArgument = Schema.NumberFromString.pipe(Schema.decodeTo(NotificationId))

/** `tawreed notifications read <id>`: marks one notification as read. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("read")
    .description("mark a notification as read")
    .argument("<id>", "the notification's id")
    .action((id: string, _options: unknown, command: Command) => run(command, read(id)))

const read = (raw: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const id = yield* Schema.decodeUnknownEffect(IdArgument)(raw).pipe(
      Effect.mapError(() => new InvalidInput({ detail: text("invalidId", locale, { value: raw }) }))
    )
    const client = yield* signedInClient
    yield* client.notifications.read(id)
    yield* emit(
      () => [text("markedRead", locale, { id })],
      () => ({ id, status: "READ" })
    )
  })
