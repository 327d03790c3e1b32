import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"

const cli = signedInTerminals([admin, buyer])
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)
const asBuyer = cli.as(buyer)

describe("tawreed vendors invite and review", () => {
  it("invites a vendor by email with the default questionnaire, in the language asked", async () => {
    const sent = await asAdmin(["vendors", "invite", "--email", "hail@onboarding.example", "--name", "Hail Trading"])
    expect([sent.exitCode, sent.stderr]).toEqual([0, ""])
    expect(sent.stdout).toMatch(
      /^Invitation sent: VIN-\d{6} · .*Hail Trading.* · .*hail@onboarding\.example.* · Invited\.$/m
    )
    const arabic = await asAdmin([
      "--lang",
      "ar",
      "vendors",
      "invite",
      "--email",
      "jouf@onboarding.example",
      "--name",
      "الجوف للتجارة",
      "--template",
      "Vendor onboarding"
    ])
    expect(arabic.stdout).toContain("تم إرسال الدعوة")
    const unknown = await asAdmin([
      "vendors",
      "invite",
      "--email",
      "x@onboarding.example",
      "--name",
      "X",
      "--template",
      "Nope"
    ])
    expect(unknown.exitCode).not.toBe(0)
    expect(unknown.stderr).toContain("No questionnaire is named")
  })

  it("refuses an invitation from a user without the vendors' create privilege", async () => {
    const refused = await asBuyer(["vendors", "invite", "--email", "y@onboarding.example", "--name", "Y"])
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toContain("You do not have sufficient privileges")
  })

  it("approves the demo's submitted invitation by its vendor's email, and refuses a second decision", async () => {
    const approved = await asAdmin([
      "vendors",
      "review",
      "sales@najd-packaging.example",
      "--action",
      "approve",
      "--remarks",
      "Documents checked"
    ])
    expect([approved.exitCode, approved.stderr]).toEqual([0, ""])
    expect(approved.stdout).toMatch(/^Invitation reviewed: VIN-\d{6} · .*Najd Packaging Co\..* · Approved\.$/m)
    const listed = await asAdmin(["vendors", "list"])
    expect(listed.stdout).toContain("Najd Packaging Co.")
    const again = await asAdmin(["vendors", "review", "sales@najd-packaging.example", "--action", "reject"])
    expect(again.exitCode).not.toBe(0)
    expect(again.stderr).toContain("current status")
  })

  it("withdraws only a review request still under review, and says which actions there are", async () => {
    const decided = await asAdmin(["vendors", "review", "sales@najd-packaging.example", "--action", "withdraw"])
    expect(decided.exitCode).not.toBe(0)
    expect(decided.stderr).toContain("current status")
    const unknown = await asAdmin(["vendors", "review", "sales@najd-packaging.example", "--action", "pause"])
    expect(unknown.exitCode).not.toBe(0)
    expect(unknown.stderr).toContain("approve, return, reject or withdraw")
  })
})
