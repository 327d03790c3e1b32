import { assert, describe, it } from "@effect/vitest"
import { productRecordFor } from "../testing/contracts/CatalogRepositoryContract.ts"
import { Product, ProductMedia } from "./Catalog.ts"
import { productFileHref, productFilePath, readerFileId, readerProductOf } from "./ProductFileRefs.ts"

const productId = "0b6c1a52-3f4e-4c55-9a1d-1f2e3d4c5b6a"
const picture = "7d1f0c3e-2b4a-4e5f-8a9b-0c1d2e3f4a5b"
const sheet = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b"

const productOf = (owned: boolean) =>
  new Product({
    ...productRecordFor("u-1", {
      mediaList: [
        new ProductMedia({ src: `/api/media_upload/${picture}` }),
        new ProductMedia({ src: "https://example.com/outside.png" })
      ],
      attachments: [sheet]
    }),
    id: productId,
    owned,
    version: 1,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z"
  })

describe("a product's files as its reader loads them", () => {
  it("leaves the organisation's own product as stored, so that its forms save what they read", () => {
    const own = productOf(true)
    assert.strictEqual(readerProductOf(own), own)
  })

  it("names another organisation's files by the product's route, and leaves links elsewhere alone", () => {
    const theirs = readerProductOf(productOf(false))
    assert.deepStrictEqual(
      theirs.mediaList.map((m) => m.src),
      [productFilePath(productId, picture), "https://example.com/outside.png"]
    )
    assert.deepStrictEqual(theirs.attachments, [`/api/products/${productId}/files/${sheet}`])
  })

  it("reads a file id back from either form, and from the route of this product only", () => {
    assert.strictEqual(readerFileId(productId, productFilePath(productId, picture)), picture)
    assert.strictEqual(readerFileId(productId, `/api/media_upload/${picture}`), picture)
    assert.strictEqual(readerFileId(productId, sheet.toUpperCase()), sheet)
    assert.isUndefined(readerFileId(productId, productFilePath(sheet, picture)))
    assert.isUndefined(readerFileId(productId, "https://example.com/outside.png"))
  })

  it("links a bare attachment id by the download route and anything else as it is", () => {
    assert.strictEqual(productFileHref(sheet), `/api/media_upload/${sheet}`)
    assert.strictEqual(productFileHref(productFilePath(productId, sheet)), productFilePath(productId, sheet))
  })
})
