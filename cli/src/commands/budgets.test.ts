import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { InvalidField } from "@tawreed/core/shared"
import { shownError, shownMessage, signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"

const cli = signedInTerminals([admin, buyer])
const adminTerm = cli.terms[admin]
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)
const asBuyer = cli.as(buyer)

describe("tawreed budgets", () => {
  it("lists the budgets you may read as a table, and as JSON, by workspace and status", async () => {
    const listed = await asAdmin(["budgets", "list"])
    expect(listed.exitCode).toBe(0)
    const lines = listed.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^No\.\s+Name\s+Period\s+Status\s+Policy\s+Workspace\s+ID$/)
    // The demo organisation writes dates the European way, and the list names each budget's workspace.
    expect(lines[1]).toMatch(
      /^BDG-000001\s+Head Office 2026\s+01-01-2026 – 31-12-2026\s+Active\s+Stop\s+Riyadh Head Office\s+\S+$/
    )
    expect(lines.at(-1)).toBe("1 budget")
    const json = JSON.parse((await asAdmin(["--json", "budgets", "list", "--workspace", "Riyadh Head Office"])).stdout)
    expect(json.map((b: { name: string }) => b.name)).toEqual(["Head Office 2026"])
    const none = await asAdmin(["budgets", "list", "--status", "INACTIVE"])
    expect(none.stdout).toBe("0 budgets\n")
    const arabic = await asBuyer(["--lang", "ar", "budgets", "list"])
    expect(arabic.stdout).toMatch(/^رقم المستند\s+الاسم\s+الفترة\s+الحالة\s+السياسة/)
    expect(arabic.stdout).toContain("منع")
    expect(arabic.stdout).toContain("ميزانية واحدة")
  })

  it("shows each line's limit and buckets with the totals, by the budget's name", async () => {
    const shown = await asBuyer(["budgets", "summary", "head office 2026"])
    expect(shown.exitCode).toBe(0)
    expect(shown.stdout.trimEnd().split("\n")).toEqual([
      "Head Office 2026 · 01-01-2026 to 31-12-2026 · SAR · Active · Stop",
      expect.stringMatching(/^Line\s+Limit\s+Requested\s+Committed\s+Actual\s+Available$/),
      // What the demo's requests hold on each line.
      expect.stringMatching(/^Travel \(6100\)\s+50000\.00\s+12030\.00\s+0\.00\s+0\.00\s+37970\.00$/),
      expect.stringMatching(/^Office supplies \(6200\)\s+20000\.00\s+15973\.50\s+989\.00\s+0\.00\s+3037\.50$/),
      expect.stringMatching(/^IT equipment \(6300\)\s+80000\.00\s+82570\.00\s+0\.00\s+0\.00\s+-2570\.00$/),
      expect.stringMatching(/^Total\s+150000\.00\s+110573\.50\s+989\.00\s+0\.00\s+38437\.50$/)
    ])
    const json = JSON.parse((await asAdmin(["--json", "budgets", "summary", "Head Office 2026"])).stdout)
    expect(json.totals.available).toBe("38437.50")
  })

  it("creates a budget after checking its lines locally, activates it and applies an unapproved change at once", async () => {
    const before = adminTerm.requests.length
    const bad = await asAdmin([
      "budgets",
      "create",
      "--workspace",
      "IT Projects 2026",
      "--name",
      "IT 2026",
      "--start",
      "2026-01-01",
      "--end",
      "2026-12-31",
      "--line",
      "6300"
    ])
    expect([bad.exitCode, bad.stderr]).toEqual([
      2,
      `${shownMessage("E2001", "en", {
        detail: "--line '6300' must be <key>=<limit>, optionally followed by :<label>"
      })}\n`
    ])
    expect(adminTerm.requests.length).toBe(before)
    const made = await asAdmin([
      "budgets",
      "create",
      "--workspace",
      "it projects 2026",
      "--name",
      "IT 2026",
      "--start",
      "2026-01-01",
      "--end",
      "2026-12-31",
      "--policy",
      "warn",
      "--line",
      "6300=100000:Hardware",
      "--line",
      "6400=20000:Software licences"
    ])
    expect(made.exitCode).toBe(0)
    expect(made.stdout).toMatch(/^Budget IT 2026 created \(\S+\): Budgeted\.\n$/)
    const activated = await asAdmin(["budgets", "activate", "IT 2026"])
    expect([activated.exitCode, activated.stdout]).toEqual([0, "Budget IT 2026: Active.\n"])

    // With no budget workflow, the external adjustment is approved and applied at once.
    const raised = await asAdmin([
      "budgets",
      "change",
      "IT 2026",
      "--action",
      "adjust_budget_externally",
      "--line",
      "6300=5000",
      "--line",
      "6500=3000:Cloud",
      "--remark",
      "New servers"
    ])
    expect(raised.exitCode).toBe(0)
    expect(raised.stdout).toMatch(/^Change BCH-\d{6} \(\S+\): External adjustment · Approved · value 8000\.00\n$/)
    const summary = await asAdmin(["budgets", "summary", "IT 2026"])
    expect(summary.stdout.trimEnd().split("\n")).toEqual([
      "IT 2026 · 01-01-2026 to 31-12-2026 · SAR · Active · Warn",
      expect.stringMatching(/^Line\s+Limit/),
      expect.stringMatching(/^Hardware \(6300\)\s+105000\.00\s+0\.00\s+0\.00\s+0\.00\s+105000\.00$/),
      expect.stringMatching(/^Software licences \(6400\)\s+20000\.00\s/),
      expect.stringMatching(/^Cloud \(6500\)\s+3000\.00\s/),
      expect.stringMatching(/^Total\s+128000\.00\s/)
    ])

    // An internal adjustment must net to zero: the API refuses it with the catalogue's code, in either language.
    const uneven = ["budgets", "change", "IT 2026", "--action", "adjust_budget_internally"]
    const refused = await asAdmin(["--json", ...uneven, "--line", "6300=-1000", "--line", "6400=500"])
    const unbalanced = new InvalidField({ field: "lines", problem: "unbalanced" })
    expect(refused.exitCode).toBe(1)
    expect(JSON.parse(refused.stderr)).toEqual({ error: { code: "E2006", message: shownError(unbalanced, "en") } })
    const arabic = await asAdmin(["--lang", "ar", ...uneven, "--line", "6300=-1000", "--line", "6400=500"])
    expect([arabic.exitCode, arabic.stderr]).toEqual([1, `${shownError(unbalanced, "ar")}\n`])
    const moved = await asAdmin(["--lang", "ar", ...uneven, "--line", "6300=-1000", "--line", "6400=1000"])
    expect(moved.stdout).toMatch(/^التغيير BCH-\d{6} \(\S+\): تعديل داخلي · معتمد · القيمة 2000\.00\n$/)

    const history = await asAdmin(["budgets", "changes", "IT 2026"])
    expect(history.exitCode).toBe(0)
    const lines = history.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^Change BCH-\d{6} \(\S+\): Internal adjustment · Approved · value 2000\.00$/)
    expect(lines).toContainEqual(
      expect.stringMatching(/^Change BCH-\d{6} \(\S+\): External adjustment · Approved · value 8000\.00$/)
    )
    expect(lines).toContain("  6300  5000.00")
    expect(lines).toContain("  Cloud (6500)  3000.00")
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}\d\d-\d\d-\d{4}\u00a0\d\d:\d\d · Amal Al-Harbi · Submitted$/)
    )
    // Applied at once where no approval level applies, and the timeline says why.
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ {2}\d\d-\d\d-\d{4}\u00a0\d\d:\d\d · Amal Al-Harbi · Approved: no approval level applies$/
      )
    )
    expect(lines.at(-1)).toBe("2 changes")
    const json = JSON.parse((await asAdmin(["--json", "budgets", "changes", "IT 2026"])).stdout)
    expect(json.map((h: { change: { action: string } }) => h.change.action)).toEqual([
      "adjust_budget_internally",
      "adjust_budget_externally"
    ])
    const paused = JSON.parse((await asAdmin(["--json", "budgets", "deactivate", "IT 2026"])).stdout)
    expect(paused.status).toBe("INACTIVE")
  })

  it("reviews only with one decision, and only changes waiting for review", async () => {
    const none = await asAdmin(["budgets", "review", "some-change"])
    expect([none.exitCode, none.stderr]).toEqual([
      2,
      `${shownMessage("E2001", "en", { detail: "give one of --approve, --return or --reject" })}\n`
    ])
    const wrongAction = await asAdmin(["budgets", "change", "Head Office 2026", "--action", "more", "--line", "6100=1"])
    expect(wrongAction.exitCode).toBe(2)
    const missing = await asAdmin(["budgets", "review", "0b0e0000-0000-4000-8fff-000000000001", "--approve"])
    expect(missing.exitCode).toBe(1)
  })

  it("prints the catalogue's message and exits 1 for a budget it cannot find", async () => {
    const missing = await asAdmin(["budgets", "summary", "No such budget"])
    expect(missing.exitCode).toBe(1)
    expect(missing.stderr).toBe(`${shownMessage("E4023", "en")}\n`)
  })
})
