import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoPassword, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { adminModules, modulesExemptFromEnablement } from "@tawreed/core/access"
import { budgetsModule } from "@tawreed/core/budgets"
import { catalogsModule } from "@tawreed/core/catalog"
import { PasswordHasher } from "@tawreed/core/identity"
import { defaultTheme } from "@tawreed/core/organisations"
import { vendorsModule } from "@tawreed/core/vendors"
import { workspacesModule } from "@tawreed/core/workspaces"
import { apiRoutes, callApi, fillPath, unknownParams, type ApiRoute } from "../support/ApiRoutes.ts"
import { mayCall, privilegeMatrix, roleCodes } from "../support/PrivilegeMatrix.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

const buyerOrg = demoOrganisations.buyer.id
// The demo admin runs the platform in this walk (TAWREED_PLATFORM_OPERATORS): marking KYC verified is then refused
// only to the walkers, none of whose roles runs the platform.
process.env["TAWREED_PLATFORM_OPERATORS"] = accounts.admin
/** A workspace of the demo buyer that only its admin belongs to: the walk's users are none of its members. */
const workspace = demoWorkspaces[2]

/** What the caller of one route gets to work with. */
interface Fixture {
  /** A value no other call of the suite uses. */
  readonly unique: string
  /** The budgets made for the walk (see `BudgetRecords`). */
  readonly budgets: BudgetRecords
  /** The requests made for the walk (see `RequestRecords`). */
  readonly requests: RequestRecords
  /** A vendor of the demo buyer's. */
  readonly vendor: string
  /** The orders made for the walk (see `OrderRecords`). */
  readonly orders: OrderRecords
}

/**
 * The walk's budgets, made through the API before it: a workspace whose members are the walk's users of the
 * workspace roles (each with the workspace role of the same name, so that membership adds nothing to what their
 * role holds, and their `_w` privileges count there), a budget in force there with a change pending the approval
 * of someone outside the walk, and a budget still planned.
 */
interface BudgetRecords {
  readonly workspaceId: string
  readonly active: { readonly id: string; readonly line: string }
  readonly planned: string
  readonly pendingChange: string
}

/**
 * The walk's requests, raised by the demo admin in an active workspace whose members are the walk's users of the
 * workspace roles (as for the budgets): a draft, and one submitted that waits on the demo approver, who takes no
 * part in the walk. The walk aims at them with a version that is not theirs, or where their status does not offer
 * the action, so that they stay as they are.
 */
interface RequestRecords {
  readonly workspaceId: string
  readonly draft: string
  readonly pending: string
}

/**
 * The walk's orders, direct orders the demo admin made to the demo's connected vendor in the requests' workspace: a
 * draft, and one submitted that waits on the demo approver. Aimed at as the requests are, so that they stay as they are.
 */
interface OrderRecords {
  readonly vendor: string
  readonly draft: string
  readonly pending: string
}

/** How the walk calls a route; who may call it is the matrix's to say (tests/support/PrivilegeMatrix.ts). */
interface RouteRule {
  /** The module its use case checks: with the organisation's module off it answers E3003. */
  readonly module?: string
  /** Path values; by default values that name no record (see unknownParams). */
  readonly params?: (f: Fixture) => Readonly<Record<string, string>>
  readonly query?: string
  /** A body that decodes, so that the guard (not the decoder) answers; required where the route takes one. */
  readonly body?: (f: Fixture) => unknown
  /** The call ends the caller's session, so the walk makes it last. */
  readonly endsSession?: true
  /**
   * What every caller the guard lets through gets, written as the walk writes answers (`200`, `409 E6074`, or the
   * use case's own refusal such as `403 E3010`); by default any answer but 401, 403 or a failure.
   */
  readonly answers?: string
  /**
   * The route's record is hidden from whoever may not read it: such a caller is answered 404, as if it did not
   * exist, so that ids do not leak (403 E3002 for those who read it but may not do this). Either is the refusal.
   */
  readonly hides?: true
}

const newUser = (f: Fixture) => ({
  email: `walk.${f.unique}@buyer.tawreed.test`,
  firstName: "Walid",
  lastName: `Matrix ${f.unique}`,
  roles: ["org_basic_user"]
})
const users = { module: adminModules.users } as const
const workspaces = { module: workspacesModule } as const
const inWorkspace = () => ({ id: workspace.id })
const budgets = { module: budgetsModule } as const
const vendors = { module: vendorsModule } as const
const catalog = { module: catalogsModule } as const
const contracts = { module: "contracts" } as const
const orders = { module: "orders" } as const
/** A version no order has: whoever gets past the guard is answered with the conflict, and the order stays. */
const staleOrder = { version: 999_999 } as const
const unknownId = () => crypto.randomUUID()
/** The change the walk asks for: more limit, which whoever reads the budget may ask. */
const askedChange = "request_for_budget_limit" as const

/**
 * How to call the routes that need more than unknown path values: their module, real records, a body that
 * decodes, what they answer past the guard. Who may call each route is `privilegeMatrix`'s, where a route added to
 * Api.ts without a line fails the walk.
 */
