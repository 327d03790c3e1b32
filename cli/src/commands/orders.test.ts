import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { shownMessage, signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const approver = "approver@buyer.tawreed.test"
const vendor = "vendor@vendor.tawreed.test"

const cli = signedInTerminals([admin, approver, vendor])
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)
const asApprover = cli.as(approver)
const asVendor = cli.as(vendor)

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

describe("tawreed orders", () => {
  it("orders an approved request, has it approved, sent, accepted by the vendor and closed, in both languages", async () => {
    // The head office's orders wait for the demo approver (the demo's order workflow).
    const made = await asAdmin(["orders", "create", "--from-request", "REQ-000010", "--vendor", "Sahara Supplies"])
    expect([made.exitCode, made.stdout]).toEqual([
      0,
      "Order Created Successfully: PO-000003 · Laptops for the finance team · Draft.\n"
    ])
    // The super user submits over the IT equipment line's Stop policy, as a warning.
    const submitted = await asAdmin(["orders", "submit", "po-000003", "--remark", "For the new hires"])
    expect(submitted.exitCode).toBe(0)
    expect(submitted.stdout.split("\n")[0]).toBe(
      "Order Submitted Successfully: PO-000003 · Laptops for the finance team · Pending approval."
    )

    // The approver finds the order waiting for them by its number.
    const approved = await asApprover(["--lang", "ar", "orders", "review", "PO-000003", "--action", "approve"])
    expect([approved.exitCode, approved.stdout]).toEqual([
      0,
      "تم اعتماد أمر الشراء بنجاح: PO-000003 · Laptops for the finance team · أُرسل إلى المورد.\n"
    ])
    const sent = await asAdmin(["orders", "send", "PO-000003"])
    expect(sent.stdout).toBe(
      "Order Sent to the Vendor Successfully: PO-000003 · Laptops for the finance team · Sent to the vendor.\n"
    )

    const received = await asVendor(["orders", "vendor", "list"])
    expect(received.exitCode).toBe(0)
    expect(received.stdout).toMatch(/^PO-000003\s+Laptops for the finance team\s+Sahara Supplies\s+Low\s+Sent to/m)
    const accepted = await asVendor(["orders", "vendor", "accept", "PO-000003", "--remark", "Ships Sunday"])
    expect(accepted.stdout).toBe(
      "Order Accepted Successfully: PO-000003 · Laptops for the finance team · Accepted by the vendor.\n"
    )

    // Accepted, it is closed rather than cancelled.
    const cancel = await asAdmin(["--json", "orders", "cancel", "PO-000003", "--reason", "Not needed"])
    expect([cancel.exitCode, JSON.parse(cancel.stderr).error.code]).toEqual([1, "E6400"])
    const closed = await asAdmin(["--lang", "ar", "orders", "close", "PO-000003", "--remark", "Delivered elsewhere"])
    expect([closed.exitCode, closed.stdout]).toEqual([
      0,
      "تم إغلاق أمر الشراء بنجاح: PO-000003 · Laptops for the finance team · مغلق.\n"
    ])

    const shown = await asAdmin(["orders", "show", "PO-000003"])
    const lines = shown.stdout.trimEnd().split("\n")
    expect(lines.slice(0, 4)).toEqual([
      "PO-000003 · Laptops for the finance team",
      "Status: Closed · Priority: Low",
      "Vendor: Sahara Supplies · Request: REQ-000010",
      expect.stringMatching(/^Workspace: Riyadh Head Office/)
    ])
    expect(lines).toContain("1 line")
    expect(lines.slice(-6)).toEqual([
      "History:",
      expect.stringMatching(/ · Amal Al-Harbi · Submitted$/),
      expect.stringMatching(/ · Sara Qahtani · Approved · level 1$/),
      expect.stringMatching(/ · Amal Al-Harbi · Sent to the vendor$/),
      expect.stringMatching(/ · Accepted by the vendor · “Ships Sunday”$/),
      expect.stringMatching(/ · Amal Al-Harbi · Closed · “Delivered elsewhere”$/)
    ])
    expect(shown.stdout).not.toMatch(uuid)

    const listed = (await asAdmin(["orders", "list"])).stdout.trimEnd().split("\n")
    expect(listed[0]).toMatch(/^No\.\s+Title\s+Vendor\s+Priority\s+Status\s+Total$/)
    expect(listed).toContainEqual(
      expect.stringMatching(
        /^PO-000003\s+Laptops for the finance team\s+Sahara Supplies\s+Low\s+Closed\s+\d+\.\d\d SAR$/
      )
    )
    expect(listed.at(-1)).toBe("Page 1 of 1 · 3 orders (Draft 1 · Sent to the vendor 1 · Closed 1)")
    const arabic = await asAdmin(["--lang", "ar", "orders", "list"])
    expect(arabic.stdout.trimEnd().split("\n").at(-1)).toBe(
      "الصفحة 1 من 1 · 3 أوامر شراء (مسودة 1 · أُرسل إلى المورد 1 · مغلق 1)"
    )
    const one = await asAdmin(["--lang", "ar", "orders", "list", "--search", "Laptops"])
    expect(one.stdout.trimEnd().split("\n").at(-1)).toMatch(/^الصفحة 1 من 1 · أمر شراء واحد/)
    const drafts = await asAdmin(["--json", "orders", "list", "--status", "ORDER_DRAFTED"])
    expect(JSON.parse(drafts.stdout).orders.map((o: { number: string }) => o.number)).toEqual(["PO-000002"])
  })

  it("refuses what it cannot do with the catalogue's words", async () => {
    const nothing = await asAdmin(["orders", "create"])
    expect(nothing.exitCode).toBe(2)
    const noVendor = await asAdmin(["orders", "create", "--from-request", "REQ-000010"])
    expect(noVendor.exitCode).toBe(2)
    const draft = await asAdmin(["--json", "orders", "create", "--from-request", "REQ-000013", "--vendor", "Sahara"])
    expect([draft.exitCode, JSON.parse(draft.stderr).error.code]).toEqual([1, "E6402"])
    const missing = await asAdmin(["orders", "show", "PO-999999"])
    expect([missing.exitCode, missing.stderr]).toEqual([1, `${shownMessage("E4400", "en")}\n`])
    const decline = await asVendor(["orders", "vendor", "reject", "PO-000001"])
    expect(decline.exitCode).toBe(2)
  })
})
