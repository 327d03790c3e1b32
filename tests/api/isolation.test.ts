import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoUsers } from "@tawreed/adapters/storage/DemoData"
import type { UserId } from "@tawreed/core/identity"
import { NewNotification, Notifications, Recipient } from "@tawreed/core/notifications"
import { defaultTheme, type OrgId } from "@tawreed/core/organisations"
import { apiRoutes, callApi, fillPath } from "../support/ApiRoutes.ts"
import { accounts, engines, provision, signIn, start, type TestServer } from "../support/TestServer.ts"

/** Organisation A, whose admin makes every call, and organisation B, whose records they must never reach. */
const orgA = demoOrganisations.buyer
const orgB = demoOrganisations.vendor
const adminB = demoUsers.find((u) => u.email === accounts.vendor)!

/** One record of each kind organisation B holds, made through the API (a notification through its use case). */
interface RecordsOfB {
  readonly user: { readonly id: string; readonly email: string; readonly version: number }
  readonly role: string
  readonly notification: number
  readonly workspace: { readonly id: string; readonly version: number; readonly name: string }
  readonly workflow: string
  /** A budget in force in B's workspace, and a change of it waiting for B's approval. */
  readonly budget: { readonly id: string; readonly version: number; readonly name: string; readonly line: string }
  readonly change: string
  /** A request of B's, waiting on its approver, in an active workspace of B's. */
  readonly request: {
    readonly id: string
    readonly version: number
    readonly title: string
    readonly workspaceId: string
  }
  readonly themeTitle: string
  readonly notificationTitle: string
  /** A file B's admin uploaded, still pending, and its fileURL. */
  readonly file: { readonly id: string; readonly fileURL: string; readonly name: string }
  /** A vendor of B's, with its CR number. */
  readonly vendor: { readonly id: string; readonly version: number; readonly name: string; readonly crNumber: string }
  /** An onboarding questionnaire of B's, and an invitation B sent with it. */
  readonly questionnaire: { readonly id: string; readonly name: string }
  readonly invite: { readonly id: string; readonly vendorName: string; readonly email: string }
  /** A private catalog of B's with a category and a product in it. */
  readonly catalog: { readonly id: string; readonly name: string }
  readonly category: { readonly id: string; readonly path: string }
  readonly product: { readonly id: string; readonly version: number; readonly name: string; readonly sku: string }
  /** The id of the picture B's product shows. */
  readonly picture: string
  /** A draft contract of B's with its vendor, agreeing a price for its product. */
  readonly contract: { readonly id: string; readonly version: number; readonly number: string; readonly title: string }
  /** A direct order of B's to its own vendor, drafted in B's requests' workspace. */
  readonly order: { readonly id: string; readonly version: number; readonly title: string }
}

/** What a route of the API is called with to reach organisation B's records. */
type Target =
  /** Call it with B's record in the path or the body. */
  | {
      readonly params?: (b: RecordsOfB) => Readonly<Record<string, string>>
      readonly query?: (b: RecordsOfB) => string
      readonly body?: (b: RecordsOfB) => unknown
    }
  /** A read of the caller's own organisation: called, and its answer must hold nothing of B's. */
  | "own"
  /** Names no record of another organisation (creates, one's own session or profile): not called. */
  | "none"

/**
 * Every signed-in route and how it is aimed at organisation B. A route added to Api.ts without a line here fails
 * the suite, so that each new resource kind is checked for isolation when it arrives.
 */
