import { assert, layer } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import { LocalText, ProductMedia, TechSpec, VendorPrice } from "../../catalog/Catalog.ts"
import {
  type CatalogRecord,
  CatalogRepository,
  type ProductQuery,
  type ProductRecord
} from "../../catalog/CatalogRepository.ts"
import { priceOf, saudiVat } from "../../catalog/CatalogRules.ts"
import { productSearchOf } from "../../catalog/SearchRank.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Fixtures } from "../Fixtures.ts"

/** A catalog as a use case would store it. */
export const catalogRecordFor = (extra: Partial<CatalogRecord> = {}): CatalogRecord => ({
  name: new LocalText({ en: "Office", ar: "المكتب" }),
  description: "",
  kind: "OWN",
  vendorId: null,
  image: null,
  ...extra
})

/** A product as a use case would store it, with the given fields over plain defaults. */
export const productRecordFor = (createdBy: string, extra: Partial<ProductRecord> = {}): ProductRecord => ({
  sku: "SKU-1",
  name: new LocalText({ en: "A4 paper", ar: "ورق A4" }),
  description: new LocalText({ en: "", ar: "" }),
  brand: "",
  model: "",
  originCountry: "",
  soldBy: "",
  price: priceOf(10, [saudiVat], "SAR", 1),
  minQtyRFQ: 1,
  minQtyDirectOrder: 1,
  isAvailable: true,
  allowDirectOrder: true,
  allowRFQ: true,
  public: false,
  techSpecs: [],
  mediaList: [],
  attachments: [],
  catalogs: [],
  categories: [],
  vendors: [],
  createdBy,
  ...extra
})

const query = (extra: Partial<ProductQuery> = {}): ProductQuery => ({
  sort: "name",
  offset: 0,
  limit: 100,
  includeOutOfStock: true,
  ...extra
})

const name = (en: string, ar: string) => new LocalText({ en, ar })

