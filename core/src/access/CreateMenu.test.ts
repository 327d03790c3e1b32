import { assert, describe, it } from "@effect/vitest"
import { createMenu, createMenuGroupLabels, createMenuItems, type CreateMenuContext } from "./CreateMenu.ts"

const modules = [
  "requests",
  "rfqs",
  "orders",
  "bills",
  "e_invoice",
  "catalogs",
  "clients",
  "vendors",
  "workspaces",
  "expense_accounts",
  "markups",
  "inventory"
].map((code) => ({
  code,
  config: { enabled: true },
  features: {
    allowExpenseRequest: true,
    allowRequestForContract: true,
    enableDirectOrder: true,
    expenseBill: true,
    createEnabled: true,
    journalEntry: true
  }
}))

const everything: CreateMenuContext = {
  privileges: [...new Set(createMenuItems.flatMap((i) => i.privileges))],
  roles: [{ roleName: "Admin", code: "org_super_user" }],
  modules,
  isVendor: false,
  scaCommunity: false,
  marketplaceSupplier: false,
  enableRfp: true,
  reimbursementAllowed: true,
  expensesAllowed: true,
  canCreateWorkspace: true
}
const keys = (context: CreateMenuContext) => createMenu(context).flatMap((g) => g.items.map((i) => i.key))

describe("the CREATE menu", () => {
  it("has the spec's groups and every privilege the spec lists", () => {
    assert.deepStrictEqual(
      createMenu(everything).map((g) => createMenuGroupLabels[g.group].en),
      ["Requests", "Sourcing", "Orders", "Bills", "Products", "Others"]
    )
    assert.deepStrictEqual([...new Set(createMenuItems.flatMap((i) => i.privileges))].sort(), [
      "bil_c_o",
      "bil_c_w",
      "bil_ex_c_o",
      "cat_c_o",
      "cli_c_o",
      "ctg_c_o",
      "exp_c_o",
      "inv_c_o",
      "mar_c_o",
      "ord_c_o",
      "ord_c_w",
      "prd_c_o",
      "req_c_u",
      "req_c_w",
      "rfq_c_o",
      "rfq_c_w",
      "usr_c_o",
      "ven_c_o",
      "wkp_c_o"
    ])
    assert.deepStrictEqual(
      createMenu(everything)
        .find((g) => g.group === "sourcing")
        ?.items.map((i) => i.label.en),
      ["RFQ", "RFP", "RFC MFA"]
    )
    assert.deepStrictEqual(keys(everything).length, createMenuItems.length)
  })

  it("shows an item only with one of its privileges", () => {
    assert.deepStrictEqual(keys({ ...everything, privileges: ["req_c_w"] }), [
      "request",
      "expenseRequest",
      "reimbursementRequest"
    ])
    assert.deepStrictEqual(keys({ ...everything, privileges: ["bil_ex_c_o"] }), ["expenseBill", "eInvoice"])
  })

  it("hides the buying items from vendors and marketplace suppliers", () => {
    const vendor = keys({ ...everything, isVendor: true })
    for (const k of ["request", "rfq", "purchaseOrder", "expenseBill", "vendor", "workspace"])
      assert.notInclude(vendor, k)
    assert.includeMembers(vendor, ["eInvoice", "catalog", "product", "user"])
    assert.notInclude(keys({ ...everything, marketplaceSupplier: true }), "rfq")
    assert.notInclude(keys({ ...everything, scaCommunity: true }), "rfp")
    assert.include(keys({ ...everything, scaCommunity: true }), "request")
  })

  it("follows the settings: RFP, workspace limit, disabled modules", () => {
    assert.notInclude(keys({ ...everything, enableRfp: false }), "rfp")
    assert.notInclude(keys({ ...everything, canCreateWorkspace: false }), "workspace")
    assert.notInclude(keys({ ...everything, modules: modules.filter((m) => m.code !== "orders") }), "purchaseOrder")
  })

  it("is hidden for organisation managers", () => {
    assert.deepStrictEqual(createMenu({ ...everything, roles: [{ code: "orgs_manager" }] }), [])
  })
})
