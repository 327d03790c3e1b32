import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { messageFor } from "@tawreed/core/shared"
import { serve, terminal } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"
const password = "Tawreed@2026"

let server: Awaited<ReturnType<typeof serve>>
const adminTerm = terminal()
const buyerTerm = terminal()

beforeAll(async () => {
  server = await serve()
  for (const [term, email] of [
    [adminTerm, admin],
    [buyerTerm, buyer]
  ] as const) {
    const login = await term.tawreed(["--api-url", server.url, "login", "--email", email, "--password", password])
    expect(login.exitCode).toBe(0)
  }
})

afterAll(async () => {
  await server?.close()
  adminTerm.dispose()
  buyerTerm.dispose()
})

const asAdmin = (argv: ReadonlyArray<string>) => adminTerm.tawreed(["--api-url", server.url, ...argv])
const asBuyer = (argv: ReadonlyArray<string>) => buyerTerm.tawreed(["--api-url", server.url, ...argv])

describe("tawreed budgets", () => {
  it("lists the budgets you may read as a table, and as JSON, by workspace and status", async () => {
    const listed = await asAdmin(["budgets", "list"])
    expect(listed.exitCode).toBe(0)
    const lines = listed.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^Name\s+Period\s+Status\s+Policy\s+Workspace\s+ID$/)
    expect(lines[1]).toMatch(/^Head Office 2026\s+2026-01-01 – 2026-12-31\s+Active\s+Stop\s+\S+\s+\S+$/)
    expect(lines.at(-1)).toBe("1 budgets")
    const json = JSON.parse((await asAdmin(["--json", "budgets", "list", "--workspace", "Riyadh Head Office"])).stdout)
    expect(json.map((b: { name: string }) => b.name)).toEqual(["Head Office 2026"])
    const none = await asAdmin(["budgets", "list", "--status", "INACTIVE"])
    expect(none.stdout).toBe("0 budgets\n")
    const arabic = await asBuyer(["--lang", "ar", "budgets", "list"])
    expect(arabic.stdout).toMatch(/^الاسم\s+الفترة\s+الحالة\s+السياسة/)
    expect(arabic.stdout).toContain("إيقاف")
  })

  it("shows each line's limit and buckets with the totals, by the budget's name", async () => {
    const shown = await asBuyer(["budgets", "summary", "head office 2026"])
    expect(shown.exitCode).toBe(0)
    expect(shown.stdout.trimEnd().split("\n")).toEqual([
      "Head Office 2026 · 2026-01-01 to 2026-12-31 · SAR · Active · Stop",
      expect.stringMatching(/^Line\s+Limit\s+Requested\s+Committed\s+Actual\s+Available$/),
      expect.stringMatching(/^Travel \(6100\)\s+50000\.00\s+0\.00\s+0\.00\s+7350\.00\s+42650\.00$/),
      expect.stringMatching(/^Office supplies \(6200\)\s+20000\.00\s+1200\.00\s+0\.00\s+0\.00\s+18800\.00$/),
      expect.stringMatching(/^IT equipment \(6300\)\s+80000\.00\s+0\.00\s+18500\.00\s+0\.00\s+61500\.00$/),
      expect.stringMatching(/^Total\s+150000\.00\s+1200\.00\s+18500\.00\s+7350\.00\s+122950\.00$/)
    ])
    const json = JSON.parse((await asAdmin(["--json", "budgets", "summary", "Head Office 2026"])).stdout)
    expect(json.totals.available).toBe("122950.00")
  })

  it("prints the catalogue's message and exits 1 for a budget it cannot find", async () => {
    const missing = await asAdmin(["budgets", "summary", "No such budget"])
    expect(missing.exitCode).toBe(1)
    expect(missing.stderr).toBe(`${messageFor("E4023", "en")}\n`)
  })
})