const rules: Readonly<Record<string, RouteRule>> = {
  "auth.logout": { endsSession: true },

  "users.list": { ...users },
  "users.listTable": { ...users },
  "users.approvers": {
    module: "requests",
    params: () => ({ module: "request" })
  },
  "users.workspaceManagers": { module: adminModules.workspaceManagers },
  "users.profile": { ...users },
  "users.get": { ...users },
  "users.setStatus": { ...users, body: () => ({ status: "INACTIVE" }) },
  "users.create": { ...users, body: newUser },
  "users.bulkCreate": { ...users, body: (f) => ({ users: [newUser(f)] }) },
  "users.update": {
    ...users,
    body: () => ({ id: crypto.randomUUID(), version: 1, position: "Storekeeper" })
  },
  "users.delete": { ...users },
  "users.resetPassword": { ...users },
  "profile.update": { body: () => ({ user: { position: "Procurement" } }) },
  "profile.emailAlerts": { body: () => ({ emailAlerts: true }) },

  "roles.save": {
    body: (f) => ({ code: `walk_${f.unique}`, name: { en: "Walker", ar: "ماشي" }, privileges: ["req_r_u"] })
  },
  "roles.delete": { params: (f) => ({ code: `gone_${f.unique}` }) },
  "orgSettings.update": {
    body: () => ({ generalConfig: { showQuickAccessToggle: true } })
  },
  "orgSettings.get": { params: () => ({ id: buyerOrg }) },
  "themes.save": { body: () => ({ theme: defaultTheme }) },

  "workspaces.list": { ...workspaces },
  "workspaces.create": {
    ...workspaces,
    body: (f) => ({ name: `Walk ${f.unique}` })
  },
  "workspaces.update": {
    ...workspaces,
    body: () => ({ payload: { id: workspace.id, version: 999_999, remarks: "Walked" } })
  },
  "workspaces.submit": { ...workspaces, body: inWorkspace },
  "workspaces.saveColumns": { ...workspaces, body: () => ({ columns: ["name"] }) },
  // What the shell asks on every page: the workspaces the user may work in, none where they may read none.
  "workspaces.count": { ...workspaces },
  "workspaces.activate": { ...workspaces, params: inWorkspace },
  "workspaces.deactivate": { ...workspaces, params: inWorkspace },
  // Reviewers need no workspaces privilege: the approval engine decides who approves (E3010 otherwise).
  "workspaces.review": {
    ...workspaces,
    params: inWorkspace,
    body: () => ({ action: "approve" })
  },
  "workspaces.copy": { ...workspaces, params: inWorkspace },
  "workspaces.setDefault": { ...workspaces, params: inWorkspace },
  "workspaces.get": { ...workspaces, params: inWorkspace },
  "workspaces.delete": { ...workspaces, params: inWorkspace },

  // Who may follow a document's approval is judged per document (its requester, creator and approvers, and
  // readers of its kind in its workspace); anyone else gets 404, so that ids do not leak.
  "approvals.state": { params: () => ({ kind: "workspace", documentId: workspace.id }) },
  "approvals.timeline": { params: () => ({ kind: "workspace", documentId: workspace.id }) },
  "approvals.remindWorkspace": { params: () => ({ id: workspace.id }) },
  // The organisation's own workflows (no workspaceId); a workspace's ask for reading that workspace.
  "approvals.workflows": { ...workspaces },
  // One workflow, to whoever may read its workspace's workflows; anyone else gets 404, so that ids do not leak.
  "approvals.workflow": { ...workspaces },
  "approvals.saveWorkflow": {
    ...workspaces,
    body: () => ({
      workflow: { id: crypto.randomUUID(), workspaceId: null, kind: "budget", levels: [], version: 0 },
      version: 0
    })
  },

  // Budgets are guarded in the budget's workspace, after the budget is found: an unknown id is 404 for everyone.
  "budgets.list": { ...budgets, answers: "200" },
  "budgets.create": {
    ...budgets,
    // Planned for a year no other budget of the walk's workspace covers; only the super user gets this far.
    body: (f) => ({
      workspaceId: f.budgets.workspaceId,
      name: `Walk ${f.unique}`,
      startDate: "2030-01-01",
      endDate: "2030-12-31",
      lines: [{ key: "6100", label: "Travel", limit: "1000.00" }]
    }),
    answers: "200"
  },
  // A version no budget has, so that whoever may update it is answered with the conflict and the budget stays.
  "budgets.update": {
    ...budgets,
    body: (f) => ({ id: f.budgets.planned, version: 999_999, name: "Walked" }),
    answers: "409 E5001"
  },
  // Aimed where the transition is not allowed (an active budget activated, a planned one deactivated), so that the
  // budgets stay as they are for every role.
  "budgets.activate": {
    ...budgets,
    params: (f) => ({ id: f.budgets.active.id }),
    answers: "422 E6074"
  },
  "budgets.deactivate": {
    ...budgets,
    params: (f) => ({ id: f.budgets.planned }),
    answers: "422 E6074"
  },
  "budgets.summary": {
    ...budgets,
    params: (f) => ({ id: f.budgets.active.id }),
    answers: "200"
  },
  // Reviewers need no budgets privilege: the approval engine decides who approves, and none of the walk's users
  // approves the pending change, not even the super user without a super approval.
  "budgets.reviewChange": {
    ...budgets,
    params: (f) => ({ changeId: f.budgets.pendingChange }),
    body: () => ({ action: "approve" }),
    answers: "403 E3010"
  },
  "budgets.changes": {
    ...budgets,
    params: (f) => ({ id: f.budgets.active.id }),
    answers: "200"
  },
  "budgets.requestChange": {
    ...budgets,
    params: (f) => ({ id: f.budgets.active.id }),
    body: (f) => ({ action: askedChange, lines: [{ key: f.budgets.active.line, delta: "10.00" }] }),
    answers: "200"
  },
  "budgets.get": {
    ...budgets,
    params: (f) => ({ id: f.budgets.active.id }),
    answers: "200"
  },
  // What a request's form offers: the budgets in force of the caller's workspaces, to anyone signed in.
  "budgets.active": { answers: "200" },

  // The walk sends JSON, which the upload (multipart) refuses for everyone past the session; tests/api/files.test.ts
  // uploads for real.
  "files.signUpload": { body: () => ({ type: "pdf", entity: "request", fileName: "walk.pdf" }), answers: "200" },
  "files.upload": { params: () => ({ type: "doc", entity: "request" }), body: () => ({}), answers: "415 E2012" },
  // A file nobody uploaded: not found for every caller, as another's file would be.
  "files.remove": {
    query: `fileURL=${encodeURIComponent(`/api/media_upload/${crypto.randomUUID()}`)}`,
    answers: "404 E4060"
  },
  "files.download": { answers: "404 E4060" },

  // Requests are always open (SPEC.md §6: the module guard exempts them). The lists answer what each reader reads.
  "requests.list": { answers: "200" },
  "requests.listExpense": { answers: "200" },
  "requests.latest": { answers: "200" },
  // Raised in the walk's workspace: by its managers and admins; its viewers see it and are refused, others are not
  // told it exists.
  "requests.create": {
    body: (f) => ({ requestType: "product", workspaceId: f.requests.workspaceId, title: `Walk ${f.unique}` }),
    answers: "200",
    hides: true
  },
  "requests.update": {
    body: (f) => ({ id: f.requests.draft, version: 999_999, title: "Walked" }),
    answers: "409 E5001",
    hides: true
  },
  "requests.submit": { body: (f) => ({ id: f.requests.draft, version: 999_999 }), answers: "409 E5001", hides: true },
  "requests.archive": { body: (f) => ({ id: f.requests.draft, version: 999_999 }), answers: "409 E5001", hides: true },
  "requests.copy": { params: (f) => ({ id: f.requests.draft }), answers: "200", hides: true },
  // A draft is neither returned to draft nor closed.
  "requests.returnToDraft": {
    params: (f) => ({ id: f.requests.draft }),
    body: () => ({ version: 999_999 }),
    answers: "422 E6100",
    hides: true
  },
  "requests.close": { params: (f) => ({ id: f.requests.draft }), body: () => ({}), answers: "422 E6100", hides: true },
  // Decisions on the waiting request at a version it does not have: refused as stale for everyone, decided by no one.
  "requests.approve": {
    params: (f) => ({ id: f.requests.pending }),
    body: () => ({ version: 999_999 }),
    answers: "409 E5001"
  },
  "requests.skip": {
    params: (f) => ({ id: f.requests.pending }),
    body: () => ({ version: 999_999 }),
    answers: "409 E5001"
  },
  "requests.reject": {
    params: (f) => ({ id: f.requests.pending }),
    body: () => ({ version: 999_999 }),
    answers: "409 E5001"
  },
  "requests.return": {
    params: (f) => ({ id: f.requests.pending }),
    body: () => ({ version: 999_999 }),
    answers: "409 E5001"
  },
  // A draft is assigned to no one: only open requests are sourced.
  "requests.assign": {
    params: (f) => ({ requestId: f.requests.draft, userId: demoUsers[2].id }),
    answers: "422 E6100",
    hides: true
  },
  "requests.watcherCandidates": { params: (f) => ({ id: f.requests.draft }), answers: "200", hides: true },
  "requests.updateWatchers": {
    params: (f) => ({ id: f.requests.draft }),
    body: () => ({ watchers: [], version: 999_999 }),
    answers: "409 E5001",
    hides: true
  },
  "requests.saveColumns": {
    params: () => ({ list: "requests" }),
    body: () => ({ columns: ["title"] }),
    answers: "200"
  },
  // Reminders sent at the same moment may meet on the approval's version (409 E5001): either is through.
  "requests.remind": { params: (f) => ({ id: f.requests.pending }), hides: true },
  "requests.timeline": { params: (f) => ({ id: f.requests.pending }), answers: "200", hides: true },
  "requests.get": { params: (f) => ({ id: f.requests.draft }), answers: "200", hides: true },
  // A request waiting on its approvers is not deleted.
  "requests.delete": { params: (f) => ({ id: f.requests.pending }), answers: "422 E6100", hides: true },

  // Orders: the lists answer what each reader reads; one order's routes are refused where it is read but may not be
  // changed, and not found where it is not even read.
  "orders.list": { ...orders, answers: "200" },
  "orders.create": {
    ...orders,
    body: (f) => ({
      workspaceId: f.requests.workspaceId,
      vendorId: f.orders.vendor,
      title: `Walk ${f.unique}`,
      lines: [{ name: { en: "Walk chairs" }, quantity: "1", unitPrice: "100" }]
    }),
    answers: "200"
  },
  "orders.update": {
    ...orders,
    body: (f) => ({ id: f.orders.draft, version: 999_999, title: "Walked" }),
    answers: "409 E5001",
    hides: true
  },
  // A draft request is not ordered from; the order cart of each caller holds nothing for the vendor.
  "orders.createFromRequest": {
    ...orders,
    params: (f) => ({ requestId: f.requests.draft }),
    body: (f) => ({ vendorId: f.orders.vendor }),
    answers: "422 E6402"
  },
  "orders.createFromCart": {
    ...orders,
    params: (f) => ({ vendorId: f.orders.vendor }),
    body: (f) => ({ workspaceId: f.requests.workspaceId }),
    answers: "422 E6404"
  },
  "orders.submit": {
    ...orders,
    params: (f) => ({ id: f.orders.draft }),
    body: () => staleOrder,
    answers: "409 E5001",
    hides: true
  },
  "orders.approve": {
    ...orders,
    params: (f) => ({ id: f.orders.pending }),
    body: () => staleOrder,
    answers: "409 E5001"
  },
  "orders.reject": {
    ...orders,
    params: (f) => ({ id: f.orders.pending }),
    body: () => staleOrder,
    answers: "409 E5001"
  },
  "orders.return": {
    ...orders,
    params: (f) => ({ id: f.orders.pending }),
    body: () => staleOrder,
    answers: "409 E5001"
  },
  "orders.submitToVendor": {
    ...orders,
    params: (f) => ({ id: f.orders.draft }),
    body: () => staleOrder,
    answers: "409 E5001",
    hides: true
  },
  "orders.cancel": {
    ...orders,
    params: (f) => ({ id: f.orders.draft }),
    body: () => ({ ...staleOrder, reason: "Walked" }),
    answers: "409 E5001",
    hides: true
  },
  "orders.close": {
    ...orders,
    params: (f) => ({ id: f.orders.draft }),
    body: () => staleOrder,
    answers: "409 E5001",
    hides: true
  },
  "orders.reopen": {
    ...orders,
    params: (f) => ({ id: f.orders.draft }),
    body: () => staleOrder,
    answers: "409 E5001",
    hides: true
  },
  "orders.amend": {
    ...orders,
    params: (f) => ({ id: f.orders.draft }),
    body: () => ({ ...staleOrder, lines: [{ quantity: "2" }] }),
    answers: "409 E5001",
    hides: true
  },
  "orders.saveColumns": { ...orders, body: () => ({ columns: ["number", "title"] }), answers: "200" },
  // Reminders sent at the same moment may meet on the approval's version (409 E5001): either is through.
  "orders.remind": { ...orders, params: (f) => ({ id: f.orders.pending }), hides: true },
  "orders.timeline": { ...orders, params: (f) => ({ id: f.orders.pending }), answers: "200", hides: true },
  "orders.get": { ...orders, params: (f) => ({ id: f.orders.draft }), answers: "200", hides: true },
  "orders.pdf": { ...orders, params: (f) => ({ id: f.orders.draft }), answers: "200", hides: true },
  // The seller's side: the buyer's walkers' organisation received no order, so none is found there.
  "orderVendor.list": { answers: "200" },
  "orderVendor.get": { answers: "404 E4400" },
  "orderVendor.pdf": { answers: "404 E4400" },
  "orderVendor.accept": { body: () => ({}), answers: "404 E4400" },
  "orderVendor.reject": { body: () => ({ remark: "Walked" }), answers: "404 E4400" },

  "vendors.list": { ...vendors, answers: "200" },
  "vendors.get": { ...vendors, params: (f) => ({ id: f.vendor }), answers: "200" },
  "vendors.create": {
    ...vendors,
    body: (f) => ({ nameEn: `Walk vendor ${f.unique}`, nameAr: "مورد الجولة" }),
    answers: "200"
  },
  "vendors.update": { ...vendors, body: (f) => ({ id: f.vendor, version: 999_999 }), answers: "409 E5001" },
  "vendors.setStatus": {
    ...vendors,
    params: (f) => ({ id: f.vendor }),
    body: () => ({ status: "VENDOR_INACTIVE", version: 999_999 }),
    answers: "409 E5001"
  },
  "vendors.hold": {
    ...vendors,
    params: (f) => ({ id: f.vendor }),
    body: () => ({ scope: "PAYMENTS", version: 999_999 }),
    answers: "409 E5001"
  },
  "vendors.release": {
    ...vendors,
    params: (f) => ({ id: f.vendor }),
    body: () => ({ version: 999_999 }),
    answers: "409 E5001"
  },

  "invites.questionnaires": { ...vendors, answers: "200" },
  "invites.questionnaire": { ...vendors, answers: "404 E7060" },
  "invites.createQuestionnaire": {
    ...vendors,
    body: (f) => ({
      name: `Walk questionnaire ${f.unique}`,
      sections: [{ title: { en: "Company" }, questions: [{ type: "SHORT_ANSWER", label: { en: "Trade name" } }] }]
    }),
    answers: "200"
  },
  "invites.updateQuestionnaire": {
    ...vendors,
    body: () => ({
      version: 1,
      name: "Walk",
      sections: [{ title: { en: "Company" }, questions: [{ type: "SHORT_ANSWER", label: { en: "Trade name" } }] }]
    }),
    answers: "404 E7060"
  },
  "invites.rules": { ...vendors, answers: "200" },
  "invites.saveRules": { ...vendors, body: () => ({ expiryDays: 14, version: 999_999 }), answers: "409 E5001" },
  "invites.list": { ...vendors, answers: "200" },
  "invites.invite": {
    ...vendors,
    body: (f) => ({ vendorName: `Walk invitee ${f.unique}`, email: "walk@onboarding.example" }),
    answers: "200"
  },
  "invites.get": { ...vendors, answers: "404 E7050" },
  "invites.timeline": { ...vendors, answers: "404 E7050" },
  "invites.remind": { ...vendors, answers: "404 E7050" },
  "invites.withdrawReview": { ...vendors, answers: "404 E7050" },
  "invites.cancel": { ...vendors, answers: "404 E7050" },
  "invites.publicLink": { ...vendors, answers: "404 E7060" },
  "invites.review": { ...vendors, body: () => ({ payload: { action: "approve" } }), answers: "404 E7050" },
  // Signed in, by a link's token that names nothing: refused as a bad link (or, past the tries of an hour, the wait)
  // before the session's organisation is asked about.
  "invites.link": {},
  // The vendor's side, by a link's token: a token that names nothing (or, past the tries of an hour, the wait).
  "invitesOpen.open": {},
  "invitesOpen.publicLinkView": {},
  "invitesOpen.apply": { body: () => ({ vendorName: "Walk", email: "walk@onboarding.example" }) },
  "invitesOpen.register": { body: () => ({}) },
  "invitesOpen.questionnaire": {},
  "invitesOpen.answer": { body: () => ({ answers: [] }) },
  "invitesOpen.upload": { params: () => ({ token: "walk", type: "pdf" }), body: () => ({}) },
  "vendors.saveColumns": { ...vendors, body: () => ({ columns: ["number", "name"] }), answers: "200" },
  "vendors.history": { ...vendors, params: (f) => ({ id: f.vendor }), answers: "200" },
  "contracts.list": { ...contracts, answers: "200" },
  "contracts.agreedPrices": {
    ...contracts,
    query: `vendorId=${crypto.randomUUID()}&productIds=${crypto.randomUUID()}`,
    answers: "404 E4451"
  },
  "contracts.create": {
    ...contracts,
    body: (f) => ({ title: `Walk ${f.unique}`, vendorId: f.vendor, startDate: "2026-01-01", endDate: "2026-12-31" }),
    answers: "200"
  },
  "contracts.get": { ...contracts, answers: "404 E4450" },
  "contracts.update": { ...contracts, body: () => ({}), answers: "404 E4450" },
  "contracts.submit": { ...contracts, body: () => ({}), answers: "404 E4450" },
  "contracts.review": { ...contracts, body: () => ({ action: "approve" }), answers: "404 E4450" },
  "contracts.terminate": { ...contracts, body: () => ({ remark: "Walk" }), answers: "404 E4450" },
  "contracts.close": { ...contracts, body: () => ({}), answers: "404 E4450" },
  "vendorChanges.changes": { ...vendors, params: (f) => ({ id: f.vendor }), answers: "200" },
  "vendorChanges.reviewChange": { ...vendors, body: () => ({ action: "approve" }), answers: "404 E7092" },
  "vendorChanges.withdrawChange": { ...vendors, body: () => ({}), answers: "404 E7092" },
  "vendorChanges.rule": { ...vendors, answers: "200" },
  "vendorChanges.saveRule": { ...vendors, body: () => ({ reviewAllKeyFields: true }), answers: "200" },
  "vendors.report": { ...vendors, answers: "200" },
  "catalog.nextSku": { ...catalog, answers: "200" },
  "productExport.exportAll": { ...catalog, answers: "200" },
  "productExport.exportAllEmail": { ...catalog, answers: "200" },
  "productExport.exportVendorPrices": { ...catalog, query: "format=csv", answers: "200" },
  "catalog.quickSearch": { ...catalog, query: "name=chairs", answers: "200" },
  "catalog.searchByName": { ...catalog, params: () => ({ name: "كراسي" }), answers: "200" },
  "catalog.searchByOrg": { ...catalog, query: "name=paper", body: () => ({ priceMin: 1 }), answers: "200" },
  "catalog.query": { ...catalog, body: () => ({ sortByPrice: "asc" }), answers: "200" },
  "catalog.initFiltersByCategory": { ...catalog, answers: "200" },
  "catalog.listProducts": { ...catalog, answers: "200" },
  "catalog.getProduct": { ...catalog, answers: "404 E4302" },
  "catalog.productFile": { ...catalog, answers: "404 E4302" },
  "catalog.copyProduct": { ...catalog, answers: "404 E4302" },
  "catalog.createProduct": { ...catalog, body: (f) => ({ nameEn: `Walk product ${f.unique}` }), answers: "200" },
  "catalog.updateProduct": { ...catalog, body: () => ({ id: unknownId(), version: 1 }), answers: "404 E4302" },
  "catalog.deleteProduct": { ...catalog, answers: "404 E4302" },
  "catalog.publicCatalogs": { ...catalog, answers: "200" },
  "catalog.catalogCategories": { ...catalog, answers: "404 E4300" },
  "catalog.importCategories": { ...catalog, body: () => [{ nameEn: "Walk" }], answers: "404 E4300" },
  "catalog.listCatalogs": { ...catalog, answers: "200" },
  "catalog.createCatalog": { ...catalog, body: (f) => ({ nameEn: `Walk catalog ${f.unique}` }), answers: "200" },
  "catalog.updateCatalog": { ...catalog, body: () => ({ id: unknownId(), version: 1 }), answers: "404 E4300" },
  "catalog.getCatalog": { ...catalog, answers: "404 E4300" },
  "catalog.categoryTree": { ...catalog, answers: "200" },
  "catalog.rootCategories": { ...catalog, answers: "200" },
  "catalog.allSubCategories": { ...catalog, answers: "404 E4301" },
  "catalog.subCategories": { ...catalog, answers: "404 E4301" },
  "catalog.listCategories": { ...catalog, answers: "200" },
  "catalog.createCategories": {
    ...catalog,
    body: () => [{ catalogId: unknownId(), nameEn: "Walk" }],
    answers: "404 E4300"
  },
  "catalog.updateCategory": { ...catalog, body: () => ({ id: unknownId(), version: 1 }), answers: "404 E4301" },
  "catalog.getCategory": { ...catalog, answers: "404 E4301" },
  "catalog.deleteCategory": { ...catalog, answers: "404 E4301" },
  "guest.catalogs": { params: () => ({ orgCode: "WALK" }) },
  "guest.categoryTree": { body: () => ({ catalogId: unknownId() }) },
  "guest.products": { body: () => ({ catalogId: unknownId() }) },
  "marketplace.categories": { answers: "200" },
  "marketplace.categoriesTree": { answers: "200" },
  "marketplace.autocomplete": { params: () => ({ term: "paper" }), answers: "200" },
  "marketplace.techSpecOptions": { body: () => ({}), answers: "200" },
  "marketplace.products": { body: () => ({}), answers: "200" },
  "marketplace.standing": { answers: "200" },
  "marketplace.setKyc": { params: () => ({ orgCode: "WALK" }), body: () => ({ verified: true }) },
  // Catalog invitations: sent from the catalogs module; listed, resolved and accepted by the invited organisation
  // whatever modules it runs.
  "catalogInvites.pending": { answers: "200" },
  "catalogInvites.resolveToken": { params: () => ({ token: "x".repeat(43) }), answers: "404 E4343" },
  "catalogInvites.accept": {
    params: () => ({ catalogId: unknownId(), token: "x".repeat(43) }),
    answers: "404 E4343"
  },
  "catalogInvites.invite": {
    ...catalog,
    body: () => ({ catalogId: unknownId(), orgCode: "WALK", email: "walk@market.example" }),
    answers: "404 E4300"
  },
  "carts.summary": { ...catalog, answers: "200" },
  "carts.drafts": { ...catalog, answers: "200" },
  "carts.selectDraft": { ...catalog, body: () => ({ vendorKey: "Nobody" }), answers: "404 E4331" },
  "carts.view": { ...catalog, params: () => ({ kind: "rfq" }), answers: "200" },
  "carts.clear": { ...catalog, params: () => ({ kind: "rfq" }), answers: "200" },
  "carts.add": {
    ...catalog,
    params: () => ({ kind: "rfq" }),
    body: () => ({ productId: unknownId() }),
    answers: "404 E4302"
  },
  "carts.setQuantity": {
    ...catalog,
    params: () => ({ kind: "rfq", productId: unknownId() }),
    body: () => ({ quantity: "2" }),
    answers: "404 E4330"
  },
  "carts.remove": { ...catalog, params: () => ({ kind: "rfq", productId: unknownId() }), answers: "404 E4330" }
}

