import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"

const cli = signedInTerminals([admin])
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)

describe("tawreed vendors review-change", () => {
  it("asks for one decision, and says in the reader's language when the vendor has no change waiting", async () => {
    const none = await asAdmin(["vendors", "review-change", "1010234567"])
    expect(none.exitCode).not.toBe(0)
    expect(none.stderr).toContain("--approve, --reject or --withdraw")
    const both = await asAdmin(["vendors", "review-change", "1010234567", "--approve", "--reject"])
    expect(both.exitCode).not.toBe(0)
    const nothing = await asAdmin(["vendors", "review-change", "1010234567", "--approve"])
    expect(nothing.exitCode).not.toBe(0)
    expect(nothing.stderr).toContain("Vendor change not found.")
    const arabic = await asAdmin(["--lang", "ar", "vendors", "review-change", "1010234567", "--reject"])
    expect(arabic.stderr).toContain("تعديل المورد غير موجود.")
  })
})
