import { expect, test } from "@playwright/test"
import { seriousViolations, signInAnyPassword, type Locale } from "./support/journeys.ts"

const buyer = "buyer@buyer.tawreed.test"

const screens = {
  en: {
    search: "Search products",
    apply: "Apply filters",
    addRfq: "Add to RFQ cart",
    inRfq: "In RFQ cart",
    rfqCart: /^RFQ cart/,
    panelTitle: "Added Product/services to cart",
    specifications: "Specifications",
    details: "Product Details",
    goToDetails: "GO TO PRODUCT DETAILS",
    close: "Close",
    createRfq: "Create RFQ",
    decrease: /^Decrease the quantity of/,
    increase: /^Increase the quantity of/,
    quantity: /^Quantity of/,
    notes: /sticky notes/
  },
  ar: {
    search: "البحث في المنتجات",
    apply: "تطبيق عوامل التصفية",
    addRfq: "إضافة إلى سلة طلب عروض الأسعار",
    inRfq: "في سلة طلب عروض الأسعار",
    rfqCart: /^سلة طلب عروض الأسعار/,
    panelTitle: "المنتجات والخدمات المضافة إلى السلة",
    specifications: "المواصفات",
    details: "تفاصيل المنتج",
    goToDetails: "الانتقال إلى تفاصيل المنتج",
    close: "إغلاق",
    createRfq: "إنشاء طلب عرض أسعار",
    decrease: /^إنقاص كمية/,
    increase: /^زيادة كمية/,
    quantity: /^كمية/,
    notes: /أوراق لاصقة/
  }
} as const

