import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import writeXlsxFile from "write-excel-file/node"
import { signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"

const cli = signedInTerminals([admin, buyer])
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)
const asBuyer = cli.as(buyer)

const folder = mkdtempSync(join(tmpdir(), "tawreed-catalog-"))
const file = (name: string, content: string) => {
  const path = join(folder, name)
  writeFileSync(path, content)
  return path
}

describe("tawreed catalog", () => {
  it("imports a CSV file, names each refused row by its line, and resumes without creating a row twice", async () => {
    const tag = Date.now().toString(36)
    const csv = file(
      "products.csv",
      [
        "sku,nameEn,nameAr,brand,basePrice,vat,minQtyRFQ,available",
        `IMP-${tag}-1,Cordless drill ${tag},مثقاب لاسلكي,Bosch,420,15,1,yes`,
        `IMP-${tag}-2,"Safety gloves, pack of 10",قفازات سلامة,3M,120,15,5,true`,
        `IMP-${tag}-3,Broken price,سعر,X,abc,15,1,yes`,
        `IMP-${tag}-1,Same SKU again,,Bosch,1,15,1,yes`,
        `IMP-${tag}-4,Bad minimum,,X,10,15,0.001,yes`
      ].join("\n")
    )
    const first = await asAdmin(["catalog", "import", csv])
    expect(first.exitCode).not.toBe(0)
    expect(first.stdout).toContain("2 products imported, 3 rows refused")
    const refusals = first.stderr.trimEnd().split("\n")
    expect(refusals[0]).toMatch(/^line 4: /)
    expect(refusals).toContainEqual(expect.stringMatching(/^line 5: Another product already has the SKU/))
    expect(refusals).toContainEqual(expect.stringMatching(/^line 6: .*minimum quantity/))
    const again = await asAdmin(["catalog", "import", csv])
    expect(again.stdout).toContain("2 products imported, 3 rows refused")
    const found = await asBuyer(["catalog", "search", `IMP-${tag}-1`])
    expect(found.exitCode).toBe(0)
    const lines = found.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^SKU\s+Price\s+Brand\s+Name$/)
    expect(lines[1]).toMatch(new RegExp(`^IMP-${tag}-1\\s+483\\.00 SAR\\s+Bosch\\s+Cordless drill ${tag}$`))
    expect(lines.at(-1)).toBe("Page 1 of 1 · 1 product")
  })

  it("imports the first sheet of an Excel file, prices typed as numbers, refused rows by the sheet's row number", async () => {
    const tag = Date.now().toString(36)
    const path = join(folder, "products.xlsx")
    await writeXlsxFile(
      [
        ["sku", "nameEn", "nameAr", "basePrice", "vat"],
        [`XLS-${tag}-1`, `Welding mask ${tag}`, "قناع لحام", 250, 15],
        [null, null, null, null, null],
        [`XLS-${tag}-2`, "Negative price", "", -5, 15]
      ],
      {}
    ).toFile(path)
    const imported = await asAdmin(["catalog", "import", path])
    expect(imported.stdout).toContain("1 product imported, 1 row refused")
    expect(imported.stderr).toMatch(/^line 4: /)
    const found = await asBuyer(["catalog", "search", `XLS-${tag}-1`])
    expect(found.stdout).toMatch(new RegExp(`XLS-${tag}-1\\s+287\\.50 SAR`))
  })

  it("searches in Arabic and answers in Arabic", async () => {
    const found = await asBuyer(["--lang", "ar", "catalog", "search", "كراسي"])
    expect(found.exitCode).toBe(0)
    expect(found.stdout).toContain("كرسي")
    const none = await asBuyer(["catalog", "search", "zzqqxx"])
    expect(none.stdout.trim()).toBe('No product matches "zzqqxx".')
  })
})