const targets: Readonly<Record<string, Target>> = {
  "auth.logout": "none",
  "auth.iam": "own",
  "auth.package": "own",
  "notifications.list": "own",
  "notifications.countUnRead": "own",
  "notifications.readAll": "none",
  "notifications.deleteAll": "none",
  "notifications.get": { params: (b) => ({ id: String(b.notification) }) },
  "notifications.read": { params: (b) => ({ id: String(b.notification) }) },
  "notifications.delete": { params: (b) => ({ id: String(b.notification) }) },
  "users.list": "own",
  "users.listTable": "own",
  "users.approvers": "none",
  "users.workspaceManagers": "own",
  "users.profile": { params: (b) => ({ id: b.user.id }) },
  "users.get": { params: (b) => ({ id: b.user.id }) },
  "users.setStatus": { params: (b) => ({ id: b.user.id }), body: () => ({ status: "INACTIVE", blocked: true }) },
  "users.create": "none",
  "users.bulkCreate": "none",
  "users.update": { body: (b) => ({ id: b.user.id, version: b.user.version, position: "Taken over" }) },
  "users.delete": { params: (b) => ({ id: b.user.id }) },
  "users.resetPassword": { params: (b) => ({ id: b.user.id }) },
  "profile.update": "none",
  "profile.emailAlerts": "none",
  "roles.list": "own",
  "roles.save": "none",
  "roles.delete": { params: (b) => ({ code: b.role }) },
  "orgSettings.update": "none",
  "orgSettings.get": { params: () => ({ id: orgB.id }) },
  "themes.save": "none",
  "themes.delete": "none",
  "workspaces.list": "own",
  "workspaces.create": "none",
  "workspaces.update": {
    body: (b) => ({ payload: { id: b.workspace.id, version: b.workspace.version, remarks: "Taken over" } })
  },
  "workspaces.submit": { body: (b) => ({ id: b.workspace.id }) },
  "workspaces.saveColumns": "none",
  "workspaces.available": "own",
  "workspaces.count": "own",
  "workspaces.default": "own",
  "workspaces.activate": { params: (b) => ({ id: b.workspace.id }) },
  "workspaces.deactivate": { params: (b) => ({ id: b.workspace.id }) },
  "workspaces.review": { params: (b) => ({ id: b.workspace.id }), body: () => ({ action: "approve" }) },
  "workspaces.copy": { params: (b) => ({ id: b.workspace.id }) },
  "workspaces.setDefault": { params: (b) => ({ id: b.workspace.id }) },
  "workspaces.get": { params: (b) => ({ id: b.workspace.id }) },
  "workspaces.delete": { params: (b) => ({ id: b.workspace.id }) },
  "approvals.pending": "own",
  "approvals.state": { params: (b) => ({ kind: "workspace", documentId: b.workspace.id }) },
  "approvals.timeline": { params: (b) => ({ kind: "workspace", documentId: b.workspace.id }) },
  "approvals.remindWorkspace": { params: (b) => ({ id: b.workspace.id }) },
  "approvals.remindBudget": { params: (b) => ({ id: b.change }) },
  "approvals.workflows": { query: (b) => `workspaceId=${b.workspace.id}` },
  "approvals.workflow": { params: (b) => ({ id: b.workflow }) },
  "approvals.saveWorkflow": {
    body: (b) => ({
      workflow: { id: b.workflow, workspaceId: b.workspace.id, kind: "workspace", levels: [], version: 1 },
      version: 1
    })
  },
  "budgets.list": "own",
  // Aimed at B's workspace: a budget for it would be B's.
  "budgets.create": {
    body: (b) => ({
      workspaceId: b.workspace.id,
      name: "Taken over",
      startDate: "2031-01-01",
      endDate: "2031-12-31",
      lines: [{ key: b.budget.line, label: "Taken", limit: "1.00" }]
    })
  },
  "budgets.update": { body: (b) => ({ id: b.budget.id, version: b.budget.version, name: "Taken over" }) },
  "budgets.activate": { params: (b) => ({ id: b.budget.id }) },
  "budgets.deactivate": { params: (b) => ({ id: b.budget.id }) },
  "budgets.summary": { params: (b) => ({ id: b.budget.id }) },
  "budgets.reviewChange": { params: (b) => ({ changeId: b.change }), body: () => ({ action: "approve" }) },
  "budgets.changes": { params: (b) => ({ id: b.budget.id }) },
  "budgets.requestChange": {
    params: (b) => ({ id: b.budget.id }),
    body: (b) => ({ action: "adjust_budget_externally", lines: [{ key: b.budget.line, delta: "-1.00" }] })
  },
  "budgets.get": { params: (b) => ({ id: b.budget.id }) },
  "budgets.active": "own",
  "files.upload": "none",
  "files.signUpload": "none",
  "files.download": { params: (b) => ({ id: b.file.id }) },
  "files.remove": { query: (b) => `fileURL=${encodeURIComponent(b.file.fileURL)}` },
  "requests.list": "own",
  "requests.listExpense": "own",
  "requests.latest": "own",
  // Aimed at B's workspace: a request raised there would be B's.
  "requests.create": {
    body: (b) => ({ requestType: "product", workspaceId: b.request.workspaceId, title: "Taken over" })
  },
  "requests.update": { body: (b) => ({ id: b.request.id, version: b.request.version, title: "Taken over" }) },
  "requests.submit": { body: (b) => ({ id: b.request.id }) },
  "requests.archive": { body: (b) => ({ id: b.request.id }) },
  "requests.copy": { params: (b) => ({ id: b.request.id }) },
  "requests.returnToDraft": { params: (b) => ({ id: b.request.id }), body: () => ({}) },
  "requests.close": { params: (b) => ({ id: b.request.id }), body: () => ({ isSuperApproval: true }) },
  "requests.approve": { params: (b) => ({ id: b.request.id }), body: () => ({ isSuperApproval: true }) },
  "requests.skip": { params: (b) => ({ id: b.request.id }), body: () => ({ isSuperApproval: true }) },
  "requests.reject": { params: (b) => ({ id: b.request.id }), body: () => ({ isSuperApproval: true }) },
  "requests.return": { params: (b) => ({ id: b.request.id }), body: () => ({ isSuperApproval: true }) },
  "requests.assign": { params: (b) => ({ requestId: b.request.id, userId: adminB.id }) },
  "requests.watcherCandidates": { params: (b) => ({ id: b.request.id }) },
  "requests.updateWatchers": { params: (b) => ({ id: b.request.id }), body: () => ({ watchers: [] }) },
  "requests.saveColumns": "none",
  "requests.remind": { params: (b) => ({ id: b.request.id }) },
  "requests.timeline": { params: (b) => ({ id: b.request.id }) },
  "requests.get": { params: (b) => ({ id: b.request.id }) },
  "requests.delete": { params: (b) => ({ id: b.request.id }) },
  "orders.list": "own",
  // Aimed at B's workspace and vendor: an order raised there would be B's.
  "orders.create": {
    body: (b) => ({
      workspaceId: b.request.workspaceId,
      vendorId: b.vendor.id,
      title: "Taken over",
      lines: [{ name: { en: "Taken" }, quantity: "1", unitPrice: "1" }]
    })
  },
  "orders.update": { body: (b) => ({ id: b.order.id, version: b.order.version, title: "Taken over" }) },
  "orders.createFromRequest": {
    params: (b) => ({ requestId: b.request.id }),
    body: (b) => ({ vendorId: b.vendor.id })
  },
  "orders.createFromCart": {
    params: (b) => ({ vendorId: b.vendor.id }),
    body: (b) => ({ workspaceId: b.request.workspaceId })
  },
  "orders.submit": { params: (b) => ({ id: b.order.id }), body: () => ({}) },
  "orders.approve": { params: (b) => ({ id: b.order.id }), body: () => ({ isSuperApproval: true }) },
  "orders.reject": { params: (b) => ({ id: b.order.id }), body: () => ({ isSuperApproval: true }) },
  "orders.return": { params: (b) => ({ id: b.order.id }), body: () => ({ isSuperApproval: true }) },
  "orders.submitToVendor": { params: (b) => ({ id: b.order.id }), body: () => ({}) },
  "orders.cancel": { params: (b) => ({ id: b.order.id }), body: () => ({ reason: "Taken over" }) },
  "orders.close": { params: (b) => ({ id: b.order.id }), body: () => ({}) },
  "orders.reopen": { params: (b) => ({ id: b.order.id }), body: () => ({}) },
  "orders.amend": { params: (b) => ({ id: b.order.id }), body: () => ({ version: 1, lines: [{ quantity: "9" }] }) },
  "orders.saveColumns": "none",
  "orders.remind": { params: (b) => ({ id: b.order.id }) },
  "orders.timeline": { params: (b) => ({ id: b.order.id }) },
  "orders.get": { params: (b) => ({ id: b.order.id }) },
  "orders.pdf": { params: (b) => ({ id: b.order.id }) },
  // The seller's side: B's order is addressed to B's own vendor, not to A, so A finds it there neither.
  "orderVendor.list": "own",
  "orderVendor.get": { params: (b) => ({ id: b.order.id }) },
  "orderVendor.pdf": { params: (b) => ({ id: b.order.id }) },
  "orderVendor.accept": { params: (b) => ({ id: b.order.id }), body: () => ({}) },
  "orderVendor.reject": { params: (b) => ({ id: b.order.id }), body: () => ({ remark: "Taken over" }) },
  "vendors.list": "own",
  "vendors.get": { params: (b) => ({ id: b.vendor.id }) },
  "vendors.create": "none",
  "vendors.update": { body: (b) => ({ id: b.vendor.id, version: b.vendor.version, nameEn: "Taken over" }) },
  "vendors.setStatus": { params: (b) => ({ id: b.vendor.id }), body: () => ({ status: "VENDOR_INACTIVE" }) },
  "vendors.hold": { params: (b) => ({ id: b.vendor.id }), body: () => ({ scope: "ALL" }) },
  "vendors.release": { params: (b) => ({ id: b.vendor.id }), body: () => ({}) },
  "vendorChanges.changes": { params: (b) => ({ id: b.vendor.id }) },
  // B's own vendor is not connected, so it has no change to review: the walk aims at its id, found in no change of A.
  "vendorChanges.reviewChange": { params: (b) => ({ id: b.vendor.id }), body: () => ({ action: "approve" }) },
  "vendorChanges.withdrawChange": { params: (b) => ({ id: b.vendor.id }), body: () => ({}) },
  "vendorChanges.rule": "own",
  "vendorChanges.saveRule": "none",
  "contracts.list": "own",
  "contracts.agreedPrices": { query: (b) => `vendorId=${b.vendor.id}&productIds=${b.product.id}` },
  "contracts.create": {
    body: (b) => ({ title: "Taken over", vendorId: b.vendor.id, startDate: "2026-01-01", endDate: "2026-12-31" })
  },
  "contracts.get": { params: (b) => ({ id: b.contract.id }) },
  "contracts.update": { params: (b) => ({ id: b.contract.id }), body: () => ({ title: "Taken over" }) },
  "contracts.submit": { params: (b) => ({ id: b.contract.id }), body: () => ({}) },
  "contracts.review": { params: (b) => ({ id: b.contract.id }), body: () => ({ action: "approve" }) },
  "contracts.terminate": { params: (b) => ({ id: b.contract.id }), body: () => ({ remark: "Taken over" }) },
  "contracts.close": { params: (b) => ({ id: b.contract.id }), body: () => ({}) },
  "invites.questionnaires": "own",
  // Names the caller's own organisation, by a link's token only the invited vendor holds: B's invitations are out
  // of reach without it, and the session can only ever link A itself.
  "invites.link": "none",
  "invites.questionnaire": { params: (b) => ({ id: b.questionnaire.id }) },
  "invites.createQuestionnaire": "none",
  "invites.updateQuestionnaire": {
    params: (b) => ({ id: b.questionnaire.id }),
    body: () => ({
      version: 1,
      name: "Taken over",
      sections: [{ title: { en: "S" }, questions: [{ type: "SHORT_ANSWER", label: { en: "Q" } }] }]
    })
  },
  "invites.rules": "own",
  "invites.saveRules": "none",
  "invites.list": "own",
  "invites.invite": "none",
  "invites.get": { params: (b) => ({ id: b.invite.id }) },
  "invites.timeline": { params: (b) => ({ id: b.invite.id }) },
  "invites.remind": { params: (b) => ({ id: b.invite.id }) },
  "invites.withdrawReview": { params: (b) => ({ id: b.invite.id }) },
  "invites.cancel": { params: (b) => ({ id: b.invite.id }) },
  "invites.publicLink": { params: (b) => ({ id: b.questionnaire.id }) },
  "invites.review": { params: (b) => ({ id: b.invite.id }), body: () => ({ payload: { action: "approve" } }) },
  "vendors.saveColumns": "none",
  "vendors.history": { params: (b) => ({ id: b.vendor.id }) },
  "vendors.report": "own",
  "catalog.nextSku": "own",
  "productExport.exportAll": "own",
  "productExport.exportAllEmail": "own",
  "productExport.exportVendorPrices": "own",
  "catalog.quickSearch": { query: (b) => `name=${encodeURIComponent(b.product.name)}&catalogId=${b.catalog.id}` },
  "catalog.searchByName": "own",
  "catalog.searchByOrg": { query: (b) => `catalogId=${b.catalog.id}`, body: () => ({}) },
  "catalog.query": { query: (b) => `categoryIdOrPath=${b.category.path}`, body: () => ({}) },
  "catalog.initFiltersByCategory": { query: (b) => `categoryId=${b.category.id}` },
  "catalog.listProducts": "own",
  "catalog.getProduct": { params: (b) => ({ id: b.product.id }) },
  // B's product names B's picture: A reads neither the product nor, through it, the picture.
  "catalog.productFile": { params: (b) => ({ id: b.product.id, fileId: b.picture }) },
  "catalog.copyProduct": { params: (b) => ({ id: b.product.id }) },
  "catalog.createProduct": { body: (b) => ({ nameEn: "Taken over", catalogs: [b.catalog.id] }) },
  "catalog.updateProduct": { body: (b) => ({ id: b.product.id, version: b.product.version, nameEn: "Taken over" }) },
  "catalog.deleteProduct": { params: (b) => ({ id: b.product.id }) },
  "catalog.publicCatalogs": "own",
  // Catalog invitations: B's catalog is neither A's to share nor named by a link A holds.
  "catalogInvites.pending": "own",
  "catalogInvites.resolveToken": "none",
  "catalogInvites.accept": { params: (b) => ({ catalogId: b.catalog.id, token: "x".repeat(43) }) },
  "catalogInvites.invite": {
    body: (b) => ({ catalogId: b.catalog.id, orgCode: "ALNOOR", email: "walk@market.example" })
  },
  // The marketplace reads public catalogs only: B's private category is not found.
  "marketplace.categories": "own",
  "marketplace.categoriesTree": { query: (b) => `categoryId=${b.category.id}` },
  "marketplace.autocomplete": "own",
  "marketplace.techSpecOptions": "own",
  "marketplace.products": "own",
  "marketplace.standing": "own",
  "marketplace.setKyc": "none",
  "catalog.catalogCategories": { params: (b) => ({ catalogId: b.catalog.id }) },
  "catalog.importCategories": { params: (b) => ({ catalogId: b.catalog.id }), body: () => [{ nameEn: "Taken over" }] },
  "catalog.listCatalogs": "own",
  "catalog.createCatalog": "none",
  "catalog.updateCatalog": { body: (b) => ({ id: b.catalog.id, version: 1, nameEn: "Taken over" }) },
  "catalog.getCatalog": { params: (b) => ({ id: b.catalog.id }) },
  "catalog.categoryTree": { query: (b) => `catalogId=${b.catalog.id}` },
  "catalog.rootCategories": { query: (b) => `catalogId=${b.catalog.id}` },
  "catalog.allSubCategories": { params: (b) => ({ path: b.category.path }) },
  "catalog.subCategories": { params: (b) => ({ path: b.category.path }) },
  "catalog.listCategories": "own",
  "catalog.createCategories": { body: (b) => [{ catalogId: b.catalog.id, nameEn: "Taken over" }] },
  "catalog.updateCategory": { body: (b) => ({ id: b.category.id, version: 1, nameEn: "Taken over" }) },
  "catalog.getCategory": { params: (b) => ({ id: b.category.id }) },
  "catalog.deleteCategory": { params: (b) => ({ path: b.category.path, id: b.category.id }) },
  // Carts are each user's own: A's calls read and change A's carts, never B's; B's private product is not found.
  "carts.summary": "own",
  "carts.drafts": "own",
  "carts.selectDraft": "none",
  "carts.view": "none",
  "carts.clear": "none",
  "carts.add": { params: () => ({ kind: "rfq" }), body: (b) => ({ productId: b.product.id }) },
  "carts.setQuantity": { params: (b) => ({ kind: "rfq", productId: b.product.id }), body: () => ({ quantity: "2" }) },
  "carts.remove": { params: (b) => ({ kind: "rfq", productId: b.product.id }) }
}

