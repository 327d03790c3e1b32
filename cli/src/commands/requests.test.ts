import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { shownMessage, signedInTerminals } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"
const approver = "approver@buyer.tawreed.test"

const cli = signedInTerminals([admin, buyer, approver])
beforeAll(cli.start)
afterAll(cli.stop)

const asAdmin = cli.as(admin)
const asBuyer = cli.as(buyer)
const asApprover = cli.as(approver)

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
const folder = mkdtempSync(join(tmpdir(), "tawreed-requests-"))
const file = (name: string, content: unknown) => {
  const path = join(folder, name)
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content))
  return path
}

describe("tawreed requests", () => {
  it("lists the requests you may read by number and name, with each status's count, in both languages", async () => {
    const listed = await asBuyer(["requests", "list"])
    expect(listed.exitCode).toBe(0)
    const lines = listed.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^No\.\s+Title\s+Type\s+Status\s+Workspace\s+Total$/)
    // Newest first: the request waiting for the approver, then the drafts.
    expect(lines[1]).toMatch(
      /^REQ-000014\s+Office chairs for the head office\s+Product request\s+Pending approval\s+Riyadh Head Office\s+10350\.00 SAR$/
    )
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^REQ-000010\s+Laptops for the finance team\s+Product request\s+Approved\s+.*74750\.00 SAR$/
      )
    )
    expect(lines.at(-1)).toBe(
      "Page 1 of 1 · 14 requests (Draft 3 · Pending approval 1 · Rejected 1 · Approved 8 · Returned by an approver 1)"
    )
    // Numbers and names for people: no id anywhere.
    expect(listed.stdout).not.toMatch(uuid)

    const drafts = await asBuyer([
      "requests",
      "list",
      "--status",
      "REQUEST_DRAFTED",
      "--workspace",
      "riyadh head office"
    ])
    expect(
      drafts.stdout
        .trimEnd()
        .split("\n")
        .slice(1, -1)
        .map((l) => l.split(/\s{2,}/)[0])
    ).toEqual(["REQ-000013", "REQ-000012", "REQ-000011"])
    const paged = await asBuyer(["requests", "list", "--limit", "10", "--page", "1", "--sort", "title"])
    expect(paged.stdout.trimEnd().split("\n").at(-1)).toMatch(/^Page 2 of 2 · 14 requests/)
    expect(paged.stdout.trimEnd().split("\n")).toHaveLength(1 + 4 + 1)

    const arabic = await asBuyer(["--lang", "ar", "requests", "list", "--search", "laptops"])
    expect(arabic.stdout).toMatch(/^رقم المستند\s+العنوان\s+النوع\s+الحالة\s+مساحة العمل\s+الإجمالي\n/)
    expect(arabic.stdout).toContain("طلب منتجات")
    expect(arabic.stdout).toContain("معتمد")
    expect(arabic.stdout.trimEnd().split("\n").at(-1)).toBe("الصفحة 1 من 1 · طلب واحد (معتمد 1)")
    const fourteen = await asBuyer(["--lang", "ar", "requests", "list"])
    expect(fourteen.stdout).toContain("· 14 طلبًا (")

    const json = JSON.parse(
      (await asBuyer(["--json", "requests", "list", "--mine", "--status", "REQUEST_DRAFTED"])).stdout
    )
    expect(json.totalCount).toBe(3)
    expect(json.requests.map((r: { number: string }) => r.number)).toEqual(["REQ-000013", "REQ-000012", "REQ-000011"])
  })

  it("shows a request whole: names for its workspace, place, requester and budget line, its lines and its timeline", async () => {
    const shown = await asBuyer(["requests", "show", "req-000010"])
    expect(shown.exitCode).toBe(0)
    const lines = shown.stdout.trimEnd().split("\n")
    expect(lines.slice(0, 6)).toEqual([
      "REQ-000010 · Laptops for the finance team",
      "Status: Approved · Product request",
      "Workspace: Riyadh Head Office · Location: Head Office",
      expect.stringMatching(/^Requested by Omar Haddad on \d\d-\d\d-\d{4} · due \d\d-\d\d-\d{4}$/),
      "Budget: Head Office 2026 · IT equipment (6300)",
      "Budget warning: IT equipment (6300) passes its limit of 80000.00 SAR by 2570.00 SAR"
    ])
    expect(lines[6]).toBe("1 line")
    expect(lines[7]).toMatch(/^#\s+Item\s+Quantity\s+Unit\s+Unit price\s+Tax\s+Total$/)
    expect(lines[8]).toMatch(/^1\s+14-inch business laptop\s+10\s+piece\s+6500\s+9750\.00\s+74750\.00 SAR$/)
    expect(lines.slice(9, 12).map((l) => l.trim().split(/\s{2,}/))).toEqual([
      ["Subtotal", "65000.00 SAR"],
      ["Tax", "9750.00 SAR"],
      ["Total", "74750.00 SAR"]
    ])
    // The super user submitted it over the Stop policy; the approver approved its one level.
    expect(lines.slice(12)).toEqual([
      "Timeline:",
      expect.stringMatching(/^ {2}\d\d-\d\d-\d{4}\u00a0\d\d:\d\d · Amal Al-Harbi · Submitted$/),
      expect.stringMatching(/^ {2}\d\d-\d\d-\d{4}\u00a0\d\d:\d\d · Sara Qahtani · Approved · level 1$/)
    ])
    expect(shown.stdout).not.toMatch(uuid)

    const arabic = await asBuyer(["--lang", "ar", "requests", "show", "REQ-000010"])
    expect(arabic.stdout).toContain("الحالة: معتمد · طلب منتجات")
    expect(arabic.stdout).toContain("حاسوب محمول للأعمال مقاس 14 بوصة")
    expect(arabic.stdout).toContain("صنف واحد")
    const json = JSON.parse((await asBuyer(["--json", "requests", "show", "REQ-000010"])).stdout)
    expect(json.request.number).toBe("REQ-000010")
    expect(json.timeline).toHaveLength(2)
  })

  it("creates a draft from a file naming its workspace and budget, submits it and has the approver approve it", async () => {
    const path = file("desks.json", {
      requestType: "product",
      workspaceId: "Riyadh Head Office",
      title: "Whiteboards for the meeting rooms",
      budget: { budgetId: "Head Office 2026", line: "6200" },
      items: [
        {
          name: { en: "Whiteboard 120 x 90", ar: "سبورة بيضاء 120 × 90" },
          quantity: "3",
          unit: "piece",
          price: { basePrice: "240", taxes: [{ name: "VAT", mode: "EXCLUSIVE", type: "PERCENT", value: "15" }] }
        }
      ]
    })
    const made = await asBuyer(["requests", "create", "--file", path])
    expect([made.exitCode, made.stdout]).toEqual([
      0,
      "Request Created Successfully: REQ-000015 · Whiteboards for the meeting rooms · Draft.\n"
    ])
    const submitted = await asBuyer(["requests", "submit", "REQ-000015", "--remark", "For the new rooms"])
    expect([submitted.exitCode, submitted.stdout]).toEqual([
      0,
      "Request Submitted Successfully: REQ-000015 · Whiteboards for the meeting rooms · Pending approval.\n"
    ])
    // The requester never decides on their own request.
    const own = await asBuyer(["requests", "review", "REQ-000015", "--action", "approve"])
    expect([own.exitCode, own.stderr]).toEqual([1, `${shownMessage("E6050", "en")}\n`])
    const approved = await asApprover(["--lang", "ar", "requests", "review", "REQ-000015", "--action", "approve"])
    expect([approved.exitCode, approved.stdout]).toEqual([
      0,
      "تم اعتماد الطلب بنجاح: REQ-000015 · Whiteboards for the meeting rooms · معتمد.\n"
    ])
    const json = JSON.parse((await asBuyer(["--json", "requests", "show", "REQ-000015"])).stdout)
    expect([json.request.status, json.request.totals.total]).toEqual(["REQUEST_SUBMITTED", "828.00"])
  })

  it("refuses a submission the Stop policy refuses, and a file that holds no request, with the catalogue's words", async () => {
    // IT equipment is past its limit: the monitors cannot be charged to it.
    const refused = await asBuyer(["requests", "submit", "REQ-000011"])
    expect(refused.exitCode).toBe(1)
    expect(refused.stderr).toMatch(/^This exceeds the budget for IT equipment \(6300\): the limit is 80000\.00 SAR/)
    const arabic = await asBuyer(["--lang", "ar", "--json", "requests", "submit", "REQ-000011"])
    expect(JSON.parse(arabic.stderr).error.code).toBe("E6073")

    const broken = file("broken.json", "{ not json")
    const notJson = await asBuyer(["requests", "create", "--file", broken])
    expect(notJson.exitCode).toBe(2)
    expect(notJson.stderr).toContain(`${broken} does not hold a request`)
    const untyped = await asBuyer(["requests", "create", "--file", file("untyped.json", { title: "No kind" })])
    expect(untyped.exitCode).toBe(2)
    const wrongAction = await asApprover(["requests", "review", "REQ-000014", "--action", "accept"])
    expect([wrongAction.exitCode, wrongAction.stderr]).toEqual([
      2,
      `${shownMessage("E2001", "en", { detail: "--action must be approve, skip, reject or return" })}\n`
    ])
    const missing = await asBuyer(["requests", "show", "REQ-999999"])
    expect([missing.exitCode, missing.stderr]).toEqual([1, `${shownMessage("E4100", "en")}\n`])
  })

  it("lets a super approver alone skip a level, and returns a request to its requester with the remark", async () => {
    const skip = await asApprover(["--json", "requests", "review", "REQ-000014", "--action", "skip"])
    expect([skip.exitCode, JSON.parse(skip.stderr).error.code]).toEqual([1, "E3011"])
    const returned = await asApprover([
      "requests",
      "review",
      "REQ-000014",
      "--action",
      "return",
      "--remark",
      "Split by floor"
    ])
    expect(returned.stdout).toBe(
      "Request Returned Successfully: REQ-000014 · Office chairs for the head office · Returned by an approver.\n"
    )
    const timeline = (await asBuyer(["requests", "show", "REQ-000014"])).stdout.trimEnd().split("\n")
    expect(timeline.at(-1)).toMatch(/ · Sara Qahtani · Returned · level 1 · “Split by floor”$/)
  })

  it("copies a request into a new draft, archives a draft and closes an approved request", async () => {
    const copied = await asBuyer(["requests", "copy", "REQ-000001"])
    expect([copied.exitCode, copied.stdout]).toEqual([
      0,
      "Request Copied Successfully: REQ-000016 · Printer paper for the head office · Draft.\n"
    ])
    const archived = await asBuyer(["requests", "archive", "REQ-000016", "--remark", "Ordered elsewhere"])
    expect(archived.stdout).toBe(
      "Request Archived Successfully: REQ-000016 · Printer paper for the head office · Archived.\n"
    )
    const again = await asBuyer(["requests", "archive", "REQ-000016"])
    expect(again.exitCode).toBe(1)
    const closed = await asBuyer(["--lang", "ar", "requests", "close", "REQ-000002", "--remark", "Toner in stock"])
    expect([closed.exitCode, closed.stdout]).toEqual([
      0,
      "تم إغلاق الطلب بنجاح: REQ-000002 · Toner cartridges for the second floor printers · مغلق.\n"
    ])
    // The super user closes over a request's approval, and names it by id as well as by number.
    const waiting = JSON.parse((await asAdmin(["--json", "requests", "show", "REQ-000015"])).stdout).request
    const superClosed = await asAdmin(["requests", "close", waiting.id, "--super", "--remark", "Budget freeze"])
    expect(superClosed.stdout).toBe(
      "Request closed Successfully: REQ-000015 · Whiteboards for the meeting rooms · Closed by a super user.\n"
    )
  })
})
