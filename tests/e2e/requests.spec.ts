import { demoBudget, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { expect, type Page } from "@playwright/test"
import { demoPassword, pickUser, seriousViolations, signInAnyPassword, test, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"
const sara = "approver@buyer.tawreed.test"
const riyadh = demoWorkspaces[0]

const screens = {
  en: {
    requests: "Requests",
    raise: "Raise a request",
    products: "Products or services",
    addItem: "Add item",
    created: "Request Created Successfully",
    review: "Review",
    submit: "Submit",
    submitted: "Request Submitted Successfully",
    success: "Request submitted",
    pending: "Pending approval",
    waiting: "Waiting for your approval",
    remark: "Remark",
    approve: "Approve",
    approved: "Request approved Successfully",
    approvedStatus: "Approved",
    approval: "Approval",
    addLevel: "Add level",
    levelName: "Level name",
    saveWorkflow: "Save workflow",
    workflowSaved: "Workflow saved",
    submitFailed: "Unable to submit a request",
    exceeded: (limit: string, excess: string) =>
      `This exceeds the budget for \u2068Office supplies (6200)\u2069: the limit is \u2068${limit}\u2069 \u2068SAR\u2069 and it would be exceeded by \u2068${excess}\u2069 \u2068SAR\u2069.`,
    expenseList: "Expense requests",
    noReimbursements: "Your organisation does not raise \u2068reimbursement\u2069 requests.",
    invoiceFiles: "Invoice attachments",
    high: "High",
    keptTaxes: "Also on this line, kept as it is:",
    none: "0 requests",
    copy: "Copy",
    copied: "Request Copied Successfully",
    draft: "Draft",
    delete: "Delete",
    deleted: "Request deleted",
    createBudget: "Create budget",
    activate: "Activate",
    warned:
      "This request passes the budget for \u2068Software (7100)\u2069: the limit is \u2068SAR 1,000.00\u2069 and it goes over by \u2068SAR 500.00\u2069."
  },
  ar: {
    requests: "الطلبات",
    raise: "رفع طلب",
    products: "منتجات أو خدمات",
    addItem: "إضافة صنف",
    created: "تم إنشاء الطلب بنجاح",
    review: "مراجعة",
    submit: "إرسال",
    submitted: "تم إرسال الطلب بنجاح",
    success: "تم إرسال الطلب",
    pending: "بانتظار الاعتماد",
    waiting: "بانتظار اعتمادك",
    remark: "ملاحظة",
    approve: "اعتماد",
    approved: "تم اعتماد الطلب بنجاح",
    approvedStatus: "معتمد",
    approval: "الاعتماد",
    addLevel: "إضافة مستوى",
    levelName: "اسم المستوى",
    saveWorkflow: "حفظ سير الاعتماد",
    workflowSaved: "تم حفظ سير الاعتماد",
    submitFailed: "تعذّر إرسال الطلب",
    exceeded: (limit: string, excess: string) =>
      `هذا يتجاوز ميزانية \u2068Office supplies (6200)\u2069: الحد \u2068${limit}\u2069 \u2068SAR\u2069 وسيتم تجاوزه بمقدار \u2068${excess}\u2069 \u2068SAR\u2069.`,
    expenseList: "طلبات المصروفات",
    noReimbursements: "لا تتيح منظمتك رفع طلبات \u2068الاسترداد\u2069.",
    invoiceFiles: "مرفقات الفاتورة",
    high: "عالية",
    keptTaxes: "ضرائب أخرى على هذا البند تبقى كما هي:",
    none: "لا توجد طلبات",
    copy: "نسخ",
    copied: "تم نسخ الطلب بنجاح",
    draft: "مسودة",
    delete: "حذف",
    deleted: "تم حذف الطلب",
    createBudget: "إنشاء ميزانية",
    activate: "تفعيل",
    warned:
      "يتجاوز هذا الطلب ميزانية \u2068Software (7100)\u2069: الحد \u2068\u200f1,000.00 SAR\u2069 ويتجاوزه بمقدار \u2068\u200f500.00 SAR\u2069."
  }
} as const

/** The smallest PDF a reader opens: a catalogue, one empty page, its cross-reference table and trailer. */
const minimalPdf = [
  "%PDF-1.4",
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
  "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF"
].join("\n")

const toast = (page: Page) => page.locator("[data-toasts] .toast__message")

/** What the office supplies line of the head office's budget has requested, as its page shows it. */
const requestedOnOfficeSupplies = async (page: Page, locale: Locale): Promise<number> => {
  await page.goto(`/${locale}/budgets/details/${demoBudget.id}`)
  const figures = page.locator(".budget-line[data-line='6200'] .budget-line__figures div").nth(2).locator("dd")
  return Number((await figures.innerText()).replace(/[^0-9.]/g, ""))
}

/** What the office supplies line holds in all (actual, committed and requested), which its limit bounds. */
const usedOnOfficeSupplies = async (page: Page, locale: Locale): Promise<number> => {
  await page.goto(`/${locale}/budgets/details/${demoBudget.id}`)
  const figures = page.locator(".budget-line[data-line='6200'] .budget-line__figures dd")
  const all = await figures.allInnerTexts()
  return all.reduce((sum, text) => sum + Number(text.replace(/[^0-9.]/g, "")), 0)
}

/** Makes Sara the approver of the head office's requests, unless an earlier journey did. */
const saraApprovesRequests = async (page: Page, locale: Locale) => {
  const s = screens[locale]
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/workspaces/${riyadh.id}/approval-flow`)
  const flow = page.locator("form[data-kind=request]")
  if ((await flow.locator("input[name=level-0-name]").count()) > 0) return
  await flow.getByRole("button", { name: s.addLevel }).click()
  await flow.getByLabel(s.levelName).first().fill("Head of purchasing")
  await pickUser(flow.locator("select[name=level-0-users]"), sara)
  await flow.getByRole("button", { name: s.saveWorkflow }).click()
  await expect(page.getByRole("status").filter({ hasText: s.workflowSaved })).toBeVisible()
}

/**
 * Raises a product request as whoever is signed in, from the sidebar through the three steps, up to its review:
 * its lines (the second added by its button) and its budget line.
 */
const raiseProductRequest = async (
  page: Page,
  locale: Locale,
  title: string,
  lines: ReadonlyArray<{ en: string; ar: string; quantity: string; price: string; tax?: string }>,
  where: { readonly workspaceId: string; readonly budget: string; readonly attachment?: string } = {
    workspaceId: riyadh.id,
    budget: `${demoBudget.id}|6200`
  }
) => {
  const s = screens[locale]
  await page.getByRole("navigation").getByRole("link", { name: s.requests }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/requests/requests`))
  await page.getByRole("link", { name: s.raise }).click()
  await page.getByRole("link", { name: new RegExp(s.products) }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/requests/create/product-request$`))
  // The head office is the buyer's default workspace, so it comes chosen.
  if (where.workspaceId === riyadh.id) await expect(page.locator("#workspaceId")).toHaveValue(riyadh.id)
  await page.locator("#workspaceId").selectOption(where.workspaceId)
  await page.locator("#title").fill(title)
  for (const [i, line] of lines.entries()) {
    if (i > 0) {
      await page.getByRole("button", { name: s.addItem }).click()
      await expect(page.locator("#title")).toHaveValue(title)
    }
    await page.locator(`#item-${i}-nameEn`).fill(line.en)
    await page.locator(`#item-${i}-nameAr`).fill(line.ar)
    await page.locator(`#item-${i}-quantity`).fill(line.quantity)
    await page.locator(`#item-${i}-unit`).fill("box")
    await page.locator(`#item-${i}-price`).fill(line.price)
    if (line.tax !== undefined) {
      await page.locator(`#item-${i}-taxMode`).selectOption("EXCLUSIVE")
      await page.locator(`#item-${i}-taxRate`).fill(line.tax)
    }
  }
  expect(await seriousViolations(page)).toEqual([])
  // The attachments island's script is held back on the next page, so the file below is picked before it loads.
  let releaseIsland = () => {}
  const islandHeld = new Promise<void>((resolve) => (releaseIsland = resolve))
  const islandScript = /\/_astro\/AttachmentChips[^/]*\.js$/
  if (where.attachment !== undefined) {
    await page.route(islandScript, async (route) => {
      await islandHeld
      await route.continue()
    })
  }
  // Enter in a field continues, as the Continue button does (and not the first row's button).
  await page.locator("#title").press("Enter")

  // Created as a draft; its details next: the due date it starts with, and the office supplies line.
  await expect(page).toHaveURL(/\/requests\/create\/product-request\/request-info\?id=[0-9a-f-]+$/)
  await expect(toast(page)).toHaveText(s.created)
  await expect(page.locator("#expectedDate")).not.toHaveValue("")
  await page.locator("#budget").selectOption(where.budget)
  if (where.attachment !== undefined) {
    // A quotation attached as a PDF, picked while the attachments island has not loaded yet (a slow phone): the
    // island uploads it as it takes over, and it is kept with the request when the step is saved.
    await expect(page.locator("astro-island[ssr]", { has: page.locator(".attachments__picker") })).toHaveCount(1)
    await page.locator(".attachments__picker").setInputFiles({
      name: where.attachment,
      mimeType: "application/pdf",
      buffer: Buffer.from(minimalPdf)
    })
    releaseIsland()
    await expect(page.locator(".attachment-chip", { hasText: where.attachment })).toBeVisible()
    await page.unroute(islandScript)
  }
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.review, exact: true }).click()
  await expect(page).toHaveURL(/\/requests\/create\/product-request\/review-submit\?id=[0-9a-f-]+$/)
  return new URL(page.url()).searchParams.get("id") ?? ""
}