/** Routes whose path names a kind of thing rather than a record: a module, a file kind, a document kind, a list. */
const pathNamesNoRecord: ReadonlySet<string> = new Set([
  "users.approvers",
  "files.upload",
  "requests.saveColumns",
  "catalog.searchByName",
  "catalogInvites.resolveToken",
  "invites.link",
  "marketplace.autocomplete",
  "marketplace.setKyc",
  "carts.view",
  "carts.clear"
])

/**
 * Routes that refuse another organisation's record with another status than 404. `GET workflows?workspaceId=`
 * reads a workspace it cannot see as a refusal (requireWorkflowRead turns WorkspaceNotFound into
 * InsufficientPrivileges), and `PUT workflows` likewise (requireWorkflowWrite):
 * the same answer as for a workspace that does not exist, so nothing leaks, but not the 404 of every other route.
 * The suite fails when one of these starts answering 404, so the list only shrinks.
 * `POST order/from-cart/{vendorId}` reads the caller's own order cart before the workspace it names, and answers
 * that the cart holds nothing for that vendor (422 E6404): nothing of B's is read or shown.
 */
const otherThan404: Readonly<Record<string, number>> = {
  "approvals.workflows": 403,
  "approvals.saveWorkflow": 403
}

for (const engine of engines()) {
  describe(`tenant isolation on ${engine}: another organisation's records are never reached`, () => {
    let server: TestServer
    let tokenA: string
    let tokenB: string
    let b: RecordsOfB
    const call = (method: string, path: string, token: string, body?: unknown) =>
      callApi(server.url, method, path, token, body)
    /** Everything that names organisation B's records: no answer to organisation A may hold any of it. */
    const secretsOfB = () => [
      orgB.id,
      adminB.id,
      adminB.email,
      b.user.id,
      b.user.email,
      b.role,
      b.workspace.id,
      b.workspace.name,
      b.workflow,
      b.budget.id,
      b.budget.name,
      b.change,
      b.request.id,
      b.request.title,
      b.request.workspaceId,
      b.themeTitle,
      b.notificationTitle,
      b.file.id,
      b.file.name,
      b.vendor.id,
      b.vendor.name,
      b.vendor.crNumber,
      b.questionnaire.id,
      b.questionnaire.name,
      b.invite.id,
      b.invite.vendorName,
      b.invite.email,
      b.catalog.id,
      b.catalog.name,
      b.category.id,
      b.product.id,
      b.product.name,
      b.product.sku,
      b.contract.id,
      b.contract.title,
      b.order.id,
      b.order.title
    ]
    const leaks = (text: string) => secretsOfB().filter((secret) => text.includes(secret))

    beforeAll(async () => {
      server = await start(engine)
      tokenA = await signIn(server.url, accounts.admin)
      tokenB = await signIn(server.url, accounts.vendor)
      const unique = Date.now().toString(36)
      const user = await call("POST", "/api/users", tokenB, {
        email: `hidden.${unique}@vendor.tawreed.test`,
        firstName: "Hidden",
        lastName: "Vendor",
        roles: ["org_basic_user"]
      })
      expect(user.status).toBe(200)
      const role = `sahara_only_${unique}`
      expect(
        (
          await call("POST", "/api/roles", tokenB, {
            code: role,
            name: { en: "Sahara", ar: "الصحراء" },
            privileges: []
          })
        ).status
      ).toBe(200)
      const themeTitle = `Sahara Private ${unique}`
      expect(
        (await call("POST", "/api/themes", tokenB, { theme: { ...defaultTheme, appTitle: themeTitle } })).status
      ).toBe(200)
      const notificationTitle = `Sahara invoice ${unique}`
      const notification = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Notifications), (notifications) =>
          notifications.notify(
            new Recipient({ orgId: orgB.id as OrgId, userId: adminB.id as UserId }),
            new NewNotification({
              module: "seller_order",
              type: "ORDER_WAITING_FOR_APPROVAL",
              documentId: `inv-${unique}`,
              title: { en: notificationTitle, ar: notificationTitle },
              notificationBody: notificationTitle,
              url: `/order-vendor/inv-${unique}`
            })
          )
        )
      )
      // Organisation B runs workspaces and budgets too, so that it holds a workspace, its workflow and its approval,
      // and a budget with a change waiting.
      // The platform gives B's plan those modules; its own settings could not (SPEC.md §3 plan limits).
      await provision(server.app, orgB.id, {
        modules: ["workspaces", "budgets", "vendors", "catalogs", "contracts", "orders"],
        generalConfig: { contractsAllowed: true }
      })
      // A workspace of B's in force, approved before B's workflows below exist, with a request waiting there.
      const requestsWorkspace = await call("POST", "/api/workspaces", tokenB, { name: `Sahara Requests ${unique}` })
      expect(requestsWorkspace.status).toBe(200)
      const approvedWorkspace = await call("PUT", "/api/workspaces/submit", tokenB, { id: requestsWorkspace.body.id })
      expect(approvedWorkspace.body.status).toBe("APPROVED")
      const inForce = await call("PUT", `/api/workspaces/activate/${requestsWorkspace.body.id}`, tokenB)
      expect(inForce.body.status).toBe("ACTIVE")
      const requestTitle = `Sahara Secret Request ${unique}`
      const request = await call("POST", "/api/request", tokenB, {
        requestType: "product",
        workspaceId: requestsWorkspace.body.id,
        title: requestTitle,
        items: [{ name: { en: "Pallet wrap" }, quantity: "10", price: { basePrice: "45" } }]
      })
      expect(request.status).toBe(200)
      const workspaceName = `Sahara Secret Store ${unique}`
      const workspace = await call("POST", "/api/workspaces", tokenB, { name: workspaceName })
      expect(workspace.status).toBe(200)
      const workflow = await call("PUT", "/api/workflows", tokenB, {
        workflow: {
          id: crypto.randomUUID(),
          workspaceId: workspace.body.id,
          kind: "workspace",
          levels: [
            { level: 1, name: "Owner", approvers: [{ type: "USER", userId: adminB.id }], mode: "ONE", criteria: {} }
          ],
          version: 0
        },
        version: 0
      })
      expect(workflow.status).toBe(200)
      // Workspaces of B wait for its new user's approval, so that the approval is there to remind of.
      const approval = await call("PUT", "/api/workflows", tokenB, {
        workflow: {
          id: crypto.randomUUID(),
          workspaceId: null,
          kind: "workspace",
          levels: [
            {
              level: 1,
              name: "Review",
              approvers: [{ type: "USER", userId: user.body.user.id }],
              mode: "ONE",
              criteria: {}
            }
          ],
          version: 0
        },
        version: 0
      })
      expect(approval.status).toBe(200)
      const submitted = await call("PUT", "/api/workspaces/submit", tokenB, { id: workspace.body.id })
      expect([submitted.status, submitted.body.status]).toEqual([200, "PENDING"])
      // B's requests wait for its new user's approval too.
      const requestWorkflow = await call("PUT", "/api/workflows", tokenB, {
        workflow: {
          id: crypto.randomUUID(),
          workspaceId: requestsWorkspace.body.id,
          kind: "request",
          levels: [
            {
              level: 1,
              name: "Review",
              approvers: [{ type: "USER", userId: user.body.user.id }],
              mode: "ONE",
              criteria: {}
            }
          ],
          version: 0
        },
        version: 0
      })
      expect(requestWorkflow.status).toBe(200)
      const requestSubmitted = await call("POST", "/api/request/submit", tokenB, { id: request.body.id })
      expect([requestSubmitted.status, requestSubmitted.body.status]).toEqual([200, "REQUEST_UNAPPROVED"])
      // A budget of that workspace in force, whose changes wait for B's new user.
      const budgetName = `Sahara Secret Budget ${unique}`
      const budget = await call("POST", "/api/budgets", tokenB, {
        workspaceId: workspace.body.id,
        name: budgetName,
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        lines: [{ key: "7100", label: "Freight", limit: "90000.00" }]
      })
      expect(budget.status).toBe(200)
      const activated = await call("PUT", `/api/budgets/activate/${budget.body.id}`, tokenB)
      expect([activated.status, activated.body.status]).toEqual([200, "ACTIVE"])
      const budgetWorkflow = await call("PUT", "/api/workflows", tokenB, {
        workflow: {
          id: crypto.randomUUID(),
          workspaceId: workspace.body.id,
          kind: "budget",
          levels: [
            {
              level: 1,
              name: "Finance",
              approvers: [{ type: "USER", userId: user.body.user.id }],
              mode: "ONE",
              criteria: {}
            }
          ],
          version: 0
        },
        version: 0
      })
      expect(budgetWorkflow.status).toBe(200)
      const change = await call("POST", `/api/budgets/${budget.body.id}/changes`, tokenB, {
        action: "request_for_budget_limit",
        lines: [{ key: "7100", delta: "5000.00" }]
      })
      expect([change.status, change.body.status]).toEqual([200, "PENDING_APPROVAL"])
      const fileName = `sahara-secret-${unique}.pdf`
      const upload = new FormData()
      upload.append("file", new Blob([new TextEncoder().encode("%PDF-1.7\n%%EOF\n")]), fileName)
      const uploaded = await fetch(`${server.url}/api/media_upload/pdf/bill`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokenB}` },
        body: upload
      })
      expect(uploaded.status).toBe(200)
      const file = (await uploaded.json()) as { id: string; fileURL: string; name: string }
      const vendorName = `Sahara Hidden Vendor ${unique}`
      const vendorCr = `7${String(Date.now()).slice(-9)}`
      const vendor = await call("POST", "/api/vendors", tokenB, { nameEn: vendorName, crNumber: vendorCr })
      expect(vendor.status).toBe(200)
      const questionnaireName = `Sahara Hidden Questionnaire ${unique}`
      const questionnaire = await call("POST", "/api/questionnaires", tokenB, {
        name: questionnaireName,
        sections: [{ title: { en: "Company" }, questions: [{ type: "SHORT_ANSWER", label: { en: "Trade name" } }] }]
      })
      expect(questionnaire.status).toBe(200)
      const invitedName = `Sahara Hidden Invitee ${unique}`
      const invitedEmail = `hidden.invitee.${unique}@vendor.tawreed.test`
      const invited = await call("POST", "/api/invites", tokenB, { vendorName: invitedName, email: invitedEmail })
      expect(invited.status).toBe(200)
      const catalogName = `Sahara Hidden Catalog ${unique}`
      const catalog = await call("POST", "/api/catalogs", tokenB, { nameEn: catalogName })
      expect(catalog.status).toBe(200)
      const category = await call("POST", "/api/categories", tokenB, [{ catalogId: catalog.body.id, nameEn: "Hidden" }])
      expect(category.status).toBe(200)
      const productName = `Sahara Hidden Product ${unique}`
      const pictureForm = new FormData()
      pictureForm.append(
        "file",
        new Blob([
          Uint8Array.from([
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
            8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89
          ])
        ]),
        `sahara-secret-${unique}.png`
      )
      const pictured = await fetch(`${server.url}/api/media_upload/image/product`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokenB}` },
        body: pictureForm
      })
      expect(pictured.status).toBe(200)
      const picture = (await pictured.json()) as { id: string; fileURL: string }
      const product = await call("POST", "/api/products", tokenB, {
        nameEn: productName,
        sku: `HIDDEN-${unique}`,
        mediaList: [{ src: picture.fileURL }],
        catalogs: [catalog.body.id],
        categories: [category.body[0].id]
      })
      expect(product.status).toBe(200)
      const contractTitle = `Sahara Secret Contract ${unique}`
      const contract = await call("POST", "/api/contracts", tokenB, {
        title: contractTitle,
        vendorId: vendor.body.id,
        startDate: "2026-01-01",
        endDate: "2099-12-31",
        ceiling: "5000",
        lines: [{ productId: product.body.id, unitPrice: "7.25" }]
      })
      expect(contract.status).toBe(200)
      // B orders directly from its own vendor, in its requests' workspace.
      const settingsB = (await call("GET", `/api/org_settings/${orgB.id}`, tokenB)).body as {
        modules: Array<{ code: string; features?: Record<string, unknown> }>
      }
      const direct = settingsB.modules.map((m) =>
        m.code === "orders" ? { ...m, features: { ...m.features, enableDirectOrder: true } } : m
      )
      expect((await call("POST", "/api/org_settings", tokenB, { modules: direct })).status).toBe(200)
      const orderTitle = `Sahara Secret Order ${unique}`
      const order = await call("POST", "/api/order", tokenB, {
        workspaceId: requestsWorkspace.body.id,
        vendorId: vendor.body.id,
        title: orderTitle,
        lines: [{ name: { en: "Stretch film" }, quantity: "5", unitPrice: "80" }]
      })
      expect([order.status, order.body.status]).toEqual([200, "ORDER_DRAFTED"])
      b = {
        user: user.body.user,
        role,
        notification: notification.id,
        workspace: { id: workspace.body.id, version: submitted.body.version, name: workspaceName },
        workflow: workflow.body.id,
        budget: { id: budget.body.id, version: activated.body.version, name: budgetName, line: "7100" },
        change: change.body.id,
        request: {
          id: request.body.id,
          version: requestSubmitted.body.version,
          title: requestTitle,
          workspaceId: requestsWorkspace.body.id
        },
        themeTitle,
        notificationTitle,
        file: { id: file.id, fileURL: file.fileURL, name: fileName },
        vendor: { id: vendor.body.id, version: vendor.body.version, name: vendorName, crNumber: vendorCr },
        questionnaire: { id: questionnaire.body.id, name: questionnaireName },
        invite: { id: invited.body.id, vendorName: invitedName, email: invitedEmail },
        catalog: { id: catalog.body.id, name: catalogName },
        category: { id: category.body[0].id, path: category.body[0].path },
        product: { id: product.body.id, version: product.body.version, name: productName, sku: product.body.sku },
        picture: picture.id,
        contract: {
          id: contract.body.id,
          version: contract.body.version,
          number: contract.body.number,
          title: contractTitle
        },
        order: { id: order.body.id, version: order.body.version, title: orderTitle }
      }
      // The records are there for organisation B itself.
      expect((await call("GET", `/api/users/${b.user.id}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/workspaces/${b.workspace.id}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/notification/${b.notification}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/approvals/workspace/${b.workspace.id}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/budgets/${b.budget.id}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/approvals/budget/${b.change}`, tokenB)).status).toBe(200)
      expect((await call("GET", b.file.fileURL, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/request/${b.request.id}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/vendors/${b.vendor.id}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/products/${b.product.id}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/products/${b.product.id}/files/${b.picture}`, tokenB)).status).toBe(200)
      expect((await call("GET", `/api/order/${b.order.id}`, tokenB)).status).toBe(200)
    })
    afterAll(() => server?.close())

    it("declares how every signed-in route is aimed at another organisation", () => {
      const signedIn = apiRoutes.filter((r) => r.signedIn).map((r) => r.key)
      expect(
        signedIn.filter((k) => targets[k] === undefined),
        "routes without a line in `targets`"
      ).toEqual([])
      expect(Object.keys(targets).filter((k) => !signedIn.includes(k))).toEqual([])
      for (const route of apiRoutes.filter((r) => r.params.length > 0 && targets[r.key] !== undefined)) {
        const target = targets[route.key]!
        const aimed = target !== "none" && target !== "own" && target.params !== undefined
        expect(`${route.key} aimed at a record: ${aimed}`).toBe(
          `${route.key} aimed at a record: ${!pathNamesNoRecord.has(route.key)}`
        )
      }
    })

    it("answers 404 to every route aimed at another organisation's record, and never shows it", async () => {
      const outcomes: Array<string> = []
      const expected: Array<string> = []
      for (const route of apiRoutes) {
        const target = targets[route.key]
        if (target === undefined || target === "none" || target === "own") continue
        const query = target.query === undefined ? "" : `?${target.query(b)}`
        const path = fillPath(route, target.params?.(b) ?? {}) + query
        const answer = await call(route.method, path, tokenA, target.body?.(b))
        outcomes.push(`${route.key} ${route.method} ${path}: ${answer.status}`)
        expected.push(`${route.key} ${route.method} ${path}: ${otherThan404[route.key] ?? 404}`)
        expect(leaks(answer.text), `${route.key} shows organisation B's records`).toEqual([])
      }
      expect(outcomes).toEqual(expected)
      expect(outcomes.length).toBeGreaterThan(20)
      // Organisation B's records are as it left them.
      const user = await call("GET", `/api/users/${b.user.id}`, tokenB)
      expect([user.body.status, user.body.position, user.body.version]).toEqual(["ACTIVE", "", b.user.version])
      const roles = await call("GET", "/api/roles", tokenB)
      expect(roles.body.roles.map((r: { code: string }) => r.code)).toContain(b.role)
      const workspace = await call("GET", `/api/workspaces/${b.workspace.id}`, tokenB)
      expect([workspace.body.status, workspace.body.version, workspace.body.remarks]).toEqual([
        "PENDING",
        b.workspace.version,
        ""
      ])
      const notification = await call("GET", `/api/notification/${b.notification}`, tokenB)
      expect(notification.body.status).toBe("UNREAD")
      const workflow = await call("GET", `/api/workflows/${b.workflow}`, tokenB)
      expect([workflow.status, workflow.body.levels.length]).toEqual([200, 1])
      const budget = await call("GET", `/api/budgets/${b.budget.id}`, tokenB)
      expect([budget.body.status, budget.body.version, budget.body.name, budget.body.lines[0].limit]).toEqual([
        "ACTIVE",
        b.budget.version,
        b.budget.name,
        "90000.00"
      ])
      const changes = await call("GET", `/api/budgets/${b.budget.id}/changes`, tokenB)
      expect(changes.body.map((c: { change: { id: string; status: string } }) => c.change)).toEqual([
        expect.objectContaining({ id: b.change, status: "PENDING_APPROVAL" })
      ])
      const budgets = await call("GET", `/api/budgets?workspaceId=${b.workspace.id}`, tokenB)
      expect(budgets.body.map((x: { id: string }) => x.id)).toEqual([b.budget.id])
      const file = await call("GET", b.file.fileURL, tokenB)
      expect([file.status, file.text]).toEqual([200, "%PDF-1.7\n%%EOF\n"])
      const request = await call("GET", `/api/request/${b.request.id}`, tokenB)
      expect([request.body.status, request.body.version, request.body.title, request.body.assigneeId]).toEqual([
        "REQUEST_UNAPPROVED",
        b.request.version,
        b.request.title,
        null
      ])
      const requests = await call("GET", "/api/request", tokenB)
      expect(requests.body.requests.map((x: { id: string }) => x.id)).toEqual([b.request.id])
      const vendor = await call("GET", `/api/vendors/${b.vendor.id}`, tokenB)
      expect([vendor.body.status, vendor.body.version, vendor.body.name.en, vendor.body.hold]).toEqual([
        "VENDOR_ACTIVE",
        b.vendor.version,
        b.vendor.name,
        null
      ])
      const product = await call("GET", `/api/products/${b.product.id}`, tokenB)
      expect([product.body.version, product.body.name.en]).toEqual([b.product.version, b.product.name])
      const contract = await call("GET", `/api/contracts/${b.contract.id}`, tokenB)
      expect([contract.body.status, contract.body.version, contract.body.title]).toEqual([
        "CONTRACT_DRAFTED",
        b.contract.version,
        b.contract.title
      ])
      const order = await call("GET", `/api/order/${b.order.id}`, tokenB)
      expect([order.body.status, order.body.version, order.body.title]).toEqual([
        "ORDER_DRAFTED",
        b.order.version,
        b.order.title
      ])
    })

    it("never lists another organisation's records in the caller's own reads and searches", async () => {
      for (const route of apiRoutes) {
        if (targets[route.key] !== "own") continue
        const answer = await call(route.method, route.path, tokenA)
        expect(`${route.key}: ${answer.status}`).toBe(`${route.key}: 200`)
        expect(leaks(answer.text), `${route.key} lists organisation B's records`).toEqual([])
      }
      const searches = [
        `/api/users?search=${encodeURIComponent(b.user.email)}`,
        `/api/users/list-table?search=${encodeURIComponent("Hidden")}`,
        `/api/workspaces?search=${encodeURIComponent(b.workspace.name)}`,
        `/api/workspaces/available?orgId=${orgB.id}`,
        `/api/budgets?workspaceId=${b.workspace.id}`,
        `/api/request/budgets/active?workspaceId=${b.workspace.id}`,
        `/api/request?search=${encodeURIComponent(b.request.title)}`,
        `/api/request?workspaceId=${b.request.workspaceId}`,
        `/api/users/approvers/request?page=0&limit=9999`,
        `/api/vendors?search=${encodeURIComponent(b.vendor.name)}`,
        `/api/vendors?search=${b.vendor.crNumber}&limit=9999`,
        `/api/products/search/${encodeURIComponent(b.product.name)}`,
        `/api/products/search/${encodeURIComponent(b.product.sku)}`,
        `/api/products/quickSearchByOrg?name=${encodeURIComponent(b.product.name)}`,
        `/api/catalogs/public-catalogs?limit=9999`,
        `/api/categories/all`,
        `/api/carts/rfq`,
        `/api/carts/public/drafts`,
        `/api/order?search=${encodeURIComponent(b.order.title)}`,
        `/api/order-vendor?search=${encodeURIComponent(b.order.title)}`
      ]
      for (const path of searches) {
        const answer = await call("GET", path, tokenA)
        expect(`${path}: ${answer.status}`).toBe(`${path}: 200`)
        expect(leaks(answer.text), `${path} finds organisation B's records`).toEqual([])
      }
    })

    it("keeps each organisation's theme its own: deleting one's theme leaves the other's", async () => {
      expect((await call("POST", "/api/themes", tokenA, { theme: defaultTheme })).status).toBe(200)
      expect((await call("DELETE", "/api/themes", tokenA)).status).toBe(204)
      const theirs = await callApi(server.url, "GET", `/api/themes/${orgB.code}`)
      expect([theirs.body.orgCode, theirs.body.theme.appTitle]).toEqual([orgB.code, b.themeTitle])
      const ours = await callApi(server.url, "GET", `/api/themes/${orgA.code}`)
      expect(leaks(ours.text)).toEqual([])
    })
  })
}