/** The behaviour every CatalogRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (engine: string, storage: Layer.Layer<CatalogRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`CatalogRepository contract: ${engine}`, (it) => {
    const newOrg = Effect.gen(function* () {
      const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      return { orgId: admin.orgId as OrgId, adminId: admin.id as string }
    })

    it.effect(
      "keeps a catalog for its organisation, shows public ones to everyone read only, and writes at a version",
      () =>
        Effect.gen(function* () {
          const repository = yield* CatalogRepository
          const org = yield* newOrg
          const other = yield* newOrg
          const own = yield* repository.insertCatalog(org.orgId, catalogRecordFor())
          const market = yield* repository.insertCatalog(
            org.orgId,
            catalogRecordFor({ name: name("Marketplace", "السوق"), kind: "PUBLIC", image: "/m.png" })
          )
          assert.isTrue(own.owned)
          assert.strictEqual(own.version, 1)
          assert.isTrue(Option.isNone(yield* repository.findCatalog(other.orgId, own.id)))
          const seen = Option.getOrThrow(yield* repository.findCatalog(other.orgId, market.id))
          assert.isFalse(seen.owned)
          assert.strictEqual(seen.image, "/m.png")
          assert.isTrue(Option.isNone(yield* repository.updateCatalog(other.orgId, market.id, catalogRecordFor(), 1)))
          const renamed = Option.getOrThrow(
            yield* repository.updateCatalog(org.orgId, own.id, catalogRecordFor({ description: "Paper" }), 1)
          )
          assert.deepStrictEqual([renamed.version, renamed.description], [2, "Paper"])
          const stale = yield* Effect.exit(repository.updateCatalog(org.orgId, own.id, catalogRecordFor(), 1))
          assert.isTrue(Exit.isFailure(stale))
          const mine = yield* repository.listCatalogs(org.orgId, "own", 0, 100)
          assert.deepStrictEqual(
            mine.catalogs.map((c) => c.id),
            [market.id, own.id]
          )
          assert.strictEqual(mine.totalCount, 2)
          const theirs = yield* repository.listCatalogs(other.orgId, "own", 0, 100)
          assert.strictEqual(theirs.totalCount, 0)
          const publics = yield* repository.listCatalogs(other.orgId, "public", 0, 1000)
          assert.isTrue(publics.catalogs.some((c) => c.id === market.id && !c.owned))
          assert.isFalse(publics.catalogs.some((c) => c.id === own.id))
        })
    )

    it.effect("keeps a category tree by path and moves a category with its sub-tree", () =>
      Effect.gen(function* () {
        const repository = yield* CatalogRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const catalog = yield* repository.insertCatalog(org.orgId, catalogRecordFor())
        const add = (en: string, parent: { id: string; pathArray: ReadonlyArray<string> } | null) =>
          repository.insertCategory(org.orgId, {
            catalogId: catalog.id,
            name: name(en, en),
            image: null,
            parentId: parent?.id ?? null,
            parentPath: parent?.pathArray ?? []
          })
        const office = yield* add("Office", null)
        const paper = yield* add("Paper", office)
        const a4 = yield* add("A4", paper)
        const it_ = yield* add("IT", null)
        assert.deepStrictEqual(a4.pathArray, [office.id, paper.id, a4.id])
        assert.strictEqual(a4.path, `${office.id},${paper.id},${a4.id}`)
        assert.deepStrictEqual(
          [...(yield* repository.subtreeIds(org.orgId, paper.id))].sort(),
          [paper.id, a4.id].sort()
        )
        const roots = yield* repository.listCategories(org.orgId, {
          catalogId: catalog.id,
          parentId: null,
          offset: 0,
          limit: 100
        })
        assert.deepStrictEqual(roots.categories.map((c) => c.id).sort(), [office.id, it_.id].sort())
        const moved = Option.getOrThrow(yield* repository.moveCategory(org.orgId, paper.id, it_.id, it_.pathArray, 1))
        assert.deepStrictEqual(moved.pathArray, [it_.id, paper.id])
        assert.strictEqual(moved.parentId, it_.id)
        assert.strictEqual(moved.version, 2)
        const child = Option.getOrThrow(yield* repository.findCategory(org.orgId, a4.id))
        assert.deepStrictEqual(child.pathArray, [it_.id, paper.id, a4.id])
        assert.deepStrictEqual(yield* repository.categoryUsage(org.orgId, paper.id), { children: 1, products: 0 })
        const renamed = Option.getOrThrow(
          yield* repository.updateCategory(org.orgId, a4.id, { name: name("A4 sheets", "ورق"), image: "/a4.png" }, 1)
        )
        assert.deepStrictEqual([renamed.name.en, renamed.image, renamed.version], ["A4 sheets", "/a4.png", 2])
        assert.isTrue(Option.isNone(yield* repository.findCategory(other.orgId, a4.id)))
        assert.isFalse(yield* repository.deleteCategory(other.orgId, a4.id))
        assert.isTrue(yield* repository.deleteCategory(org.orgId, a4.id))
        assert.isTrue(Option.isNone(yield* repository.findCategory(org.orgId, a4.id)))
      })
    )

    it.effect("keeps every field of a product, frees the SKU of a deleted one, and reads the next SKU number", () =>
      Effect.gen(function* () {
        const repository = yield* CatalogRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const catalog = yield* repository.insertCatalog(org.orgId, catalogRecordFor())
        const rich = productRecordFor(org.adminId, {
          sku: "PRD-000041",
          name: name("Heavy duty stapler", "دباسة للخدمة الشاقة"),
          description: name("Staples 100 sheets", "تدبس 100 ورقة"),
          brand: "Kangaro",
          model: "HD-45",
          originCountry: "IN",
          soldBy: "Sahara Supplies",
          price: priceOf(40, [saudiVat], "SAR", 2),
          minQtyRFQ: 5,
          minQtyDirectOrder: 2.5,
          isAvailable: false,
          allowDirectOrder: false,
          public: true,
          techSpecs: [new TechSpec({ name: "Capacity", value: "100", uom: "sheets" })],
          mediaList: [new ProductMedia({ src: "/files/stapler.png" })],
          attachments: ["file-1"],
          catalogs: [catalog.id],
          vendors: [new VendorPrice({ vendorId: "v-1", value: 39.5, currency: "SAR" })]
        })
        const made = yield* repository.insertProduct(org.orgId, rich)
        assert.strictEqual(made.version, 1)
        assert.deepStrictEqual([made.price.value, made.price.total, made.price.percent], [46, 92, 15])
        const read = Option.getOrThrow(yield* repository.findProduct(org.orgId, made.id))
        const { id: _i, version: _v, createdAt: _c, updatedAt: _u, owned, ...kept } = read
        assert.deepStrictEqual([kept, owned], [rich, true])
        assert.strictEqual(yield* repository.highestSkuNumber(org.orgId), 41)
        assert.strictEqual(yield* repository.highestSkuNumber(other.orgId), 0)
        assert.isTrue(Option.isSome(yield* repository.findBySku(org.orgId, "prd-000041", null)))
        assert.isTrue(Option.isNone(yield* repository.findBySku(org.orgId, "PRD-000041", made.id)))
        assert.isTrue(Option.isNone(yield* repository.findBySku(other.orgId, "PRD-000041", null)))
        const updated = Option.getOrThrow(
          yield* repository.updateProduct(org.orgId, made.id, { ...rich, brand: "Max" }, 1)
        )
        assert.deepStrictEqual([updated.brand, updated.version], ["Max", 2])
        assert.isTrue(Exit.isFailure(yield* Effect.exit(repository.updateProduct(org.orgId, made.id, rich, 1))))
        assert.isTrue(Option.isNone(yield* repository.updateProduct(other.orgId, made.id, rich, 2)))
        assert.isFalse(yield* repository.deleteProduct(other.orgId, made.id))
        assert.isTrue(yield* repository.deleteProduct(org.orgId, made.id))
        assert.isFalse(yield* repository.deleteProduct(org.orgId, made.id))
        assert.isTrue(Option.isNone(yield* repository.findProduct(org.orgId, made.id)))
        assert.isTrue(Option.isNone(yield* repository.findBySku(org.orgId, "PRD-000041", null)))
        assert.strictEqual(yield* repository.highestSkuNumber(org.orgId), 0)
        assert.strictEqual(yield* repository.countProducts(org.orgId, {}), 0)
        const again = yield* repository.insertProduct(org.orgId, rich)
        assert.notStrictEqual(again.id, made.id)
      })
    )

    it.effect("filters, sorts, counts and facets the products list", () =>
      Effect.gen(function* () {
        const repository = yield* CatalogRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const office = yield* repository.insertCatalog(org.orgId, catalogRecordFor())
        const market = yield* repository.insertCatalog(org.orgId, catalogRecordFor({ kind: "PUBLIC" }))
        const root = yield* repository.insertCategory(org.orgId, {
          catalogId: office.id,
          name: name("Paper", "ورق"),
          image: null,
          parentId: null,
          parentPath: []
        })
        const leaf = yield* repository.insertCategory(org.orgId, {
          catalogId: office.id,
          name: name("A4", "A4"),
          image: null,
          parentId: root.id,
          parentPath: root.pathArray
        })
        const add = (sku: string, en: string, base: number, extra: Partial<ProductRecord> = {}) =>
          repository.insertProduct(
            org.orgId,
            productRecordFor(org.adminId, {
              sku,
              name: name(en, ""),
              price: priceOf(base, [saudiVat], "SAR", 1),
              catalogs: [office.id],
              ...extra
            })
          )
        const a = yield* add("A", "Copy paper", 20, { brand: "Double A", soldBy: "Sahara", categories: [leaf.id] })
        const b = yield* add("B", "Binder", 10, { brand: "Bantex", soldBy: "Gulf", categories: [root.id] })
        const c = yield* add("C", "Archive box", 30, { brand: "Bantex", soldBy: "Sahara", isAvailable: false })
        const d = yield* add("D", "Desk lamp", 50, { catalogs: [market.id], public: true, brand: "Philips" })
        yield* repository.insertProduct(other.orgId, productRecordFor(other.adminId, { sku: "A" }))
        const ids = (q: Partial<ProductQuery>) =>
          Effect.map(repository.listProducts(org.orgId, query(q)), (ps) => ps.map((p) => p.id))

        assert.deepStrictEqual(yield* ids({}), [c.id, b.id, a.id, d.id])
        assert.deepStrictEqual(yield* ids({ includeOutOfStock: false }), [b.id, a.id, d.id])
        assert.deepStrictEqual(yield* ids({ sort: "priceAsc" }), [b.id, a.id, c.id, d.id])
        assert.deepStrictEqual(yield* ids({ sort: "priceDesc", limit: 2 }), [d.id, c.id])
        assert.deepStrictEqual(yield* ids({ sort: "priceDesc", offset: 2, limit: 2 }), [a.id, b.id])
        assert.deepStrictEqual(yield* ids({ sort: "brandAsc" }), [c.id, b.id, a.id, d.id])
        assert.deepStrictEqual(yield* ids({ sort: "brandDesc" }), [d.id, a.id, c.id, b.id])
        assert.deepStrictEqual(yield* ids({ priceMin: 23, priceMax: 34.5 }), [c.id, a.id])
        assert.deepStrictEqual(yield* ids({ brands: ["Bantex"] }), [c.id, b.id])
        assert.deepStrictEqual(yield* ids({ suppliers: ["Sahara"] }), [c.id, a.id])
        assert.deepStrictEqual(yield* ids({ catalogIds: [market.id] }), [d.id])
        assert.deepStrictEqual(yield* ids({ categoryIds: [root.id, leaf.id] }), [b.id, a.id])
        // Told how many match, a storage may plan otherwise (gather the matches, or walk the order's index): the
        // pages are the same either way, for the organisation's products and another's public ones together.
        const both = yield* add("E", "Easel", 40, { catalogs: [office.id, market.id], public: true })
        const mixed = yield* repository.insertProduct(
          other.orgId,
          productRecordFor(other.adminId, {
            sku: "F",
            name: name("Flip chart", ""),
            catalogs: [market.id],
            public: true
          })
        )
        for (const matching of [undefined, 1, 1_000_000]) {
          for (const [from, expected] of [
            [0, [d.id, both.id]],
            [1, [both.id, mixed.id]],
            [2, [mixed.id]]
          ] as const) {
            const page = yield* repository.listProducts(
              other.orgId,
              query({ catalogIds: [market.id], offset: from, limit: 2, matching })
            )
            assert.deepStrictEqual(
              page.map((p) => p.id),
              [...expected]
            )
          }
          const byPrice = yield* ids({ catalogIds: [office.id], sort: "priceDesc", matching, limit: 3 })
          assert.deepStrictEqual(byPrice, [both.id, c.id, a.id])
        }
        yield* repository.deleteProduct(org.orgId, both.id)
        yield* repository.deleteProduct(other.orgId, mixed.id)
        assert.strictEqual(
          yield* repository.countProducts(org.orgId, { brands: ["Bantex"], includeOutOfStock: true }),
          2
        )
        assert.strictEqual(yield* repository.countProducts(org.orgId, { brands: ["Bantex"] }), 1)
        assert.strictEqual(yield* repository.countProducts(org.orgId, { includeOutOfStock: true }), 4)
        assert.deepStrictEqual(yield* repository.categoryUsage(org.orgId, root.id), { children: 1, products: 1 })
        const facets = yield* repository.facets(org.orgId, { catalogIds: [office.id], includeOutOfStock: true })
        assert.deepStrictEqual(facets.brands, [
          { value: "Bantex", count: 2 },
          { value: "Double A", count: 1 }
        ])
        assert.deepStrictEqual(facets.suppliers, [
          { value: "Sahara", count: 2 },
          { value: "Gulf", count: 1 }
        ])
        // Another organisation sees a public product only inside the public catalog it browses.
        const theirs = yield* repository.listProducts(other.orgId, query({ catalogIds: [market.id] }))
        assert.deepStrictEqual(
          theirs.map((p) => p.id),
          [d.id]
        )
        assert.strictEqual(yield* repository.countProducts(other.orgId, {}), 1)
        assert.isTrue(Option.isSome(yield* repository.findProduct(other.orgId, d.id)))
        assert.isTrue(Option.isNone(yield* repository.findProduct(other.orgId, a.id)))
        // Each reads the product as its own or another organisation's, and learns who keeps it when it may read it.
        assert.deepStrictEqual(
          [theirs[0]?.owned, Option.getOrThrow(yield* repository.findProduct(org.orgId, d.id)).owned],
          [false, true]
        )
        assert.deepStrictEqual(yield* repository.productOwner(other.orgId, d.id), Option.some(org.orgId))
        assert.deepStrictEqual(yield* repository.productOwner(org.orgId, a.id), Option.some(org.orgId))
        assert.isTrue(Option.isNone(yield* repository.productOwner(other.orgId, a.id)))
        assert.isTrue(Option.isNone(yield* repository.productOwner(other.orgId, "not-an-id")))
      })
    )

    it.effect("reads a page from a mark of its list as it reads it from the list's start, in every order", () =>
      Effect.gen(function* () {
        const repository = yield* CatalogRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const market = yield* repository.insertCatalog(other.orgId, catalogRecordFor({ kind: "PUBLIC" }))
        // Names, prices and brands repeat, so that ties are broken by the keys after them.
        for (let i = 0; i < 23; i++) {
          yield* repository.insertProduct(
            org.orgId,
            productRecordFor(org.adminId, {
              sku: `M-${i}`,
              name: name(["Binder", "Easel", "Chair"][i % 3] ?? "", ""),
              price: priceOf(10 + (i % 4) * 5, [saudiVat], "SAR", 1),
              brand: ["Bantex", "Double A", ""][i % 3] ?? "",
              catalogs: i % 2 === 0 ? [market.id] : [],
              public: i % 2 === 0,
              isAvailable: i % 5 !== 0
            })
          )
        }
        yield* repository.insertProduct(
          other.orgId,
          productRecordFor(other.adminId, { sku: "O-1", name: name("Desk", ""), catalogs: [market.id], public: true })
        )
        const sorts = ["name", "priceAsc", "priceDesc", "brandAsc", "brandDesc"] as const
        const lists: ReadonlyArray<readonly [OrgId, Partial<ProductQuery>]> = [
          [org.orgId, { includeOutOfStock: true }],
          [org.orgId, {}],
          [other.orgId, { catalogIds: [market.id], includeOutOfStock: true }]
        ]
        for (const [orgId, filter] of lists) {
          for (const sort of sorts) {
            const marks = yield* repository.markList(orgId, { ...query(filter), sort }, 3)
            const total = yield* repository.countProducts(orgId, query(filter))
            assert.deepStrictEqual(
              marks.map((m) => m.position),
              Array.from({ length: Math.floor(total / 3) }, (_, i) => (i + 1) * 3)
            )
            for (let offset = 0; offset < total; offset++) {
              for (const matching of [1, 1_000_000]) {
                const page = { ...filter, sort, offset, limit: 4, matching }
                const plain = yield* repository.listProducts(orgId, query(page))
                const from = marks.findLast((m) => m.position <= offset)
                const marked = yield* repository.listProducts(orgId, query({ ...page, from }))
                assert.deepStrictEqual(
                  marked.map((p) => p.sku),
                  plain.map((p) => p.sku),
                  `${sort} from ${offset}`
                )
              }
            }
          }
        }
      })
    )

    it.effect("pages a one-word search as a filtered one ranks it, and follows a product's new name and deletion", () =>
      Effect.gen(function* () {
        const repository = yield* CatalogRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const market = yield* repository.insertCatalog(other.orgId, catalogRecordFor({ kind: "PUBLIC" }))
        const add = (
          orgId: OrgId,
          createdBy: string,
          sku: string,
          en: string,
          ar: string,
          extra: Partial<ProductRecord> = {}
        ) => repository.insertProduct(orgId, productRecordFor(createdBy, { sku, name: name(en, ar), ...extra }))
        // Names repeat so that ties are broken by id; some hold the word, some only its stem or a similar word.
        const made = []
        for (let i = 0; i < 14; i++) {
          const names: ReadonlyArray<readonly [string, string]> = [
            ["Stapler", "دباسة"],
            ["Heavy staplers", "كراسي"],
            ["Stapler pins", "كرسي"],
            ["Desk", "كرسي مكتب"]
          ]
          const [en, ar] = names[i % 4] ?? ["", ""]
          made.push(yield* add(org.orgId, org.adminId, `S-${i}`, en, ar, { isAvailable: i % 5 !== 0 }))
        }
        yield* add(org.orgId, org.adminId, "STAPLER", "Binder", "ملف")
        // Another organisation's products, one of them public, are not the organisation's own search.
        yield* add(other.orgId, other.adminId, "O-1", "Stapler", "كرسي", { public: true, catalogs: [market.id] })
        yield* add(other.orgId, other.adminId, "O-2", "Stapler", "كرسي")
        const skus = (found: ReadonlyArray<{ readonly sku: string }>) => found.map((p) => p.sku)
        const same = (label: string) =>
          Effect.gen(function* () {
            for (const text of ["stapler", "staplers", "pins", "كراسي", "كرسي", "دباسه"]) {
              for (const includeOutOfStock of [true, false]) {
                const total = yield* repository.countProducts(org.orgId, {
                  search: productSearchOf(text),
                  includeOutOfStock
                })
                for (let offset = 0; offset <= total; offset++) {
                  const page = {
                    search: productSearchOf(text),
                    sort: "rank" as const,
                    offset,
                    limit: 3,
                    includeOutOfStock
                  }
                  const walked = yield* repository.listProducts(org.orgId, query(page))
                  // A price filter every product passes is read by gathering the matches.
                  const gathered = yield* repository.listProducts(org.orgId, query({ ...page, priceMin: 0 }))
                  assert.deepStrictEqual(skus(walked), skus(gathered), `${label}: '${text}' from ${offset}`)
                }
              }
            }
          })
        yield* same("as made")
        const first = (text: string) =>
          Effect.map(
            repository.listProducts(org.orgId, query({ search: productSearchOf(text), sort: "rank", limit: 100 })),
            skus
          )
        assert.deepStrictEqual((yield* first("stapler"))[0], "STAPLER")
        assert.notInclude(yield* first("stapler"), "O-1")
        // A new name takes the product out of its old word's list and into the new one's; a deleted product leaves.
        const renamed = made[0]
        const deleted = made[4]
        if (renamed === undefined || deleted === undefined) return assert.fail("no products")
        yield* repository.updateProduct(
          org.orgId,
          renamed.id,
          productRecordFor(org.adminId, { sku: "S-0", name: name("Easel", "حامل") }),
          renamed.version
        )
        assert.isTrue(yield* repository.deleteProduct(org.orgId, deleted.id))
        assert.notInclude(yield* first("stapler"), "S-0")
        assert.include(yield* first("easel"), "S-0")
        assert.include(yield* first("حامل"), "S-0")
        assert.notInclude(yield* first("stapler"), "S-4")
        yield* same("after a new name and a deletion")
      })
    )

    it.effect("ranks a search: the SKU, then every word, then English stems, then similar Arabic words", () =>
      Effect.gen(function* () {
        const repository = yield* CatalogRepository
        const org = yield* newOrg
        const add = (sku: string, en: string, ar: string, extra: Partial<ProductRecord> = {}) =>
          repository.insertProduct(org.orgId, productRecordFor(org.adminId, { sku, name: name(en, ar), ...extra }))
        const chair = yield* add("CH-100", "Office chair", "كرسي مكتب دوار")
        const desk = yield* add("DK-200", "Wooden desk", "مكتب خشبي")
        const stapler = yield* add("ST-300", "Heavy duty stapler", "دباسة")
        const pump = yield* add("PM-400", "Water pump", "المضخة المائية", { brand: "Grundfos" })
        const cable = yield* add("ch-100x", "Chair mat", "ممسحة", { model: "CH-100" })
        const search = (text: string) =>
          Effect.map(repository.listProducts(org.orgId, query({ search: productSearchOf(text), sort: "rank" })), (ps) =>
            ps.map((p) => p.id)
          )

        // An exact SKU first, then the product naming it as a word.
        assert.deepStrictEqual(yield* search("ch-100"), [chair.id, cable.id])
        // Another alef form and a definite article meet their stored words.
        assert.deepStrictEqual(yield* search("مضخه"), [pump.id])
        assert.deepStrictEqual(yield* search("الكرسي"), [chair.id])
        assert.deepStrictEqual(yield* search("grundfos pump"), [pump.id])
        // English stems: "staplers" finds the stapler.
        assert.deepStrictEqual(yield* search("staplers"), [stapler.id])
        // A broken plural reaches its singular by trigram similarity: كراسي (chairs) finds كرسي.
        assert.include(yield* search("كراسي"), chair.id)
        // مكاتب (desks): the desk and the office chair both hold مكتب.
        const desks = yield* search("مكاتب")
        assert.includeMembers(desks, [desk.id, chair.id])
        assert.notInclude(yield* search("كراسي"), stapler.id)
        // Plurals that share no trigram with their singular meet it by the plural patterns: أقلام (pens) finds قلم,
        // طابعات (printers) finds طابعة, ahead of what is only similar.
        const pen = yield* add("PN-500", "Ballpoint pen", "قلم حبر جاف")
        const printer = yield* add("PR-600", "Laser printer", "طابعة ليزر")
        assert.deepStrictEqual(yield* search("أقلام"), [pen.id])
        assert.deepStrictEqual((yield* search("الطابعات"))[0], printer.id)
        assert.deepStrictEqual(yield* search("zzzz qqqq"), [])
        assert.strictEqual(
          yield* repository.countProducts(org.orgId, { search: productSearchOf("الكرسي"), includeOutOfStock: true }),
          1
        )
      })
    )
  })
