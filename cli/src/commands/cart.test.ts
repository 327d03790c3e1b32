import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedInTerminals } from "../testing/TestServer.ts"

const buyer = "buyer@buyer.tawreed.test"

const cli = signedInTerminals([buyer])
beforeAll(cli.start)
afterAll(cli.stop)

const asBuyer = cli.as(buyer)

describe("tawreed cart", () => {
  it("puts a product in the RFQ cart by its SKU, changes its quantity, takes it out, in both languages", async () => {
    const found = JSON.parse((await asBuyer(["--json", "catalog", "search", "chair", "--limit", "10"])).stdout) as {
      products: Array<{ sku: string; allowRFQ: boolean }>
    }
    const sku = found.products.find((p) => p.allowRFQ)?.sku
    expect(sku).toBeDefined()
    await asBuyer(["cart", "clear", "rfq"])

    const added = await asBuyer(["cart", "add", "rfq", sku!.toLowerCase(), "3"])
    expect(added.exitCode).toBe(0)
    const lines = added.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^SKU\s+Quantity\s+Vendor\s+Name$/)
    expect(lines[1]).toMatch(new RegExp(`^${sku}\\s+3\\s`))
    expect(lines.at(-1)).toBe("RFQ cart: 1 product")

    const changed = await asBuyer(["--lang", "ar", "cart", "set", "rfq", sku!, "5"])
    expect(changed.stdout).toMatch(new RegExp(`${sku}\\s+5\\s`))
    expect(changed.stdout.trimEnd().split("\n").at(-1)).toBe("سلة طلب عروض الأسعار: منتج واحد")

    const summary = await asBuyer(["cart", "summary"])
    expect(summary.stdout).toContain("RFQ cart: 1 product")

    const removed = await asBuyer(["cart", "remove", "rfq", sku!])
    expect(removed.stdout.trim()).toBe("RFQ cart: No Products added")
  })

  it("refuses a cart it does not know and a SKU no product has, with a reason", async () => {
    const kind = await asBuyer(["cart", "show", "basket"])
    expect(kind.exitCode).not.toBe(0)
    expect(kind.stderr).toContain("the cart must be rfq, order, public, not 'basket'")
    const sku = await asBuyer(["cart", "add", "rfq", "NO-SUCH-SKU-42"])
    expect(sku.exitCode).not.toBe(0)
    expect(sku.stderr).toContain("no product has the SKU 'NO-SUCH-SKU-42'")
  })
})
