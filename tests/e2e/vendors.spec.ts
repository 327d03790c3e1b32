import { expect, test } from "@playwright/test"
import { seriousViolations, signInAnyPassword, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"

const screens = {
  en: {
    vendors: "Vendors",
    create: "Create vendor",
    save: "Save vendor",
    wrongIban: "is not valid: please check it against the vendor's bank letter",
    created: "Vendor created",
    active: "Active",
    putOnHold: "Put on hold",
    held: "Vendor put on hold",
    paymentsHeld: "Payments on hold",
    release: "Release hold",
    released: "Hold released",
    report: "Vendor report",
    created_history: "Vendor created",
    columns: "Columns",
    saveColumns: "Save columns",
    currency: "Currency",
    vat: "VAT number"
  },
  ar: {
    vendors: "الموردون",
    create: "إنشاء مورد",
    save: "حفظ المورد",
    wrongIban: "غير صالح: يرجى مطابقته مع خطاب البنك الخاص بالمورد",
    created: "تم إنشاء المورد",
    active: "نشط",
    putOnHold: "إيقاف المورد",
    held: "تم إيقاف المورد",
    paymentsHeld: "المدفوعات موقوفة",
    release: "رفع الإيقاف",
    released: "تم رفع الإيقاف",
    report: "تقرير الموردين",
    created_history: "تم إنشاء المورد",
    columns: "الأعمدة",
    saveColumns: "حفظ الأعمدة",
    currency: "العملة",
    vat: "الرقم الضريبي"
  }
} as const

test("a vendor is recorded with its VAT number and IBAN, a mistyped IBAN refused, held for payments, seen in its history and the report, and released", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  // Each attempt registers a CR number of its own, as an organisation's vendors may not share one.
  const cr = `70100000${testInfo.retry}${locale === "en" ? 1 : 2}`
  const nameEn = `Red Sea Packaging ${locale} ${testInfo.retry}`

  await signInAnyPassword(page, locale, admin)
  await page.getByRole("navigation").getByRole("link", { name: s.vendors }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/vendors$`))
  await expect(page.locator("tr[data-vendor]").first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole("link", { name: s.create }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/vendors/create$`))
  await page.locator("#nameEn").fill(nameEn)
  await page.locator("#nameAr").fill("البحر الأحمر للتغليف")
  await page.locator("#crNumber").fill(cr)
  await page.locator("#vatNumber").fill("310000000000003")
  await page.locator("#paymentTermsDays").fill("45")
  await page.locator("#contactName").fill("Mona Al-Ghamdi")
  await page.locator("#email").fill("mona@redsea.example")
  await page.locator("#bankName").fill("Riyad Bank")
  // One digit off: the checksum gives it away.
  await page.locator("#iban").fill("SA44 2000 0001 2345 6789 1235")
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.save }).click()

  await expect(page.getByRole("alert")).toContainText(s.wrongIban)
  await expect(page.locator("#nameEn")).toHaveValue(nameEn)
  await page.locator("#iban").fill("SA44 2000 0001 2345 6789 1234")
  await page.getByRole("button", { name: s.save }).click()

  await expect(page).toHaveURL(/\/vendors\/[0-9a-f-]{36}$/)
  const vendorUrl = new URL(page.url()).pathname
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.created)
  await expect(page.locator('[data-vendor-history] [data-event="vendor.created"]')).toContainText(s.created_history)
  await expect(page.locator("[data-vendor-status]")).toHaveText(s.active)
  await expect(page.locator("main")).toContainText("SA44 2000 0001 2345 6789 1234")
  await expect(page.locator("main")).toContainText("310000000000003")
  expect(await seriousViolations(page)).toEqual([])

  await page.locator("#scope").selectOption("PAYMENTS")
  await page.locator("#reason").fill("Bank letter under review")
  await page.getByRole("button", { name: s.putOnHold }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.held)
  await expect(page.locator("[data-vendor-hold]")).toHaveText(s.paymentsHeld)
  await expect(page.getByRole("button", { name: s.release })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goto(`/${locale}/vendors?search=${cr}`)
  await expect(page.locator("tr[data-vendor]")).toHaveCount(1)
  await expect(page.locator("tr[data-vendor]")).toContainText(s.paymentsHeld)

  // The hold is the newest entry of the vendor's history, with who put it.
  await page.goto(vendorUrl)
  const newest = page.locator("[data-vendor-history] .timeline__entry").first()
  await expect(newest).toHaveAttribute("data-event", "vendor.held")
  await expect(newest).toContainText(s.paymentsHeld)

  // The report counts it among the vendors held for payments and shows the hold in its table.
  await page.goto(`/${locale}/vendors`)
  await page.locator("#main").getByRole("link", { name: s.report }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/vendors/reports/vendor$`))
  await expect(page.locator('[data-report="holds"] [data-scope="PAYMENTS"]')).toBeVisible()
  await page.goto(vendorUrl)
  const vendorNumber = await page.locator(".page-head [data-document-number]").innerText()
  expect(vendorNumber).toMatch(/^VEN-\d{6}$/)
  const inReport = async () => {
    for (let n = 0; ; n++) {
      await page.goto(`/${locale}/vendors/reports/vendor?page=${n}`)
      const row = page.locator(`tr[data-vendor="${vendorNumber}"]`)
      if ((await row.count()) > 0) return row
      expect(await page.locator('[data-report="vendors"] tr[data-vendor]').count()).toBeGreaterThan(0)
    }
  }
  await expect((await inReport()).locator("[data-hold]")).toHaveText(s.paymentsHeld)
  expect(await seriousViolations(page)).toEqual([])

  // Released, the history says so and the report shows no hold.
  await page.goto(vendorUrl)
  await page.getByRole("button", { name: s.release }).click()
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.released)
  await expect(page.locator("[data-vendor-history] .timeline__entry").first()).toHaveAttribute(
    "data-event",
    "vendor.released"
  )
  await expect((await inReport()).locator("[data-hold]")).toHaveText("—")

  // The reader keeps the list's columns: the currency in, the VAT number out.
  await page.goto(`/${locale}/vendors?search=${cr}`)
  await page.locator(".columns-picker summary").click()
  await page.locator('input[name="columns"][value="vat"]').uncheck()
  await page.locator('input[name="columns"][value="currency"]').check()
  await page.getByRole("button", { name: s.saveColumns }).click()
  await expect(page.locator("table thead")).toContainText(s.currency)
  await expect(page.locator("table thead")).not.toContainText(s.vat)
  await page.goto(`/${locale}/vendors`)
  await expect(page.locator("table thead")).toContainText(s.currency)
})