test("a buyer raises a product request, the approver approves it from the action board, and the budget holds it", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const title = `Printer paper ${locale} ${testInfo.retry}`

  await saraApprovesRequests(page, locale)
  await signInAnyPassword(page, locale, buyer)
  const before = await requestedOnOfficeSupplies(page, locale)
  await page.goto(`/${locale}/actionboard`)

  const id = await raiseProductRequest(
    page,
    locale,
    title,
    [
      { en: "A4 paper, box of 5 reams", ar: "ورق مقاس A4، علبة من 5 رزم", quantity: "10", price: "25", tax: "15" },
      { en: "Stapler", ar: "دباسة", quantity: "2", price: "18.50" }
    ],
    { workspaceId: riyadh.id, budget: `${demoBudget.id}|6200`, attachment: "quotation.pdf" }
  )
  // 10 × 25 = 250 with 15% on top, and 2 × 18.50 = 37: 324.50 in all.
  await expect(page.locator("[data-request-lines] tbody tr")).toHaveCount(2)
  await expect(page.locator("[data-totals] [data-total=total]")).toContainText("324.50")
  await expect(page.locator("[data-budget-line]")).toContainText("6200")
  await expect(page.locator(".attachment-chip", { hasText: "quotation.pdf" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.submit, exact: true }).click()

  // Submitted: it waits on Sara; the browser's back button leads to the action board.
  await expect(page).toHaveURL(new RegExp(`/requests/create/request-success\\?id=${id}$`))
  await expect(toast(page)).toHaveText(s.submitted)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.success)
  await expect(page.locator(".request-success [role=status]")).toContainText(s.pending)
  expect(await seriousViolations(page)).toEqual([])
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`/${locale}/actionboard$`))

  // Its page: number, status in words, the requester by name, the lines and the submission step.
  await page.goto(`/${locale}/requests/${id}`)
  await expect(page.locator("[data-request-status]")).toHaveText(s.pending)
  await expect(page.locator("h1 [data-document-number]")).toHaveText(/^REQ-\d{6}$/)
  await expect(page.locator("[data-requester]")).toHaveText("Omar Haddad")
  await expect(page.locator(".request-steps .timeline__entry")).toHaveCount(1)
  expect(await seriousViolations(page)).toEqual([])

  // Sara finds it on her action board and approves it with a remark.
  await signInAnyPassword(page, locale, sara)
  const waiting = page.getByRole("region", { name: s.waiting }).getByRole("link", { name: new RegExp(title) })
  await expect(waiting).toBeVisible()
  await waiting.click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/requests/${id}$`))
  await expect(page.getByRole("heading", { name: s.waiting })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  // The quotation the buyer attached opens for her too.
  const quotation = page.locator(".attachment-chip a", { hasText: "quotation.pdf" })
  const opened = await page.request.get((await quotation.getAttribute("href")) ?? "")
  expect(opened.status()).toBe(200)
  expect((await opened.body()).subarray(0, 5).toString()).toBe("%PDF-")
  await page.getByLabel(s.remark, { exact: true }).fill("Stock is low")
  await page.getByRole("button", { name: s.approve, exact: true }).click()
  await expect(toast(page)).toHaveText(s.approved)
  await expect(page.locator("[data-request-status]")).toHaveText(s.approvedStatus)
  const steps = page.locator(".request-steps .timeline__entry")
  await expect(steps).toHaveCount(2)
  await expect(steps.nth(1)).toContainText(s.approval)
  await expect(steps.nth(1)).toContainText("Stock is low")

  // The budget holds its total as requested on the office supplies line.
  await signInAnyPassword(page, locale, buyer)
  expect(await requestedOnOfficeSupplies(page, locale)).toBeCloseTo(before + 324.5, 2)
})

test("a Stop budget refuses a request that would pass its line's limit, with the spec's message", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  await signInAnyPassword(page, locale, buyer)
  // Whatever earlier journeys requested, ordered or spent, this one asks for 5,000 more than the line has left.
  const before = await requestedOnOfficeSupplies(page, locale)
  const limit = 20000
  const asked = limit - (await usedOnOfficeSupplies(page, locale)) + 5000
  await page.goto(`/${locale}/actionboard`)
  await raiseProductRequest(page, locale, `Office furniture ${locale} ${testInfo.retry}`, [
    { en: "Desks", ar: "مكاتب", quantity: "1", price: asked.toFixed(2) }
  ])
  await page.getByRole("button", { name: s.submit, exact: true }).click()
  const refusal = page.locator("[data-submit-failure]")
  await expect(refusal).toContainText(s.submitFailed)
  await expect(refusal).toContainText(s.exceeded("20000.00", "5000.00"))
  expect(await seriousViolations(page)).toEqual([])
  // Nothing was taken from the line.
  expect(await requestedOnOfficeSupplies(page, locale)).toBeCloseTo(before, 2)
})

test("a Warn budget lets a request past its line's limit through, and the request shows the warning", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const year = new Date().getUTCFullYear()
  const itProjects = demoWorkspaces[2]

  // The admin plans this year's software budget of the IT projects workspace under Warn, and puts it in force.
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/budgets/create`)
  await page.locator("#workspaceId").selectOption(itProjects.id)
  await page.locator("#name").fill(`Software ${locale} ${year}`)
  await page.locator("#startDate").fill(`${year}-01-01`)
  await page.locator("#endDate").fill(`${year}-12-31`)
  await page.locator("#policy").selectOption("WARN")
  await page.locator("input[name=line-0-key]").fill("7100")
  await page.locator("input[name=line-0-label]").fill("Software")
  await page.locator("input[name=line-0-limit]").fill("1000")
  await page.getByRole("button", { name: s.createBudget }).click()
  await page.getByRole("link", { name: `Software ${locale} ${year}` }).click()
  await page.getByRole("button", { name: s.activate }).click()
  const budgetId = new URL(page.url()).pathname.split("/").at(-1) ?? ""

  // A request of 1,500 on its 1,000 line goes through, approved at once (no workflow there), with the warning.
  await page.goto(`/${locale}/actionboard`)
  const id = await raiseProductRequest(
    page,
    locale,
    `Design licences ${locale}`,
    [{ en: "Design suite licence", ar: "ترخيص برنامج تصميم", quantity: "3", price: "500" }],
    { workspaceId: itProjects.id, budget: `${budgetId}|7100` }
  )
  await page.getByRole("button", { name: s.submit, exact: true }).click()
  await expect(toast(page)).toHaveText(s.submitted)
  await page.goto(`/${locale}/requests/${id}`)
  await expect(page.locator("[data-request-status]")).toHaveText(s.approvedStatus)
  await expect(page.locator("[data-budget-warning]")).toHaveText(s.warned)
  expect(await seriousViolations(page)).toEqual([])
})

