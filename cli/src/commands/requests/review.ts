import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { RequestApproval, RequestReview } from "@tawreed/core/requests"
import { InvalidInput, requestToast } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { nowText, requestOf } from "./Lookup.ts"

const ReviewOptions = Schema.Struct({
  action: Schema.Literals(["approve", "skip", "reject", "return"]),
  remark: Schema.optional(Schema.String),
  classification: Schema.optional(Schema.String),
  super: Schema.optional(Schema.Boolean)
})

/** `tawreed requests review <request> --action approve|skip|reject|return [--remark] [--classification] [--super]`. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("review")
    .argument("<request>", "the request's number (REQ-000042) or id")
    .description("approve, skip a level of, reject or return a request waiting for your approval")
    .requiredOption("--action <action>", "approve, skip (super approvers), reject or return")
    .option("--remark <text>", "why, for the approval timeline")
    .option("--classification <name>", "the approval classification, which later levels may ask for")
    .option("--super", "decide as a super approver, over every level")
    .action((request: string, options: unknown, command: Command) => run(command, review(request, options)))

const review = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ReviewOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--action must be approve, skip, reject or return" }))
    )
    const client = yield* signedInClient
    const request = yield* requestOf(client, named)
    const fields = {
      version: request.version,
      ...(decoded.remark === undefined ? {} : { remark: decoded.remark }),
      ...(decoded.classification === undefined ? {} : { approvalClassification: decoded.classification }),
      ...(decoded.super === undefined ? {} : { isSuperApproval: decoded.super })
    }
    const decided =
      decoded.action === "approve"
        ? yield* client.requests.approve(request.id, new RequestApproval(fields))
        : decoded.action === "skip"
          ? yield* client.requests.skip(request.id, new RequestReview(fields))
          : decoded.action === "reject"
            ? yield* client.requests.reject(request.id, new RequestReview(fields))
            : yield* client.requests.return(request.id, new RequestReview(fields))
    // Skipping a level has no toast of its own in the spec; it is an approval of that level.
    const toast = requestToast(decoded.action === "skip" ? "approve" : decoded.action, "success", locale) ?? ""
    yield* emit(
      () => [nowText(toast, decided, locale)],
      () => decided
    )
  })
