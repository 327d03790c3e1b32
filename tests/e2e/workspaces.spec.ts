import { expect, test } from "@playwright/test"
import { pickUser, seriousViolations, signInAnyPassword, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"
const sara = "approver@buyer.tawreed.test"
const omar = "buyer@buyer.tawreed.test"

const screens = {
  en: {
    signIn: "LOGIN",
    addLevel: "Add level",
    saveWorkflow: "Save workflow",
    saved: "Workflow saved",
    levelName: "Level name",
    users: "Users",
    from: "From value",
    below: "Below value",
    create: "Create workspace",
    name: "Name",
    save: "Save",
    submit: "Submit for approval",
    pendingStatus: "Pending approval",
    approve: "Approve",
    remark: "Remark",
    waiting: "Waiting for your approval",
    approvedStatus: "Approved",
    activate: "Activate",
    activeStatus: "Active",
    submitted: "Submitted",
    approvedEntry: "Approved"
  },
  ar: {
    signIn: "تسجيل الدخول",
    addLevel: "إضافة مستوى",
    saveWorkflow: "حفظ سير الاعتماد",
    saved: "تم حفظ سير الاعتماد",
    levelName: "اسم المستوى",
    users: "المستخدمون",
    from: "من قيمة",
    below: "أقل من قيمة",
    create: "إنشاء مساحة عمل",
    name: "الاسم",
    save: "حفظ",
    submit: "إرسال للاعتماد",
    pendingStatus: "بانتظار الاعتماد",
    approve: "اعتماد",
    remark: "ملاحظة",
    waiting: "بانتظار اعتمادك",
    approvedStatus: "معتمدة",
    activate: "تفعيل",
    activeStatus: "نشطة",
    submitted: "أُرسل",
    approvedEntry: "اعتُمد"
  }
} as const

test("an admin builds a two-level workflow, a workspace is submitted, both approvers approve and it activates", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const errors: Array<string> = []
  page.on("console", (message) => {
    // A refused sign-in (the fallback password of signIn) answers 401, which the browser logs.
    if (message.type() === "error" && !/status of 401/.test(message.text())) errors.push(message.text())
  })

  // The admin builds the organisation's workflow for workspaces: Sara first, then Omar for values from 0.
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/workspaces/settings`)
  const flow = page.locator("form[data-kind=workspace]")
  await flow.getByRole("button", { name: s.addLevel }).click()
  await flow.getByLabel(s.levelName).first().fill("Managers")
  await pickUser(flow.locator("select[name=level-0-users]"), sara)
  await flow.getByRole("button", { name: s.addLevel }).click()
  await flow.locator("input[name=level-1-name]").fill("Finance")
  await pickUser(flow.locator("select[name=level-1-users]"), omar)
  await flow.locator("input[name=level-1-min]").fill("0")
  await flow.locator("input[name=level-1-max]").fill("1000000")
  await flow.getByRole("button", { name: s.saveWorkflow }).click()
  await expect(page.getByRole("status").filter({ hasText: s.saved })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The admin creates and submits a workspace.
  const name = `Dammam Site ${locale}`
  await page.goto(`/${locale}/workspaces`)
  await page.getByRole("link", { name: s.create }).click()
  await page.locator("#name").fill(name)
  await page.getByRole("button", { name: s.save }).click()
  await expect(page).toHaveURL(/\/workspaces\/[0-9a-f-]+\/details/)
  const url = page.url().replace(/\?.*$/, "")
  await page.getByRole("button", { name: s.submit }).click()
  await expect(page.locator("h1 .status")).toHaveText(s.pendingStatus)

  // Sara sees it on her action board and approves the first level.
  await signInAnyPassword(page, locale, sara)
  const waiting = page.getByRole("region", { name: s.waiting }).getByRole("link", { name: new RegExp(name) })
  await expect(waiting).toBeVisible()
  await waiting.click()
  await expect(page.getByRole("heading", { name: s.waiting })).toBeVisible()
  await page.getByLabel(s.remark, { exact: true }).fill("Fine by me")
  await page.getByRole("button", { name: s.approve, exact: true }).click()
  await expect(page.locator("h1 .status")).toHaveText(s.pendingStatus)

  // Omar approves the second level, and the workspace is approved.
  await signInAnyPassword(page, locale, omar)
  await page.goto(url)
  await page.getByRole("button", { name: s.approve, exact: true }).click()
  await expect(page.locator("h1 .status")).toHaveText(s.approvedStatus)

  // The admin activates it; the timeline shows who did what.
  await signInAnyPassword(page, locale, admin)
  await page.goto(url)
  await page.getByRole("button", { name: s.activate }).click()
  await expect(page.locator("h1 .status")).toHaveText(s.activeStatus)
  const timeline = page.locator(".timeline__entry")
  await expect(timeline).toHaveCount(3)
  await expect(timeline.nth(0)).toContainText(s.submitted)
  await expect(timeline.nth(1)).toContainText("Fine by me")
  await expect(timeline.nth(2)).toContainText(s.approvedEntry)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: `artifacts/screenshots/${locale}-workspace-1280.png`, fullPage: true })
  expect(errors).toEqual([])
})

test("a user picks the workspaces list's columns, and the list keeps them", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = {
    en: {
      columns: "Columns",
      save: "Save columns",
      saved: "Columns saved",
      locations: "Locations",
      classification: "Classification",
      code: "Code"
    },
    ar: {
      columns: "الأعمدة",
      save: "حفظ الأعمدة",
      saved: "تم حفظ الأعمدة",
      locations: "المواقع",
      classification: "التصنيف",
      code: "الرمز"
    }
  }[locale]
  await signInAnyPassword(page, locale, omar)
  await page.goto(`/${locale}/workspaces`)
  const header = page.locator("table thead th")
  await expect(header.filter({ hasText: words.classification })).toHaveCount(1)
  await page.locator("summary", { hasText: words.columns }).click()
  await page.getByRole("checkbox", { name: words.locations, exact: true }).check()
  await page.getByRole("checkbox", { name: words.classification, exact: true }).uncheck()
  await page.getByRole("button", { name: words.save }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(words.saved)
  await page.reload()
  await expect(header.filter({ hasText: words.locations })).toHaveCount(1)
  await expect(header.filter({ hasText: words.classification })).toHaveCount(0)
  await expect(page.locator("tr", { hasText: "Riyadh Head Office" }).locator("td").nth(4)).toHaveText("2")
  expect(await seriousViolations(page)).toEqual([])

  // Saving none goes back to the list's own columns.
  await page.locator("summary", { hasText: words.columns }).click()
  for (const box of await page.locator("input[name=columns]").all()) await box.uncheck()
  await page.getByRole("button", { name: words.save }).click()
  await expect(header.filter({ hasText: words.classification })).toHaveCount(1)
  await expect(header.filter({ hasText: words.code })).toHaveCount(0)
})

test("an admin fills a draft workspace's tabs: a location, a user, its configuration, then deletes it", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const words = {
    en: {
      saved: "Workspace saved",
      addLocation: "Add location",
      addUser: "Add user",
      remove: "Remove",
      manager: "Manager",
      autoSubmit: "Submit orders automatically",
      delete: "Delete"
    },
    ar: {
      saved: "تم حفظ مساحة العمل",
      addLocation: "إضافة موقع",
      addUser: "إضافة مستخدم",
      remove: "إزالة",
      manager: "مدير",
      autoSubmit: "إرسال أوامر الشراء تلقائيًا",
      delete: "حذف"
    }
  }[locale]
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/workspaces`)
  await page.getByRole("link", { name: s.create }).click()
  const name = `Tabuk Depot ${locale} ${testInfo.retry}`
  await page.locator("#name").fill(name)
  await page.getByRole("button", { name: s.save }).click()
  await expect(page).toHaveURL(/\/workspaces\/[0-9a-f-]+\/details/)
  const base = page.url().replace(/\/details.*$/, "")

  await page.goto(`${base}/locations`)
  await page.locator("#locationName").fill("Tabuk Yard")
  await page.locator("#addressType").selectOption("Warehouse")
  await page.locator("#city").fill("Tabuk")
  await page.getByRole("button", { name: words.addLocation }).click()
  await expect(page).toHaveURL(/\/locations\?done=addLocation$/)
  await expect(page.getByRole("status").filter({ hasText: words.saved })).toBeVisible()
  await expect(page.locator("table tbody tr", { hasText: "Tabuk Yard" })).toContainText("Tabuk")

  await page.goto(`${base}/users`)
  await pickUser(page.locator("#userId"), sara)
  await page.locator("#role").selectOption("workspaces_manager")
  await page.getByRole("button", { name: words.addUser }).click()
  await expect(page).toHaveURL(/\/users\?done=addUser$/)
  const saraRow = page.locator("table tbody tr", { hasText: sara })
  await expect(saraRow).toHaveCount(1)
  // Every member reads as a person with the email beneath, in a role by its name: never an id or a role code.
  await expect(saraRow.locator("td").nth(0)).toHaveText(/^\s*Sara Qahtani\s*approver@buyer\.tawreed\.test\s*$/)
  await expect(saraRow.locator("td").nth(1)).toHaveText(words.manager)
  await expect(page.locator("table tbody")).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-|workspaces_|org_/)
  expect(await seriousViolations(page)).toEqual([])
  await saraRow.getByRole("button", { name: words.remove }).click()
  await expect(page).toHaveURL(/\/users\?done=removeUser$/)
  await expect(saraRow).toHaveCount(0)

  await page.goto(`${base}/configurations`)
  await page.getByLabel(words.autoSubmit).check()
  await page.getByRole("button", { name: s.save }).click()
  // The form answers with a redirect: reload only once the page it leads to says the workspace was saved.
  await expect(page).toHaveURL(/\/configurations\?done=saveConfig$/)
  await expect(page.getByRole("status").filter({ hasText: words.saved })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel(words.autoSubmit)).toBeChecked()

  await page.getByRole("button", { name: words.delete }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/workspaces\\?done=deleted`))
  await expect(page.getByRole("link", { name })).toHaveCount(0)
})

test("a create form sent twice (a double click, a retry) makes one workspace, and both posts lead to it", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/workspaces/create/new/details`)
  const key = await page.locator("input[name=idempotencyKey]").inputValue()
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  const name = `Sent Twice ${locale} ${testInfo.retry}`
  const post = () =>
    page.request.post(`/${locale}/workspaces/create/new/details`, {
      form: { idempotencyKey: key, name },
      maxRedirects: 0
    })
  const first = await post()
  const second = await post()
  expect([first.status(), second.status()]).toEqual([303, 303])
  expect(second.headers()["location"]).toBe(first.headers()["location"])
  await page.goto(`/${locale}/workspaces?search=${encodeURIComponent(name)}`)
  await expect(page.getByRole("link", { name })).toHaveCount(1)
  // The same key for another form's content is refused, as the API refuses it (E6062).
  const other = await page.request.post(`/${locale}/workspaces/create/new/details`, {
    form: { idempotencyKey: key, name: `${name} again` },
    maxRedirects: 0
  })
  expect(other.status()).toBe(422)
})
