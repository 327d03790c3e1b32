import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { InviteDecision, InviteReviewInput, type InviteStatus } from "@tawreed/core/invites"
import { InvalidInput, type Locale } from "@tawreed/core/shared"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"

/** An invitation's status in words. */
export const inviteStatusText = (status: InviteStatus, locale: Locale): string => text(`inviteStatus${status}`, locale)

const ReviewOptions = Schema.Struct({
  action: Schema.Literals(["approve", "return", "reject", "withdraw"]),
  remarks: Schema.optional(Schema.String),
  message: Schema.optional(Schema.String),
  super: Schema.optional(Schema.Boolean)
})

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The invitation a user names: its id, its number (`VIN-000012`) or the vendor's email. */
const inviteOf = (client: TawreedClientShape, named: string) =>
  Effect.gen(function* () {
    const name = named.trim()
    if (uuid.test(name)) return yield* client.invites.get(name)
    const page = yield* client.invites.list({ limit: 500 })
    const found = page.invites.find(
      (i) => i.number.toLowerCase() === name.toLowerCase() || i.email === name.toLowerCase()
    )
    // What matches nothing is taken as an id, for the API to judge.
    return found ?? (yield* client.invites.get(name))
  })

/**
 * `tawreed vendors review <invite> --action approve|return|reject|withdraw [--remarks …] [--message …] [--super]`;
 * withdraw takes back the review request (the vendor gets a new link to correct and submit again).
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("review")
    .argument("<invite>", "the invitation's number (VIN-000012), id or the vendor's email")
    .description(
      "approve, return for correction or reject a vendor's registration waiting for your review, or withdraw its review request"
    )
    .requiredOption("--action <action>", "approve, return, reject or withdraw")
    .option("--remarks <text>", "why, for the internal approval timeline (never shown to the vendor)")
    .option("--message <text>", "what the vendor is told when returned or rejected")
    .option("--super", "decide as a super approver, over every level")
    .action((invite: string, options: unknown, command: Command) => run(command, review(invite, options)))

const review = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ReviewOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--action must be approve, return, reject or withdraw" }))
    )
    const client = yield* signedInClient
    const invite = yield* inviteOf(client, named)
    const reviewed =
      decoded.action === "withdraw"
        ? yield* client.invites.withdrawReview(invite.id, decoded.message)
        : yield* client.invites.review(
            invite.id,
            new InviteReviewInput({
              payload: new InviteDecision({
                action: decoded.action,
                ...(decoded.remarks === undefined ? {} : { remark: decoded.remarks }),
                ...(decoded.message === undefined ? {} : { vendorMessage: decoded.message })
              }),
              ...(decoded.super === undefined ? {} : { isSuperApproval: decoded.super })
            })
          )
    yield* emit(
      () => [
        text("inviteNow", locale, {
          toast: text(decoded.action === "withdraw" ? "inviteWithdrawn" : "inviteReviewed", locale),
          number: reviewed.number,
          name: reviewed.registration?.nameEn || reviewed.vendorName,
          email: reviewed.email,
          status: inviteStatusText(reviewed.status, locale)
        })
      ],
      () => reviewed
    )
  })
