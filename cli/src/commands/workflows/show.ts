import type { Command } from "commander"
import { Effect } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import type { ApprovalCriteria, Approver, Workflow } from "@tawreed/core/approvals"
import type { Locale } from "@tawreed/core/shared"
import { text, type MessageKey } from "../../Messages.ts"
import { listOf, roleNames } from "../../Names.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { kindText, scopeText } from "./Lookup.ts"

/** `tawreed workflows show <workflowId>`: each level with its approvers, its ONE/ALL rule and its criteria. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("show")
    .argument("<workflowId>", "the workflow's id, as `workflows list` prints it")
    .description("show a workflow's levels: their approvers, whether one or all must approve, and when they apply")
    .action((id: string, _options: unknown, command: Command) => run(command, show(id)))

const show = (id: string) =>
  Effect.gen(function* () {
    const { locale, json } = yield* Settings
    const client = yield* signedInClient
    const workflow = yield* client.workflows.get(id.trim())
    const names = json ? new Map<string, string>() : yield* userNames(client, workflow)
    const roleName = json ? (code: string, _locale: Locale) => code : yield* roleNames(client)
    yield* emit(
      () => lines(workflow, names, (code) => roleName(code, locale), locale),
      () => workflow
    )
  })

/**
 * The named approvers as "Name <email>"; whoever may not read users sees the ids, as does a user no longer
 * found.
 */
const userNames = (client: TawreedClientShape, workflow: Workflow) =>
  Effect.gen(function* () {
    const ids = new Set(
      workflow.levels.flatMap((l) => l.approvers.flatMap((a) => (a.type === "USER" ? [a.userId] : [])))
    )
    const names = new Map<string, string>()
    for (const id of ids) {
      const user = yield* client.users.get(id).pipe(
        Effect.map((u) => `${`${u.firstName} ${u.lastName}`.trim()} <${u.email}>`),
        Effect.catchTag("ApiFailure", () => Effect.succeed(id))
      )
      names.set(id, user)
    }
    return names
  })

const lines = (
  workflow: Workflow,
  names: ReadonlyMap<string, string>,
  roleName: (code: string) => string,
  locale: Locale
): ReadonlyArray<string> => [
  text("workflowHeading", locale, {
    kind: kindText(workflow.kind, locale),
    scope: scopeText(workflow, locale),
    version: workflow.version,
    id: workflow.id
  }),
  ...(workflow.levels.length === 0
    ? [text("workflowNoLevels", locale)]
    : workflow.levels.flatMap((level) => [
        text("workflowLevel", locale, {
          level: level.level,
          name: level.name,
          mode: text(`workflowMode${level.mode}` as MessageKey, locale)
        }),
        `  ${text("workflowApprovers", locale, {
          approvers: listOf(
            level.approvers.map((a) => approverText(a, names, roleName, locale)),
            locale
          )
        })}`,
        `  ${text("workflowCriteria", locale, { criteria: criteriaText(level.criteria, locale) })}`
      ]))
]

const approverText = (
  approver: Approver,
  names: ReadonlyMap<string, string>,
  roleName: (code: string) => string,
  locale: Locale
) =>
  approver.type === "USER"
    ? (names.get(approver.userId) ?? approver.userId)
    : text("workflowRole", locale, { role: roleName(approver.roleCode) })

/** Every criterion given, joined; a level without any applies to every document. */
const criteriaText = (criteria: ApprovalCriteria, locale: Locale) => {
  const list = (key: MessageKey, values: ReadonlyArray<string> | undefined) =>
    values === undefined || values.length === 0 ? [] : [text(key, locale, { list: values.join(", ") })]
  const given = [
    ...(criteria.minValue == null ? [] : [text("workflowValueFrom", locale, { value: criteria.minValue })]),
    ...(criteria.maxValue == null ? [] : [text("workflowValueBelow", locale, { value: criteria.maxValue })]),
    ...list("workflowCategories", criteria.categories),
    ...list("workflowRequestClassifications", criteria.requestClassifications),
    ...list("workflowApprovalClassifications", criteria.approvalClassifications),
    ...list("workflowPaymentTerms", criteria.paymentTerms)
  ]
  return given.length === 0 ? text("workflowAnyDocument", locale) : given.join("; ")
}
