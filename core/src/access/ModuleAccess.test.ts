import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import {
  canAddToOrderCart,
  canAddToRfqCart,
  isPriceVisible,
  showCartButtons,
  showPublicCartButton
} from "./CartAccess.ts"
import { decideMarketplaceRoute, requireBrowser } from "./MarketplaceGuard.ts"
import {
  isModuleEnabled,
  isModuleVisible,
  moduleDisplayName,
  moduleFeature,
  requireModule,
  type ModuleSetting
} from "./ModuleAccess.ts"
import { canSeeWorkspacesModule, isCreateMenuHidden, isSuperUser } from "./Roles.ts"
import { checkWorkspaceCreation, workspaceCreationAllowed } from "./WorkspaceCreation.ts"
import { describeError } from "../shared/ErrorCatalogue.ts"

const modules: ReadonlyArray<ModuleSetting> = [
  {
    code: "orders",
    config: { enabled: true },
    features: { enableDirectOrder: true },
    name: { en: "Purchase Orders", ar: "أوامر الشراء" }
  },
  { code: "vendors", config: { enabled: true }, name: { en: "Suppliers", ar: "" }, defaultName: "Vendors" },
  { code: "rfqs", config: { enabled: false } },
  { code: "reports", config: { enabled: true } },
  { code: "integrations", config: { enabled: true } },
  { code: "budgets", config: { enabled: true }, upgradable: true }
]

describe("module enablement", () => {
  it("allows an enabled module and requests always", () => {
    assert.isTrue(isModuleEnabled(modules, "orders"))
    assert.isFalse(isModuleEnabled(modules, "rfqs"))
    assert.isFalse(isModuleEnabled(modules, "catalogs"))
    assert.isTrue(isModuleEnabled([], "requests"))
    assert.isTrue(moduleFeature(modules, "orders", "enableDirectOrder"))
    assert.isFalse(moduleFeature(modules, "orders", "other"))
  })

  it.effect("refuses a disabled module with 'You do not have access to this module'", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(requireModule(modules, "rfqs"))
      assert.strictEqual(describeError(error, "en").message, "You do not have access to this module")
    })
  )

  it("hides upgradable modules, shows reports only in demo and integrations only in beta", () => {
    const visible = (env: "demo" | "production", beta: boolean) =>
      modules.filter((m) => isModuleVisible(m, { environment: env, beta })).map((m) => m.code)
    assert.deepStrictEqual(visible("production", false), ["orders", "vendors"])
    assert.deepStrictEqual(visible("demo", true), ["orders", "vendors", "reports", "integrations"])
  })

  it("names a module from the organisation's settings in the user's language", () => {
    assert.strictEqual(moduleDisplayName(modules, "orders", "ar"), "أوامر الشراء")
    assert.strictEqual(moduleDisplayName(modules, "vendors", "en"), "Suppliers")
    assert.strictEqual(moduleDisplayName(modules, "vendors", "ar"), "Vendors")
    assert.strictEqual(moduleDisplayName(modules, "payments", "en"), "payments")
  })
})

describe("roles", () => {
  it("makes a super user of a role named Super Admin or Super User", () => {
    assert.isTrue(isSuperUser([{ roleName: "Super Admin" }]))
    assert.isTrue(isSuperUser([{ roleName: " super  user " }]))
    assert.isFalse(isSuperUser([{ roleName: "Admin", code: "org_super_user" }]))
  })

  it("shows Workspaces to its roles other than orgs_manager", () => {
    for (const code of [
      "org_super_user",
      "workspaces_viewer",
      "workspaces_manager",
      "workspaces_admin",
      "tawreed_super_admin",
      "client_super_user",
      "tawreed_basic_user",
      "org_basic_user"
    ]) {
      assert.isTrue(canSeeWorkspacesModule([{ code }]), code)
    }
    assert.isFalse(canSeeWorkspacesModule([{ code: "orgs_manager" }]))
    assert.isFalse(canSeeWorkspacesModule([{ code: "vendor_user" }]))
    assert.isTrue(isCreateMenuHidden([{ code: "orgs_manager" }]))
  })
})

