import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { InvalidInput, type Locale } from "@tawreed/core/shared"
import { emit } from "../Output.ts"
import type { CliError } from "../Failures.ts"
import type { CommandServices, Runner } from "../Runner.ts"
import { signedInClient } from "../Session.ts"
import { Settings } from "../Settings.ts"

/** What a reviewer sends with a decision: the version read, a remark, a classification, a super approval. */
export interface ReviewFields {
  readonly version: number
  readonly remark?: string
  readonly approvalClassification?: string
  readonly isSuperApproval?: boolean
}

/** One kind of document's review command: its name, its decisions, how it finds a document, decides and says so. */
export interface DocumentReview<
  Action extends string,
  D extends { readonly id: string; readonly version: number },
  R extends CommandServices,
  E1 extends CliError,
  E2 extends CliError
> {
  /** The argument's name and help, e.g. `<order>` and "the order's number (PO-000042) or id". */
  readonly argument: readonly [string, string]
  readonly description: string
  readonly actions: readonly [Action, ...Array<Action>]
  readonly actionHelp: string
  readonly find: (client: TawreedClientShape, named: string) => Effect.Effect<D, E1, R>
  readonly decide: (
    client: TawreedClientShape,
    action: Action,
    document: D,
    fields: ReviewFields
  ) => Effect.Effect<D, E2, R>
  /** The line printed after the decision, in the reader's language. */
  readonly said: (action: Action, decided: D, locale: Locale) => string
}

/**
 * `tawreed <documents> review <document> --action … [--remark] [--classification] [--super]`: the same command for
 * every document the approval engine reviews, each kind naming its decisions and its client calls.
 */
export const registerReview = <
  Action extends string,
  D extends { readonly id: string; readonly version: number },
  R extends CommandServices,
  E1 extends CliError,
  E2 extends CliError
>(
  parent: Command,
  run: Runner,
  kind: DocumentReview<Action, D, R, E1, E2>
) => {
  const Options = Schema.Struct({
    action: Schema.Literals(kind.actions),
    remark: Schema.optional(Schema.String),
    classification: Schema.optional(Schema.String),
    super: Schema.optional(Schema.Boolean)
  })
  const choices = kind.actions.join(", ").replace(/, ([^,]+)$/, " or $1")
  const review = (named: string, options: unknown) =>
    Effect.gen(function* () {
      const { locale } = yield* Settings
      const decoded = yield* Schema.decodeUnknownEffect(Options)(options).pipe(
        Effect.mapError(() => new InvalidInput({ detail: `--action must be ${choices}` }))
      )
      const client = yield* signedInClient
      const document = yield* kind.find(client, named)
      const fields: ReviewFields = {
        version: document.version,
        ...(decoded.remark === undefined ? {} : { remark: decoded.remark }),
        ...(decoded.classification === undefined ? {} : { approvalClassification: decoded.classification }),
        ...(decoded.super === undefined ? {} : { isSuperApproval: decoded.super })
      }
      const decided = yield* kind.decide(client, decoded.action as Action, document, fields)
      yield* emit(
        () => [kind.said(decoded.action as Action, decided, locale)],
        () => decided
      )
    })
  return parent
    .command("review")
    .argument(...kind.argument)
    .description(kind.description)
    .requiredOption("--action <action>", kind.actionHelp)
    .option("--remark <text>", "why, for the approval timeline")
    .option("--classification <name>", "the approval classification, which later levels may ask for")
    .option("--super", "decide as a super approver, over every level")
    .action((named: string, options: unknown, command: Command) => run(command, review(named, options)))
}
