import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Catalogs, ProductFiles } from "@tawreed/core/catalog"
import { Files, unattachedLifetimeMs } from "@tawreed/core/files"
import { Sessions } from "@tawreed/core/identity"
import { callApi } from "../support/ApiRoutes.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

type Answer = { readonly status: number; readonly body: any }

let serial = 0
/** A SKU no other product of the run has. */
const freshSku = (prefix: string) => `${prefix}-${Date.now().toString(36)}${++serial}`

for (const engine of engines()) {
  describe(`catalogs, categories and products over the API on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "buyer" | "vendor", string>
    const call = (
      method: string,
      path: string,
      token: string,
      body?: unknown,
      headers: Readonly<Record<string, string>> = {}
    ): Promise<Answer> => callApi(server.url, method, path, token, body, headers)
    const codeOf = (answer: Answer) => [answer.status, answer.body?.error?.code]
    const names = (answer: Answer) => answer.body.products.map((p: any) => p.name.en)

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.buyer = await signIn(server.url, accounts.buyer)
      tokens.vendor = await signIn(server.url, accounts.vendor)
    })
    afterAll(() => server?.close())

    /** A catalog of the demo buyer with a category tree of two levels. */
    const newCatalog = async (kind: "OWN" | "PUBLIC" = "OWN") => {
      const tag = `${Date.now().toString(36)}${++serial}`
      const catalog = await call("POST", "/api/catalogs", tokens.admin, {
        nameEn: `Office ${tag}`,
        nameAr: `المكتب ${tag}`,
        kind
      })
      expect(catalog.status).toBe(200)
      const imported = await call("POST", `/api/catalogs/import-categories/${catalog.body.id}`, tokens.admin, [
        { nameEn: "Furniture", nameAr: "الأثاث", children: [{ nameEn: "Chairs", nameAr: "الكراسي" }] },
        { nameEn: "Stationery", nameAr: "القرطاسية" }
      ])
      expect(imported.status).toBe(200)
      const [furniture, chairs, stationery] = imported.body
      return { catalog: catalog.body, furniture, chairs, stationery, tag }
    }

    it("creates products with every field, prices with VAT, copies one with the next SKU, and deletes softly", async () => {
      const { catalog, chairs } = await newCatalog()
      const next = await call("GET", "/api/products/sku/incremental", tokens.admin)
      expect(next.body.sku).toMatch(/^PRD-\d{6,}$/)
      const made = await call("POST", "/api/products", tokens.admin, {
        nameEn: "Ergonomic office chair",
        nameAr: "كرسي مكتب مريح",
        descriptionEn: "Mesh back, adjustable arms",
        descriptionAr: "ظهر شبكي وذراعان قابلتان للتعديل",
        brand: "Herman",
        model: "Aeron-B",
        originCountry: "US",
        soldBy: "Gulf Office Furniture",
        basePrice: 1000,
        currency: "SAR",
        taxes: [{ name: "VAT", percent: 15 }],
        minQtyRFQ: 2,
        minQtyDirectOrder: 1,
        isAvailable: true,
        allowDirectOrder: true,
        allowRFQ: true,
        techSpecs: [{ name: "Seat height", value: "40-52", uom: "cm" }],
        mediaList: [{ src: "/images/chair.png" }],
        catalogs: [catalog.id],
        categories: [chairs.id],
        vendors: [{ vendorId: "v-1", value: 980 }]
      })
      expect(made.status).toBe(200)
      expect(made.body).toMatchObject({
        sku: next.body.sku,
        name: { en: "Ergonomic office chair", ar: "كرسي مكتب مريح" },
        price: { value: 1150, basePrice: 1000, percent: 15, currency: "SAR", total: 1150 },
        techSpecs: [{ name: "Seat height", value: "40-52", uom: "cm" }],
        vendors: [{ vendorId: "v-1", value: 980, currency: "SAR" }],
        version: 1
      })
      const copy = await call("POST", `/api/products/copy/${made.body.id}`, tokens.admin)
      expect(copy.status).toBe(200)
      expect(copy.body.name.en).toBe("Ergonomic office chair (copy)")
      expect(copy.body.sku).not.toBe(made.body.sku)
      const taken = await call("POST", "/api/products", tokens.admin, { nameEn: "Other", sku: made.body.sku })
      expect(codeOf(taken)).toEqual([409, "E5300"])
      const edited = await call("PUT", "/api/products", tokens.admin, { id: made.body.id, version: 1, basePrice: 900 })
      expect([edited.status, edited.body.price.value, edited.body.version]).toEqual([200, 1035, 2])
      const stale = await call("PUT", "/api/products", tokens.admin, { id: made.body.id, version: 1, brand: "X" })
      expect(stale.status).toBe(409)
      const bad = await call("POST", "/api/products", tokens.admin, { nameEn: "X", minQtyRFQ: 0.001 })
      expect(codeOf(bad)).toEqual([400, "E2302"])
      const arabicBad = await call(
        "POST",
        "/api/products",
        tokens.admin,
        { nameEn: "X", sku: "A B" },
        {
          "accept-language": "ar"
        }
      )
      expect(codeOf(arabicBad)).toEqual([400, "E2300"])
      expect((await call("DELETE", `/api/products/${copy.body.id}`, tokens.admin)).status).toBe(204)
      expect(codeOf(await call("GET", `/api/products/${copy.body.id}`, tokens.admin))).toEqual([404, "E4302"])
      const inChairs = await call(
        "POST",
        `/api/products/query?catalogId=${catalog.id}&categoryIdOrPath=${chairs.path}`,
        tokens.buyer,
        null
      )
      expect(names(inChairs)).toEqual(["Ergonomic office chair"])
    })

    it("finds Arabic products whatever the alef, with or without the article, and broken plurals", async () => {
      const { catalog, tag } = await newCatalog()
      const add = (nameEn: string, nameAr: string, extra: object = {}) =>
        call("POST", "/api/products", tokens.admin, {
          nameEn: `${nameEn} ${tag}`,
          nameAr,
          sku: freshSku("AR"),
          catalogs: [catalog.id],
          ...extra
        })
      const chair = await add("Swivel chair", "كرسي دوار")
      const lamp = await add("Desk lamp", "إضاءة مكتبية")
      const pump = await add("Water pump", "المضخة المائية", { brand: "Grundfos" })
      for (const made of [chair, lamp, pump]) expect(made.status).toBe(200)
      const search = (text: string) =>
        call(
          "POST",
          `/api/products/searchByOrg?catalogId=${catalog.id}&name=${encodeURIComponent(text)}`,
          tokens.buyer,
          {}
        )
      // A different alef form: اضاءة (bare alef) finds إضاءة.
      expect(names(await search("اضاءه"))).toEqual([`Desk lamp ${tag}`])
      // With and without the article: مضخة finds المضخة, and الكرسي finds كرسي.
      expect(names(await search("مضخة"))).toEqual([`Water pump ${tag}`])
      expect(names(await search("الكرسي"))).toEqual([`Swivel chair ${tag}`])
      // A broken plural through trigram similarity: كراسي (chairs) finds كرسي.
      expect(names(await search("كراسي"))).toContain(`Swivel chair ${tag}`)
      // English stemming: "pumps" finds the pump, and the SKU ranks first.
      expect(names(await search("pumps"))).toEqual([`Water pump ${tag}`])
      const bySku = await search(pump.body.sku)
      expect(bySku.body.products[0].id).toBe(pump.body.id)
      const byPath = await call("GET", `/api/products/search/${encodeURIComponent("كراسي")}?limit=500`, tokens.buyer)
      expect(byPath.status).toBe(200)
      expect(byPath.body.products.map((p: any) => p.id)).toContain(chair.body.id)
      const quick = await call(
        "GET",
        `/api/products/quickSearchByOrg?catalogId=${catalog.id}&name=${encodeURIComponent("أضاءة")}`,
        tokens.buyer
      )
      expect(quick.body.products.map((p: any) => p.id)).toEqual([lamp.body.id])
      const short = await call("GET", `/api/products/quickSearchByOrg?name=ab`, tokens.buyer)
      expect(codeOf(short)).toEqual([400, "E6016"])
    })

    it("filters and sorts by price, brand and supplier, counts, and gives the category's facets", async () => {
      const { catalog, furniture, chairs, stationery } = await newCatalog()
      const add = (
        nameEn: string,
        basePrice: number,
        brand: string,
        soldBy: string,
        categories: string[],
        isAvailable = true
      ) =>
        call("POST", "/api/products", tokens.admin, {
          nameEn,
          sku: freshSku("F"),
          basePrice,
          brand,
          soldBy,
          isAvailable,
          catalogs: [catalog.id],
          categories
        })
      await add("Chair A", 100, "Herman", "Gulf", [chairs.id])
      await add("Chair B", 300, "Steelcase", "Sahara", [chairs.id])
      await add("Desk C", 500, "Steelcase", "Gulf", [furniture.id], false)
      await add("Pen D", 5, "Bic", "Sahara", [stationery.id])
      const query = (filters: object, params = "") =>
        call("POST", `/api/products/query?catalogId=${catalog.id}${params}`, tokens.buyer, filters)
      expect(names(await query({ sortByPrice: "desc" }))).toEqual(["Desk C", "Chair B", "Chair A", "Pen D"])
      expect(names(await query({ sortByPrice: "asc", includeOutOfStock: false }))).toEqual([
        "Pen D",
        "Chair A",
        "Chair B"
      ])
      expect(names(await query({ priceMin: 100, priceMax: 400 }))).toEqual(["Chair A", "Chair B"])
      expect(names(await query({ brands: ["Steelcase"], suppliers: ["Gulf"] }))).toEqual(["Desk C"])
      const furnitureAll = await query({}, `&categoryIdOrPath=${furniture.id}`)
      expect([furnitureAll.body.totalCount, ...names(furnitureAll)]).toEqual([3, "Chair A", "Chair B", "Desk C"])
      expect(codeOf(await query({ priceMin: 10, priceMax: 5 }))).toEqual([400, "E2006"])
      const facets = await call("POST", `/api/products/initFiltersByCategory?categoryId=${furniture.id}`, tokens.buyer)
      expect(facets.body).toEqual({
        brands: [
          { value: "Steelcase", count: 2 },
          { value: "Herman", count: 1 }
        ],
        suppliers: [
          { value: "Gulf", count: 2 },
          { value: "Sahara", count: 1 }
        ]
      })
      const page = await call("GET", "/api/products?page=0&limit=10", tokens.buyer)
      expect([page.status, page.body.products.length]).toEqual([200, Math.min(10, page.body.totalCount)])
      expect(page.body.totalCount).toBeGreaterThanOrEqual(4)
      expect(codeOf(await call("GET", "/api/products?limit=7", tokens.buyer))).toEqual([400, "E2003"])
    })

    it("keeps a category tree: sub-categories by path, moves with the sub-tree, refuses loops and deleting a full one", async () => {
      const { catalog, furniture, chairs, stationery } = await newCatalog()
      const tree = await call("GET", `/api/categories/all?catalogId=${catalog.id}`, tokens.buyer)
      expect(tree.body.roots.map((n: any) => n.category.name.en)).toEqual(
        [furniture, stationery].sort((a, b) => (a.path < b.path ? -1 : 1)).map((c) => c.name.en)
      )
      const subs = await call("GET", `/api/categories/sub-categories/${furniture.path}`, tokens.buyer)
      expect(subs.body.categories.map((c: any) => c.id)).toEqual([chairs.id])
      const loop = await call("PUT", "/api/categories", tokens.admin, {
        id: furniture.id,
        version: 1,
        parentId: chairs.id
      })
      expect(codeOf(loop)).toEqual([422, "E6300"])
      const moved = await call("PUT", "/api/categories", tokens.admin, {
        id: chairs.id,
        version: 1,
        parentId: stationery.id
      })
      expect(moved.body.pathArray).toEqual([stationery.id, chairs.id])
      const made = await call("POST", "/api/categories", tokens.admin, [
        { catalogId: catalog.id, nameEn: "Executive", nameAr: "تنفيذي", parentId: chairs.id }
      ])
      expect(made.body[0].pathArray).toEqual([stationery.id, chairs.id, made.body[0].id])
      const full = await call("DELETE", `/api/categories/${moved.body.path}/${chairs.id}`, tokens.admin)
      expect(codeOf(full)).toEqual([422, "E6301"])
      const deleted = await call("DELETE", `/api/categories/${made.body[0].path}/${made.body[0].id}`, tokens.admin)
      expect([deleted.status, deleted.body]).toEqual([204, undefined])
      const byCatalog = await call("GET", `/api/catalogs/categories/${catalog.id}?limit=9999`, tokens.buyer)
      expect(byCatalog.body.totalCount).toBe(3)
      const refused = await call("POST", "/api/categories", tokens.buyer, [{ catalogId: catalog.id, nameEn: "Mine" }])
      expect(codeOf(refused)).toEqual([403, "E3002"])
    })

    it("never shows another organisation a private catalog, its categories or products; shows public ones read only", async () => {
      const own = await newCatalog()
      const market = await newCatalog("PUBLIC")
      const secret = await call("POST", "/api/products", tokens.admin, {
        nameEn: `Secret chair ${own.tag}`,
        catalogs: [own.catalog.id],
        sku: freshSku("S")
      })
      const open = await call("POST", "/api/products", tokens.admin, {
        nameEn: `Public desk ${market.tag}`,
        catalogs: [market.catalog.id],
        public: true,
        sku: freshSku("P")
      })
      expect(codeOf(await call("GET", `/api/catalogs/${own.catalog.id}`, tokens.vendor))).toEqual([404, "E4300"])
      expect(codeOf(await call("GET", `/api/categories/${own.chairs.id}`, tokens.vendor))).toEqual([404, "E4301"])
      expect(codeOf(await call("GET", `/api/products/${secret.body.id}`, tokens.vendor))).toEqual([404, "E4302"])
      const theirSearch = await call("GET", `/api/products/search/${encodeURIComponent("Secret")}`, tokens.vendor)
      expect(theirSearch.body.products.map((p: any) => p.id)).not.toContain(secret.body.id)
      const publics = await call("GET", "/api/catalogs/public-catalogs?limit=9999", tokens.vendor)
      const ids = publics.body.catalogs.map((c: any) => c.id)
      expect(ids).toContain(market.catalog.id)
      expect(ids).not.toContain(own.catalog.id)
      const seen = await call("GET", `/api/catalogs/${market.catalog.id}`, tokens.vendor)
      expect(seen.body.owned).toBe(false)
      const browse = await call("POST", `/api/products/query?catalogId=${market.catalog.id}`, tokens.vendor, {})
      expect(browse.body.products.map((p: any) => p.id)).toEqual([open.body.id])
      const write = await call("POST", "/api/categories", tokens.vendor, [
        { catalogId: market.catalog.id, nameEn: "Taken over" }
      ])
      expect(codeOf(write)).toEqual([422, "E6304"])
      const mine = await call("GET", "/api/catalogs?limit=9999", tokens.vendor)
      expect(mine.body.catalogs.map((c: any) => c.id)).not.toContain(market.catalog.id)
    })

    it("gives the demo buyer a catalog of a few hundred products in English and Arabic, priced with VAT", async () => {
      const mine = await call("GET", "/api/catalogs?limit=9999", tokens.buyer)
      const demo = mine.body.catalogs.find((c: any) => c.name.en === "Head office catalog")
      expect(demo?.name.ar).toBe("كتالوج المكتب الرئيسي")
      const tree = await call("GET", `/api/categories/all?catalogId=${demo.id}`, tokens.buyer)
      expect(tree.body.roots.length).toBe(5)
      const all = await call("POST", `/api/products/query?catalogId=${demo.id}&limit=25`, tokens.buyer, {})
      expect(all.body.totalCount).toBeGreaterThanOrEqual(300)
      const first = all.body.products[0]
      expect([first.price.currency, first.price.percent, first.name.ar.length > 0]).toEqual(["SAR", 15, true])
      const chairs = await call(
        "POST",
        `/api/products/searchByOrg?catalogId=${demo.id}&name=${encodeURIComponent("كراسي")}`,
        tokens.buyer,
        {}
      )
      expect(chairs.body.products.some((p: any) => p.name.en.includes("chair"))).toBe(true)
      // A broken plural that shares no trigram with its singular: أقلام (pens) finds the pens (قلم).
      const pens = await call(
        "POST",
        `/api/products/searchByOrg?catalogId=${demo.id}&name=${encodeURIComponent("أقلام")}`,
        tokens.buyer,
        {}
      )
      expect(pens.body.products.length).toBeGreaterThan(0)
      expect(pens.body.products[0].name.ar).toContain("قلم")
      // The first products of each category show a picture the product serves from its own files.
      const hundred = await call("POST", `/api/products/query?catalogId=${demo.id}&limit=100`, tokens.buyer, {})
      const pictured = hundred.body.products.find((p: any) => p.mediaList[0]?.src.startsWith("/api/"))
      expect(pictured?.mediaList[0].src).toMatch(/^\/api\/media_upload\/[0-9a-f-]{36}$/)
      const picture = await fetch(`${server.url}${pictured.mediaList[0].src}`, {
        headers: { authorization: `Bearer ${tokens.buyer}` }
      })
      expect([picture.status, picture.headers.get("content-type")]).toEqual([200, "image/png"])
      expect(new Uint8Array(await picture.arrayBuffer()).slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]))
    })

    /** A small PNG and a PDF, as uploads of a product's picture and attachment. */
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
      0, 0, 0, 0x1f, 0x15, 0xc4, 0x89
    ])
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n")
    /** An upload through the media route, as the products admin's form sends it: its download URL. */
    const upload = async (token: string, bytes: Uint8Array, name: string, path: string): Promise<string> => {
      const data = new FormData()
      data.append("file", new Blob([bytes.slice()]), name)
      const response = await fetch(`${server.url}/api/media_upload/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: data
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { fileURL: string }).fileURL
    }
    const download = async (path: string, token: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) }
    }
    const idOf = (fileURL: string) => fileURL.split("/").at(-1)!
    const run = <A>(effect: Effect.Effect<A, unknown, any>) =>
      server.app.runtime.runPromise(effect as Effect.Effect<A, unknown>)
    /** The files a product holds, as its page reads them for the reader of that token. */
    const heldBy = (token: string, productId: string) =>
      run(
        Effect.gen(function* () {
          const actor = yield* (yield* Sessions).authenticate(token)
          const productFiles = yield* ProductFiles
          const catalogs = yield* (yield* Catalogs).getProduct(actor, productId)
          return (yield* productFiles.files(actor, catalogs)).map((f) => ({ name: f.name, fileURL: f.fileURL }))
        })
      )

    it("attaches the picture and attachment a product names over the API, and takes off one an update drops", async () => {
      const { catalog } = await newCatalog()
      const picture = await upload(tokens.admin, png, "chair.png", "image/product")
      const sheet = await upload(tokens.admin, pdf, "sheet.pdf", "doc/product")
      // Pending, an upload is its uploader's alone.
      expect((await download(picture, tokens.buyer)).status).toBe(404)
      const made = await call("POST", "/api/products", tokens.admin, {
        nameEn: "Pictured chair",
        sku: freshSku("PF"),
        catalogs: [catalog.id],
        mediaList: [{ src: picture }],
        attachments: [sheet]
      })
      expect(made.status).toBe(200)
      // Attached: whoever reads the product loads them, and the product holds them.
      const got = await download(picture, tokens.buyer)
      expect([got.status, got.bytes]).toEqual([200, png])
      expect((await download(sheet, tokens.buyer)).status).toBe(200)
      expect((await heldBy(tokens.buyer, made.body.id)).map((f) => f.name).sort()).toEqual(["chair.png", "sheet.pdf"])
      // A day on, the sweep leaves them.
      await run(
        Effect.flatMap(Effect.service(Files), (files) =>
          files.sweep(new Date(Date.now() + unattachedLifetimeMs + 60_000))
        )
      )
      expect((await download(picture, tokens.buyer)).status).toBe(200)
      // An update that drops the attachment takes it off; the picture stays.
      const saved = await call("PUT", "/api/products", tokens.admin, {
        id: made.body.id,
        version: made.body.version,
        attachments: []
      })
      expect(saved.status).toBe(200)
      expect((await heldBy(tokens.buyer, made.body.id)).map((f) => f.name)).toEqual(["chair.png"])
      expect((await download(sheet, tokens.admin)).status).toBe(404)
      expect((await download(picture, tokens.buyer)).status).toBe(200)
    })

    it("serves another organisation's product files by the product's route, to its readers only", async () => {
      const { catalog } = await newCatalog("PUBLIC")
      const picture = await upload(tokens.admin, png, "shown.png", "image/product")
      const sheet = await upload(tokens.admin, pdf, "spec.pdf", "doc/product")
      const hidden = await upload(tokens.admin, png, "hidden.png", "image/product")
      const open = await call("POST", "/api/products", tokens.admin, {
        nameEn: `Shared picture ${serial}`,
        sku: freshSku("PS"),
        public: true,
        catalogs: [catalog.id],
        mediaList: [{ src: picture }, { src: "https://example.com/outside.png" }],
        attachments: [sheet]
      })
      expect(open.status).toBe(200)
      const closed = await call("POST", "/api/products", tokens.admin, {
        nameEn: `Private picture ${serial}`,
        sku: freshSku("PS"),
        public: false,
        catalogs: [catalog.id],
        mediaList: [{ src: hidden }]
      })
      expect(closed.status).toBe(200)
      const route = (productId: string, fileURL: string) => `/api/products/${productId}/files/${idOf(fileURL)}`

      // The organisation's own reads keep the download route, which its forms save back.
      const own = await call("GET", `/api/products/${open.body.id}`, tokens.buyer)
      expect([own.body.owned, own.body.mediaList[0].src, own.body.attachments]).toEqual([true, picture, [sheet]])

      // The vendor organisation reads the public product, in the list, the search and alone, each file by the route.
      const listed = await call("POST", `/api/products/query?catalogId=${catalog.id}&limit=100`, tokens.vendor, {})
      const row = listed.body.products.find((p: any) => p.id === open.body.id)
      expect(row.owned).toBe(false)
      expect(row.mediaList).toEqual([{ src: route(open.body.id, picture) }, { src: "https://example.com/outside.png" }])
      expect(row.attachments).toEqual([route(open.body.id, sheet)])
      const searched = await call(
        "POST",
        `/api/products/searchByOrg?catalogId=${catalog.id}&name=${encodeURIComponent("Shared picture")}`,
        tokens.vendor,
        {}
      )
      expect(searched.body.products.find((p: any) => p.id === open.body.id)?.mediaList[0].src).toBe(
        route(open.body.id, picture)
      )
      const read = await call("GET", `/api/products/${open.body.id}`, tokens.vendor)
      expect(read.body.mediaList[0].src).toBe(route(open.body.id, picture))
      const got = await download(read.body.mediaList[0].src, tokens.vendor)
      expect([got.status, got.bytes]).toEqual([200, png])
      expect((await download(read.body.attachments[0], tokens.vendor)).status).toBe(200)
      // The product page's files, read where the product's organisation keeps them.
      expect(await heldBy(tokens.vendor, open.body.id)).toEqual(
        expect.arrayContaining([{ name: "spec.pdf", fileURL: route(open.body.id, sheet) }])
      )
      // Its own organisation loads them by the route too.
      expect((await download(route(open.body.id, picture), tokens.buyer)).status).toBe(200)
      // The download route still answers only the organisation that keeps the file.
      expect((await download(picture, tokens.vendor)).status).toBe(404)

      // Not found, alike: a product the vendor may not read, a file of the organisation the product does not
      // name (through a product it may read), an id that names nothing.
      expect((await call("GET", `/api/products/${closed.body.id}`, tokens.vendor)).status).toBe(404)
      const refused = [
        route(closed.body.id, hidden),
        route(open.body.id, hidden),
        route(open.body.id, "00000000-0000-4000-8000-000000000000")
      ]
      for (const path of refused) {
        const answer = await call("GET", path, tokens.vendor)
        expect([path, answer.status]).toEqual([path, 404])
      }
      expect((await call("GET", route(open.body.id, hidden), tokens.vendor)).body.error.code).toBe("E4060")
      expect((await call("GET", route(closed.body.id, hidden), tokens.vendor)).body.error.code).toBe(
        (await call("GET", `/api/products/${closed.body.id}`, tokens.vendor)).body.error.code
      )
      // Once the product leaves the public, its files go with it.
      const back = await call("PUT", "/api/products", tokens.admin, {
        id: open.body.id,
        version: open.body.version,
        public: false
      })
      expect(back.status).toBe(200)
      expect((await download(route(open.body.id, picture), tokens.vendor)).status).toBe(404)
    })

    it("answers a keyed create once", async () => {
      const key = crypto.randomUUID()
      const body = { nameEn: `Keyed ${key}`, sku: freshSku("K") }
      const first = await call("POST", "/api/products", tokens.admin, body, { "idempotency-key": key })
      const again = await call("POST", "/api/products", tokens.admin, body, { "idempotency-key": key })
      expect([first.status, again.status, again.body.id]).toEqual([200, 200, first.body.id])
    })
  })
}