test("a buyer finds sticky notes by typing an Arabic plural with a bare alef, opens the overview, puts one in the RFQ cart, sees its quantity snap back to the minimum and turns the cart into a request", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  await signInAnyPassword(page, locale, buyer)

  // "الاوراق اللاصقه": the broken plural أوراق (of ورقة) with a bare alef, the article and a haa for the taa marbuta,
  // where the names write "أوراق لاصقة": none of it may matter.
  await page.goto(`/${locale}/products`)
  await page.getByRole("searchbox", { name: s.search }).fill("الاوراق اللاصقه")
  await page.getByRole("button", { name: s.apply }).click()
  await expect(page).toHaveURL(/searchString=/)
  const row = page.locator("li.product-row").filter({ hasText: s.notes }).first()
  await expect(row).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The overview overlay: its tabs, and the way to the product's own page.
  await row.locator(".product-row__open").click()
  const overview = row.locator(".overview")
  await expect(overview).toBeVisible()
  await overview.getByRole("tab", { name: s.details }).click()
  await expect(overview.getByRole("tabpanel")).toContainText(/PRD-|SKU|رمز/)
  await overview.getByRole("tab", { name: s.specifications }).click()
  await expect(overview.getByRole("link", { name: s.goToDetails })).toHaveAttribute(
    "href",
    /\/catalogs\/[0-9a-f-]+\/[0-9a-f-]+\/products\/[0-9a-f-]+$/
  )
  expect(await seriousViolations(page)).toEqual([])
  await overview.getByRole("button", { name: s.close }).click()
  await expect(overview).toBeHidden()

  // Into the RFQ cart at its minimum (5 for paper), without leaving the page; the header counts it.
  const rfqForm = row.locator('form[data-cart-add="rfq"]')
  await expect(rfqForm.getByRole("textbox", { name: s.quantity })).toHaveValue("5")
  await expect(rfqForm.getByRole("button", { name: s.decrease })).toBeDisabled()
  await rfqForm.getByRole("button", { name: s.addRfq }).click()
  await expect(rfqForm.getByRole("button", { name: s.inRfq })).toBeVisible()
  const cartButton = page.locator('[data-cart-button="rfq"]')
  await expect(cartButton.locator(".cart-button__badge")).toHaveText("1")

  // The cart panel: below the minimum the line snaps back to it.
  await cartButton.click()
  const panel = page.getByRole("dialog", { name: new RegExp(s.panelTitle) })
  await expect(panel).toBeVisible()
  const quantity = panel.getByRole("textbox", { name: s.quantity })
  await expect(quantity).toHaveValue("5")
  await expect(panel.getByRole("button", { name: s.decrease })).toBeDisabled()
  await panel.getByRole("button", { name: s.increase }).click()
  await expect(quantity).toHaveValue("6")
  await quantity.fill("2")
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes("/api/carts/rfq/items/") &&
      r.request().method() === "PUT" &&
      r.request().postData() === '{"quantity":"5"}'
  )
  await quantity.blur()
  await expect(quantity).toHaveValue("5")
  expect((await saved).ok()).toBe(true)
  expect(await seriousViolations(page)).toEqual([])

  // Create RFQ: the product request's items step, the cart's line in it.
  await panel.getByRole("link", { name: s.createRfq }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/requests/create/product-request\\?rfqCart=true`))
  await expect(page.locator("#item-0-nameAr")).toHaveValue(/أوراق لاصقة/)
  await expect(page.locator("#item-0-quantity")).toHaveValue(/^5(\.0+)?$/)
  // The line comes with the product's unit (its Unit specification: sticky notes come in packs).
  await expect(page.locator("#item-0-unit")).toHaveValue("pack")
  await page.locator("#title").fill(`Sticky notes from the cart ${locale}`)
  expect(await seriousViolations(page)).toEqual([])
  await page.locator("#title").press("Enter")
  await expect(page).toHaveURL(/\/requests\/create\/product-request\/request-info\?id=[0-9a-f-]+$/)
  // The request keeps the line with its unit.
  const id = new URL(page.url()).searchParams.get("id")
  const stored = await page.request.get(`/api/request/${id}`)
  expect((await stored.json()).items.map((item: { unit: string }) => item.unit)).toEqual(["pack"])
})

const quick = {
  en: {
    label: "Quick search",
    open: "Open Quick Search View",
    dialog: "Quick Search View",
    tooShort: "Please enter at least 3 characters",
    view: "View Product",
    notes: /sticky notes/
  },
  ar: {
    label: "بحث سريع",
    open: "فتح عرض البحث السريع",
    dialog: "عرض البحث السريع",
    tooShort: "يرجى إدخال 3 أحرف على الأقل",
    view: "عرض المنتج",
    notes: /أوراق لاصقة/
  }
} as const

test("the header's quick search suggests products from the third character, and on a phone the Quick Search View lists them", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const q = quick[locale]
  await signInAnyPassword(page, locale, buyer)
  const field = page.getByRole("combobox", { name: q.label })
  await field.click()
  await field.pressSequentially("اوراق لاصقه")
  const suggestions = page.locator("#quick-search-list")
  await expect(suggestions.getByRole("option").first()).toContainText(q.notes)
  expect(await seriousViolations(page)).toEqual([])
  await field.press("Enter")
  await expect(page).toHaveURL(new RegExp(`/${locale}/products\\?searchString=`))
  await expect(page.locator("li.product-row").first()).toContainText(q.notes)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole("button", { name: q.open }).click()
  const dialog = page.getByRole("dialog", { name: q.dialog })
  await expect(dialog).toBeVisible()
  const input = dialog.getByRole("searchbox")
  await input.fill("اظ")
  await expect(dialog.getByRole("status")).toHaveText(q.tooShort)
  await input.fill("اظرف")
  await expect(dialog.getByRole("link", { name: q.view }).first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test("a vendor browsing the buyer's public marketplace catalog on the products list sees its pictures, each served through its product", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  await signInAnyPassword(page, locale, "vendor@vendor.tawreed.test")
  const publicCatalogs = (await (await page.request.get("/api/catalogs/public-catalogs?limit=9999")).json()) as {
    catalogs: ReadonlyArray<{ id: string; name: { en: string } }>
  }
  const market = publicCatalogs.catalogs.find((c) => c.name.en === "Al Noor marketplace")
  expect(market).toBeDefined()
  await page.goto(`/${locale}/products?catalogId=${market!.id}&items=50`)
  // The buyer keeps the files: the vendor's page names them by the product's file route, never the download route
  // (the demo draws the other products' pictures as data addresses).
  const picture = page.locator("li.product-row img[src^='/api/']").first()
  await expect(picture).toHaveAttribute("src", /^\/api\/products\/[0-9a-f-]{36}\/files\/[0-9a-f-]{36}$/)
  await picture.scrollIntoViewIfNeeded()
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
    .toBeGreaterThan(0)
})
