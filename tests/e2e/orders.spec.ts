import { readFileSync } from "node:fs"
import { demoBudget, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { expect, type Page } from "@playwright/test"
import { pickUser, seriousViolations, signInAnyPassword, test, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"
const sara = "approver@buyer.tawreed.test"
const vendor = "vendor@vendor.tawreed.test"
const riyadh = demoWorkspaces[0]

const screens = {
  en: {
    createOrder: "Create order",
    saveAndSubmit: "Save and submit",
    submitted: "Order submitted.",
    pending: "Pending approval",
    approve: "Approve",
    approved: "Order approved.",
    sentToVendor: "Sent to vendor",
    send: "Send to vendor",
    accept: "Accept order",
    accepted: "Accepted by vendor",
    addLevel: "Add level",
    levelName: "Level name",
    saveWorkflow: "Save workflow",
    workflowSaved: "Workflow saved",
    print: "Purchase order",
    chooseVendor: "Vendor",
    title: "Title",
    save: "Save draft",
    created: "Order saved as a draft.",
    offers: "Approved offers",
    apply: "Apply filters"
  },
  ar: {
    createOrder: "إنشاء أمر شراء",
    saveAndSubmit: "حفظ وتقديم",
    submitted: "قُدّم أمر الشراء.",
    pending: "بانتظار الاعتماد",
    approve: "اعتماد",
    approved: "اعتُمد أمر الشراء.",
    sentToVendor: "مرسل إلى المورد",
    send: "إرسال إلى المورد",
    accept: "قبول أمر الشراء",
    accepted: "قبله المورد",
    addLevel: "إضافة مستوى",
    levelName: "اسم المستوى",
    saveWorkflow: "حفظ سير الاعتماد",
    workflowSaved: "تم حفظ سير الاعتماد",
    print: "أمر شراء",
    chooseVendor: "المورد",
    title: "العنوان",
    save: "حفظ المسودة",
    created: "حُفظ أمر الشراء مسودةً.",
    offers: "العروض المعتمدة",
    apply: "تطبيق عوامل التصفية"
  }
} as const

const toast = (page: Page) => page.locator("[data-toasts] .toast__message")

/** A bucket of the head office budget's totals (requested, committed…), as its page shows it. */
const bucketOf = async (page: Page, locale: Locale, bucket: "requested" | "committed"): Promise<number> => {
  await page.goto(`/${locale}/budgets/details/${demoBudget.id}`)
  const figure = page.locator(`[data-totals] [data-bucket=${bucket}] dd`)
  return Number((await figure.innerText()).replace(/[^0-9.]/g, ""))
}

/** Makes Sara the approver of the head office's orders, unless an earlier journey did. */
const saraApprovesOrders = async (page: Page, locale: Locale) => {
  const s = screens[locale]
  await signInAnyPassword(page, locale, admin)
  await page.goto(`/${locale}/workspaces/${riyadh.id}/approval-flow`)
  const flow = page.locator("form[data-kind=order]")
  if ((await flow.locator("input[name=level-0-name]").count()) > 0) return
  await flow.getByRole("button", { name: s.addLevel }).click()
  await flow.getByLabel(s.levelName).first().fill("Head of purchasing")
  await pickUser(flow.locator("select[name=level-0-users]"), sara)
  await flow.getByRole("button", { name: s.saveWorkflow }).click()
  await expect(page.getByRole("status").filter({ hasText: s.workflowSaved })).toBeVisible()
}

/** The first approved request of the demo (REQUEST_SUBMITTED) with an Office supplies budget line, by its page. */
const approvedRequest = async (page: Page, locale: Locale): Promise<string> => {
  await page.goto(`/${locale}/requests/requests?status=REQUEST_SUBMITTED&limit=50`)
  const href = await page.locator("[data-request-list] tbody tr th a").first().getAttribute("href")
  if (href === null) throw new Error("the demo holds no approved request")
  return href
}

test("from an approved request an order is created, approved, moves the budget to committed, is accepted by its vendor and printed", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const title = `Office supplies order ${locale} ${testInfo.retry}`

  await saraApprovesOrders(page, locale)
  const committedBefore = await bucketOf(page, locale, "committed")

  // The approved request's page offers Create order, which opens the order form with its lines.
  await page.goto(await approvedRequest(page, locale))
  await page.locator("[data-create-order]").click()
  await expect(page).toHaveURL(/\/orders\/create\/info\?fromRequest=/)
  await expect(page.locator("[data-order-line]").first()).toBeVisible()
  await page.getByLabel(s.title, { exact: true }).fill(title)
  // Sahara Supplies, the demo vendor whose organisation answers orders on the platform (earlier journeys add others).
  const sahara = await page
    .locator("select[name=vendorId] option", { hasText: /Sahara Supplies|الصحراء للتوريدات/ })
    .first()
    .getAttribute("value")
  await page.locator("select[name=vendorId]").selectOption(sahara ?? "")
  // The island prices the lines as they are typed, with the core's own pricing.
  await expect(page.locator("[data-order-total]").first()).not.toHaveText("—")
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.saveAndSubmit }).click()

  await expect(toast(page)).toHaveText(s.submitted)
  await expect(page.locator("[data-order-status]")).toHaveText(s.pending)
  await expect(page.locator("h1 [data-document-number]")).toHaveText(/^PO-\d{6}$/)
  const orderUrl = page.url().replace(/\?.*$/, "")
  // SPEC.md §2: back from an order's submission goes to orders/offers.
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`/${locale}/orders/offers$`))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.offers)
  expect(await seriousViolations(page)).toEqual([])

  // Sara approves it from its page.
  await signInAnyPassword(page, locale, sara)
  await page.goto(orderUrl)
  await page.getByRole("button", { name: s.approve, exact: true }).click()
  await expect(toast(page)).toHaveText(s.approved)
  await expect(page.locator("[data-order-status]")).toHaveText(s.sentToVendor)
  const total = Number(
    (await page.locator("[data-order-totals] [data-order-total]").first().innerText()).replace(/[^0-9.]/g, "")
  )
  expect(await seriousViolations(page)).toEqual([])

  // The budget now holds it as committed.
  await signInAnyPassword(page, locale, admin)
  expect(await bucketOf(page, locale, "committed")).toBeCloseTo(committedBefore + total, 2)
  await page.goto(orderUrl)
  const send = page.getByRole("button", { name: s.send })
  if ((await send.count()) > 0) await send.click()

  // The vendor accepts it from its own side.
  await signInAnyPassword(page, locale, vendor)
  await page.goto(`/${locale}/order-vendor`)
  await page.locator("[data-order-list] tbody tr", { hasText: title }).locator("a").first().click()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.accept }).click()
  await expect(page.locator("[data-order-status]")).toHaveText(s.accepted)

  // The buyer prints it: an A4 sheet in the page's language.
  await signInAnyPassword(page, locale, admin)
  await page.goto(`${orderUrl}/print`)
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr")
  await expect(page.locator("[data-po-sheet] h1")).toHaveText(s.print)
  const printed = page.locator("[data-po-sheet] [data-order-total]")
  await expect(printed).toBeVisible()
  expect(Number((await printed.innerText()).replace(/[^0-9.]/g, ""))).toBeCloseTo(total, 2)
  expect(await seriousViolations(page)).toEqual([])
  // Its PDF downloads from the print view, in the page's language, under the order's number.
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("[data-order-pdf]").click()])
  expect(download.suggestedFilename()).toMatch(/^PO-\d{6}\.pdf$/)
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString("latin1")
  ).toBe("%PDF-")
})

