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
    release: "Release hold"
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
    release: "رفع الإيقاف"
  }
} as const

test("a vendor is recorded with its VAT number and IBAN, a mistyped IBAN refused, then held for payments", async ({
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
  await expect(page.locator("[data-toasts] .toast__message")).toHaveText(s.created)
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
})
