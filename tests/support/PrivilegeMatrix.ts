/**
 * Who may call each route of the API, written once as data: the walks hold every answer to it. It is drawn from
 * SPEC.md §6 (settings need usr_*_o or ost_*_o, budgets bdg_*, workspaces wkp_*) and from the default roles as
 * core/src/access/DefaultRoles.ts documents them in prose, never from the privilege constants the product reads,
 * so that widening a role's privileges in core (a workspaces manager deleting users) fails the walk instead of
 * moving the walk's expectation along with it.
 *
 * The default roles, in the words of their documentation:
 * - org_super_user may do everything in the organisation;
 * - orgs_manager manages the organisation's record and reads its users and settings, and nothing else;
 * - org_basic_user raises and follows their own requests, RFQs and receipts, reads catalogs and products;
 * - workspaces_viewer reads the documents of their workspaces (and the workspace and its budgets);
 *   workspaces_manager also creates and updates them (and updates the workspace); workspaces_admin also deletes them,
 *   runs the workspace itself (creates and deletes workspaces) and updates its budgets;
 * - the four approver roles read the documents they approve within their workspaces, nothing more;
 * - client_super_user runs the organisation's clients and reads its catalogs.
 */

/** The eleven default role codes of SPEC.md §6, one walker each. */
export const roleCodes = [
  "org_super_user",
  "orgs_manager",
  "org_basic_user",
  "workspaces_viewer",
  "workspaces_manager",
  "workspaces_admin",
  "request_approver",
  "rfq_approver",
  "order_approver",
  "bill_approver",
  "client_super_user"
] as const

export type RoleCode = (typeof roleCodes)[number]

/** Who may call a route: anyone, anyone signed in, or the users holding one of these roles. */
export type Allowed = "public" | "login" | ReadonlyArray<RoleCode>

// Named groups, each a literal list: the matrix below reads as SPEC.md §6 and the roles' documentation do.
const superUserOnly: ReadonlyArray<RoleCode> = ["org_super_user"]
/** usr_r_o: the super user, and the organisation manager who reads the users. */
const userReaders: ReadonlyArray<RoleCode> = ["org_super_user", "orgs_manager"]
/** Whoever picks approvers and workspace managers: user readers and those who create or update workspaces. */
const pickers: ReadonlyArray<RoleCode> = ["org_super_user", "orgs_manager", "workspaces_manager", "workspaces_admin"]
/** Read a workspace (wkp_r): its viewers, managers and admins. */
const workspaceReaders: ReadonlyArray<RoleCode> = [
  "org_super_user",
  "workspaces_viewer",
  "workspaces_manager",
  "workspaces_admin"
]
/** Update a workspace (wkp_u): its managers and admins. */
const workspaceUpdaters: ReadonlyArray<RoleCode> = ["org_super_user", "workspaces_manager", "workspaces_admin"]
/** Create or delete workspaces (wkp_c, wkp_d): the workspace admin, who runs the workspace itself. */
const workspaceRunners: ReadonlyArray<RoleCode> = ["org_super_user", "workspaces_admin"]
/** Read a workspace's budgets (bdg_r): whoever reads its documents. */
const budgetReaders = workspaceReaders
/** Update a workspace's budgets (bdg_u): its admin. */
const budgetUpdaters: ReadonlyArray<RoleCode> = ["org_super_user", "workspaces_admin"]
/**
 * Read requests somewhere (req_r): whoever raises or follows their own, the readers of their workspaces' documents,
 * and the request approver. The lists answer each of them what they may read.
 */
const requestReaders: ReadonlyArray<RoleCode> = [
  "org_super_user",
  "org_basic_user",
  "workspaces_viewer",
  "workspaces_manager",
  "workspaces_admin",
  "request_approver"
]
/** Read the requests of a workspace: its viewers, managers and admins (a basic user reads only their own). */
const workspaceRequestReaders = workspaceReaders
/** Raise and update the requests of a workspace (req_c, req_u there): its managers and admins. */
const workspaceRequestWriters: ReadonlyArray<RoleCode> = ["org_super_user", "workspaces_manager", "workspaces_admin"]
/** Delete the requests of a workspace (req_d there): its admin. */
const workspaceRequestDeleters: ReadonlyArray<RoleCode> = ["org_super_user", "workspaces_admin"]

/** Read the orders of a workspace: its viewers, managers and admins. */
const workspaceOrderReaders = workspaceReaders
/** Create and update the orders of a workspace (ord_c, ord_u there): its managers and admins. */
const workspaceOrderWriters: ReadonlyArray<RoleCode> = ["org_super_user", "workspaces_manager", "workspaces_admin"]

