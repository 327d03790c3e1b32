import { expect } from "@playwright/test"
import { demoOrganisations } from "@tawreed/adapters/storage/DemoData"
import { seriousViolations, test, type Locale } from "./support/journeys.ts"

/** What the guest page says, as a guest reads it in each language. */
const screens = {
  en: {
    catalogs: "Catalogs",
    office: "Office supplies",
    view: "View",
    inStock: "In stock",
    rows: "Rows per page",
    next: "Next",
    pageTwo: "Page 2 of",
    login: "Login",
    request: "Request a quote",
    signIn: "Sign in to continue",
    close: "Close"
  },
  ar: {
    catalogs: "الكتالوجات",
    office: "اللوازم المكتبية",
    view: "عرض",
    inStock: "متوفر",
    rows: "عدد الصفوف في الصفحة",
    next: "التالي",
    pageTwo: "الصفحة 2 من",
    login: "تسجيل الدخول",
    request: "اطلب عرض سعر",
    signIn: "سجّل الدخول للمتابعة",
    close: "إغلاق"
  }
} as const

test("a guest browses the public catalogue signed out: root category, sub-category, products, pages and back", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  await page.goto(`/${locale}/guest`)
  await expect(page.getByRole("link", { name: s.login })).toBeVisible()
  await expect(page.getByRole("navigation").getByRole("link", { name: s.catalogs })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // A root category, shown as a circle with its picture.
  await page.getByRole("link", { name: s.office }).click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.office)
  await expect(page.locator(".guest-card").first()).toBeVisible()
  expect(await page.locator(".guest-card").count()).toBe(10)
  await expect(page.getByText(s.inStock).first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The next page, then twenty rows a page.
  await page.getByRole("link", { name: s.next }).click()
  await expect(page.getByText(s.pageTwo)).toBeVisible()
  await page.getByRole("link", { name: "20", exact: true }).click()
  expect(await page.locator(".guest-card").count()).toBe(20)

  // A sub-category chip narrows the grid and joins the breadcrumb.
  const chip = page.locator(".guest-chips .chip").first()
  const sub = (await chip.textContent())!.trim()
  await chip.click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sub)
  const crumbs = page.locator(".guest-crumbs li")
  await expect(crumbs).toHaveCount(3)
  await expect(page.locator(".guest-card").first()).toBeVisible()

  // Clicking a crumb truncates the breadcrumb; BACK returns to the root categories.
  await crumbs.nth(1).getByRole("link").click()
  await expect(crumbs).toHaveCount(2)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.office)
  await page.locator(".guest-back").click()
  await expect(crumbs).toHaveCount(1)
  await expect(page.getByText(s.view).first()).toBeAttached()

  // Asking for a quote signed out opens the marketplace sign-in dialog, which comes back here after signing in.
  await page.getByRole("link", { name: s.office }).click()
  await page.getByRole("link", { name: s.request }).first().click()
  const dialog = page.getByRole("dialog", { name: s.signIn })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole("link", { name: s.login })).toHaveAttribute("href", /returnUrl=%2F(en|ar)%2Fguest/)
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole("link", { name: s.close }).click()
  await expect(dialog).toHaveCount(0)

  // /guest opens in the visitor's language.
  await page.goto("/guest")
  await expect(page).toHaveURL(/\/(en|ar)\/guest$/)
})

test("a guest sees a product's own picture, loaded from the public picture route", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const pictureRoute = "/api/marketplaceV2/guest/pictures/"
  // The page of the demo marketplace that shows a product with a picture file of its own.
  const catalogs = await page.request.get(`/api/marketplaceV2/guest/catalogs/${demoOrganisations.buyer.code}`)
  const market = (await catalogs.json()).catalogs.find((c: any) => c.name.en === "Al Noor marketplace")
  const tree = await page.request.post("/api/marketplaceV2/guest/category-tree", { data: { catalogId: market.id } })
  let address: string | undefined
  for (const root of (await tree.json()).categories as ReadonlyArray<{ id: string }>) {
    for (let at = 0; at < 20 && address === undefined; at++) {
      const answer = await page.request.post("/api/marketplaceV2/guest/products", {
        data: { catalogId: market.id, selectedTree: [root.id], page: at, limit: 30 }
      })
      const products = (await answer.json()).products as ReadonlyArray<{ mediaList: ReadonlyArray<{ src: string }> }>
      if (products.length === 0) break
      if (products.some((p) => p.mediaList[0]?.src.startsWith(pictureRoute))) {
        address = `/${locale}/guest?catalog=${market.id}&tree=${root.id}&size=30&page=${at + 1}`
      }
    }
    if (address !== undefined) break
  }
  expect(address).toBeDefined()
  await page.goto(address!)
  const picture = page.locator(`.guest-card img[src^="${pictureRoute}"]`).first()
  await picture.scrollIntoViewIfNeeded()
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0)
  expect(await seriousViolations(page)).toEqual([])
})
