import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { shownMessage, signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"

const cli = signedInTerminals([admin, buyer])
const adminTerm = cli.terms[admin]
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)
const asBuyer = cli.as(buyer)

describe("tawreed workspaces", () => {
  it("lists the workspaces you see as a table with each status's count, and as JSON", async () => {
    const listed = await asAdmin(["workspaces", "list"])
    expect(listed.exitCode).toBe(0)
    const lines = listed.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^No\.\s+Name\s+Code\s+Status\s+Classification\s+ID$/)
    expect(lines).toContainEqual(
      expect.stringMatching(/^WS-000001\s+Riyadh Head Office\s+RUH-HO\s+Active\s+Department\s+\S+$/)
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/^WS-000002\s+Jeddah Warehouse\s+JED-WH\s+Draft\s+Operations\s+\S+$/)
    )
    expect(lines.at(-1)).toBe("3 workspaces (Draft 1 · Active 2)")
    // The buyer sees the two he belongs to; his default is starred.
    const mine = await asBuyer(["workspaces", "list"])
    expect(mine.stdout).toMatch(/^WS-\d{6}\s+Riyadh Head Office \*\s+RUH-HO/m)
    expect(mine.stdout).not.toContain("IT Projects 2026")
    const json = JSON.parse((await asAdmin(["--json", "workspaces", "list", "--status", "DRAFT"])).stdout)
    expect(json.workspaces.map((w: { name: string }) => w.name)).toEqual(["Jeddah Warehouse"])
    const arabic = await asAdmin(["--lang", "ar", "workspaces", "list", "--classification", "Project"])
    expect(arabic.stdout).toMatch(/^رقم المستند\s+الاسم\s+الرمز\s+الحالة\s+التصنيف/)
    expect(arabic.stdout).toContain("نشطة")
  })

  it("creates a draft with locations and users after checking them locally, then submits it by name", async () => {
    const before = adminTerm.requests.length
    const bad = await asAdmin(["workspaces", "create", "--name", "Yanbu Port", "--location", "Quay:Dock"])
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toBe(
      `${shownMessage("E2001", "en", {
        detail: "--location 'Quay:Dock' must be a name, optionally followed by :Office, :Warehouse or :Other"
      })}\n`
    )
    expect(adminTerm.requests.length).toBe(before)
    const made = await asAdmin([
      "workspaces",
      "create",
      "--name",
      "Yanbu Port",
      "--classification",
      "Operations",
      "--start",
      "2026-05-01",
      "--location",
      "Port Office",
      "--location",
      "Yard 3:Warehouse",
      "--user",
      `${buyer}:workspaces_manager`
    ])
    expect(made.exitCode).toBe(0)
    expect(made.stdout).toMatch(/^Workspace Yanbu Port created \(\S+\): Draft\.\n$/)
    const shown = JSON.parse((await asAdmin(["--json", "workspaces", "list", "--search", "Yanbu"])).stdout)
    const [yanbu] = shown.workspaces
    expect(yanbu.locations.map((l: { name: string; addressType: string }) => [l.name, l.addressType])).toEqual([
      ["Port Office", "Office"],
      ["Yard 3", "Warehouse"]
    ])
    expect(yanbu.users.map((u: { role: string }) => u.role)).toEqual(["workspaces_manager"])

    // The buyer manages it through his workspace role; with no approval level set, it is approved at once.
    const submitted = await asBuyer(["workspaces", "submit", "yanbu port"])
    expect([submitted.exitCode, submitted.stdout]).toEqual([0, "Workspace Yanbu Port: Approved.\n"])
    const twice = await asBuyer(["workspaces", "submit", "Yanbu Port"])
    expect([twice.exitCode, twice.stderr]).toEqual([
      1,
      "A workspace that is approved cannot be changed this way (submit for approval).\n"
    ])
    const taken = await asAdmin(["workspaces", "create", "--name", "yanbu port"])
    expect([taken.exitCode, taken.stderr]).toEqual([1, `${shownMessage("E5020", "en", { name: "yanbu port" })}\n`])
  })

  it("reviews only what waits for review, and says so in the chosen language", async () => {
    const wrong = await asAdmin(["workspaces", "review", "Jeddah Warehouse", "--action", "accept"])
    expect([wrong.exitCode, wrong.stderr]).toEqual([
      2,
      `${shownMessage("E2001", "en", { detail: "--action must be approve, return or reject" })}\n`
    ])
    const notPending = await asAdmin([
      "--lang",
      "ar",
      "workspaces",
      "review",
      "Jeddah Warehouse",
      "--action",
      "approve"
    ])
    expect([notPending.exitCode, notPending.stderr]).toEqual([
      1,
      "لا يمكن تنفيذ هذا الإجراء (المراجعة) على مساحة عمل حالتها مسودة.\n"
    ])
    const unknown = await asAdmin(["workspaces", "submit", "No Such Workspace"])
    expect([unknown.exitCode, unknown.stderr]).toEqual([1, `${shownMessage("E4021", "en")}\n`])
  })
})
