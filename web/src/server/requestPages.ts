import { Effect, Option } from "effect"
import { InsufficientPrivileges } from "@tawreed/core/access"
import type { TimelineEntry } from "@tawreed/core/approvals"
import type { Actor } from "@tawreed/core/identity"
import type { OrgSettings } from "@tawreed/core/organisations"
import {
  isExpenseType,
  requestAttachmentKind,
  type Request,
  type RequestStanding,
  RequestTypeNotAllowed,
  requestTypeAllowed,
  requestTypeNames,
  Requests,
  type RequestType
} from "@tawreed/core/requests"
import { DocumentRef, Files } from "@tawreed/core/files"
import { requestToast, type Locale, type RequestToastKey } from "@tawreed/core/shared"
import type { AttachmentFile } from "../components/attachments/attachments.ts"
import { privilegesInWorkspace, Workspaces } from "@tawreed/core/workspaces"
import { createMenuSections } from "../shell/registry.ts"
import { createMenuSettingsOf, shellAccess } from "./organisation.ts"

/** Runs a use of the requests service. */
export const withRequests = <A, E, R>(use: (requests: (typeof Requests)["Service"]) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.service(Requests), use)

/** The kinds of request the site raises, each on its own create page (SPEC.md §2 create routes). */
export const creatableKinds = ["product", "expense", "reimbursement", "proposal", "contract"] as const
export type CreatableKind = (typeof creatableKinds)[number]

/** Each kind's create page, after the locale. */
export const createRouteOf: Readonly<Record<CreatableKind, string>> = {
  product: "/requests/create/product-request",
  expense: "/requests/create/new-expense-request",
  reimbursement: "/requests/create/reimbursement-request",
  proposal: "/requests/create/proposal-request",
  contract: "/requests/create/contract-request"
}

/** The CREATE menu's item (core/src/access/CreateMenu.ts) that offers each kind. */
const createMenuKeyOf: Readonly<Record<CreatableKind, string>> = {
  product: "request",
  expense: "expenseRequest",
  reimbursement: "reimbursementRequest",
  proposal: "rfp",
  contract: "rfc"
}

/** The kind a stored request is raised and edited as: product, service and inventory requests on the product page. */
export const creatableKindOf = (type: RequestType): CreatableKind =>
  type === "expense" || type === "reimbursement" || type === "proposal" || type === "contract" ? type : "product"

/**
 * The kinds the actor may raise here: exactly those the CREATE menu offers them (the same privileges, modules,
 * organisation kind and settings, SPEC.md §6), so a create page opens where its menu item shows.
 */
export const offeredKinds = (actor: Actor, settings: OrgSettings | undefined): ReadonlyArray<CreatableKind> => {
  const offered = new Set(
    createMenuSections(shellAccess(actor, settings), createMenuSettingsOf(settings)).flatMap((section) =>
      section.items.map((item) => item.key)
    )
  )
  return creatableKinds.filter((kind) => offered.has(createMenuKeyOf[kind]))
}

/**
 * Why a kind's create page is closed to the actor, as the use case would refuse its save: the organisation does not
 * raise that kind (E6101), or the actor may not raise it (insufficient privileges); none when the page is open.
 */
export const creationRefusal = (
  actor: Actor,
  settings: OrgSettings | undefined,
  kind: CreatableKind
): RequestTypeNotAllowed | InsufficientPrivileges | undefined => {
  if (offeredKinds(actor, settings).includes(kind)) return undefined
  if (settings !== undefined && !requestTypeAllowed(settings, kind)) {
    const names = requestTypeNames[kind]
    return new RequestTypeNotAllowed({ requestType: kind, typeEn: names.en, typeAr: names.ar })
  }
  const module = kind === "proposal" || kind === "contract" ? "rfq" : "req"
  return new InsufficientPrivileges({ required: [`${module}_c_o`, `${module}_c_w`, `${module}_c_u`] })
}

/** The active workspaces a new request may be raised in, the actor's default first (`GET workspaces/available`). */
export const raisingWorkspaces = (actor: Actor) =>
  Effect.flatMap(Effect.service(Workspaces), (w) => w.available(actor)).pipe(
    Effect.map((all) => [...all].sort((a, b) => Number(b.isDefault) - Number(a.isDefault))),
    Effect.orElseSucceed(() => [])
  )

