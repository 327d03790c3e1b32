import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"

const cli = signedInTerminals([admin, buyer])
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)
const asBuyer = cli.as(buyer)

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
const folder = mkdtempSync(join(tmpdir(), "tawreed-vendors-"))
const file = (name: string, content: unknown) => {
  const path = join(folder, name)
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content))
  return path
}

describe("tawreed vendors", () => {
  it("lists the vendors by number and name, with their standing and holds, in both languages", async () => {
    const listed = await asAdmin(["vendors", "list"])
    expect(listed.exitCode).toBe(0)
    const lines = listed.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^No\.\s+Vendor\s+CR number\s+VAT number\s+Status\s+Hold$/)
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^VEN-\d{6}\s+Gulf Office Furniture\s+4030112233\s+300987654300003\s+Active\s+Payments on hold$/
      )
    )
    expect(lines).toContainEqual(expect.stringMatching(/Najd IT Services\s+.*Expired/))
    expect(lines.at(-1)).toBe("Page 1 of 1 · 4 vendors (Active 2 · Inactive 1 · Expired 1)")
    expect(listed.stdout).not.toMatch(uuid)
    const arabic = await asAdmin(["--lang", "ar", "vendors", "list", "--active"])
    expect(arabic.stdout).toContain("الصحراء للتوريدات")
    expect(arabic.stdout.trimEnd().split("\n").at(-1)).toContain("مورّدان")
  })

  it("shows a vendor by its CR number, with its IBAN grouped as bank letters print it", async () => {
    const shown = await asAdmin(["vendors", "show", "1010234567"])
    expect(shown.exitCode).toBe(0)
    expect(shown.stdout).toContain("Sahara Supplies")
    expect(shown.stdout).toContain("IBAN SA73 8000 0000 6080 1016 7520")
    expect(shown.stdout).toContain("Commercial registration: 1010234567 · expires 2027-06-30")
  })

  it("records a vendor from a file, and refuses a mistyped IBAN with the catalogue's message", async () => {
    const cr = `50${String(Date.now()).slice(-8)}`
    const made = await asAdmin([
      "vendors",
      "create",
      "--file",
      file("vendor.json", { nameEn: "Tabuk Logistics", nameAr: "تبوك للخدمات اللوجستية", crNumber: cr })
    ])
    expect([made.exitCode, made.stderr]).toEqual([0, ""])
    expect(made.stdout).toMatch(/^Vendor created: VEN-\d{6} · Tabuk Logistics · Active\.$/m)
    const typo = await asAdmin([
      "vendors",
      "create",
      "--file",
      file("typo.json", { nameEn: "Typo", bankAccounts: [{ iban: "SA73 8000 0000 6080 1016 7521" }] })
    ])
    expect(typo.exitCode).toBe(1)
    expect(typo.stderr).toContain("is not valid")
    const refused = await asBuyer(["vendors", "list"])
    expect(refused.exitCode).toBe(1)
  })
})
