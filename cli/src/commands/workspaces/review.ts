import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { InvalidInput } from "@tawreed/core/shared"
import { WorkspaceReview } from "@tawreed/core/workspaces"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { statusText, workspaceOf } from "./Lookup.ts"

const ReviewOptions = Schema.Struct({
  action: Schema.Literals(["approve", "return", "reject"]),
  remark: Schema.optional(Schema.String),
  super: Schema.optional(Schema.Boolean)
})

/** `tawreed workspaces review <workspace> --action approve|return|reject [--remark] [--super]`. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("review")
    .argument("<workspace>", "the workspace's name or id")
    .description("approve, return or reject a workspace waiting for your approval")
    .requiredOption("--action <action>", "approve, return or reject")
    .option("--remark <text>", "why, for the approval timeline")
    .option("--super", "decide as a super approver, over every level")
    .action((workspace: string, options: unknown, command: Command) => run(command, review(workspace, options)))

const review = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ReviewOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--action must be approve, return or reject" }))
    )
    const client = yield* signedInClient
    const workspace = yield* workspaceOf(client, named)
    const reviewed = yield* client.workspaces.review(
      workspace.id,
      new WorkspaceReview({
        action: decoded.action,
        ...(decoded.remark === undefined ? {} : { remark: decoded.remark }),
        ...(decoded.super === undefined ? {} : { isSuperApproval: decoded.super })
      })
    )
    yield* emit(
      () => [text("workspaceNow", locale, { name: reviewed.name, status: statusText(reviewed.status, locale) })],
      () => reviewed
    )
  })
