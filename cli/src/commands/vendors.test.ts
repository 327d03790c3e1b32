import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import writeXlsxFile from "write-excel-file/node"
import { shownMessage, signedInTerminals } from "../testing/TestServer.ts"

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

  it("puts a vendor on hold by its number and releases it, in both languages", async () => {
    const shown = JSON.parse((await asAdmin(["--json", "vendors", "show", "1010234567"])).stdout)
    const held = await asAdmin([
      "vendors",
      "hold",
      shown.number,
      "--scope",
      "INVOICES",
      "--until",
      "2099-12-31",
      "--reason",
      "Disputed delivery"
    ])
    expect([held.exitCode, held.stderr]).toEqual([0, ""])
    expect(held.stdout).toBe(
      `Vendor put on hold: ${shown.number} · Sahara Supplies · Invoices on hold until 2099-12-31.\n`
    )
    const listed = await asAdmin(["vendors", "list", "--search", "1010234567"])
    expect(listed.stdout).toMatch(/Sahara Supplies\s+.*Invoices on hold until 2099-12-31/)
    const badScope = await asAdmin(["vendors", "hold", shown.number, "--scope", "ORDERS"])
    expect(badScope.exitCode).not.toBe(0)
    expect(badScope.stderr).toContain("--scope must be ALL, INVOICES or PAYMENTS")
    const past = await asAdmin(["vendors", "hold", shown.number, "--scope", "ALL", "--until", "2001-01-01"])
    expect(past.exitCode).toBe(1)

    const released = await asAdmin(["--lang", "ar", "vendors", "release", shown.number])
    expect([released.exitCode, released.stderr]).toEqual([0, ""])
    expect(released.stdout).toBe(`تم رفع الإيقاف: ${shown.number} · الصحراء للتوريدات · نشط.\n`)
    const again = await asAdmin(["vendors", "release", shown.number])
    expect(again.exitCode).toBe(1)
    expect(again.stderr).toContain(shownMessage("E7030", "en", { nameEn: "Sahara Supplies" }))
    const buyerHold = await asBuyer(["vendors", "hold", shown.number, "--scope", "ALL"])
    expect(buyerHold.exitCode).toBe(1)
  })

  it("imports a CSV supplier list, reporting each bad row with its line and the catalogue's message", async () => {
    const stamp = String(Date.now()).slice(-7)
    const cr = (n: number) => `7${n}${stamp}0`.slice(0, 10).padEnd(10, "0")
    const csv = file(
      "suppliers.csv",
      [
        "Legal name EN,Legal name AR,CR,VAT,Email,Phone,IBAN,Payment terms,Currency,Categories",
        `Qassim Dates Co,شركة تمور القصيم,${cr(1)},,sales@qassim.example,+966 11 555 0101,SA73 8000 0000 6080 1016 7520,45,SAR,Food;Hospitality`,
        `Bad CR Trading,,12345,,,,,,,`,
        `Typo Bank Ltd,,${cr(2)},,,,SA73 8000 0000 6080 1016 7521,,,`,
        `Again Qassim,,${cr(1)},,,,,,,`,
        `"Hail Steel, LLC",,${cr(3)},,,,,thirty,,`,
        `,,${cr(4)},,,,,,,`,
        `Abha Printing,مطبعة أبها,${cr(5)},,,,,15,usd,Printing`
      ].join("\n")
    )
    const quiet = await asAdmin(["vendors", "import", csv])
    expect(quiet.exitCode).toBe(1)
    expect(quiet.stdout).toBe("2 vendors created, 5 rows refused.\n")
    expect(quiet.stderr.split("\n")).toEqual([
      `line 3: ${shownMessage("E7001", "en", { crNumber: "12345" })}`,
      `line 4: ${shownMessage("E7003", "en", { iban: "SA73 8000 0000 6080 1016 7521" })}`,
      `line 5: ${shownMessage("E7020", "en", { nameEn: "Qassim Dates Co", crNumber: cr(1) })}`,
      "line 6: Please check Payment terms (days): the value is outside the allowed range.",
      "line 7: Please check English name: give the name in English or in Arabic.",
      `5 rows of ${csv} were not imported; see the lines above.`,
      ""
    ])
    const made = JSON.parse((await asAdmin(["--json", "vendors", "show", cr(1)])).stdout)
    expect(made).toMatchObject({
      name: { en: "Qassim Dates Co", ar: "شركة تمور القصيم" },
      paymentTermsDays: 45,
      categories: ["Food", "Hospitality"],
      bankAccounts: [{ iban: "SA7380000000608010167520" }],
      contacts: [{ name: "Qassim Dates Co", email: "sales@qassim.example", phone: "+966 11 555 0101" }]
    })
    const abha = JSON.parse((await asAdmin(["--json", "vendors", "show", cr(5)])).stdout)
    expect(abha).toMatchObject({ currency: "USD", paymentTermsDays: 15 })

    // Run again, the same rows are recorded once: the good ones answer what they made, the bad ones are refused.
    const rerun = await asAdmin(["vendors", "import", csv], { stderrIsTerminal: true })
    expect(rerun.stdout).toBe("2 vendors created, 5 rows refused.\n")
    expect(rerun.stderr).toContain("Imported 0 of 7 vendors")
    const counted = JSON.parse((await asAdmin(["--json", "vendors", "list", "--search", "Qassim Dates"])).stdout)
    expect(counted.totalCount).toBe(1)
    const headless = await asAdmin(["vendors", "import", file("bad.csv", "mail,phone\nx,y\n")])
    expect(headless.exitCode).toBe(2)

    const arabic = await asAdmin(["--lang", "ar", "vendors", "import", file("ar.csv", "nameEn,cr\nX,123\n")])
    expect(arabic.stderr.split("\n")[0]).toBe(`السطر 2: ${shownMessage("E7001", "ar", { crNumber: "123" })}`)
    expect(arabic.stdout).toBe("لم يُنشأ أي مورد، ورُفض سطر واحد.\n")
  })

  it("imports an Excel supplier list, by the sheet's row numbers, CR and VAT typed as numbers", async () => {
    const stamp = String(Date.now()).slice(-7)
    const path = join(folder, "suppliers.xlsx")
    await writeXlsxFile(
      [
        ["nameEn", "nameAr", "crNumber", "vatNumber", "iban", "paymentTermsDays", "categories"],
        [
          "Jouf Olive Farms",
          "مزارع زيتون الجوف",
          Number(`61${stamp}0`),
          300000000000003 + Number(stamp) * 10,
          "",
          60,
          "Food"
        ],
        ["Bad VAT Co", "", "", "123456789012345", "", "", ""],
        [null, null, null, null, null, null, null],
        ["Najran Stone", "", Number(`62${stamp}0`), "", "SA00 0000", "", ""]
      ],
      {}
    ).toFile(path)
    const imported = await asAdmin(["vendors", "import", path])
    expect(imported.exitCode).toBe(1)
    expect(imported.stdout).toBe("1 vendor created, 2 rows refused.\n")
    const lines = imported.stderr.split("\n")
    expect(lines[0]).toBe(`line 3: ${shownMessage("E7002", "en", { vatNumber: "123456789012345" })}`)
    expect(lines[1]).toBe(`line 5: ${shownMessage("E7003", "en", { iban: "SA00 0000" })}`)
    const made = JSON.parse((await asAdmin(["--json", "vendors", "show", `61${stamp}0`])).stdout)
    expect(made).toMatchObject({ name: { en: "Jouf Olive Farms" }, crNumber: `61${stamp}0`, paymentTermsDays: 60 })
    const broken = await asAdmin(["vendors", "import", file("broken.xlsx", "not a zip")])
    expect(broken.exitCode).toBe(2)
  })
})