describe("cart buttons and prices", () => {
  const on = { rfqEnabled: true, directOrderEnabled: false, canSourceFromPublicCatalog: false }
  it("shows the carts when RFQ or direct ordering is on, the public cart only with public sourcing", () => {
    assert.isTrue(showCartButtons(on))
    assert.isFalse(showCartButtons({ ...on, rfqEnabled: false }))
    assert.isFalse(showPublicCartButton(on))
    assert.isTrue(showPublicCartButton({ ...on, canSourceFromPublicCatalog: true }))
  })

  it("needs both the setting and the product's permission for cart actions", () => {
    assert.isTrue(canAddToRfqCart(on, { allowRFQ: true }))
    assert.isFalse(canAddToRfqCart(on, { allowRFQ: false }))
    assert.isFalse(canAddToOrderCart(on, { allowDirectOrder: true }))
    assert.isTrue(canAddToOrderCart({ ...on, directOrderEnabled: true }, { allowDirectOrder: true }))
  })

  it("shows a price for priced catalog items when public sourcing or showPrices allows", () => {
    assert.isFalse(isPriceVisible(on, { price: "10" }))
    assert.isTrue(isPriceVisible({ ...on, showPrices: true }, { price: "10" }))
    assert.isTrue(isPriceVisible({ ...on, canSourceFromPublicCatalog: true }, { price: "10" }))
    assert.isFalse(isPriceVisible({ ...on, showPrices: true }, { price: "10", manualProduct: true }))
    assert.isFalse(isPriceVisible({ ...on, showPrices: true }, {}))
  })
})

describe("workspace creation", () => {
  it.effect("stops at the limit or when the admin config disables it", () =>
    Effect.gen(function* () {
      yield* checkWorkspaceCreation({ workspacesLimit: 3, workspaceCount: 2 })
      const limit = yield* Effect.flip(checkWorkspaceCreation({ workspacesLimit: 3, workspaceCount: 3 }))
      assert.strictEqual(describeError(limit, "en").message, "Your organisation has reached its limit of 3 workspaces.")
      const off = yield* Effect.flip(checkWorkspaceCreation({ disableWorkspaceCreation: true, workspaceCount: 0 }))
      assert.strictEqual(off._tag, "WorkspaceCreationDisabled")
      assert.isTrue(workspaceCreationAllowed({ workspaceCount: 50 }))
      assert.isFalse(workspaceCreationAllowed({ workspacesLimit: 0, workspaceCount: 0 }))
    })
  )
})

describe("marketplace guard", () => {
  it("asks for a sign-in, then a verified KYC unless the route skips it", () => {
    const base = { loggedIn: true, kycVerified: false, routeSkipsKyc: false, supportEmail: "support@tawreed.io" }
    assert.deepStrictEqual(decideMarketplaceRoute({ ...base, loggedIn: false }), { _tag: "SignIn" })
    const decision = decideMarketplaceRoute(base)
    assert.strictEqual(decision._tag, "KycRequired")
    if (decision._tag === "KycRequired") {
      assert.strictEqual(
        describeError(decision.error, "en").message,
        "You are not authorized to access this. Contact \u2068support@tawreed.io\u2069 to validate your account."
      )
    }
    assert.deepStrictEqual(decideMarketplaceRoute({ ...base, routeSkipsKyc: true }), { _tag: "Allow" })
  })

  it.effect("refuses browser-only actions on the native app with the spec's words", () =>
    Effect.gen(function* () {
      yield* requireBrowser(false)
      const error = yield* Effect.flip(requireBrowser(true))
      assert.strictEqual(
        describeError(error, "en").message,
        "To perform this action, please access the platform from the browser."
      )
    })
  )
})
