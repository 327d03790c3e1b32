import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { checkNewUser, NewUserInput } from "@tawreed/core/identity"
import { invalidFieldOf } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"

const CreateOptions = Schema.Struct({
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.optional(Schema.String),
  roles: Schema.String,
  phone: Schema.optional(Schema.String),
  position: Schema.optional(Schema.String)
})

/** `tawreed users create --email --first-name --roles [...]`: adds a user, who is mailed an invitation. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("create")
    .description("add a user to your organisation; they get an email to set their password")
    .requiredOption("--email <email>", "their email address")
    .requiredOption("--first-name <name>", "their first name")
    .option("--last-name <name>", "their last name", "")
    .requiredOption("--roles <codes>", "their role codes, separated by commas (see: tawreed roles list)")
    .option("--phone <digits>", "their phone number in digits")
    .option("--position <title>", "their position")
    .action((options: unknown, command: Command) => run(command, create(options)))

const create = (options: unknown) =>
  Effect.gen(function* () {
    const decoded = yield* Schema.decodeUnknownEffect(CreateOptions)(options).pipe(Effect.mapError(invalidFieldOf))
    // The core's rules first, so that a mistyped email never reaches the API.
    const input = yield* checkNewUser(
      new NewUserInput({
        email: decoded.email,
        firstName: decoded.firstName,
        lastName: decoded.lastName ?? "",
        roles: decoded.roles.split(","),
        ...(decoded.phone === undefined ? {} : { phone: decoded.phone }),
        ...(decoded.position === undefined ? {} : { position: decoded.position })
      })
    )
    const client = yield* signedInClient
    const created = yield* client.users.create(input)
    yield* emit(
      () => [`${created.message}: ${created.user.email} (${created.user.id})`],
      () => created.user
    )
  })