test("a direct order from the order cart keeps the cart's lines and vendor", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  await signInAnyPassword(page, locale, admin)
  // A product that allows direct orders goes in the order cart, then the cart's Create order lands on the form.
  await page.goto(`/${locale}/products`)
  // A product Sahara Supplies sells: the demo's vendor that may take orders (its others are on hold, expired or inactive).
  await page.getByRole("checkbox", { name: /^Sahara Supplies/ }).check()
  await page.getByRole("button", { name: s.apply }).click()
  await expect(page).toHaveURL(/Sahara/)
  const add = page.locator("li.product-row [data-cart-add=order] button[type=submit]").first()
  await add.click()
  await expect(page.locator("[data-cart-button=order] .cart-button__badge")).toHaveText("1")
  await page.goto(`/${locale}/orders/create/info?rfqCart=true&cart=order`)
  await expect(page.locator("form[data-order-form=cart]")).toBeVisible()
  await expect(page.locator("[data-order-line]")).not.toHaveCount(0)
  await page.getByLabel(s.title, { exact: true }).fill(`Cart order ${locale}`)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.save, exact: true }).first().click()
  await expect(toast(page)).toHaveText(s.created)
  await expect(page.locator("h1 [data-document-number]")).toHaveText(/^PO-\d{6}$/)
})

test("the demo contract's agreed price feeds an order of its product from the cart, which names the contract", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const priceIn = async (row: ReturnType<Page["locator"]>) =>
    Number((await row.locator("td").nth(2).innerText()).replace(/٫/g, ".").replace(/[^0-9.]/g, ""))
  await signInAnyPassword(page, locale, admin)
  // The demo framework agreement with Sahara Supplies agrees prices from 10 units: its first line's product.
  await page.goto(`/${locale}/orders/contracts`)
  await page
    .locator("tr[data-contract]", { hasText: "Office supplies framework agreement" })
    .locator("a")
    .first()
    .click()
  const sku = (await page.locator("tr[data-contract-line]").first().getAttribute("data-contract-line")) ?? ""
  expect(sku).not.toBe("")

  // Ten of it in the order cart, from the catalogue.
  await page.goto(`/${locale}/products?searchString=${encodeURIComponent(sku)}`)
  const add = page.locator("li.product-row [data-cart-add=order]").first()
  await add.locator("input[name=quantity]").fill("10")
  await add.locator("button[type=submit]").click()
  await expect(page.locator("[data-cart-button=order] .cart-button__badge")).toHaveText(/\d/)

  // The cart's order form offers the agreed price; the saved order keeps it and names its contract.
  await page.goto(`/${locale}/orders/create/info?rfqCart=true&cart=order`)
  const offered = Number(await page.locator("[data-order-line] input[name$=unitPrice]").first().inputValue())
  await page.getByLabel(s.title, { exact: true }).fill(`Agreed price order ${locale}`)
  await page.getByRole("button", { name: s.save, exact: true }).first().click()
  await expect(toast(page)).toHaveText(s.created)
  const saved = page.locator("[data-order-lines-view] [data-agreed-price]")
  await expect(saved).toHaveCount(1)
  const number = (await saved.getAttribute("data-agreed-price")) ?? ""
  expect(number).toMatch(/^CTR-\d{6}$/)
  expect(await seriousViolations(page)).toEqual([])

  // It is that contract's price for the product.
  await page.goto(`/${locale}/orders/contracts?search=${number}`)
  await page.locator(`tr[data-contract="${number}"] a`).first().click()
  expect(await priceIn(page.locator(`tr[data-contract-line="${sku}"]`))).toBeCloseTo(offered, 2)
})