/** Read catalogs and products (cat_r_o, prd_r_o): the basic user, the workspace roles and the client super user. */
const catalogReaders: ReadonlyArray<RoleCode> = [
  "org_super_user",
  "org_basic_user",
  "workspaces_viewer",
  "workspaces_manager",
  "workspaces_admin",
  "client_super_user"
]

/** Every route of the API by `group.endpoint` (tests/support/ApiRoutes.ts), and who may call it. */
export const privilegeMatrix: Readonly<Record<string, Allowed>> = {
  "system.health": "public",
  "auth.login": "public",
  "auth.logout": "login",
  "auth.iam": "login",
  "auth.package": "login",
  "account.requestMfaCode": "public",
  "account.verifyMfa": "public",
  "account.forgotPassword": "public",
  "account.verifyResetCode": "public",
  "account.resetPassword": "public",
  "account.validateToken": "public",
  "account.passwordOrgData": "public",
  "account.setPassword": "public",
  "registration.open": "public",
  "registration.marketplace": "public",
  "sso.googleLogin": "public",
  "sso.googleCallback": "public",
  "sso.azureLogin": "public",
  "sso.azureCallback": "public",
  "publicThemes.fromUrl": "public",
  "publicThemes.byOrgCode": "public",

  "notifications.list": "login",
  "notifications.countUnRead": "login",
  "notifications.readAll": "login",
  "notifications.deleteAll": "login",
  "notifications.get": "login",
  "notifications.read": "login",
  "notifications.delete": "login",

  "users.list": userReaders,
  "users.listTable": userReaders,
  "users.approvers": pickers,
  "users.workspaceManagers": pickers,
  "users.profile": userReaders,
  "users.get": userReaders,
  "users.setStatus": superUserOnly,
  "users.create": superUserOnly,
  "users.bulkCreate": superUserOnly,
  "users.update": superUserOnly,
  "users.delete": superUserOnly,
  "users.resetPassword": superUserOnly,
  "profile.update": "login",
  "profile.emailAlerts": "login",

  "roles.list": userReaders,
  "roles.save": superUserOnly,
  "roles.delete": superUserOnly,
  "orgSettings.update": superUserOnly,
  "orgSettings.get": "login",
  "themes.save": superUserOnly,
  "themes.delete": superUserOnly,

  "workspaces.list": workspaceReaders,
  "workspaces.create": workspaceRunners,
  "workspaces.update": workspaceUpdaters,
  "workspaces.submit": workspaceUpdaters,
  "workspaces.saveColumns": workspaceReaders,
  "workspaces.available": "login",
  "workspaces.default": "login",
  "workspaces.count": workspaceReaders,
  "workspaces.activate": workspaceUpdaters,
  "workspaces.deactivate": workspaceUpdaters,
  "workspaces.review": "login",
  "workspaces.copy": workspaceRunners,
  "workspaces.setDefault": workspaceReaders,
  "workspaces.get": workspaceReaders,
  "workspaces.delete": workspaceRunners,

  "approvals.pending": "login",
  "approvals.state": "login",
  "approvals.timeline": "login",
  "approvals.remindWorkspace": "login",
  "approvals.remindBudget": "login",
  // The organisation's own workflows are the organisation's (wkp_*_o): only its super user holds those.
  "approvals.workflows": superUserOnly,
  "approvals.workflow": "login",
  "approvals.saveWorkflow": superUserOnly,

  "budgets.list": budgetReaders,
  // bdg_c: the spec's budgets route lists it at organisation scope only; no workspace role creates budgets.
  "budgets.create": superUserOnly,
  "budgets.update": budgetUpdaters,
  "budgets.activate": budgetUpdaters,
  "budgets.deactivate": budgetUpdaters,
  "budgets.summary": budgetReaders,
  "budgets.reviewChange": "login",
  "budgets.changes": budgetReaders,
  // Asking for more limit needs only to read the budget: whoever raises documents against it may ask.
  "budgets.requestChange": budgetReaders,
  "budgets.get": budgetReaders,
  "budgets.active": "login",

  // Anyone signed in uploads a file for a document; it reaches nobody else until a document takes it, and then
  // whoever may read that document (its module decides), so downloads and deletes are judged per file.
  "files.upload": "login",
  "files.signUpload": "login",
  "files.remove": "login",
  "files.download": "login",
  // A signed upload URL is its own credential: the PUT needs no session, only a token its requester was given.
  "signedUploads.put": "public",

  // The walk aims the routes of one request at a request of a workspace none of the walk's users raised; whoever may
  // not even read it is answered 404, as if it did not exist (see the walk's `hides`).
  "requests.list": requestReaders,
  "requests.listExpense": requestReaders,
  "requests.latest": "login",
  "requests.create": workspaceRequestWriters,
  "requests.update": workspaceRequestWriters,
  "requests.submit": workspaceRequestWriters,
  "requests.archive": workspaceRequestWriters,
  "requests.copy": workspaceRequestWriters,
  "requests.returnToDraft": workspaceRequestWriters,
  "requests.close": workspaceRequestWriters,
  // Approvers need no requests privilege: the approval engine decides who approves.
  "requests.approve": "login",
  "requests.skip": "login",
  "requests.reject": "login",
  "requests.return": "login",
  // Who handles a request's sourcing is the workspace's or the organisation's buyers' to say, never its requester's.
  "requests.assign": workspaceRequestWriters,
  "requests.watcherCandidates": workspaceRequestReaders,
  "requests.updateWatchers": workspaceRequestWriters,
  "requests.saveColumns": requestReaders,
  "requests.remind": workspaceRequestReaders,
  "requests.timeline": workspaceRequestReaders,
  "requests.get": workspaceRequestReaders,
  "requests.delete": workspaceRequestDeleters,

  // Orders, the buyer's side (SPEC.md §6 orders: ord_r/c/u_w and ord_r/c/u_o). The walk aims one order's routes at
  // orders of a workspace none of the walk's users raised; whoever may not even read them is answered 404.
  // The list is everyone's, as the requests' is: a basic user (ord_r_u) lists the orders they raised or watch, the
  // workspace roles and the order approver (ord_r_w) their workspaces' too, and anyone else an empty page.
  "orders.list": "login",
  "orders.create": workspaceOrderWriters,
  "orders.update": workspaceOrderWriters,
  "orders.createFromRequest": workspaceOrderWriters,
  "orders.createFromCart": workspaceOrderWriters,
  "orders.submit": workspaceOrderWriters,
  // Approvers need no orders privilege: the approval engine decides who approves.
  "orders.approve": "login",
  "orders.reject": "login",
  "orders.return": "login",
  "orders.submitToVendor": workspaceOrderWriters,
  "orders.cancel": workspaceOrderWriters,
  "orders.close": workspaceOrderWriters,
  "orders.reopen": workspaceOrderWriters,
  "orders.amend": workspaceOrderWriters,
  "orders.saveColumns": "login",
  "orders.remind": workspaceOrderReaders,
  "orders.timeline": workspaceOrderReaders,
  "orders.pdf": workspaceOrderReaders,
  "orders.get": workspaceOrderReaders,
  // The seller's order module needs only a sign-in (SPEC.md §6 seller modules): each organisation finds there only
  // the orders addressed to it.
  "orderVendor.list": "login",
  "orderVendor.accept": "login",
  "orderVendor.reject": "login",
  "orderVendor.pdf": "login",
  "orderVendor.get": "login",

  // Vendors are read, created and changed organisation-wide only (ven_r_o, ven_c_o, ven_u_o): the super user.
  "vendors.list": superUserOnly,
  "vendors.get": superUserOnly,
  "vendors.create": superUserOnly,
  "vendors.update": superUserOnly,
  "vendors.setStatus": superUserOnly,
  "vendors.hold": superUserOnly,
  "vendors.release": superUserOnly,
  // Changes of a connected vendor's key details: read and withdrawn with the vendors' privileges (ven_r_o, ven_u_o);
  // the approval engine says who reviews them.
  "vendorChanges.changes": superUserOnly,
  "vendorChanges.withdrawChange": superUserOnly,
  "vendorChanges.reviewChange": "login",
  "vendorChanges.rule": superUserOnly,
  "vendorChanges.saveRule": superUserOnly,

  // Vendor onboarding under the vendors' privileges: questionnaires and invitations are read with ven_r_o, sent,
  // reminded and cancelled with ven_c_o, and the questionnaires and rules changed with ven_u_o; the approval engine
  // says who reviews. The vendor's side has no account: the link's token is its credential.
  "invites.questionnaires": superUserOnly,
  "invites.questionnaire": superUserOnly,
  "invites.createQuestionnaire": superUserOnly,
  "invites.updateQuestionnaire": superUserOnly,
  "invites.rules": superUserOnly,
  "invites.saveRules": superUserOnly,
  "invites.list": superUserOnly,
  "invites.invite": superUserOnly,
  "invites.get": superUserOnly,
  "invites.timeline": superUserOnly,
  "invites.remind": superUserOnly,
  "invites.withdrawReview": superUserOnly,
  "invites.cancel": superUserOnly,
  "invites.publicLink": superUserOnly,
  "invites.review": "login",
  // Linking a vendor organisation to an invitation: any session may ask; the use case answers who may link (a
  // vendor organisation's user who manages its settings) with refusals of its own, after the link's token.
  "invites.link": "login",
  "invitesOpen.open": "public",
  "invitesOpen.publicLinkView": "public",
  "invitesOpen.apply": "public",
  "invitesOpen.register": "public",
  "invitesOpen.questionnaire": "public",
  "invitesOpen.answer": "public",
  "invitesOpen.upload": "public",
  "vendors.saveColumns": superUserOnly,
  "vendors.history": superUserOnly,
  // SPEC.md §6 reports: rep_r_w or rep_r_o, plus ven_r_o for the vendor report: of the default roles, the super user.
  "vendors.report": superUserOnly,
  // Catalogs, categories and products are read organisation-wide by whoever reads catalogs and products (cat_r_o,
  // prd_r_o: the basic user, the workspace roles, the client super user) and written by the super user only.
  "catalog.nextSku": catalogReaders,
  "catalog.quickSearch": catalogReaders,
  "catalog.searchByName": catalogReaders,
  "catalog.searchByOrg": catalogReaders,
  "catalog.query": catalogReaders,
  "catalog.initFiltersByCategory": catalogReaders,
  "catalog.listProducts": catalogReaders,
  "catalog.getProduct": catalogReaders,
  // A product's file is served to whoever reads the product (Catalogs.getProduct runs first).
  "catalog.productFile": catalogReaders,
  "catalog.copyProduct": superUserOnly,
  "catalog.createProduct": superUserOnly,
  "catalog.updateProduct": superUserOnly,
  "catalog.deleteProduct": superUserOnly,
  "catalog.publicCatalogs": catalogReaders,
  "catalog.catalogCategories": catalogReaders,
  "catalog.importCategories": superUserOnly,
  "catalog.listCatalogs": catalogReaders,
  "catalog.createCatalog": superUserOnly,
  "catalog.updateCatalog": superUserOnly,
  "catalog.getCatalog": catalogReaders,
  "catalog.categoryTree": catalogReaders,
  "catalog.rootCategories": catalogReaders,
  "catalog.allSubCategories": catalogReaders,
  "catalog.subCategories": catalogReaders,
  "catalog.listCategories": catalogReaders,
  "catalog.createCategories": superUserOnly,
  "catalog.updateCategory": superUserOnly,
  "catalog.getCategory": catalogReaders,
  "catalog.deleteCategory": superUserOnly,
  // The product exports: whoever reads products (prd_r_o) exports them, as the products list shows them.
  "productExport.exportAll": catalogReaders,
  "productExport.exportAllEmail": catalogReaders,
  "productExport.exportVendorPrices": catalogReaders,
  // SPEC.md §7 Guest: the public catalogue needs no sign-in.
  "guest.catalogs": "public",
  "guest.categoryTree": "public",
  "guest.products": "public",
  "guest.picture": "public",
  // The marketplace paths need a sign-in and, in marketplace mode, a verified KYC (SPEC.md §6 marketplace guard);
  // none of the walkers' organisations is held back by it.
  "marketplace.categories": "login",
  "marketplace.categoriesTree": "login",
  "marketplace.autocomplete": "login",
  "marketplace.techSpecOptions": "login",
  "marketplace.products": "login",
  "marketplace.standing": "login",
  // Only the platform's operators (configured by email) verify an organisation's KYC: none of the default roles.
  "marketplace.setKyc": [],
  // Catalog invitations: pending ones and a link's invitation read by catalog readers (cat_r_o), accepted by whoever
  // creates catalogs (cat_c_o), sent by whoever updates them (cat_u_o).
  "catalogInvites.pending": catalogReaders,
  "catalogInvites.resolveToken": catalogReaders,
  "catalogInvites.accept": superUserOnly,
  "catalogInvites.invite": superUserOnly,
  // Each user's own carts: whoever reads products (prd_r_o) keeps them (SPEC.md §2 Cart sidebars, §6).
  "carts.summary": catalogReaders,
  "carts.drafts": catalogReaders,
  "carts.selectDraft": catalogReaders,
  "carts.view": catalogReaders,
  "carts.clear": catalogReaders,
  "carts.add": catalogReaders,
  "carts.setQuantity": catalogReaders,
  "carts.remove": catalogReaders,
  // Contracts (SPEC.md §6 "vendors and contracts"): listed and priced with ven_r_o, created with ven_c_o, changed,
  // submitted and ended with ven_u_o. One contract is read by a contract reader or one of its approvers, and
  // reviewed as the approval engine says; the others get not found.
  "contracts.list": superUserOnly,
  "contracts.agreedPrices": superUserOnly,
  "contracts.create": superUserOnly,
  "contracts.get": "login",
  "contracts.update": superUserOnly,
  "contracts.submit": superUserOnly,
  "contracts.review": "login",
  "contracts.terminate": superUserOnly,
  "contracts.close": superUserOnly
}

/** Whether the matrix lets a role call a route. */
export const mayCall = (route: string, role: RoleCode): boolean => {
  const allowed = privilegeMatrix[route]
  return allowed === "public" || allowed === "login" || (allowed?.includes(role) ?? false)
}
