import { Effect, Option } from "effect"
import { Approvals, ApprovalCriteria, Workflow, WorkflowLevel } from "@tawreed/core/approvals"
import { privilegesWithCustomRoles } from "@tawreed/core/access"
import { Actor, type UserId } from "@tawreed/core/identity"
import { Notifications, Recipient } from "@tawreed/core/notifications"
import type { OrgId } from "@tawreed/core/organisations"
import {
  NewRequestInput,
  type Request,
  RequestApproval,
  RequestCommandInput,
  RequestItemInput,
  RequestReview,
  Requests,
  type RequestType
} from "@tawreed/core/requests"

/** What the demo's people are, as `DemoData` seeds them. */
export interface DemoPerson {
  readonly id: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly roles: ReadonlyArray<string>
}

/** Where the demo's requests are raised: the head office, its locations and its budget. */
export interface DemoPlace {
  readonly orgId: string
  readonly workspaceId: string
  readonly office: string
  readonly store: string
  /** The budget its requests are charged to; none outside the budget's period. */
  readonly budgetId: string | null
  readonly customRoles: ReadonlyArray<{ readonly code: string; readonly privileges: ReadonlyArray<string> }>
}

/** One line of a demo request: what, how many, at what unit price, with VAT on top unless `vat` is false. */
interface DemoLine {
  readonly en: string
  readonly ar: string
  readonly quantity: string
  readonly unit: string
  readonly price: string
  readonly vat?: boolean
}

/** What happens to a demo request after it is drafted, each step taken by the person who would take it. */
export type DemoOutcome =
  | "draft"
  | "waiting"
  | "approved"
  | "returned"
  | "rejected"
  /** Submitted by the organisation's super user, whose override lets it pass a Stop line with a warning. */
  | "approvedOverLimit"

export interface DemoRequest {
  readonly title: string
  readonly requestType: RequestType
  readonly line: "6100" | "6200" | "6300"
  readonly at: "office" | "store"
  readonly lines: ReadonlyArray<DemoLine>
  readonly outcome: DemoOutcome
  /** The approver's remark when she returns or rejects it. */
  readonly remark?: string
}

/**
 * The head office's requests, oldest first, as Omar (the buyer) raised them and Sara (the approver) decided them:
 * most approved and charged to the budget, one returned for changes, one rejected, one waiting for her, three
 * drafts; and a laptop order that passes the IT equipment line, which only the super user's override let through
 * the Stop policy, with its warning kept on the request.
 */
