import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { InvalidInput } from "@tawreed/core/shared"
import { LocationInput, LocationType, NewWorkspaceInput, WorkspaceRole, WorkspaceUser } from "@tawreed/core/workspaces"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import { collect } from "../../Options.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { userIdOf } from "../users/Lookup.ts"
import { statusText } from "./Lookup.ts"

const CreateOptions = Schema.Struct({
  name: Schema.String,
  code: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  classification: Schema.optional(Schema.String),
  start: Schema.optional(Schema.String),
  end: Schema.optional(Schema.String),
  currency: Schema.optional(Schema.String),
  location: Schema.Array(Schema.String),
  user: Schema.Array(Schema.String)
})

/** `tawreed workspaces create --name [...]`: a new draft workspace, with its locations and users. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("create")
    .description("create a draft workspace; submit it for approval when it is ready")
    .requiredOption("--name <name>", "its name, used once in your organisation")
    .option("--code <code>", "its short code")
    .option("--description <text>", "what it is for")
    .option("--classification <name>", "its classification, e.g. Department or Project")
    .option("--start <date>", "the first day, YYYY-MM-DD")
    .option("--end <date>", "the last day, YYYY-MM-DD")
    .option("--currency <code>", "its currency (default: your organisation's)")
    .option(
      "--location <name[:type]>",
      "a location, of type Office (default), Warehouse or Other; repeatable",
      collect,
      []
    )
    .option("--user <user:role>", "a user (email or id) and their workspace role; repeatable", collect, [])
    .action((options: unknown, command: Command) => run(command, create(options)))

const invalid = (detail: string) => new InvalidInput({ detail })

const create = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(CreateOptions)(options).pipe(
      Effect.mapError((error) => invalid(error.message))
    )
    const locations = yield* Effect.forEach(decoded.location, (spec) => {
      const cut = spec.lastIndexOf(":")
      const type = cut < 0 ? "Office" : spec.slice(cut + 1)
      const name = cut < 0 ? spec : spec.slice(0, cut)
      return Schema.is(LocationType)(type) && name.trim() !== ""
        ? Effect.succeed(new LocationInput({ name: name.trim(), addressType: type }))
        : Effect.fail(
            invalid(`--location '${spec}' must be a name, optionally followed by :Office, :Warehouse or :Other`)
          )
    })
    const parsedUsers = yield* Effect.forEach(decoded.user, (spec) => {
      const cut = spec.lastIndexOf(":")
      const role = spec.slice(cut + 1)
      return cut > 0 && Schema.is(WorkspaceRole)(role)
        ? Effect.succeed({ user: spec.slice(0, cut), role })
        : Effect.fail(invalid(`--user '${spec}' must be <email or id>:<${WorkspaceRole.literals.join("|")}>`))
    })
    const client = yield* signedInClient
    const users = yield* Effect.forEach(parsedUsers, ({ user, role }) =>
      Effect.map(userIdOf(client, user), (userId) => new WorkspaceUser({ userId, role }))
    )
    const input = yield* Schema.decodeUnknownEffect(NewWorkspaceInput)({
      name: decoded.name,
      ...(decoded.code === undefined ? {} : { code: decoded.code }),
      ...(decoded.description === undefined ? {} : { description: decoded.description }),
      ...(decoded.classification === undefined ? {} : { classification: decoded.classification }),
      ...(decoded.start === undefined ? {} : { startDate: decoded.start }),
      ...(decoded.end === undefined ? {} : { endDate: decoded.end }),
      ...(decoded.currency === undefined ? {} : { currency: decoded.currency }),
      locations: locations.map((l) => ({ ...l })),
      users: users.map((u) => ({ ...u }))
    }).pipe(Effect.mapError((error) => invalid(error.message)))
    const created = yield* client.workspaces.create(input)
    yield* emit(
      () => [
        text("workspaceCreated", locale, {
          name: created.name,
          id: created.id,
          status: statusText(created.status, locale)
        })
      ],
      () => created
    )
  })
