import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { BudgetChangeReview } from "@tawreed/core/budgets"
import { InvalidInput } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { changeLine } from "./Lookup.ts"

const ReviewOptions = Schema.Struct({
  approve: Schema.optional(Schema.Boolean),
  return: Schema.optional(Schema.Boolean),
  reject: Schema.optional(Schema.Boolean),
  remark: Schema.optional(Schema.String),
  super: Schema.optional(Schema.Boolean)
})

const decisions = ["approve", "return", "reject"] as const

/** `tawreed budgets review <changeId> --approve|--return|--reject [--remark] [--super]`: decides a budget change. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("review")
    .argument("<changeId>", "the change's id, as `budgets change` or `budgets changes` print it")
    .description("approve, return or reject a budget change waiting for your approval")
    .option("--approve", "approve it; the last level's approval applies it to the budget")
    .option("--return", "return it to the requester")
    .option("--reject", "reject it")
    .option("--remark <text>", "why, for the approval timeline")
    .option("--super", "decide as a super approver, over every level")
    .action((changeId: string, options: unknown, command: Command) => run(command, review(changeId, options)))

const review = (changeId: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ReviewOptions)(options).pipe(Effect.orDie)
    const chosen = decisions.filter((d) => decoded[d] === true)
    const [action] = chosen
    if (action === undefined || chosen.length > 1) {
      return yield* new InvalidInput({ detail: "give one of --approve, --return or --reject" })
    }
    const client = yield* signedInClient
    const reviewed = yield* client.budgets.reviewChange(
      changeId.trim(),
      new BudgetChangeReview({
        action,
        ...(decoded.remark === undefined ? {} : { remark: decoded.remark }),
        ...(decoded.super === undefined ? {} : { isSuperApproval: decoded.super })
      })
    )
    yield* emit(
      () => [changeLine(reviewed, locale)],
      () => reviewed
    )
  })