export const demoRequests: ReadonlyArray<DemoRequest> = [
  {
    title: "Printer paper for the head office",
    requestType: "product",
    line: "6200",
    at: "office",
    lines: [
      {
        en: "A4 copy paper, box of 5 reams",
        ar: "ورق تصوير A4، صندوق من 5 رزم",
        quantity: "40",
        unit: "box",
        price: "21.50"
      }
    ],
    outcome: "approved"
  },
  {
    title: "Toner cartridges for the second floor printers",
    requestType: "product",
    line: "6200",
    at: "office",
    lines: [{ en: "Black toner cartridge", ar: "خرطوشة حبر أسود", quantity: "6", unit: "piece", price: "310" }],
    outcome: "approved"
  },
  {
    title: "Flights to the Dubai procurement summit",
    requestType: "service",
    line: "6100",
    at: "office",
    lines: [
      {
        en: "Return flight Riyadh–Dubai",
        ar: "تذكرة ذهاب وعودة الرياض–دبي",
        quantity: "3",
        unit: "ticket",
        price: "1850",
        vat: false
      }
    ],
    outcome: "approved"
  },
  {
    title: "Hotel for the Dubai procurement summit",
    requestType: "service",
    line: "6100",
    at: "office",
    lines: [
      {
        en: "Hotel room, one night",
        ar: "غرفة فندقية لليلة واحدة",
        quantity: "9",
        unit: "night",
        price: "720",
        vat: false
      }
    ],
    outcome: "approved"
  },
  {
    title: "Network switches for the head office",
    requestType: "product",
    line: "6300",
    at: "office",
    lines: [{ en: "48-port network switch", ar: "محوّل شبكة بـ 48 منفذًا", quantity: "2", unit: "piece", price: "3400" }],
    outcome: "approved"
  },
  {
    title: "Drinking water for the central store",
    requestType: "product",
    line: "6200",
    at: "store",
    lines: [
      {
        en: "Bottled water, carton of 40",
        ar: "مياه معبأة، كرتونة من 40 عبوة",
        quantity: "120",
        unit: "carton",
        price: "14"
      }
    ],
    outcome: "approved"
  },
  {
    title: "Stationery kits for new joiners",
    requestType: "product",
    line: "6200",
    at: "office",
    lines: [{ en: "Stationery kit", ar: "طقم أدوات مكتبية", quantity: "30", unit: "kit", price: "45" }],
    outcome: "approved"
  },
  {
    title: "Standing desks for the second floor",
    requestType: "product",
    line: "6200",
    at: "office",
    lines: [
      {
        en: "Height-adjustable standing desk",
        ar: "مكتب وقوف قابل لتعديل الارتفاع",
        quantity: "8",
        unit: "piece",
        price: "1450"
      }
    ],
    outcome: "returned",
    remark: "Please split this by floor and attach the supplier's quote."
  },
  {
    title: "Espresso machine for the staff lounge",
    requestType: "product",
    line: "6200",
    at: "office",
    lines: [{ en: "Espresso machine", ar: "آلة إسبريسو", quantity: "1", unit: "piece", price: "4900" }],
    outcome: "rejected",
    remark: "Not in this year's plan."
  },
  {
    title: "Laptops for the finance team",
    requestType: "product",
    line: "6300",
    at: "office",
    lines: [
      {
        en: "14-inch business laptop",
        ar: "حاسوب محمول للأعمال مقاس 14 بوصة",
        quantity: "10",
        unit: "piece",
        price: "6500"
      }
    ],
    outcome: "approvedOverLimit"
  },
  {
    title: "Monitors for the design team",
    requestType: "product",
    line: "6300",
    at: "office",
    lines: [{ en: "27-inch monitor", ar: "شاشة مقاس 27 بوصة", quantity: "4", unit: "piece", price: "1100" }],
    outcome: "draft"
  },
  {
    title: "Cleaning supplies for the central store",
    requestType: "product",
    line: "6200",
    at: "store",
    lines: [
      { en: "Floor cleaner, 4 litres", ar: "منظف أرضيات، 4 لترات", quantity: "20", unit: "bottle", price: "18" },
      {
        en: "Heavy-duty rubbish bags, roll",
        ar: "أكياس نفايات متينة، لفة",
        quantity: "50",
        unit: "roll",
        price: "9.50"
      }
    ],
    outcome: "draft"
  },
  {
    title: "Travel to the Jeddah supplier fair",
    requestType: "service",
    line: "6100",
    at: "office",
    lines: [
      {
        en: "Return flight Riyadh–Jeddah",
        ar: "تذكرة ذهاب وعودة الرياض–جدة",
        quantity: "2",
        unit: "ticket",
        price: "780"
      },
      { en: "Hotel room, one night", ar: "غرفة فندقية لليلة واحدة", quantity: "4", unit: "night", price: "540" }
    ],
    outcome: "draft"
  },
  {
    title: "Office chairs for the head office",
    requestType: "product",
    line: "6200",
    at: "office",
    lines: [{ en: "Ergonomic office chair", ar: "كرسي مكتب مريح", quantity: "20", unit: "piece", price: "450" }],
    outcome: "waiting"
  }
]

/** The head office's request workflow: one level, passed by any holder of the Request Approver role there. */
export const demoRequestWorkflow = (workspaceId: string) =>
  new Workflow({
    id: "0b0e0000-0000-4000-8005-000000000001",
    workspaceId,
    kind: "request",
    levels: [
      new WorkflowLevel({
        level: 1,
        name: "Head office approval",
        approvers: [{ type: "ROLE", roleCode: "request_approver" }],
        mode: "ONE",
        criteria: new ApprovalCriteria({})
      })
    ],
    version: 0
  })