/** Where a request is edited: its items (product-like kinds) or its whole form (expense kinds), after the locale. */
export const editPathOf = (request: Pick<Request, "id" | "requestType">): string =>
  `${createRouteOf[creatableKindOf(request.requestType)]}?id=${request.id}`

/** The details step of a product-like request, after the locale. */
export const infoPathOf = (request: Pick<Request, "id">): string =>
  `/requests/create/product-request/request-info?id=${request.id}`

/** Where a draft is reviewed and submitted (SPEC.md §2: product-request review-submit, expense-request review). */
export const reviewPathOf = (request: Pick<Request, "id" | "requestType">): string =>
  isExpenseType(request.requestType)
    ? `/requests/create/new-expense-request/review?id=${request.id}`
    : `/requests/create/product-request/review-submit?id=${request.id}`

/** The page a submitted request lands on (SPEC.md §2 request-success). */
export const successPathOf = (request: Pick<Request, "id">): string =>
  `/requests/create/request-success?id=${request.id}`

/** The list a request belongs to, after the locale. */
export const listPathOf = (type: RequestType): string =>
  isExpenseType(type) ? "/requests/expense-requests" : "/requests/requests"

/** A request toast of SPEC.md §8 in the page's language. */
export const toastOf = (key: RequestToastKey, outcome: "success" | "failure", locale: Locale): string =>
  requestToast(key, outcome, locale) ?? ""

/** Who is who around a request: names by user id, and the actor's standing towards it (RequestAccess.ts). */
export interface RequestPeople {
  readonly names: ReadonlyMap<string, string>
  /** The workspace's users a request may be assigned to or watched by (its requester aside). */
  readonly candidates: ReadonlyArray<{ readonly userId: string; readonly name: string; readonly email: string }>
  readonly standing: RequestStanding
}

/**
 * The people of a request as the actor may know them: the workspace's users (`Requests.watcherCandidates`, open to
 * whoever reads the request, and the workspace's own users list where the actor reads the workspace), the names the
 * timeline recorded, and the actor. The actor's privileges inside the workspace come from their role there.
 */
export const requestPeople = (actor: Actor, request: Request, timeline: ReadonlyArray<TimelineEntry>) =>
  Effect.gen(function* () {
    const candidates = yield* withRequests((r) => r.watcherCandidates(actor, request.id)).pipe(
      Effect.orElseSucceed(() => [])
    )
    const members = yield* Effect.flatMap(Effect.service(Workspaces), (w) =>
      w.members(actor, request.workspaceId)
    ).pipe(Effect.option)
    const everyone = [...candidates, ...Option.getOrElse(members, () => [])]
    const names = new Map<string, string>()
    for (const entry of timeline) names.set(entry.actorId, entry.actorName)
    for (const member of everyone) {
      names.set(member.userId, `${member.firstName} ${member.lastName}`.trim() || member.email)
    }
    names.set(actor.userId, actor.displayName)
    const role = everyone.find((m) => m.userId === actor.userId)?.role
    const standing: RequestStanding = {
      privileges: actor.privileges,
      inWorkspace: role === undefined ? undefined : privilegesInWorkspace(actor.privileges, role),
      own: request.requesterId === actor.userId || request.createdBy === actor.userId
    }
    return {
      names,
      candidates: candidates.map((c) => ({
        userId: c.userId,
        name: `${c.firstName} ${c.lastName}`.trim() || c.email,
        email: c.email
      })),
      standing
    } satisfies RequestPeople
  })

/** The request as the files module names it. */
const requestDocument = (id: string) => new DocumentRef({ kind: requestAttachmentKind, id })

/** The files a request holds, as the chips widget shows them (after the page has read the request itself). */
export const requestFiles = (actor: Actor, requestId: string) =>
  Effect.flatMap(Effect.service(Files), (files) => files.attachments(actor, requestDocument(requestId))).pipe(
    Effect.map((views): ReadonlyArray<AttachmentFile> =>
      views.map((v) => ({
        id: v.id,
        fileURL: v.fileURL,
        name: v.name,
        mime: v.mime,
        size: v.size,
        attached: v.attached
      }))
    )
  )