/**
 * Routes whose handlers do not write their refusals to the audit log yet (the handler kit's `asActor` and `once` do,
 * see adapters/src/http/HandlerKit.ts). The walk fails for a refusal of any other route that leaves no audit row,
 * and for a route listed here that has started to leave one.
 */
const refusalsNotAudited: ReadonlyArray<string> = []

/** Session-ending routes last, so that every other route is walked with a live session. */
const walked = [...apiRoutes].sort(
  (a, b) => Number(rules[a.key]?.endsSession ?? 0) - Number(rules[b.key]?.endsSession ?? 0)
)

let counter = 0

const request = (route: ApiRoute, rule: RouteRule | undefined, f: Fixture) => {
  const query = rule?.query === undefined ? "" : `?${rule.query}`
  return {
    path: fillPath(route, rule?.params?.(f) ?? unknownParams(route)) + query,
    body: rule?.body?.(f)
  }
}

/** An answer as the walk writes it: its status, and its error's code where it has one. */
const described = (answer: { readonly status: number; readonly body: any }) =>
  answer.body?.error?.code === undefined ? `${answer.status}` : `${answer.status} ${answer.body.error.code}`

for (const engine of engines()) {
  describe(`the privilege matrix over every API route on ${engine}`, () => {
    let server: TestServer
    /** One user per role code of SPEC.md §6, holding only that role, signed in once. */
    const people = {} as Record<string, { readonly id: string; readonly token: string }>
    let admin: string
    let budgetRecords: BudgetRecords
    let requestRecords: RequestRecords
    let vendorId: string
    let orderRecords: OrderRecords
    const call = (method: string, path: string, token?: string, body?: unknown) =>
      callApi(server.url, method, path, token, body)
    const fixture = (): Fixture => ({
      unique: `${Date.now().toString(36)}${++counter}`,
      budgets: budgetRecords,
      requests: requestRecords,
      vendor: vendorId,
      orders: orderRecords
    })

    beforeAll(async () => {
      server = await start(engine)
      admin = await signIn(server.url, accounts.admin)
      const hash = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(PasswordHasher), (hasher) => hasher.hash(demoPassword))
      )
      for (const role of roleCodes) {
        const email = `${role.replaceAll("_", "-")}.${Date.now()}@buyer.tawreed.test`
        const made = await call("POST", "/api/users", admin, {
          email,
          firstName: "Rola",
          lastName: role,
          roles: [role]
        })
        expect(`${role}: ${made.status}`).toBe(`${role}: 200`)
        const id = made.body.user.id as string
        await server.app.runtime.runPromise(
          Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
            inTenant(buyerOrg)(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${id}`.pipe(Effect.orDie))
          )
        )
        people[role] = { id, token: await signIn(server.url, email) }
      }
      budgetRecords = await makeBudgets()
      requestRecords = await makeRequests()
      const vendorList = await call("GET", "/api/vendors?limit=9999", admin)
      expect(vendorList.status).toBe(200)
      vendorId = vendorList.body.vendors[0].id as string
      orderRecords = await makeOrders(
        vendorList.body.vendors.find((v: { name: { en: string } }) => v.name.en === "Sahara Supplies").id as string
      )
    })

    /** The walk's budgets (see `BudgetRecords`), made by the demo admin. */
    const makeBudgets = async (): Promise<BudgetRecords> => {
      const unique = Date.now().toString(36)
      const members = ["workspaces_viewer", "workspaces_manager", "workspaces_admin"].map((role) => ({
        userId: people[role]!.id,
        role
      }))
      const made = await call("POST", "/api/workspaces", admin, { name: `Budget walk ${unique}`, users: members })
      expect(made.status).toBe(200)
      const workspaceId = made.body.id as string
      const newBudget = async (name: string, year: number) => {
        const budget = await call("POST", "/api/budgets", admin, {
          workspaceId,
          name,
          startDate: `${year}-01-01`,
          endDate: `${year}-12-31`,
          lines: [{ key: "6100", label: "Travel", limit: "50000.00" }]
        })
        expect([budget.status, budget.body.status]).toEqual([200, "BUDGETED"])
        return budget.body.id as string
      }
      const active = await newBudget(`Walk in force ${unique}`, 2026)
      expect((await call("PUT", `/api/budgets/activate/${active}`, admin)).body.status).toBe("ACTIVE")
      const planned = await newBudget(`Walk planned ${unique}`, 2027)
      // Changes of the workspace's budgets wait for the demo approver, who takes no part in the walk.
      const approver = demoUsers.find((u) => u.email === accounts.approver)!.id
      const workflow = await call("PUT", "/api/workflows", admin, {
        workflow: {
          id: crypto.randomUUID(),
          workspaceId,
          kind: "budget",
          levels: [
            { level: 1, name: "Finance", approvers: [{ type: "USER", userId: approver }], mode: "ONE", criteria: {} }
          ],
          version: 0
        },
        version: 0
      })
      expect(workflow.status).toBe(200)
      const change = await call("POST", `/api/budgets/${active}/changes`, admin, {
        action: askedChange,
        lines: [{ key: "6100", delta: "1000.00" }]
      })
      expect([change.status, change.body.status]).toEqual([200, "PENDING_APPROVAL"])
      return { workspaceId, active: { id: active, line: "6100" }, planned, pendingChange: change.body.id }
    }

    /** The walk's requests (see `RequestRecords`), raised by the demo admin. */
    const makeRequests = async (): Promise<RequestRecords> => {
      const members = ["workspaces_viewer", "workspaces_manager", "workspaces_admin"].map((role) => ({
        userId: people[role]!.id,
        role
      }))
      const made = await call("POST", "/api/workspaces", admin, { name: `Request walk ${Date.now()}`, users: members })
      expect(made.status).toBe(200)
      const workspaceId = made.body.id as string
      expect((await call("PUT", "/api/workspaces/submit", admin, { id: workspaceId })).body.status).toBe("APPROVED")
      expect((await call("PUT", `/api/workspaces/activate/${workspaceId}`, admin)).body.status).toBe("ACTIVE")
      const workflow = await call("PUT", "/api/workflows", admin, {
        workflow: {
          id: crypto.randomUUID(),
          workspaceId,
          kind: "request",
          levels: [
            {
              level: 1,
              name: "Manager",
              approvers: [{ type: "USER", userId: demoUsers.find((u) => u.email === accounts.approver)!.id }],
              mode: "ONE",
              criteria: {}
            }
          ],
          version: 0
        },
        version: 0
      })
      expect(workflow.status).toBe(200)
      const raise = async (title: string) => {
        const request = await call("POST", "/api/request", admin, {
          requestType: "product",
          workspaceId,
          title,
          items: [{ name: { en: "Chairs" }, quantity: "4", price: { basePrice: "350" } }]
        })
        expect(request.status).toBe(200)
        return request.body.id as string
      }
      const draft = await raise("Walk draft")
      const pending = await raise("Walk pending")
      const submitted = await call("POST", "/api/request/submit", admin, { id: pending })
      expect([submitted.status, submitted.body.status]).toEqual([200, "REQUEST_UNAPPROVED"])
      return { workspaceId, draft, pending }
    }
    /** The walk's orders (see `OrderRecords`), made by the demo admin in the requests' workspace. */
    const makeOrders = async (vendor: string): Promise<OrderRecords> => {
      const workflow = await call("PUT", "/api/workflows", admin, {
        workflow: {
          id: crypto.randomUUID(),
          workspaceId: requestRecords.workspaceId,
          kind: "order",
          levels: [
            {
              level: 1,
              name: "Purchasing",
              approvers: [{ type: "USER", userId: demoUsers.find((u) => u.email === accounts.approver)!.id }],
              mode: "ONE",
              criteria: {}
            }
          ],
          version: 0
        },
        version: 0
      })
      expect(workflow.status).toBe(200)
      const raise = async (title: string) => {
        const order = await call("POST", "/api/order", admin, {
          workspaceId: requestRecords.workspaceId,
          vendorId: vendor,
          title,
          lines: [{ name: { en: "Chairs" }, quantity: "4", unitPrice: "350" }]
        })
        expect([order.status, order.body.status]).toEqual([200, "ORDER_DRAFTED"])
        return order.body.id as string
      }
      const draft = await raise("Walk draft order")
      const pending = await raise("Walk pending order")
      const submitted = await call("POST", `/api/order/submit/${pending}`, admin, {})
      expect([submitted.status, submitted.body.status]).toEqual([200, "ORDER_UNAPPROVED"])
      return { vendor, draft, pending }
    }
    afterAll(() => server?.close())

    it("declares who may call every route, and the session middleware matches the declaration", () => {
      const keys = apiRoutes.map((r) => r.key)
      const missing = keys.filter((k) => privilegeMatrix[k] === undefined)
      expect(missing, "routes without a line in tests/support/PrivilegeMatrix.ts").toEqual([])
      expect(
        [...Object.keys(privilegeMatrix), ...Object.keys(rules)].filter((k) => !keys.includes(k)),
        "matrix lines or rules for routes that no longer exist"
      ).toEqual([])
      for (const route of apiRoutes) {
        const rule = rules[route.key]
        const shouldSignIn = privilegeMatrix[route.key] !== "public"
        expect(`${route.key} needs a session: ${route.signedIn}`).toBe(`${route.key} needs a session: ${shouldSignIn}`)
        if (route.hasPayload && shouldSignIn) {
          expect(rule?.body, `${route.key} takes a body: declare one that decodes`).toBeDefined()
        }
      }
    })

    it("refuses every signed-in route without a session: 401", async () => {
      const answers: Array<string> = []
      for (const route of walked.filter((r) => r.signedIn)) {
        const { path, body } = request(route, rules[route.key], fixture())
        const answer = await call(route.method, path, undefined, body)
        answers.push(`${route.key} ${route.method} ${path}: ${answer.status}`)
        expect(`${route.key}: ${answer.status} ${answer.body?.error?.code}`).toBe(`${route.key}: 401 E3001`)
      }
      expect(answers.length).toBeGreaterThan(40)
    })

    it(
      "walks every route with every role: 403 E3002 without any privilege it needs, through with one",
      {
        timeout: 300_000
      },
      async () => {
        const started = Date.now()
        const refusals: Array<{ key: string; userId: string; method: string; path: string }> = []
        const outcomes: Array<string> = []
        for (const route of walked) {
          const rule = rules[route.key] ?? {}
          if (privilegeMatrix[route.key] === "public") continue
          // The roles call one route at once; the routes follow one another, so that logging out comes last.
          const answers = await Promise.all(
            roleCodes.map(async (role) => {
              const { path, body } = request(route, rule, fixture())
              return { role, path, answer: await call(route.method, path, people[role]!.token, body) }
            })
          )
          for (const { role, path, answer } of answers) {
            const allowed = mayCall(route.key, role)
            const got =
              answer.status === 401 || answer.status === 403
                ? `${answer.status} ${answer.body?.error?.code}`
                : answer.status >= 500
                  ? `${answer.status} failed`
                  : "through"
            // Where the route's answer past the guard is known, the walk holds it to exactly that answer.
            const exact = rule.answers !== undefined && got !== "403 E3002" ? described(answer) : got
            const expected = allowed ? (rule.answers ?? "through") : "403 E3002"
            // A record hidden from a caller the matrix refuses answers 404, as if it did not exist: refused too.
            const refused = !allowed && rule.hides === true && answer.status === 404 ? "403 E3002" : exact
            outcomes.push(`${role} ${route.key}: ${exact}`)
            expect(`${role} ${route.method} ${path}: ${refused}`).toBe(`${role} ${route.method} ${path}: ${expected}`)
            if (got === "403 E3002")
              refusals.push({
                key: route.key,
                userId: people[role]!.id,
                method: route.method,
                path: path.split("?")[0]!
              })
          }
        }
        // The walk is worth something only if both answers occur, for routes of every kind.
        expect(outcomes.filter((o) => o.endsWith("through")).length).toBeGreaterThan(100)
        expect(outcomes.filter((o) => o.endsWith("403 E3002")).length).toBeGreaterThan(100)
        expect(outcomes).toContain("org_basic_user users.list: 403 E3002")
        expect(outcomes).toContain("workspaces_viewer workspaces.get: through")
        expect(outcomes).toContain("request_approver workspaces.delete: 403 E3002")
        // Budgets: read in the budget's workspace by its members, changed only by those who may update it there.
        expect(outcomes).toContain("workspaces_viewer budgets.get: 200")
        expect(outcomes).toContain("workspaces_manager budgets.activate: 403 E3002")
        expect(outcomes).toContain("workspaces_admin budgets.deactivate: 422 E6074")
        expect(outcomes).toContain("org_basic_user budgets.summary: 403 E3002")
        expect(outcomes).toContain("org_super_user budgets.reviewChange: 403 E3010")
        // Requests: refused where they are read but may not be changed, not found where they are not even read.
        expect(outcomes).toContain("workspaces_viewer requests.update: 403 E3002")
        expect(outcomes).toContain("workspaces_manager requests.delete: 403 E3002")
        expect(outcomes).toContain("org_basic_user requests.get: 404 E4100")
        expect(outcomes).toContain("request_approver requests.list: 200")
        expect(outcomes).toContain("orgs_manager requests.list: 403 E3002")
        // The walk's requests are as they were.
        const requestsNow = await Promise.all(
          [requestRecords.draft, requestRecords.pending].map((id) => call("GET", `/api/request/${id}`, admin))
        )
        expect(requestsNow.map((r) => [r.status, r.body.status, r.body.version])).toEqual([
          [200, "REQUEST_DRAFTED", 1],
          [200, "REQUEST_UNAPPROVED", 2]
        ])
        // So are the walk's orders.
        const ordersNow = await Promise.all(
          [orderRecords.draft, orderRecords.pending].map((id) => call("GET", `/api/order/${id}`, admin))
        )
        expect(ordersNow.map((o) => [o.status, o.body.status, o.body.version])).toEqual([
          [200, "ORDER_DRAFTED", 1],
          [200, "ORDER_UNAPPROVED", 2]
        ])
        expect(outcomes).toContain("workspaces_viewer orders.cancel: 403 E3002")
        expect(outcomes).toContain("order_approver orders.list: 200")
        expect(outcomes).toContain("org_basic_user orders.list: 200")
        // The budgets aimed at are as they were, and the pending change still waits; each reader's ask is pending.
        const { active, planned, pendingChange } = budgetRecords
        const budgetsNow = await Promise.all([active.id, planned].map((id) => call("GET", `/api/budgets/${id}`, admin)))
        expect(budgetsNow.map((b) => [b.status, b.body.status, b.body.version])).toEqual([
          [200, "ACTIVE", 2],
          [200, "BUDGETED", 1]
        ])
        const changes = (await call("GET", `/api/budgets/${active.id}/changes`, admin)).body as Array<{
          change: { id: string; status: string; requesterId: string }
        }>
        expect(changes.find((c) => c.change.id === pendingChange)?.change.status).toBe("PENDING_APPROVAL")
        const readers = roleCodes.filter((role) => mayCall("budgets.requestChange", role))
        expect(
          changes
            .filter((c) => c.change.id !== pendingChange && c.change.status === "PENDING_APPROVAL")
            .map((c) => c.change.requesterId)
            .sort()
        ).toEqual(readers.map((role) => people[role]!.id).sort())

        // Every refusal is in the audit log: who, which organisation, from where, when, and what was asked.
        const rows = await server.app.runtime.runPromise(
          inTenant(buyerOrg)(
            Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
              sql<{
                org_id: string
                actor_id: string
                address: string | null
                at: Date
                detail: Record<string, string>
              }>`
              SELECT org_id, actor_id, address, at, detail FROM audit_log WHERE event = 'access.refused'`.pipe(
                Effect.orDie
              )
            )
          )
        )
        const audited = (r: (typeof refusals)[number]) =>
          rows.some(
            (row) =>
              row.actor_id === r.userId &&
              row.org_id === buyerOrg &&
              row.detail["method"] === r.method &&
              row.detail["path"] === r.path &&
              row.detail["reason"] === "InsufficientPrivileges" &&
              /127\.0\.0\.1/.test(row.address ?? "") &&
              new Date(row.at).getTime() >= started - 60_000
          )
        const unaudited = [...new Set(refusals.filter((r) => !audited(r)).map((r) => r.key))].sort()
        expect(unaudited, "routes whose refusals leave no audit row").toEqual([...refusalsNotAudited].sort())
        expect(refusals.filter(audited).length).toBeGreaterThan(100)
      }
    )

    it("answers E3003 on the routes of a module the organisation turned off, and only on those", async () => {
      const before = (await call("GET", `/api/org_settings/${buyerOrg}`, admin)).body as {
        modules: Array<{ code: string; config: Record<string, unknown> }>
      }
      const off = before.modules.map((m) => ({ ...m, config: { ...m.config, enabled: false } }))
      const turnedOff = await call("POST", "/api/org_settings", admin, { modules: off })
      expect(turnedOff.status).toBe(200)
      const outcomes: Array<string> = []
      try {
        // The shell's reads of workspaces stay open but offer none while the module is off.
        const available = await call("GET", "/api/workspaces/available", admin)
        const chosen = await call("GET", "/api/workspaces/default", admin)
        expect([available.status, available.body, chosen.status, chosen.body]).toEqual([200, [], 200, null])
        for (const route of walked) {
          const rule = rules[route.key] ?? {}
          if (privilegeMatrix[route.key] === "public" || rule.endsSession) continue
          const { path, body } = request(route, rule, fixture())
          // The demo admin: the walk's own super user signed out at its end.
          const answer = await call(route.method, path, admin, body)
          const got =
            answer.status === 401 || answer.status === 403
              ? `${answer.status} ${answer.body?.error?.code}`
              : answer.status >= 500
                ? `${answer.status} failed`
                : "on"
          const guarded = rule.module !== undefined && !modulesExemptFromEnablement.includes(rule.module)
          outcomes.push(`${route.key}: ${got}`)
          expect(`${route.key}: ${got}`).toBe(`${route.key}: ${guarded ? "403 E3003" : "on"}`)
          if (guarded) expect(answer.body.error.message).toBe("You do not have access to this module")
        }
      } finally {
        const restored = await call("POST", "/api/org_settings", admin, { modules: before.modules })
        expect(restored.status).toBe(200)
      }
      expect(outcomes.filter((o) => o.endsWith("E3003")).length).toBeGreaterThan(20)
      // Organisation settings stay reachable with every module off, so an admin can turn them back on.
      expect(outcomes).toContain("orgSettings.update: on")
      const available = await call("GET", "/api/workspaces/available", admin)
      expect(available.body.map((w: { id: string }) => w.id)).toContain(demoWorkspaces[0].id)
    })

    it("keeps secrets out of the audit log: no password, session token or emailed code in any row", async () => {
      const security = "security@buyer.tawreed.test"
      const first = await call("POST", "/api/auth/login", undefined, { email: security, password: demoPassword })
      expect(first.body.mfa).toBe(true)
      expect((await call("POST", "/api/auth/mfa", undefined, { email: security })).status).toBe(200)
      await call("POST", "/api/auth/mfa/verify", undefined, { email: security, token: "000000" })
      await call("POST", "/api/auth/login", undefined, { email: accounts.buyer, password: "Wrong@2026-secret" })
      await call("GET", "/api/users", "forged-session-token-value")
      const rows = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
          sql<{ event: string; address: string | null; detail: unknown }>`
            SELECT event, address, detail FROM audit_log`.pipe(Effect.orDie)
        )
      )
      const mails = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
          sql<{ body: string }>`SELECT body_text AS body FROM outbox`.pipe(Effect.orDie)
        )
      )
      const codes = mails.flatMap((m) => [...m.body.matchAll(/\b(\d{6})\b/g)].map((c) => c[1]!))
      const secrets = [
        demoPassword,
        "Wrong@2026-secret",
        "forged-session-token-value",
        admin,
        ...Object.values(people).map((p) => p.token)
      ]
      const values = (value: unknown): Array<string> =>
        value === null || value === undefined
          ? []
          : typeof value === "object"
            ? Object.entries(value).flatMap(([k, v]) => [k, ...values(v)])
            : [String(value)]
      expect(rows.length).toBeGreaterThan(50)
      for (const row of rows) {
        const text = JSON.stringify(row)
        for (const secret of secrets) expect(text.includes(secret), `${row.event} holds a secret`).toBe(false)
        const fields = values(row.detail)
        for (const code of codes) expect(fields.includes(code), `${row.event} holds an emailed code`).toBe(false)
        const keys = (value: unknown): Array<string> =>
          value !== null && typeof value === "object" ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)]) : []
        expect(
          keys(row.detail).filter((k) => /password|token|secret|hash|otp/i.test(k)),
          row.event
        ).toEqual([])
      }
    })
  })
}
