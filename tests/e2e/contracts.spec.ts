import { expect, type Page } from "@playwright/test"
import { islandsReady, seriousViolations, signInAnyPassword, test, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"

/** What the admin sees, in each language: the journey asserts the words on the screen. */
const screens = {
  en: {
    bell: /^Notifications/,
    panelTitle: "Notifications",
    contracts: "Contracts",
    newContract: "New contract",
    prices: "Agreed prices",
    remaining: "Remaining",
    active: "Active",
    pending: "Waiting for approval",
    findProduct: "Find a product",
    search: "Search products",
    add: "Add",
    saveSubmit: "Save and submit",
    submitted: /^Contract submitted/,
    required: "Title",
    twoPrices: "2 agreed prices",
    vendor: "Sahara Supplies"
  },
  ar: {
    bell: /^الإشعارات/,
    panelTitle: "الإشعارات",
    contracts: "العقود",
    newContract: "عقد جديد",
    prices: "الأسعار المتفق عليها",
    remaining: "المتبقي",
    active: "ساري",
    pending: "بانتظار الاعتماد",
    findProduct: "ابحث عن منتج",
    search: "ابحث في المنتجات",
    add: "إضافة",
    saveSubmit: "حفظ وإرسال",
    submitted: /^أُرسل العقد/,
    required: "العنوان",
    twoPrices: "سعران متفق عليهما",
    vendor: "الصحراء للتوريدات"
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
/** Waits until the page's islands run in the browser, so that clicks reach React. */
/** A calendar day `days` from today, as a date field takes it. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test("the admin opens the expiring contract from the bell, then writes a contract with two agreed prices and a file and submits it", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const title = `Stationery and toner ${locale} ${testInfo.retry}`

  await signInAnyPassword(page, locale, admin)
  await islandsReady(page)

  // The demo contract ends within 60 days: its alert is on the owner's bell and opens the contract.
  await page.getByRole("button", { name: s.bell }).click()
  const panel = page.getByRole("dialog", { name: s.panelTitle })
  await expect(panel).toBeVisible()
  await panel
    .getByRole("link")
    .filter({ hasText: /CTR-\d{6}/ })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/orders/contracts/[0-9a-f-]{36}$`))
  await expect(page.locator("[data-contract-status]")).toHaveText(s.active)
  await expect(page.locator("[data-contract-vendor]")).toHaveText(s.vendor)
  // Its agreed prices name the products (never their ids), and its ceiling shows what remains beside a meter.
  const prices = page.getByRole("region", { name: s.prices })
  await expect(prices.locator("tr[data-contract-line]")).toHaveCount(2)
  await expect(prices.locator("tbody")).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  await expect(page.locator("[data-contract-remaining]")).toContainText(/50[,٬]000[.٫]00/)
  await expect(page.locator("[data-contract-ceiling] meter")).toBeVisible()
  await expect(page.locator("main")).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/)
  expect(await seriousViolations(page)).toEqual([])

  // The sidebar leads to the list, where it shows with its number.
  await page.getByRole("navigation").getByRole("link", { name: s.contracts }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/orders/contracts$`))
  await expect(page.locator("tr[data-contract]")).not.toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // A new contract with Sahara Supplies: two products found in the catalogue, each at its agreed price.
  await page.getByRole("link", { name: s.newContract }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/orders/contracts/create$`))
  await page.locator("#title").fill(title)
  const vendor = await page.locator("#vendorId option", { hasText: s.vendor }).first().getAttribute("value")
  await page.locator("#vendorId").selectOption(vendor ?? "")
  await page.locator("#startDate").fill(dayFromToday(0))
  await page.locator("#endDate").fill(dayFromToday(365))
  await page.locator("#ceiling").fill("20000")
  await page.locator("#terms").fill("Delivery within 3 working days.")
  for (const [search, price] of [
    ["Stapler", "12.50"],
    ["Toner", "250"]
  ] as const) {
    await page.getByLabel(s.findProduct).fill(search)
    // Enter searches, as the search button does: it never saves the form or takes a line out.
    await page.getByLabel(s.findProduct).press("Enter")
    const found = page.locator("[data-contract-found] li").first()
    await expect(found).toBeVisible()
    await found.getByRole("button", { name: new RegExp(`^${s.add}`) }).click()
    await expect(page.locator("#title")).toHaveValue(title)
    const lines = page.locator("[data-contract-lines] li.contract-line")
    await lines.last().locator("input[name$='-unitPrice']").fill(price)
  }
  await expect(page.locator("[data-contract-lines] li.contract-line")).toHaveCount(2)
  await islandsReady(page)
  await page.locator(".attachments__picker").setInputFiles({
    name: "framework-agreement.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(minimalPdf)
  })
  await expect(page.locator(".attachment-chip", { hasText: "framework-agreement.pdf" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.saveSubmit }).click()

  // Submitted: active at once where no approval level applies, else waiting for its approvers.
  await expect(page).toHaveURL(new RegExp(`/${locale}/orders/contracts/[0-9a-f-]{36}$`))
  await expect(toast(page)).toHaveText(s.submitted)
  await expect(page.locator("[data-contract-status]")).toHaveText(new RegExp(`^(${s.active}|${s.pending})$`))
  await expect(page.getByRole("region", { name: s.prices }).locator("caption")).toHaveText(s.twoPrices)
  await expect(page.locator("[data-contract-remaining]")).toContainText(/20[,٬]000[.٫]00/)
  await expect(page.locator(".attachment-chip", { hasText: "framework-agreement.pdf" })).toBeVisible()
  const number = (await page.locator(".page-head [data-document-number]").innerText()).trim()
  expect(number).toMatch(/^CTR-\d{6}$/)
  expect(await seriousViolations(page)).toEqual([])

  // The list finds it by its number.
  await page.goto(`/${locale}/orders/contracts?search=${number}`)
  await expect(page.locator(`tr[data-contract="${number}"]`)).toContainText(title)
  await expect(page.locator(`tr[data-contract="${number}"]`)).toContainText(s.vendor)
  expect(await seriousViolations(page)).toEqual([])
})
