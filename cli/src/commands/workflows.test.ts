import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoUsers } from "@tawreed/adapters/storage/DemoData"
import { shownMessage, signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"
const approver = "approver@buyer.tawreed.test"
const idOf = (email: string) => demoUsers.find((u) => u.email === email)!.id

const cli = signedInTerminals([admin, buyer, approver])
const adminTerm = cli.terms[admin]
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)
const asBuyer = cli.as(buyer)
const asApprover = cli.as(approver)

/** A file in the admin's private folder holding `content` as JSON. */
const jsonFile = (name: string, content: unknown) => {
  const file = join(adminTerm.credentialsFile, "..", "..", "..", name)
  writeFileSync(file, JSON.stringify(content))
  return file
}

const budgetWorkflow = {
  kind: "budget",
  levels: [
    {
      level: 1,
      name: "Finance review",
      approvers: [{ type: "USER", userId: idOf(approver) }],
      mode: "ONE",
      criteria: { minValue: "0" }
    },
    {
      level: 2,
      name: "Head office sign-off",
      approvers: [
        { type: "USER", userId: idOf(buyer) },
        { type: "ROLE", roleCode: "workspaces_admin" }
      ],
      mode: "ONE",
      criteria: {}
    }
  ]
}

describe("tawreed workflows", () => {
  it("saves the organisation's budget workflow from a file, then lists and shows it in both languages", async () => {
    // The demo organisation reviews its vendor invitations through a workflow of its own.
    const before = await asAdmin(["workflows", "list"])
    expect(before.exitCode).toBe(0)
    expect(before.stdout.trimEnd().split("\n")).toEqual([
      expect.stringMatching(/^Kind\s+Levels\s+Version\s+Workspace\s+ID$/),
      expect.stringMatching(/^Vendor invitation\s+1\s+1\s+organisation\s/),
      "1 workflow"
    ])

    const broken = jsonFile("broken.json", { kind: "budget", levels: [{ level: 1 }] })
    const refused = await asAdmin(["workflows", "save", "--file", broken])
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr).toMatch(/broken\.json does not hold a workflow: /)
    const unnumbered = jsonFile("unnumbered.json", {
      ...budgetWorkflow,
      levels: budgetWorkflow.levels.map((l) => ({ ...l, level: 2 }))
    })
    const invalid = await asAdmin(["--json", "workflows", "save", "--file", unnumbered])
    expect(invalid.exitCode).toBe(1)
    expect(JSON.parse(invalid.stderr)).toEqual({
      error: {
        code: "E2020",
        message:
          "Please check level 1 of the workflow, Approval levels: the levels must be numbered 1, 2, 3 and so on, in order."
      }
    })

    const saved = await asAdmin(["workflows", "save", "--file", jsonFile("budget.json", budgetWorkflow)])
    expect(saved.exitCode).toBe(0)
    expect(saved.stdout).toMatch(/^Budget workflow saved \((\S+)\): version 1, 2 levels\.\n$/)
    const id = /\((\S+)\)/.exec(saved.stdout)![1]!

    const listed = await asAdmin(["workflows", "list"])
    const lines = listed.stdout.trimEnd().split("\n")
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Budget\\s+2\\s+1\\s+organisation\\s+${id}$`)))
    expect(lines.at(-1)).toBe("2 workflows")
    // The head office keeps its own workflows for orders and requests, apart from the organisation's.
    const inWorkspace = await asAdmin(["workflows", "list", "--workspace", "Riyadh Head Office"])
    expect(inWorkspace.stdout.trimEnd().split("\n")).toEqual([
      expect.stringMatching(/^Kind\s+Levels\s+Version\s+Workspace\s+ID$/),
      expect.stringMatching(/^Order\s+1\s+1\s/),
      expect.stringMatching(/^Request\s+1\s+1\s/),
      "2 workflows"
    ])

    const shown = await asAdmin(["workflows", "show", id])
    expect(shown.stdout.trimEnd().split("\n")).toEqual([
      `Budget workflow · organisation · version 1 · ${id}`,
      "Level 1: Finance review · any one approver",
      `  Approvers: Sara Qahtani <${approver}>`,
      "  Criteria: value from 0",
      "Level 2: Head office sign-off · any one approver",
      `  Approvers: Omar Haddad <${buyer}>, role Workspaces Admin`,
      "  Criteria: every document"
    ])
    const arabic = await asAdmin(["--lang", "ar", "workflows", "show", id])
    expect(arabic.stdout).toContain("مسار اعتماد الميزانية · المنظمة · الإصدار 1")
    expect(arabic.stdout).toContain("المستوى 1: Finance review · أي معتمد واحد")
    const json = JSON.parse((await asAdmin(["--json", "workflows", "show", id])).stdout)
    expect([json.kind, json.workspaceId, json.levels.length]).toEqual(["budget", null, 2])

    // Saving again names the version read; the one the file names is stale once it is saved.
    const again = await asAdmin(["workflows", "save", "--file", jsonFile("again.json", { ...json, version: 1 })])
    expect(again.stdout).toMatch(/version 2, 2 levels\.\n$/)
    const stale = await asAdmin(["workflows", "save", "--file", jsonFile("stale.json", { ...json, version: 1 })])
    expect([stale.exitCode, stale.stderr]).toEqual([1, `${shownMessage("E5001", "en")}\n`])

    const missing = await asAdmin(["workflows", "show", "0b0e0000-0000-4000-8fff-000000000001"])
    expect([missing.exitCode, missing.stderr]).toEqual([1, `${shownMessage("E4029", "en")}\n`])
  })

  it("sends a budget change through both levels, approved by their approvers, and applies it", async () => {
    const requested = await asAdmin([
      "budgets",
      "change",
      "Head Office 2026",
      "--action",
      "request_for_budget_limit",
      "--line",
      "6100=2500",
      "--remark",
      "Conference season"
    ])
    expect(requested.exitCode).toBe(0)
    expect(requested.stdout).toMatch(
      /^Change BCH-\d{6} \((\S+)\): Request for budget limit · Pending approval · value 2500\.00\n$/
    )
    const [, changeNumber, changeId] = /^Change (\S+) \((\S+)\):/.exec(requested.stdout)! as unknown as [
      string,
      string,
      string
    ]

    // The requester never approves; the second level waits for the first.
    const own = await asAdmin(["--json", "budgets", "review", changeId, "--approve"])
    expect(own.exitCode).toBe(1)
    expect(JSON.parse(own.stderr).error.code).toBe("E6050")
    const early = await asBuyer(["--json", "budgets", "review", changeId, "--approve"])
    expect(early.exitCode).toBe(1)
    expect(JSON.parse(early.stderr).error.code).toBe("E3010")

    const first = await asApprover(["budgets", "review", changeId, "--approve", "--remark", "Within plan"])
    expect([first.exitCode, first.stdout]).toEqual([
      0,
      `Change ${changeNumber} (${changeId}): Request for budget limit · Pending approval · value 2500.00\n`
    ])
    const before = await asAdmin(["--json", "budgets", "summary", "Head Office 2026"])
    expect(JSON.parse(before.stdout).lines[0].limit).toBe("50000.00")

    const second = await asBuyer(["--lang", "ar", "budgets", "review", changeId, "--approve"])
    expect([second.exitCode, second.stdout]).toEqual([
      0,
      `التغيير ${changeNumber} (${changeId}): طلب حد ميزانية · معتمد · القيمة 2500.00\n`
    ])
    const after = await asAdmin(["budgets", "summary", "Head Office 2026"])
    expect(after.stdout).toMatch(/^Travel \(6100\)\s+52500\.00\s/m)

    const history = await asAdmin(["budgets", "changes", "Head Office 2026"])
    expect(history.stdout.trimEnd().split("\n")).toEqual([
      `Change ${changeNumber} (${changeId}): Request for budget limit · Approved · value 2500.00`,
      "  6100  2500.00",
      expect.stringMatching(/^ {2}\d{2}-\d{2}-\d{4}\u00a0\d{2}:\d{2} · Amal Al-Harbi · Submitted$/),
      expect.stringMatching(
        /^ {2}\d{2}-\d{2}-\d{4}\u00a0\d{2}:\d{2} · Sara Qahtani · Approved · level 1 · “Within plan”$/
      ),
      expect.stringMatching(/^ {2}\d{2}-\d{2}-\d{4}\u00a0\d{2}:\d{2} · Omar Haddad · Approved · level 2$/),
      "1 change"
    ])

    const decided = await asApprover(["budgets", "review", changeId, "--reject"])
    expect(decided.exitCode).toBe(1)
    expect(decided.stderr).toBe(`${shownMessage("E4025", "en")}\n`)
  })
})
