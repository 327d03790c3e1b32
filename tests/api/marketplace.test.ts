import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations } from "@tawreed/adapters/storage/DemoData"
import { Outbox } from "@tawreed/core/mail"
import { PageRequest } from "@tawreed/core/shared"
import { callApi } from "../support/ApiRoutes.ts"
import { accounts, engines, provision, signIn, start, type TestServer } from "../support/TestServer.ts"

type Answer = { readonly status: number; readonly body: any }

const operator = "operator@platform.tawreed.test"
process.env["TAWREED_PLATFORM_OPERATORS"] = `${operator},${accounts.admin}`
process.env["SUPPORT_EMAIL"] = "kyc@tawreed.test"

let serial = 0
/** A message without the isolation marks around its values. */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, "")

for (const engine of engines()) {
  describe(`the guest catalogue, marketplace guard and catalog invitations over the API on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "buyer" | "vendor", string>
    const call = (method: string, path: string, token?: string, body?: unknown, headers = {}): Promise<Answer> =>
      callApi(server.url, method, path, token, body, headers)
    const codeOf = (answer: Answer) => [answer.status, answer.body?.error?.code]

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.buyer = await signIn(server.url, accounts.buyer)
      tokens.vendor = await signIn(server.url, accounts.vendor)
    })
    afterAll(() => server?.close())

    /** The token of the newest catalog invitation link mailed to an address, read from the buyer's outbox. */
    const linkTo = async (to: string) => {
      const page = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Outbox), (outbox) =>
          outbox.list(demoOrganisations.buyer.id as never, new PageRequest({ page: 0, limit: 50 }))
        )
      )
      const text = page.mails.find((mail) => mail.to === to)?.text ?? ""
      return /\/catalogs\/accept\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "none"
    }

    /** A marketplace supplier registered now, its organisation in marketplace mode, signed in. */
    const supplier = async () => {
      const n = `${Date.now().toString(36)}${++serial}`
      const email = `supplier-${n}@market.tawreed.test`
      const made = await call("POST", "/api/orgMarketplace", undefined, {
        name: `Market ${n}`,
        primaryContact: { email, firstName: "Noura", lastName: "Saleh" },
        password: "Supplier@2026"
      })
      expect(made.status).toBe(201)
      await provision(server.app, made.body.orgId, { adminConfig: { marketplaceEnabled: true } })
      return {
        code: made.body.code as string,
        orgId: made.body.orgId as string,
        token: await signIn(server.url, email, "Supplier@2026")
      }
    }

    it("shows guests the public catalogue signed out: catalogs, root categories, sub-categories and a page of products", async () => {
      const catalogs = await call("GET", `/api/marketplaceV2/guest/catalogs/${demoOrganisations.buyer.code}`)
      expect(catalogs.status).toBe(200)
      const market = catalogs.body.catalogs.find((c: any) => c.name.en === "Al Noor marketplace")
      expect(market).toBeDefined()
      const roots = await call("POST", "/api/marketplaceV2/guest/category-tree", undefined, { catalogId: market.id })
      expect(roots.body.categories.map((c: any) => c.name.en)).toEqual(
        expect.arrayContaining(["Office supplies", "Information technology", "Safety", "Furniture"])
      )
      expect(roots.body.categories.every((c: any) => c.image?.startsWith("data:image/svg+xml"))).toBe(true)
      const root = roots.body.categories[0]
      const subs = await call("POST", "/api/marketplaceV2/guest/category-tree", undefined, {
        catalogId: market.id,
        selectedTree: [root.id]
      })
      expect(subs.body.selectedTree.map((c: any) => c.id)).toEqual([root.id])
      expect(subs.body.categories.length).toBeGreaterThan(0)
      const page = await call("POST", "/api/marketplaceV2/guest/products", undefined, {
        catalogId: market.id,
        selectedTree: [root.id],
        page: 0,
        limit: 10
      })
      expect(page.status).toBe(200)
      expect(page.body.products).toHaveLength(10)
      expect(page.body.totalCount).toBeGreaterThan(10)
      expect(page.body.products[0].details.sku).toMatch(/^PRD-/)
      const leaf = await call("POST", "/api/marketplaceV2/guest/products", undefined, {
        catalogId: market.id,
        selectedTree: [root.id, subs.body.categories[0].id],
        limit: 30
      })
      expect(leaf.body.totalCount).toBeLessThan(page.body.totalCount)

      expect(
        codeOf(await call("POST", "/api/marketplaceV2/guest/products", undefined, { catalogId: market.id, limit: 25 }))
      ).toEqual([400, "E2370"])
      expect(
        codeOf(
          await call("POST", "/api/marketplaceV2/guest/category-tree", undefined, {
            catalogId: market.id,
            selectedTree: [subs.body.categories[0].id]
          })
        )
      ).toEqual([400, "E2371"])
      expect(codeOf(await call("GET", "/api/marketplaceV2/guest/catalogs/NOSUCHORG"))).toEqual([404, "E4340"])
      // A kept answer is dropped when a product changes: the guest sees the new name (first by name) at once.
      const first = page.body.products[0]
      const product = await call("GET", `/api/products/${first.id}`, tokens.admin)
      const renamed = `0 ${product.body.name.en} (${engine})`
      const saved = await call("PUT", "/api/products", tokens.admin, {
        id: first.id,
        version: product.body.version,
        nameEn: renamed
      })
      expect(saved.status).toBe(200)
      const again = await call("POST", "/api/marketplaceV2/guest/products", undefined, {
        catalogId: market.id,
        selectedTree: [root.id],
        page: 0,
        limit: 10
      })
      expect(again.body.products.map((p: any) => p.name.en)).toContain(renamed)
      // The buyer's own catalog is not public: a guest never reads it.
      const own = await call("GET", "/api/catalogs?page=0&limit=25", tokens.admin)
      const head = own.body.catalogs.find((c: any) => c.kind === "OWN")
      expect(
        codeOf(await call("POST", "/api/marketplaceV2/guest/category-tree", undefined, { catalogId: head.id }))
      ).toEqual([404, "E4341"])
    })

    it("holds a marketplace organisation without verified KYC back with 401 signed out and 403 with the support address", async () => {
      expect((await call("POST", "/api/vendors/products?onlyActive=true", undefined, null)).status).toBe(401)
      const market = await supplier()
      const refused = await call("POST", "/api/vendors/products?onlyActive=true", market.token, null)
      expect(codeOf(refused)).toEqual([403, "E6012"])
      expect(plain(refused.body.error.message)).toBe(
        "You are not authorized to access this. Contact kyc@tawreed.test to validate your account."
      )
      const arabic = await call("POST", "/api/marketplace/techSpecOptions", market.token, null, { language: "ar" })
      expect(codeOf(arabic)).toEqual([403, "E6012"])
      expect(plain(arabic.body.error.message)).toBe(
        "ليس لديك تصريح بالوصول إلى هذا. تواصل مع kyc@tawreed.test للتحقق من حسابك."
      )
      // Browsing the category tree skips the KYC check.
      expect((await call("GET", "/api/marketplace/categories?page=0&limit=25", market.token)).status).toBe(200)
      // Only the platform's operators verify; then the supplier gets in.
      expect(
        codeOf(await call("PUT", `/api/marketplace/kyc/${market.code}`, market.token, { verified: true }))
      ).toEqual([403, "E3002"])
      const verified = await call("PUT", `/api/marketplace/kyc/${market.code}`, tokens.admin, { verified: true })
      expect([verified.status, verified.body.kycVerified]).toEqual([200, true])
      const products = await call("POST", "/api/vendors/products?onlyActive=true", market.token, null)
      expect(products.status).toBe(200)
      expect(products.body.totalCount).toBeGreaterThan(0)
      expect(products.body.products.every((p: any) => p.isAvailable && p.public)).toBe(true)
      const hits = await call("GET", "/api/marketplace/autocomplete/paper", market.token)
      expect(hits.status).toBe(200)
      // The demo organisations are verified; an organisation outside marketplace mode is never held back.
      expect((await call("POST", "/api/vendors/products", tokens.buyer, null)).status).toBe(200)
      expect((await call("GET", "/api/marketplace/kyc", tokens.vendor)).body.kycVerified).toBe(true)
    })

    it("shares a catalog by a mailed single-use link that only the invited organisation accepts, before it lapses", async () => {
      const own = await call("GET", "/api/catalogs?page=0&limit=25", tokens.admin)
      const catalog = own.body.catalogs.find((c: any) => c.kind === "OWN")
      const market = await supplier()
      const email = `buyer-${++serial}-${engine}@market.tawreed.test`
      const sent = await call("POST", "/api/catalogs/invitations", tokens.admin, {
        catalogId: catalog.id,
        orgCode: market.code,
        email
      })
      expect([sent.status, sent.body.status]).toEqual([200, "PENDING"])
      const token = await linkTo(email)
      expect(token).not.toBe("none")
      expect(
        codeOf(
          await call("POST", "/api/catalogs/invitations", tokens.admin, {
            catalogId: catalog.id,
            orgCode: demoOrganisations.buyer.code,
            email
          })
        )
      ).toEqual([422, "E6353"])
      expect(
        codeOf(
          await call("POST", "/api/catalogs/invitations", tokens.buyer, {
            catalogId: catalog.id,
            orgCode: market.code,
            email
          })
        )
      ).toEqual([403, "E3002"])

      const pending = await call("GET", "/api/catalogs/pending?page=0&limit=25", market.token)
      expect(pending.body.totalCount).toBe(1)
      expect(pending.body.pendingCatalogs[0].catalogName.en).toBe(catalog.name.en)
      const resolved = await call("GET", `/api/catalogs/resolve_token/${token}`, market.token)
      expect([resolved.status, resolved.body.fromOrgName]).toEqual([200, demoOrganisations.buyer.name])
      // Another organisation's user cannot use it.
      expect(codeOf(await call("POST", `/api/catalogs/accept/${catalog.id}/${token}`, tokens.vendor))).toEqual([
        403,
        "E6351"
      ])
      expect(codeOf(await call("GET", `/api/catalogs/resolve_token/${"x".repeat(43)}`, market.token))).toEqual([
        404,
        "E4343"
      ])
      const accepted = await call("POST", `/api/catalogs/accept/${catalog.id}/${token}`, market.token)
      expect([accepted.status, accepted.body.status]).toEqual([200, "ACCEPTED"])
      // Single use: the link is spent.
      expect(codeOf(await call("POST", `/api/catalogs/accept/${catalog.id}/${token}`, market.token))).toEqual([
        404,
        "E4343"
      ])
      expect((await call("GET", "/api/catalogs/pending", market.token)).body.totalCount).toBe(0)

      // A lapsed link is refused with its date.
      const later = `late-${++serial}-${engine}@market.tawreed.test`
      await call("POST", "/api/catalogs/invitations", tokens.admin, {
        catalogId: catalog.id,
        orgCode: market.code,
        email: later
      })
      const lateToken = await linkTo(later)
      await server.app.runtime.runPromise(
        Effect.gen(function* () {
          const { SqlClient } = yield* Effect.promise(() => import("effect/sql"))
          const sql = yield* SqlClient.SqlClient
          yield* sql`UPDATE catalog_invitations SET expires_at = now() - interval '1 day' WHERE email = ${later}`
        }).pipe(Effect.orDie) as never
      )
      expect(codeOf(await call("POST", `/api/catalogs/accept/${catalog.id}/${lateToken}`, market.token))).toEqual([
        422,
        "E6350"
      ])
    })
  })
}
