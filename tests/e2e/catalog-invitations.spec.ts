import { expect, type Page } from "@playwright/test"
import { demoPassword, seriousViolations, signInAnyPassword, test, type Locale } from "./support/journeys.ts"

const screens = {
  en: {
    accept: "Accept invitation",
    accepted: "You accepted the catalog",
    pendingEmpty: "No catalog invitations are waiting.",
    member: "Shared with your organisation"
  },
  ar: {
    accept: "قبول الدعوة",
    accepted: "قبلت الكتالوج",
    pendingEmpty: "لا توجد دعوات كتالوج بانتظارك.",
    member: "مشترك مع منشأتك"
  }
} as const

/** The token of the newest catalog invitation link mailed to an address, read from the outbox page as the admin. */
const mailedToken = async (page: Page, locale: Locale, to: string) => {
  await page.goto(`/${locale}/settings/outbox`)
  const mail = page.locator(".outbox__mail", { hasText: to }).first()
  const text = (await mail.locator(".outbox__text").textContent()) ?? ""
  const token = /\/catalogs\/accept\/([A-Za-z0-9_-]+)/.exec(text)?.[1]
  expect(token, `a catalog invitation link mailed to ${to}`).toBeDefined()
  return token!
}

test("a catalog shared with the vendor organisation is accepted from the mailed link after signing in", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const to = `catalogs-${locale}-${Date.now()}@vendor.tawreed.test`
  await signInAnyPassword(page, locale, "admin@buyer.tawreed.test")
  const catalogs = await (await page.request.get("/api/catalogs?page=0&limit=25")).json()
  const catalog = catalogs.catalogs.find((c: { kind: string }) => c.kind === "OWN")
  const sent = await page.request.post("/api/catalogs/invitations", {
    data: { catalogId: catalog.id, orgCode: "SAHARA", email: to },
    headers: { language: locale }
  })
  expect(sent.status()).toBe(200)
  const token = await mailedToken(page, locale, to)

  // Signed out, the link leads to sign-in and back to itself.
  await page.context().clearCookies()
  await page.goto(`/${locale}/catalogs/accept/${token}`)
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/)
  await page.locator("#email").fill("vendor@vendor.tawreed.test")
  await page.locator("#password").fill(demoPassword)
  await page.locator("button[type=submit]").click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/catalogs/accept/${token}$`))
  await expect(page.getByRole("button", { name: s.accept })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.accept }).click()
  await expect(page.locator(".accept").getByRole("status")).toContainText(s.accepted)
  await expect(page.getByText(s.pendingEmpty)).toBeVisible()

  // The catalogs page now lists the catalog, read only, and opens it.
  await page.goto(`/${locale}/catalogs`)
  const card = page.locator(".catalog-card", { hasText: locale === "ar" ? catalog.name.ar : catalog.name.en })
  await expect(card.locator(".badge")).toHaveText(s.member)
  await card.locator(".catalog-card__name").click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/catalogs/${catalog.id}$`))
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    locale === "ar" ? catalog.name.ar : catalog.name.en
  )
  await expect(page.locator(".product-rows > li").first()).toBeVisible()

  // The product search offers it in its catalog filter, and finds its products there.
  await page.goto(`/${locale}/products`)
  await expect(page.locator(`#catalogId option[value="${catalog.id}"]`)).toHaveCount(1)
  await page.goto(`/${locale}/products?catalogId=${catalog.id}`)
  await expect(page.locator(".product-rows > li").first()).toBeVisible()
})
