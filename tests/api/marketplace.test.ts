import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations } from "@tawreed/adapters/storage/DemoData"
import { NewProductInput, ProductFiles } from "@tawreed/core/catalog"
import { Sessions } from "@tawreed/core/identity"
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

    /** A small PNG and a PDF, as uploads of a product's picture and attachment. */
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
      0, 0, 0, 0x1f, 0x15, 0xc4, 0x89
    ])
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n")
    const upload = async (bytes: Uint8Array, name: string, path: string): Promise<string> => {
      const data = new FormData()
      data.append("file", new Blob([bytes.slice()]), name)
      const response = await fetch(`${server.url}/api/media_upload/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.admin}` },
        body: data
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { fileURL: string }).fileURL
    }
    /** A product saved as the products admin saves it, its pictures and attachments attached to it. */
    const productWith = (fields: ConstructorParameters<typeof NewProductInput>[0]) =>
      server.app.runtime.runPromise(
        Effect.gen(function* () {
          const actor = yield* (yield* Sessions).authenticate(tokens.admin)
          return yield* (yield* ProductFiles).create(actor, new NewProductInput(fields))
        }) as unknown as Effect.Effect<{ readonly id: string; readonly version: number }>
      )
    const picture = (src: string, headers: Record<string, string> = {}) => fetch(`${server.url}${src}`, { headers })
    const pictureOf = (fileURL: string) => `/api/marketplaceV2/guest/pictures/${fileURL.split("/").at(-1)}`

    it("serves a public product's picture to anyone, and no other file: private, attachment, deleted, unknown", async () => {
      const catalogs = await call("GET", `/api/marketplaceV2/guest/catalogs/${demoOrganisations.buyer.code}`)
      const market = catalogs.body.catalogs.find((c: any) => c.name.en === "Al Noor marketplace")
      const n = `${engine}-${++serial}`
      const shown = await upload(png, "shown.png", "image/product")
      const sheet = await upload(pdf, "sheet.pdf", "doc/product")
      const hidden = await upload(png, "hidden.png", "image/product")
      const gone = await upload(png, "gone.png", "image/product")
      const open = await productWith({
        nameEn: `Pictured ${n}`,
        sku: `PIC-${n}`,
        public: true,
        catalogs: [market.id],
        mediaList: [{ src: shown }],
        attachments: [sheet]
      })
      await productWith({
        nameEn: `Private ${n}`,
        sku: `PIC-${n}-P`,
        public: false,
        catalogs: [market.id],
        mediaList: [{ src: hidden }]
      })
      const deleted = await productWith({
        nameEn: `Deleted ${n}`,
        sku: `PIC-${n}-D`,
        public: true,
        catalogs: [market.id],
        mediaList: [{ src: gone }]
      })
      expect((await call("DELETE", `/api/products/${deleted.id}`, tokens.admin)).status).toBe(204)

      // Signed out, from any organisation: the picture's bytes, kept by shared caches, with the download policy.
      const got = await picture(pictureOf(shown))
      expect(got.status).toBe(200)
      expect(got.headers.get("content-type")).toBe("image/png")
      expect(got.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/)
      expect(got.headers.get("content-security-policy")).toContain("default-src 'none'")
      const etag = got.headers.get("etag")
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/)
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(png)
      expect((await picture(pictureOf(shown), { "if-none-match": etag! })).status).toBe(304)
      const seller = await supplier()
      expect((await picture(pictureOf(shown), { authorization: `Bearer ${seller.token}` })).status).toBe(200)
      // The download route still answers only the organisation that keeps the file.
      expect((await picture(shown)).status).toBe(401)
      expect((await picture(shown, { authorization: `Bearer ${seller.token}` })).status).toBe(404)

      // Every other file is not found, alike: a private product's picture, an attachment, a deleted product's
      // picture, an id that names nothing.
      for (const src of [hidden, sheet, gone, "/api/media_upload/00000000-0000-4000-8000-000000000000"]) {
        const refused = await picture(pictureOf(src))
        expect([src, refused.status]).toEqual([src, 404])
        expect((await refused.json()).error.code).toBe("E4060")
      }
      expect((await picture("/api/marketplaceV2/guest/pictures/not-an-id")).status).toBe(400)

      // The guest and marketplace answers name the picture by the public route.
      const found = await call("POST", "/api/vendors/products", tokens.vendor, { name: `Pictured ${n}` })
      const listed = found.body.products.find((p: any) => p.id === open.id)
      expect(listed.mediaList).toEqual([{ src: pictureOf(shown) }])
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
    it("lets the organisation that accepted a catalog invitation read the catalog and its products, and no other", async () => {
      const made = await call("POST", "/api/catalogs", tokens.admin, {
        nameEn: `Members only ${engine}`,
        nameAr: "للأعضاء فقط",
        kind: "OWN"
      })
      expect(made.status).toBe(200)
      const catalog = made.body
      const product = await call("POST", "/api/products", tokens.admin, {
        nameEn: `Members ream ${engine}`,
        nameAr: "رزمة للأعضاء",
        basePrice: 40,
        currency: "SAR",
        minQtyRFQ: 1,
        minQtyDirectOrder: 1,
        isAvailable: true,
        allowDirectOrder: true,
        allowRFQ: true,
        public: false,
        catalogs: [catalog.id]
      })
      expect([product.status, product.body.public]).toEqual([200, false])
      const market = await supplier()
      const stranger = await supplier()
      for (const org of [market, stranger]) {
        const verified = await call("PUT", `/api/marketplace/kyc/${org.code}`, tokens.admin, { verified: true })
        expect(verified.status).toBe(200)
      }
      const listed = (token: string) => call("POST", `/api/products/query?catalogId=${catalog.id}&limit=25`, token, {})
      const ids = (answer: Answer) => (answer.body.products ?? []).map((p: any) => p.id)

      // Before accepting, the catalog and its products are the owner's alone.
      expect(ids(await listed(market.token))).toEqual([])
      expect(codeOf(await call("GET", `/api/catalogs/${catalog.id}`, market.token))[0]).toBe(404)
      expect(codeOf(await call("GET", `/api/products/${product.body.id}`, market.token))[0]).toBe(404)

      const email = `member-${++serial}-${engine}@market.tawreed.test`
      const sent = await call("POST", "/api/catalogs/invitations", tokens.admin, {
        catalogId: catalog.id,
        orgCode: market.code,
        email
      })
      expect(sent.status).toBe(200)
      const accepted = await call("POST", `/api/catalogs/accept/${catalog.id}/${await linkTo(email)}`, market.token)
      expect(accepted.status).toBe(200)

      const shared = await call("GET", `/api/catalogs/${catalog.id}`, market.token)
      expect([shared.status, shared.body.owned]).toEqual([200, false])
      const page = await listed(market.token)
      expect([page.status, page.body.totalCount, ids(page)]).toEqual([200, 1, [product.body.id]])
      const read = await call("GET", `/api/products/${product.body.id}`, market.token)
      expect([read.status, read.body.owned, read.body.name.en]).toEqual([200, false, `Members ream ${engine}`])
      // The catalogs shared with the organisation are listed by the catalogs' list with catalogView=shared.
      const sharedList = (token: string) =>
        call("GET", "/api/catalogs?catalogView=shared&limit=100", token).then((answer) =>
          (answer.body.catalogs ?? []).map((c: any) => [c.id, c.owned])
        )
      expect(await sharedList(market.token)).toEqual([[catalog.id, false]])
      expect(await sharedList(tokens.admin)).toEqual([])
      // Its products go into a cart as the organisation's own do, where the organisation sources by RFQ.
      for (const org of [market, stranger]) await provision(server.app, org.orgId, { modules: ["rfqs"] })
      const carted = await call("POST", "/api/carts/rfq/items", market.token, {
        productId: product.body.id,
        quantity: "2"
      })
      expect(carted.status).toBe(200)
      const cart = await call("GET", "/api/carts/rfq", market.token)
      expect(JSON.stringify(cart.body)).toContain(product.body.id)
      // Read only.
      const edit = await call("PUT", "/api/products", market.token, { id: product.body.id, version: 1, basePrice: 1 })
      expect(edit.status).toBeGreaterThanOrEqual(400)
      expect((await call("DELETE", `/api/products/${product.body.id}`, market.token)).status).toBeGreaterThanOrEqual(
        400
      )
      expect((await call("GET", `/api/products/${product.body.id}`, tokens.admin)).body.version).toBe(1)

      // Another organisation, not a member, still reads nothing of it.
      expect(ids(await listed(stranger.token))).toEqual([])
      expect(await sharedList(stranger.token)).toEqual([])
      expect(
        codeOf(
          await call("POST", "/api/carts/rfq/items", stranger.token, { productId: product.body.id, quantity: "2" })
        )[0]
      ).toBe(404)
      expect(codeOf(await call("GET", `/api/catalogs/${catalog.id}`, stranger.token))[0]).toBe(404)
      expect(codeOf(await call("GET", `/api/products/${product.body.id}`, stranger.token))[0]).toBe(404)
    })
  })
}
