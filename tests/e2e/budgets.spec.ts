import { expect, test } from "@playwright/test"
import { pickUser, seriousViolations, signInAnyPassword, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"
const sara = "approver@buyer.tawreed.test"

const screens = {
  en: {
    budgets: "Budgets",
    create: "Create budget",
    addLine: "Add line",
    created: "Budget created",
    activate: "Activate",
    budgeted: "Budgeted",
    active: "Active",
    send: "Send for approval",
    sent: "Change sent for approval",
    pending: "Pending approval",
    waiting: "Waiting for your approval",
    remark: "Remark",
    approve: "Approve",
    applied: "Change applied",
    approved: "Approved",
    addLevel: "Add level",
    levelName: "Level name",
    saveWorkflow: "Save workflow",
    saved: "Workflow saved",
    remind: "Remind approvers",
    reminded: "The approvers were reminded"
  },
  ar: {
    budgets: "الميزانيات",
    create: "إنشاء ميزانية",
    addLine: "إضافة بند",
    created: "تم إنشاء الميزانية",
    activate: "تفعيل",
    budgeted: "مخططة",
    active: "نشطة",
    send: "إرسال للاعتماد",
    sent: "تم إرسال التعديل للاعتماد",
    pending: "بانتظار الاعتماد",
    waiting: "بانتظار اعتمادك",
    remark: "ملاحظة",
    approve: "اعتماد",
    applied: "تم تطبيق التعديل",
    approved: "معتمد",
    addLevel: "إضافة مستوى",
    levelName: "اسم المستوى",
    saveWorkflow: "حفظ سير الاعتماد",
    saved: "تم حفظ سير الاعتماد",
    remind: "تذكير المعتمدين",
    reminded: "تم تذكير المعتمدين"
  }
} as const

test("a budget is created, put in force, and adjusted with its approver's approval", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const errors: Array<string> = []
  page.on("console", (message) => {
    // A refused sign-in (the fallback password of signIn) answers 401, which the browser logs.
    if (message.type() === "error" && !/status of 401/.test(message.text())) errors.push(message.text())
  })
  // Each attempt plans a year of its own, as a workspace's budgets may not share days.
  const year = 2040 + testInfo.retry
  const name = `Cloud ${locale} ${year}`

  // The admin makes Sara the approver of the organisation's budget changes, unless an earlier attempt did.
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/workspaces/settings`)
  const flow = page.locator("form[data-kind=budget]")
  if ((await flow.locator("input[name=level-0-name]").count()) === 0) {
    await flow.getByRole("button", { name: s.addLevel }).click()
    await flow.getByLabel(s.levelName).first().fill("Budget control")
    await pickUser(flow.locator("select[name=level-0-users]"), sara)
    await flow.getByRole("button", { name: s.saveWorkflow }).click()
    await expect(page.getByRole("status").filter({ hasText: s.saved })).toBeVisible()
  }

  // From the sidebar to the list, then the create form: two lines, the second added by its button.
  await page.getByRole("navigation").getByRole("link", { name: s.budgets }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/budgets/list`))
  await page.getByRole("link", { name: s.create }).click()
  await page.locator("#workspaceId").selectOption({ label: "IT Projects 2026" })
  await page.locator("#name").fill(name)
  await page.locator("#startDate").fill(`${year}-01-01`)
  await page.locator("#endDate").fill(`${year}-12-31`)
  await page.locator("input[name=line-0-key]").fill("6100")
  await page.locator("input[name=line-0-label]").fill("Cloud hosting")
  await page.locator("input[name=line-0-limit]").fill("50,000")
  await page.getByRole("button", { name: s.addLine }).click()
  await expect(page.locator("#name")).toHaveValue(name)
  await page.locator("input[name=line-1-key]").fill("6200")
  await page.locator("input[name=line-1-label]").fill("Licences")
  await page.locator("input[name=line-1-limit]").fill("20000")
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.create }).click()

  // Created: back on the list with its toast.
  await expect(page).toHaveURL(new RegExp(`/${locale}/budgets/list$`))
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.created)
  const row = page.locator("tr", { hasText: name })
  await expect(row).toContainText(s.budgeted)
  expect(await seriousViolations(page)).toEqual([])

  // The admin puts it in force and asks for 10,000 more on the cloud line.
  await row.getByRole("link", { name }).click()
  await expect(page.locator("h1 .status")).toHaveText(s.budgeted)
  await expect(page.locator(".budget-line")).toHaveCount(2)
  await page.getByRole("button", { name: s.activate }).click()
  await expect(page.locator("h1 .status")).toHaveText(s.active)
  const details = page.url()
  const change = page.locator("form[aria-labelledby=change-heading]")
  await change.locator("#changeAction").selectOption("adjust_budget_externally")
  await change.locator("#remark").fill("New region")
  await change.locator("input[name=line-0-key]").fill("6100")
  await change.locator("input[name=line-0-delta]").fill("10000")
  await change.getByRole("button", { name: s.send }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.sent)
  const asked = page.locator("article.budget-change")
  await expect(asked).toHaveCount(1)
  await expect(asked.locator("h3 .status")).toHaveText(s.pending)
  await expect(page.locator(".budget-line[data-line='6100']")).toContainText("50,000.00")

  // On the change's own page the admin reminds the approver, which the timeline records.
  await asked.locator("h3 a").click()
  await expect(page).toHaveURL(/\/budgets\/changes\/[0-9a-f-]+$/)
  await page.getByRole("button", { name: s.remind }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.reminded)
  await expect(page.locator(".timeline__entry")).toHaveCount(2)
  expect(await seriousViolations(page)).toEqual([])

  // Sara finds it on her action board and approves it.
  await signInAnyPassword(page, locale, sara)
  const waiting = page.getByRole("region", { name: s.waiting }).getByRole("link", { name: new RegExp(name) })
  await expect(waiting).toBeVisible()
  await waiting.click()
  await expect(page).toHaveURL(/\/budgets\/changes\/[0-9a-f-]+$/)
  await expect(page.getByRole("heading", { name: s.waiting })).toBeVisible()
  await page.getByLabel(s.remark, { exact: true }).fill("Agreed with finance")
  await page.getByRole("button", { name: s.approve, exact: true }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.applied)
  await expect(page.locator("h1 .status")).toHaveText(s.approved)
  await expect(page.locator(".timeline__entry")).toHaveCount(3)
  expect(await seriousViolations(page)).toEqual([])

  // The admin sees the new limit, and the change with its timeline.
  await signInAnyPassword(page, locale, admin)
  await page.goto(details)
  await expect(page.locator(".budget-line[data-line='6100']")).toContainText("60,000.00")
  await expect(page.locator("[data-totals] [data-bucket=limit]")).toContainText("80,000.00")
  await expect(asked.locator("h3 .status")).toHaveText(s.approved)
  await expect(asked.locator(".timeline__entry")).toHaveCount(3)
  await expect(asked.locator(".timeline__entry").nth(2)).toContainText("Agreed with finance")
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: `artifacts/screenshots/${locale}-budget-1280.png`, fullPage: true })

  // The workspace's budget tab shows it too, line by line.
  await page.getByRole("link", { name: "IT Projects 2026" }).click()
  await expect(page).toHaveURL(/\/workspaces\/[0-9a-f-]+\/limits$/)
  const tab = page.locator("section", { has: page.getByRole("heading", { name }) })
  await expect(tab.locator(".budget-line[data-line='6100']")).toContainText("60,000.00")
  expect(await seriousViolations(page)).toEqual([])
  // Its approval-flow tab lets it have budget approvers of its own.
  await page.goto(page.url().replace(/\/limits$/, "/approval-flow"))
  await expect(page.locator("form[data-kind=budget]")).toBeVisible()
  expect(errors).toEqual([])
})
