import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedInTerminals } from "../testing/TestServer.ts"

const vendor = "vendor@vendor.tawreed.test"

const cli = signedInTerminals([vendor])
beforeAll(cli.start)
afterAll(cli.stop)

const asVendor = cli.as(vendor)

describe("tawreed marketplace", () => {
  it("shows the organisation's KYC standing and refuses a verification to whoever does not run the platform", async () => {
    const standing = await asVendor(["marketplace", "standing"])
    expect([standing.exitCode, standing.stdout]).toEqual([0, "Sahara Supplies: KYC verified.\n"])
    const refused = await asVendor(["marketplace", "kyc", "ALNOOR"])
    expect(refused.exitCode).not.toBe(0)
    expect(refused.stderr).toBe("You do not have sufficient privileges to access this section\n")
  })

  it("lists the catalog invitations waiting for the organisation: none in the demo", async () => {
    const waiting = await asVendor(["marketplace", "pending"])
    expect([waiting.exitCode, waiting.stdout]).toEqual([0, "No catalog invitations are waiting.\n"])
  })
})
