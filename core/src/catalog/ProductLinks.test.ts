import { assert, describe, it } from "@effect/vitest"
import {
  catalogInvitationPath,
  catalogProductPath,
  nameFor,
  productDetailsPath,
  productListQuery,
  productPath
} from "./ProductLinks.ts"

const drill = { id: "p-17", sku: "DRL-200", catalogs: ["cat-1", "cat-2"], categories: ["tools"] }

describe("names by locale", () => {
  it("takes the current language, then Arabic, then English", () => {
    assert.strictEqual(nameFor({ en: "Drill", ar: "مثقاب" }, "en"), "Drill")
    assert.strictEqual(nameFor({ en: "Drill", ar: "مثقاب" }, "ar"), "مثقاب")
    assert.strictEqual(nameFor({ en: "", ar: "مثقاب" }, "en"), "مثقاب")
    assert.strictEqual(nameFor({ en: "Drill" }, "ar"), "Drill")
    assert.strictEqual(nameFor(undefined, "en"), "")
  })
})

describe("product links", () => {
  it("opens by SKU in marketplace mode, else by id", () => {
    assert.strictEqual(productPath(drill, "en", true), "/en/products/DRL-200")
    assert.strictEqual(productPath(drill, "ar", false), "/ar/products/p-17")
  })

  it("links inside catalogs, or to the all-products path without a catalog or category", () => {
    assert.strictEqual(catalogProductPath(drill, "cat-1", "tools", true), "/catalogs/cat-1/tools/products/DRL-200")
    assert.strictEqual(catalogProductPath(drill, "cat-1", "tools", false), "/catalogs/cat-1/tools/products/p-17")
    assert.strictEqual(
      catalogProductPath(drill, undefined, "tools", false),
      "/catalogs-admin/catalogs/all-products/search/products/p-17"
    )
  })

  it("sends GO TO PRODUCT DETAILS by SKU for marketplace non-admins, else to the first catalog and category", () => {
    assert.strictEqual(productDetailsPath(drill, { marketplace: true, adminOrg: false }), "products/DRL-200")
    assert.strictEqual(
      productDetailsPath(drill, { marketplace: true, adminOrg: true }),
      "/catalogs/cat-1/tools/products/p-17"
    )
    assert.strictEqual(
      productDetailsPath(drill, { marketplace: false, adminOrg: false, catalogId: "cat-2" }),
      "/catalogs/cat-2/tools/products/p-17"
    )
  })

  it("builds the invitation link and the product list query", () => {
    assert.strictEqual(catalogInvitationPath("abc123"), "catalogs/accept/abc123")
    assert.deepStrictEqual(productListQuery({ searchString: "drill", catalogId: "cat-1" }), {
      searchString: "drill",
      page: "1",
      items: "15",
      catalogId: "cat-1"
    })
  })
})