test("an expense request is raised with its invoice, vendor, dates, priority and invoice file, submitted and shown on its page", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  await signInAnyPassword(page, locale, buyer)
  await page.goto(`/${locale}/requests/expense-requests`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.expenseList)
  expect(await seriousViolations(page)).toEqual([])
  // The demo's plan allows expenses, not reimbursements: the CREATE menu offers the one and the other page says no.
  await expect(page.locator("[data-create-item=expenseRequest]")).toHaveCount(1)
  await expect(page.locator("[data-create-item=reimbursementRequest]")).toHaveCount(0)
  const refused = await page.goto(`/${locale}/requests/create/reimbursement-request`)
  expect(refused?.status()).toBe(403)
  await expect(page.getByRole("alert")).toHaveText(s.noReimbursements)

  await page.goto(`/${locale}/requests/create/new-expense-request`)
  const title = `Client visit ${locale} ${testInfo.retry}`
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  await expect(page.locator("#workspaceId")).toHaveValue(riyadh.id)
  await page.locator("#title").fill(title)
  await page.locator("#vendorName").fill("Riyadh Taxi")
  await page.locator("#invoiceDate").fill(day(-2))
  await page.locator("#paymentDueDate").fill(day(28))
  await page.locator("#priority").selectOption("HIGH")
  await page.locator("#budget").selectOption(`${demoBudget.id}|6100`)
  await page.locator("#item-0-nameEn").fill("Airport taxi")
  await page.locator("#item-0-nameAr").fill("سيارة أجرة إلى المطار")
  await page.locator("#item-0-quantity").fill("2")
  await page.locator("#item-0-price").fill("120")
  await page.getByRole("button", { name: s.addItem }).click()
  await expect(page.locator("#title")).toHaveValue(title)
  await page.locator("#item-1-nameEn").fill("Lunch with the client")
  await page.locator("#item-1-quantity").fill("1")
  await page.locator("#item-1-price").fill("230")
  await page.locator("#item-1-taxMode").selectOption("INCLUSIVE")
  await page.locator("#item-1-taxRate").fill("15")
  // The invoice, uploaded at once under the invoice's own files and kept with the request when it is saved.
  const invoiceFiles = page.locator("section.attachments", {
    has: page.getByRole("heading", { name: s.invoiceFiles, exact: true })
  })
  await invoiceFiles.locator(".attachments__picker").setInputFiles({
    name: "taxi-invoice.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(minimalPdf)
  })
  await expect(invoiceFiles.locator(".attachment-chip", { hasText: "taxi-invoice.pdf" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.review, exact: true }).click()
  await expect(page).toHaveURL(/\/requests\/create\/new-expense-request\/review\?id=[0-9a-f-]+$/)
  await expect(toast(page)).toHaveText(s.created)
  const id = new URL(page.url()).searchParams.get("id") ?? ""
  await expect(page.locator(".attachment-chip", { hasText: "taxi-invoice.pdf" })).toBeVisible()
  await page.getByRole("button", { name: s.submit, exact: true }).click()
  await expect(toast(page)).toHaveText(s.submitted)

  await page.goto(`/${locale}/requests/${id}`)
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title)
  // It waits on the head office's approvers, or is approved at once where no level of its workflow applies.
  await expect(page.locator("[data-request-status]")).toHaveText(new RegExp(`^(${s.pending}|${s.approvedStatus})$`))
  await expect(page.locator("dd", { hasText: "Riyadh Taxi" })).toHaveCount(1)
  await expect(page.locator("dd", { hasText: s.high })).toHaveCount(1)
  await expect(page.locator("[data-request-lines] tbody tr")).toHaveCount(2)
  // Its invoice's file under the invoice's own heading, apart from its other files.
  const shownInvoiceFiles = page.locator("section.attachments", {
    has: page.getByRole("heading", { name: s.invoiceFiles, exact: true })
  })
  await expect(shownInvoiceFiles.locator(".attachment-chip", { hasText: "taxi-invoice.pdf" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.goto(`/${locale}/requests/expense-requests`)
  await expect(page.locator("[data-request-list] tbody tr", { hasText: title })).toHaveCount(1)
})

test("editing a line on the site keeps every tax the line holds", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  // A line with two taxes, as the API and the CLI write them: VAT on top, and a fixed levy.
  const login = await page.request.post("/api/auth/login", {
    data: { email: buyer, password: demoPassword, platform: "mobile" }
  })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const headers = { authorization: `Bearer ${accessToken}` }
  const made = await page.request.post("/api/request", {
    headers,
    data: {
      requestType: "product",
      workspaceId: riyadh.id,
      title: `Toner with levy ${locale} ${testInfo.retry}`,
      items: [
        {
          name: { en: "Toner", ar: "حبر طابعة" },
          quantity: "2",
          unit: "box",
          price: {
            basePrice: "100",
            taxes: [
              { name: "VAT", mode: "EXCLUSIVE", type: "PERCENT", value: "15" },
              { name: "Levy", mode: "EXCLUSIVE", type: "ABSOLUTE", value: "5" }
            ]
          }
        }
      ]
    }
  })
  expect(made.status()).toBe(200)
  const { id } = (await made.json()) as { id: string }

  await signInAnyPassword(page, locale, buyer)
  await page.goto(`/${locale}/requests/create/product-request?id=${id}`)
  await expect(page.locator("#item-0-taxRate")).toHaveValue("15")
  await expect(page.locator("[data-other-taxes]")).toContainText(s.keptTaxes)
  await expect(page.locator("[data-other-taxes]")).toContainText("Levy 5")
  expect(await seriousViolations(page)).toEqual([])
  await page.locator("#item-0-quantity").fill("3")
  await page.locator("#title").press("Enter")
  await expect(page).toHaveURL(/\/requests\/create\/product-request\/request-info\?id=[0-9a-f-]+$/)

  const saved = await page.request.get(`/api/request/${id}`, { headers })
  const line = (
    (await saved.json()) as {
      items: Array<{ quantity: string; price: { taxes: Array<{ name: string }> }; amounts: { tax: string } }>
    }
  ).items[0]
  expect([line?.quantity, line?.price.taxes.map((t) => t.name).sort(), line?.amounts.tax]).toEqual([
    "3",
    ["Levy", "VAT"],
    "50.00"
  ])
})

test("a request is copied into a new draft, and the draft is deleted", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  await signInAnyPassword(page, locale, buyer)
  await page.goto(`/${locale}/actionboard`)
  const title = `Toner ${locale} ${testInfo.retry}`
  const id = await raiseProductRequest(page, locale, title, [
    { en: "Toner", ar: "حبر طابعة", quantity: "3", price: "90" }
  ])
  await page.goto(`/${locale}/requests/${id}`)
  await page.getByRole("button", { name: s.copy, exact: true }).click()
  await expect(toast(page)).toHaveText(s.copied)
  await expect(page).not.toHaveURL(new RegExp(id))
  await expect(page.locator("[data-request-status]")).toHaveText(s.draft)
  await expect(page.locator("[data-request-lines] tbody tr")).toHaveCount(1)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.delete, exact: true }).click()
  await expect(toast(page)).toHaveText(s.deleted)
  await expect(page).toHaveURL(new RegExp(`/${locale}/requests/requests$`))

  // The list finds the original by its title, and the search narrows to it.
  await page.locator("#search").fill(title)
  await page.locator("form[role=search] button[type=submit]").click()
  await expect(page.locator("[data-request-list] tbody tr")).toHaveCount(1)
  await expect(page.locator("[data-total-count]")).toHaveAttribute("data-total-count", "1")
  expect(await seriousViolations(page)).toEqual([])
  await page.locator("#search").fill(`${title} nothing like it`)
  await page.locator("form[role=search] button[type=submit]").click()
  await expect(page.locator("[data-total-count]")).toHaveText(s.none)
})