/** A demo person acting in the demo data's loaders, as signed in to `orgId` (with its custom roles, if any). */
export const demoActorOf = (orgId: string, person: DemoPerson, customRoles: DemoPlace["customRoles"] = []) =>
  new Actor({
    sessionId: "demo-data",
    userId: person.id as UserId,
    orgId: orgId as OrgId,
    email: person.email,
    displayName: `${person.firstName} ${person.lastName}`,
    roles: [...person.roles],
    privileges: privilegesWithCustomRoles(person.roles, customRoles)
  })

const vat = { name: "VAT", mode: "EXCLUSIVE", type: "PERCENT", value: "15" } as const

/**
 * Raises the demo requests through the requests use cases, each step as the person who takes it, so that their
 * numbers, budget entries, approval timelines and notifications are the product's own. The approver's
 * notifications of what she has already decided are marked read, as she would have opened them to decide.
 * Answers each request as it ended, in the order of `demoRequests`.
 */
export const loadRequests = (
  place: DemoPlace,
  people: { readonly admin: DemoPerson; readonly buyer: DemoPerson; readonly approver: DemoPerson }
) =>
  Effect.gen(function* () {
    const requests = yield* Requests
    const approvals = yield* Approvals
    const notifications = yield* Notifications
    const admin = demoActorOf(place.orgId, people.admin, place.customRoles)
    const buyer = demoActorOf(place.orgId, people.buyer, place.customRoles)
    const approver = demoActorOf(place.orgId, people.approver, place.customRoles)

    yield* approvals.saveWorkflow(admin, demoRequestWorkflow(place.workspaceId), 0)

    const made: Array<Request> = []
    const decided = new Set<string>()
    for (const demo of demoRequests) {
      const draft = yield* requests.create(
        buyer,
        new NewRequestInput({
          requestType: demo.requestType,
          workspaceId: place.workspaceId,
          title: demo.title,
          locationId: demo.at === "office" ? place.office : place.store,
          budget: place.budgetId === null ? null : { budgetId: place.budgetId, line: demo.line },
          items: demo.lines.map(
            (l) =>
              new RequestItemInput({
                name: { en: l.en, ar: l.ar },
                quantity: l.quantity,
                unit: l.unit,
                price: { basePrice: l.price, taxes: l.vat === false ? [] : [vat] }
              })
          )
        })
      )
      if (demo.outcome === "draft") {
        made.push(draft)
        continue
      }
      const submitter = demo.outcome === "approvedOverLimit" ? admin : buyer
      const submitted = yield* requests.submit(submitter, draft.id, new RequestCommandInput({}))
      const remark = demo.remark === undefined ? {} : { remark: demo.remark }
      const ended =
        demo.outcome === "waiting"
          ? submitted
          : demo.outcome === "returned"
            ? yield* requests.returnToRequester(approver, submitted.id, new RequestReview(remark))
            : demo.outcome === "rejected"
              ? yield* requests.reject(approver, submitted.id, new RequestReview(remark))
              : yield* requests.approve(approver, submitted.id, new RequestApproval(remark))
      if (demo.outcome !== "waiting") decided.add(ended.number)
      made.push(ended)
    }

    const sara = new Recipient({ orgId: place.orgId as OrgId, userId: people.approver.id as UserId })
    const page = yield* notifications.list(sara, 0, 500)
    for (const n of page.notifications) {
      if (decided.has(n.documentId)) yield* notifications.markRead(sara, n.id).pipe(Effect.orDie)
    }
    return made
  })

/** The request a demo title names, among those `loadRequests` answered. */
export const requestTitled = (made: ReadonlyArray<Request>, title: string): Option.Option<Request> =>
  Option.fromNullishOr(made.find((r) => r.title === title))
