import type { Command } from "commander"
import { Effect } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import type { TimelineEntry } from "@tawreed/core/approvals"
import { dateTexts, type DateTexts } from "@tawreed/core/dates"
import type { Order, OrderLine } from "@tawreed/core/orders"
import { isolate, type Locale } from "@tawreed/core/shared"
import { countText, text, type MessageKey } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import { columns } from "../../Table.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { timelineLine } from "../../Timeline.ts"
import { orderOf, orderStatusText, orderVendorName, priorityText } from "./Lookup.ts"

/** `tawreed orders show <order>`: an order whole, with names for its vendor, workspace and budget, and its history. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("show")
    .argument("<order>", "the order's number (PO-000042) or id")
    .description("show an order: its status, vendor, workspace, budget line, lines, totals and history")
    .action((order: string, _options: unknown, command: Command) => run(command, show(order)))

/** What the page shows beside the order: the names of what it points at, where the reader may read them. */
interface Names {
  readonly workspace: string
  readonly location: string | undefined
  readonly budget: string | undefined
  readonly line: string | undefined
  /** People by id: the timeline's actors, the reader, and the organisation's users where the reader reads them. */
  readonly people: ReadonlyMap<string, string>
}

const unreadable = <A>(effect: Effect.Effect<A, unknown>) =>
  effect.pipe(
    Effect.map((a): A | undefined => a),
    Effect.catch(() => Effect.succeed(undefined))
  )

const namesOf = (
  client: TawreedClientShape,
  order: Order,
  timeline: ReadonlyArray<TimelineEntry>,
  me: { readonly id: string; readonly name: string }
) =>
  Effect.gen(function* () {
    const workspace = yield* unreadable(client.workspaces.get(order.workspaceId))
    const budget = order.budget === null ? undefined : yield* unreadable(client.budgets.get(order.budget.budgetId))
    const people = new Map<string, string>(timeline.map((t) => [t.actorId, t.actorName] as const))
    people.set(me.id, me.name)
    for (const id of new Set(order.events.map((e) => e.by))) {
      if (people.has(id)) continue
      const user = yield* unreadable(client.users.get(id))
      if (user !== undefined) people.set(id, `${user.firstName} ${user.lastName}`.trim())
    }
    const line = budget?.lines.find((l) => l.key === order.budget?.line)
    const names: Names = {
      workspace: workspace?.name ?? "—",
      location: workspace?.locations.find((l) => l.id === order.locationId)?.name,
      budget: budget?.name,
      line: order.budget === null ? undefined : line === undefined ? order.budget.line : `${line.label} (${line.key})`,
      people
    }
    return names
  })

const show = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const order = yield* orderOf(client, named)
    const timeline = yield* client.orders.timeline(order.id)
    const iam = yield* client.iam()
    const dates = dateTexts(locale, iam.orgSettings?.orgConfig.adminConfig.dateFormat)
    const me = { id: iam.profile.id, name: `${iam.profile.firstName} ${iam.profile.lastName}`.trim() }
    const names = yield* namesOf(client, order, timeline, me)
    yield* emit(
      () => orderShown(order, timeline, names, locale, dates),
      () => ({ order, timeline })
    )
  })

const lineName = (line: OrderLine, locale: Locale) =>
  (locale === "ar" ? line.name.ar || line.name.en : line.name.en || line.name.ar) || "—"

/** The order's lines and totals as a table (the seller's view uses it too). */
export const orderTable = (order: Order, locale: Locale): ReadonlyArray<string> => {
  const money = (amount: string) => `${amount} ${order.currency}`
  const total = (label: string, amount: string) => ["", label, "", "", "", "", money(amount)]
  return [
    countText("requestLines", locale, order.lines.length),
    ...(order.lines.length === 0
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
            ...order.lines.map((line) => [
              String(line.lineSeqId),
              lineName(line, locale),
              line.quantity,
              line.unit,
              line.unitPrice,
              line.amounts.tax,
              money(line.amounts.total)
            ]),
            total(text("requestSubtotal", locale), order.totals.subTotal),
            total(text("columnTax", locale), order.totals.tax),
            ...(Number(order.totals.shippingFee) === 0
              ? []
              : [total(text("orderShipping", locale), order.totals.shippingFee)]),
            total(text("columnTotal", locale), order.totals.total)
          ],
          [2, 4, 5, 6]
        ))
  ]
}

/** One of the order's own events (sent, answered, amended, cancelled…): when, who, what, and the remark. */
const eventLine = (event: Order["events"][number], names: Names, locale: Locale, dates: DateTexts) =>
  [
    isolate(dates.dateTime(event.at)),
    ...(names.people.has(event.by) ? [isolate(names.people.get(event.by)!)] : []),
    text(`orderEvent${event.kind}` as MessageKey, locale),
    ...(event.remark === "" ? [] : [`“${isolate(event.remark)}”`])
  ].join(" · ")

const orderShown = (
  order: Order,
  timeline: ReadonlyArray<TimelineEntry>,
  names: Names,
  locale: Locale,
  dates: DateTexts
): ReadonlyArray<string> => {
  const warning = order.budgetWarning
  // The approval's steps and the order's own events, in the order they happened.
  const history = [
    ...timeline.map((entry) => ({ at: new Date(entry.at).getTime(), line: timelineLine(entry, locale, dates) })),
    ...order.events.map((event) => ({ at: Date.parse(event.at), line: eventLine(event, names, locale, dates) }))
  ].sort((a, b) => a.at - b.at)
  return [
    text("requestHeading", locale, { number: order.number, title: order.title }),
    text("orderStatusLine", locale, {
      status: orderStatusText(order.status, locale),
      priority: priorityText(order.priority, locale)
    }),
    order.request === null
      ? text("orderVendorLine", locale, { vendor: orderVendorName(order, locale) })
      : text("orderVendorRequestLine", locale, {
          vendor: orderVendorName(order, locale),
          request: order.request.number
        }),
    names.location === undefined
      ? text("requestWorkspaceLine", locale, { workspace: names.workspace })
      : text("requestLocationLine", locale, { workspace: names.workspace, location: names.location }),
    ...(names.line === undefined
      ? []
      : [text("requestBudgetLine", locale, { budget: names.budget ?? "—", line: names.line })]),
    ...(warning === null
      ? []
      : [
          text("requestBudgetWarning", locale, {
            line: warning.line,
            limit: `${warning.limit} ${warning.currency}`,
            excess: `${warning.excess} ${warning.currency}`
          })
        ]),
    ...(order.deliveryDate === null ? [] : [text("orderDelivery", locale, { date: dates.day(order.deliveryDate) })]),
    ...(order.cancelReason === null ? [] : [text("orderCancelReason", locale, { reason: order.cancelReason })]),
    ...orderTable(order, locale),
    ...(history.length === 0 ? [] : [text("orderHistory", locale), ...history.map((h) => `  ${h.line}`)])
  ]
}
