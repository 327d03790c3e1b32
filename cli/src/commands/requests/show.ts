import type { Command } from "commander"
import { Effect } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import type { TimelineEntry } from "@tawreed/core/approvals"
import { dateTexts, type DateTexts } from "@tawreed/core/dates"
import type { Request, RequestItem } from "@tawreed/core/requests"
import type { Locale } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import { columns } from "../../Table.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { timelineLine } from "../../Timeline.ts"
import { amountText, requestOf, statusText, typeText } from "./Lookup.ts"

/** `tawreed requests show <request>`: a request whole, with names for people and places, and its timeline. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("show")
    .argument("<request>", "the request's number (REQ-000042) or id")
    .description("show a request: its status, workspace, requester, budget line, lines, totals and approval timeline")
    .action((request: string, _options: unknown, command: Command) => run(command, show(request)))

/** What the page shows beside the request: the names of what it points at, where the reader may read them. */
interface Names {
  readonly workspace: string
  readonly location: string | undefined
  readonly requester: string | undefined
  readonly budget: string | undefined
  readonly line: string | undefined
}

const unreadable = <A>(effect: Effect.Effect<A, unknown>) =>
  effect.pipe(
    Effect.map((a): A | undefined => a),
    Effect.catch(() => Effect.succeed(undefined))
  )

/**
 * The names a request points at. People are named by the timeline, the reader's own profile or, for those who may
 * read the organisation's users, its users; whatever the reader may not read is left out rather than shown as an id.
 */
const namesOf = (
  client: TawreedClientShape,
  request: Request,
  timeline: ReadonlyArray<TimelineEntry>,
  me: { readonly id: string; readonly name: string }
) =>
  Effect.gen(function* () {
    const workspace = yield* unreadable(client.workspaces.get(request.workspaceId))
    const budget = request.budget === null ? undefined : yield* unreadable(client.budgets.get(request.budget.budgetId))
    const named = timeline.find((t) => t.actorId === request.requesterId)?.actorName
    const requester =
      request.requesterId === me.id
        ? me.name
        : (named ??
          (yield* unreadable(
            Effect.map(client.users.get(request.requesterId), (u) => `${u.firstName} ${u.lastName}`.trim())
          )))
    const line = budget?.lines.find((l) => l.key === request.budget?.line)
    const names: Names = {
      workspace: workspace?.name ?? "—",
      location: workspace?.locations.find((l) => l.id === request.locationId)?.name,
      requester,
      budget: budget?.name,
      line:
        request.budget === null ? undefined : line === undefined ? request.budget.line : `${line.label} (${line.key})`
    }
    return names
  })

const show = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const request = yield* requestOf(client, named)
    const timeline = yield* client.requests.timeline(request.id)
    const iam = yield* client.iam()
    const dates = dateTexts(locale, iam.orgSettings?.orgConfig.adminConfig.dateFormat)
    const me = { id: iam.profile.id, name: `${iam.profile.firstName} ${iam.profile.lastName}`.trim() }
    const names = yield* namesOf(client, request, timeline, me)
    yield* emit(
      () => lines(request, timeline, names, locale, dates),
      () => ({ request, timeline })
    )
  })

const itemName = (item: RequestItem, locale: Locale) =>
  (locale === "ar" ? item.name.ar || item.name.en : item.name.en || item.name.ar) || "—"

const lines = (
  request: Request,
  timeline: ReadonlyArray<TimelineEntry>,
  names: Names,
  locale: Locale,
  dates: DateTexts
): ReadonlyArray<string> => {
  const items = [...request.items, ...request.expenseItems]
  const currency = request.currency
  const due = request.expectedDate === null ? text("requestNoDueDate", locale) : dates.day(request.expectedDate)
  const raised = dates.day(request.requestedDate)
  const warning = request.budgetWarning
  return [
    text("requestHeading", locale, { number: request.number, title: request.title }),
    text("requestStatusLine", locale, {
      status: statusText(request.status, locale),
      type: typeText(request.requestType, locale)
    }),
    names.location === undefined
      ? text("requestWorkspaceLine", locale, { workspace: names.workspace })
      : text("requestLocationLine", locale, { workspace: names.workspace, location: names.location }),
    names.requester === undefined
      ? text("requestRaisedLine", locale, { raised, due })
      : text("requestRequesterLine", locale, { name: names.requester, raised, due }),
    ...(names.line === undefined
      ? []
      : [text("requestBudgetLine", locale, { budget: names.budget ?? "—", line: names.line })]),
    ...(warning === null
      ? []
      : [
          text("requestBudgetWarning", locale, {
            line: warning.line,
            limit: amountText(warning.limit, warning.currency),
            excess: amountText(warning.excess, warning.currency)
          })
        ]),
    ...(request.remarks === "" ? [] : [text("requestRemarks", locale, { remarks: request.remarks })]),
    countText("requestLines", locale, items.length),
    ...(items.length === 0
      ? []
      : columns(
          [
            [
              "#",
              text("columnItem", locale),
              text("columnQuantity", locale),
              text("columnUnit", locale),
              text("columnUnitPrice", locale),
              text("columnTax", locale),
              text("columnTotal", locale)
            ],
            ...items.map((item) => [
              String(item.lineSeqId),
              itemName(item, locale),
              item.quantity,
              item.unit,
              item.price.basePrice,
              item.amounts.tax,
              amountText(item.amounts.total, currency)
            ]),
            ["", text("requestSubtotal", locale), "", "", "", "", amountText(request.totals.subTotal, currency)],
            ["", text("columnTax", locale), "", "", "", "", amountText(request.totals.tax, currency)],
            ["", text("columnTotal", locale), "", "", "", "", amountText(request.totals.total, currency)]
          ],
          [2, 4, 5, 6]
        )),
    ...(timeline.length === 0
      ? []
      : [text("requestTimeline", locale), ...timeline.map((entry) => `  ${timelineLine(entry, locale, dates)}`)])
  ]
}
