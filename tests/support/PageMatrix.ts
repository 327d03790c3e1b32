/**
 * What every page of the site answers each visitor, written once as data for the site walk
 * (tests/e2e/site-walk.spec.ts), from SPEC.md §2 and §6 and the default roles (see PrivilegeMatrix.ts), never from
 * the route rules the site reads (core/src/access/RoutePrivileges.ts):
 *
 * - signed out, every page but sign-in and the error pages leads to sign-in (SPEC.md §6: all routes need a token);
 *   the sign-in pages lead a signed-in visitor to the action board;
 * - settings need usr_*_o or ost_*_o (the organisation's super user; the vendor's is the super user of their own
 *   organisation), the users and roles screens usr_r_o, creating a user usr_c_o, the outbox (which holds reset
 *   codes) whoever creates or updates users; budgets bdg_*_o; creating a workspace wkp_c (the workspace admin);
 * - requests are always on (SPEC.md §6) and read by whoever holds a req_r_* privilege (every default role but the
 *   organisation manager's); a kind of request is raised where the CREATE menu offers it: requests with req_c_u or
 *   req_c_w, not in a vendor organisation; RFPs with rfq_c_o or rfq_c_w where the organisation enables them (the
 *   demo buyer does); contracts where the requests module allows them; expense requests where the plan allows
 *   expenses (the demo buyer's does), reimbursements where the admin configuration allows them too (not in the demo);
 * - a visitor lacking a page's privilege, or whose organisation has the module off, gets the 403 auth-error page;
 * - an id of another organisation, or of nothing, is 404: the vendor's user finds none of the buyer's records.
 *
 * Visitors: signed out; the buyer's admin (org_super_user), buyer (org_basic_user; manager of the Riyadh workspace,
 * viewer of Jeddah's), approver (org_basic_user and request_approver; admin of the Jeddah workspace), and the
 * vendor organisation's super user, whose organisation runs the seller modules only.
 */

export const visitors = ["signedOut", "admin", "buyer", "approver", "vendor"] as const
export type Visitor = (typeof visitors)[number]

/**
 * What a page answers, as the walk writes it: `200`, `404`, `401` (the auth-error page's own status), `403` (the
 * 403 page or a redirect to it), `sign-in` or `action board` (a redirect there), or `redirect /{locale}/<path>`
 * (an id in the path written `[id]`). Where the answer depends on the visitor's own records, the answers it may be
 * are written `a | b`.
 */
export type PageAnswer = string

type Row = Readonly<Record<Visitor, PageAnswer>>

const everyone = (answer: PageAnswer): Row => ({
  signedOut: answer,
  admin: answer,
  buyer: answer,
  approver: answer,
  vendor: answer
})
/** A page for anyone signed in. */
const signedIn: Row = { ...everyone("200"), signedOut: "sign-in" }
/** A page of the buyer's organisation's super user: the settings, which the vendor's super user has too. */
const superUsers: Row = { signedOut: "sign-in", admin: "200", buyer: "403", approver: "403", vendor: "200" }
/** A budgets page: bdg_*_o, in an organisation that runs budgets (the vendor's does not). */
const budgetsAdmin: Row = { signedOut: "sign-in", admin: "200", buyer: "403", approver: "403", vendor: "403" }
/**
 * A budgets page that reads: also whoever reads budgets in some workspace (SPEC.md §6 `bdg_r_w`), as the budgets
 * use case lets them through the API — the buyer manages the demo budget's workspace and the approver watches it.
 */
const budgetsReaders: Row = { ...budgetsAdmin, buyer: "200", approver: "200" }
/** A kind of request the demo organisation raises, for those who raise requests: not in a vendor organisation. */
const requestRaisers: Row = { ...signedIn, vendor: "403" }
/** A kind of request the demo organisation does not raise (its plan or its settings leave it out). */
const notRaised: Row = { ...everyone("403"), signedOut: "sign-in" }
/** A step of raising a request opened without its draft's id: there is no such request. */
const noDraft: Row = { ...everyone("404"), signedOut: "sign-in" }

/** A catalogs admin page: the super users; the others go to the catalogs. */
const catalogAdmins: Row = {
  signedOut: "sign-in",
  admin: "200",
  buyer: "redirect /{locale}/catalogs",
  approver: "redirect /{locale}/catalogs",
  vendor: "200"
}
/** A products admin page: the super users. */
const productAdmins: Row = { signedOut: "sign-in", admin: "200", buyer: "403", approver: "403", vendor: "200" }

