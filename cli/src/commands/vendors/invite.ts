import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { NewInviteInput } from "@tawreed/core/invites"
import { InvalidInput } from "@tawreed/core/shared"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { inviteStatusText } from "./review.ts"

const InviteOptions = Schema.Struct({
  email: Schema.String,
  name: Schema.String,
  template: Schema.optional(Schema.String),
  language: Schema.optional(Schema.Literals(["en", "ar"]))
})

/**
 * `tawreed vendors invite --email … --name … [--template …] [--language en|ar]`: mails a vendor a link to register
 * and answer the onboarding questionnaire (the default one unless a template is named, by name or id).
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("invite")
    .description("invite a vendor by email to register and answer the onboarding questionnaire")
    .requiredOption("--email <email>", "where the invitation is mailed")
    .requiredOption("--name <name>", "the vendor's name")
    .option("--template <questionnaire>", "the questionnaire's name or id (the default one otherwise)")
    .option("--language <en|ar>", "the language of the mail (the CLI's own otherwise)")
    .action((options: unknown, command: Command) => run(command, invite(options)))

const invite = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(InviteOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--language must be en or ar" }))
    )
    const client = yield* signedInClient
    let templateId: string | undefined
    if (decoded.template !== undefined) {
      const named = decoded.template.trim()
      const { questionnaires } = yield* client.invites.questionnaires()
      const found = questionnaires.find((q) => q.id === named || q.name.toLowerCase() === named.toLowerCase())
      if (found === undefined) {
        return yield* new InvalidInput({ detail: text("inviteTemplateUnknown", locale, { name: named }) })
      }
      templateId = found.id
    }
    // A new key each run: retried inside this run (the client's own retries), the vendor is invited once.
    const made = yield* client.invites.invite(
      new NewInviteInput({
        vendorName: decoded.name,
        email: decoded.email,
        locale: decoded.language ?? locale,
        ...(templateId === undefined ? {} : { templateId })
      }),
      randomUUID()
    )
    yield* emit(
      () => [
        text("inviteNow", locale, {
          toast: text("inviteSent", locale),
          number: made.number,
          name: made.vendorName,
          email: made.email,
          status: inviteStatusText(made.status, locale)
        })
      ],
      () => made
    )
  })
