import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { InvalidInput } from "@tawreed/core/shared"
import { VendorChangeNotFound, VendorChangeReviewInput, VendorChangeWithdrawInput } from "@tawreed/core/vendors"
import { type MessageKey, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { vendorName, vendorOf } from "./Lookup.ts"

const ReviewChangeOptions = Schema.Struct({
  approve: Schema.optional(Schema.Boolean),
  reject: Schema.optional(Schema.Boolean),
  withdraw: Schema.optional(Schema.Boolean),
  message: Schema.optional(Schema.String),
  super: Schema.optional(Schema.Boolean)
})

/**
 * `tawreed vendors review-change <vendor> --approve|--reject|--withdraw [--message …] [--super]`: decides the
 * vendor's change of key details waiting for review (approved, it applies), or takes it back.
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("review-change")
    .argument("<vendor>", "the vendor's number (VEN-000004), CR or VAT number, name or id")
    .description("approve or reject a change of a vendor's bank accounts, names, CR or VAT number or addresses")
    .option("--approve", "approve the change: it applies to the vendor")
    .option("--reject", "reject the change: it is discarded")
    .option("--withdraw", "take back a change you proposed")
    .option("--message <text>", "the remark on the change's timeline")
    .option("--super", "decide as a super approver, over every level")
    .action((vendor: string, options: unknown, command: Command) => run(command, reviewChange(vendor, options)))

const reviewChange = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ReviewChangeOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "give one of --approve, --reject or --withdraw" }))
    )
    const chosen = [decoded.approve, decoded.reject, decoded.withdraw].filter((o) => o === true).length
    if (chosen !== 1) return yield* new InvalidInput({ detail: "give one of --approve, --reject or --withdraw" })
    const client = yield* signedInClient
    const vendor = yield* vendorOf(client, named)
    const pending = (yield* client.vendors.changes(vendor.id)).pending
    // No change waits for review: the catalogue's words, in the reader's language.
    if (pending === null) return yield* new VendorChangeNotFound({ id: vendor.number })
    const remark = decoded.message ?? ""
    const decided =
      decoded.withdraw === true
        ? yield* client.vendors.withdrawChange(
            pending.id,
            new VendorChangeWithdrawInput({ remark, version: pending.version })
          )
        : yield* client.vendors.reviewChange(
            pending.id,
            new VendorChangeReviewInput({
              action: decoded.approve === true ? "approve" : "reject",
              remark,
              version: pending.version,
              ...(decoded.super === undefined ? {} : { isSuperApproval: decoded.super })
            })
          )
    const toast =
      decided.status === "APPROVED"
        ? "vendorChangeApproved"
        : decided.status === "REJECTED"
          ? "vendorChangeRejected"
          : decided.status === "WITHDRAWN"
            ? "vendorChangeWithdrawn"
            : "vendorChangeReviewed"
    yield* emit(
      () => [
        text("vendorChangeNow", locale, {
          toast: text(toast, locale),
          number: vendor.number,
          name: vendorName(vendor, locale),
          fields: decided.fields.map((f) => text(`vendorChangeField${f}` as MessageKey, locale)).join(", ")
        })
      ],
      () => decided
    )
  })