/** Every page under web/src/pages/[locale], by its path there without the extension. */
export const pageMatrix: Readonly<Record<string, Row>> = {
  "[...path]": { ...everyone("404"), signedOut: "sign-in" },
  // The buyer's catalog browse and product search: whoever reads products (prd_r_o), every demo user; a catalog or a
  // category of that id does not exist.
  catalogs: signedIn,
  "catalogs/[catalogId]": { ...everyone("404"), signedOut: "sign-in" },
  "catalogs/[catalogId]/[categoryId]": { ...everyone("404"), signedOut: "sign-in" },
  products: signedIn,
  actionboard: signedIn,
  "auth-error": everyone("401"),
  "auth/login": { ...everyone("action board"), signedOut: "200" },
  "auth/logout": everyone("sign-in"),
  "auth/reset-password": everyone("200"),
  // Without the emailed token there is no password to set.
  "auth/set-password": everyone("sign-in"),
  "auth/validate-mfa": { ...everyone("action board"), signedOut: "sign-in" },
  budgets: {
    ...budgetsReaders,
    admin: "redirect /{locale}/budgets/list",
    buyer: "redirect /{locale}/budgets/list",
    approver: "redirect /{locale}/budgets/list"
  },
  // No change has this id: 404 to whoever may open the page (it needs only a login and the budgets module).
  "budgets/changes/[id]": { signedOut: "sign-in", admin: "404", buyer: "404", approver: "404", vendor: "403" },
  "budgets/create": budgetsAdmin,
  "budgets/details/[id]": budgetsReaders,
  "budgets/list": budgetsReaders,
  help: signedIn,
  requests: { ...everyone("redirect /{locale}/requests/requests"), signedOut: "sign-in" },
  // No request has this id.
  "requests/[id]": noDraft,
  "requests/create": requestRaisers,
  "requests/create/contract-request": notRaised,
  "requests/create/new-expense-request": requestRaisers,
  "requests/create/new-expense-request/review": noDraft,
  "requests/create/product-request": requestRaisers,
  "requests/create/product-request/request-info": noDraft,
  "requests/create/product-request/review-submit": noDraft,
  // RFPs: the admin holds rfq_c_o; the buyer and the approver raise RFQs of their own only (rfq_c_u).
  "requests/create/proposal-request": { ...notRaised, admin: "200" },
  "requests/create/reimbursement-request": notRaised,
  "requests/create/request-success": noDraft,
  "requests/expense-requests": signedIn,
  // The visitor's latest request once a journey raised one (the buyer's requests journey, the admin's phone walk),
  // else the page to raise a first.
  "requests/latest-request": {
    ...everyone("redirect /{locale}/requests/create"),
    signedOut: "sign-in",
    admin: "redirect /{locale}/requests/[id] | redirect /{locale}/requests/create",
    buyer: "redirect /{locale}/requests/[id] | redirect /{locale}/requests/create"
  },
  "requests/requests": signedIn,
  "network-error": everyone("200"),
  "server-error": everyone("200"),
  settings: superUsers,
  "settings/org-info": superUsers,
  "settings/outbox": superUsers,
  // A mail's attachment: the outbox's readers find no such mail, everyone else is refused.
  "settings/outbox/[mail]/[file]": { ...superUsers, admin: "404", vendor: "404" },
  "settings/roles": superUsers,
  "settings/theme": superUsers,
  "settings/users": superUsers,
  // The buyer's user: the vendor's super user finds no such user in their organisation.
  "settings/users/[id]": { ...superUsers, vendor: "404" },
  "settings/users/create": superUsers,
  "user-profile": signedIn,
  // The vendor master: ven_*_o, the buyer's super user; the vendor's organisation has the module off.
  vendors: { ...superUsers, vendor: "403" },
  // No vendor has this id.
  "vendors/[id]": { ...superUsers, admin: "404", vendor: "403" },
  "vendors/create": { ...superUsers, vendor: "403" },
  // The vendor report: rep_r_* and ven_r_o, the buyer's super user.
  "vendors/reports/vendor": { ...superUsers, vendor: "403" },
  // Vendor onboarding under the same privileges: no invitation has this id.
  "vendors/invited": { ...superUsers, vendor: "403" },
  "vendors/invited/[id]": { ...superUsers, admin: "404", vendor: "403" },
  // A change of a vendor's key details leads to its vendor's page: no change has this id.
  "vendors/changes/[id]": { ...superUsers, admin: "404", vendor: "403" },
  "vendors/settings": { ...superUsers, vendor: "403" },
  // Contracts (SPEC.md §2 orders/contracts): the vendors-and-contracts privileges ven_*_o (the buyer's super user),
  // not the orders route's ord_*, and the contracts module, which the vendor's organisation has off. One contract
  // needs only a login and the module (its approvers may hold no vendors privilege): no contract has this id.
  "orders/contracts": { ...superUsers, vendor: "403" },
  "orders/contracts/create": { ...superUsers, vendor: "403" },
  "orders/contracts/[id]": { ...noDraft, vendor: "403" },
  "orders/contracts/[id]/edit": { ...noDraft, vendor: "403" },
  // A vendor's invitation, open to anyone with its link: no invitation has this token (past the tries an address
  // has in an hour, it waits).
  "invites-open/[token]": everyone("404 | 429"),
  // Applying by a questionnaire's public link: no questionnaire has this link.
  "invites-open/apply/[token]": everyone("404 | 429"),
  // Orders (SPEC.md §6 ord_r/c/u in _w and _o, the orders module): the admin, the buyer as manager of the Riyadh
  // workspace and the approver as its viewer (their workspace roles' ord_*_w); the vendor's organisation has orders
  // off. No order has this id.
  orders: {
    ...signedIn,
    admin: "redirect /{locale}/orders/orders",
    buyer: "redirect /{locale}/orders/orders",
    approver: "redirect /{locale}/orders/orders",
    vendor: "403"
  },
  "orders/orders": { ...signedIn, vendor: "403" },
  "orders/offers": { ...signedIn, vendor: "403" },
  "orders/create/info": { ...signedIn, vendor: "403" },
  "orders/[id]": { ...noDraft, vendor: "403" },
  "orders/[id]/print": { ...noDraft, vendor: "403" },
  // The seller's orders (SPEC.md §2 order-vendor, a login and the seller_order module): the vendor's organisation
  // runs it, the buyer's does not. No order addressed to the vendor has this id.
  "order-vendor": { ...everyone("403"), signedOut: "sign-in", vendor: "200" },
  "order-vendor/[id]": { ...everyone("403"), signedOut: "sign-in", vendor: "404" },
  // The guest catalogue (SPEC.md §2): public, signed in or not.
  guest: everyone("200"),
  // A catalog invitation's link: signed out, sign in first (the link is the return address); no invitation has this
  // token (past the tries an address has in an hour, it waits). The catalogs module guards it.
  "catalogs/accept/[token]": { ...everyone("404 | 429"), signedOut: "sign-in", vendor: "404 | 403 | 429" },
  // The workspaces module is the buyer's; the vendor's organisation has it off.
  workspaces: { ...signedIn, vendor: "403" },
  // The Riyadh workspace, which the buyer manages and the approver views.
  "workspaces/[id]/[tab]": { ...signedIn, vendor: "403" },
  // wkp_c: the admin, and the approver as admin of the Jeddah workspace; not the buyer, who only manages one.
  "workspaces/create/new/details": { ...signedIn, buyer: "403", vendor: "403" },
  "workspaces/settings": { ...superUsers, vendor: "403" },
  // The catalogs admin (SPEC.md §6: cat_c/u/d_o or prd_c/u_o, the others go to the catalogs): the super users of
  // both organisations, which run the catalogs module; no catalog or product has this id.
  "catalogs-admin": catalogAdmins,
  "catalogs-admin/create": catalogAdmins,
  "catalogs-admin/create/info": catalogAdmins,
  "catalogs-admin/catalogs/[id]": { ...catalogAdmins, admin: "404", vendor: "404" },
  "catalogs-admin/catalogs/all-products/search/products/[id]": { ...catalogAdmins, admin: "404", vendor: "404" },
  // The products admin: prd_c_o or prd_u_o, the super users; the others get the 403 page.
  "products-admin": productAdmins,
  "products-admin/create": {
    ...productAdmins,
    admin: "redirect /{locale}/products-admin/create/info",
    vendor: "redirect /{locale}/products-admin/create/info"
  },
  "products-admin/create/info": productAdmins,
  "products-admin/[id]": { ...productAdmins, admin: "404", vendor: "404" },
  // A product, for whoever reads products (every default role of both organisations): no product has this id.
  "products/[id]": noDraft,
  "catalogs/[catalogId]/[categoryId]/products/[id]": noDraft
}

/**
 * Answers the site gives today that the matrix does not allow, each with the answer it gives. The walk fails for
 * any other difference, and for a gap listed here that has closed (then the line goes).
 */
export const knownGaps: Readonly<Record<string, PageAnswer>> = {
  // The create page has no privilege rule of its own: it shows its form, and the API refuses the save (E3002).
  "buyer workspaces/create/new/details": "200"
}
