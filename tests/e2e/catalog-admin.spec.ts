import { expect } from "@playwright/test"
import { seriousViolations, signInAnyPassword, test, type Locale } from "./support/journeys.ts"

const admin = "admin@buyer.tawreed.test"

/** A 2×2 PNG: a picture the files module takes as an image by its bytes. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64"
)

const screens = {
  en: {
    catalogs: "Catalogs",
    catalogsAdmin: "Catalogs admin",
    createCatalog: "Create catalog",
    saveCatalog: "Save catalog",
    catalogCreated: "Catalog created",
    addCategory: "Add category",
    categoryAdded: "Category added",
    productsAdmin: "Products admin",
    createProduct: "Create product",
    saveProduct: "Save product",
    productCreated: "Product created",
    view: "View product",
    copy: "Copy",
    copied: "Copy created",
    saved: "Product saved",
    threeProducts: "3 products",
    search: "Search"
  },
  ar: {
    catalogs: "الكتالوجات",
    catalogsAdmin: "إدارة الكتالوجات",
    createCatalog: "إنشاء كتالوج",
    saveCatalog: "حفظ الكتالوج",
    catalogCreated: "تم إنشاء الكتالوج",
    addCategory: "إضافة فئة",
    categoryAdded: "تمت إضافة الفئة",
    productsAdmin: "إدارة المنتجات",
    createProduct: "إنشاء منتج",
    saveProduct: "حفظ المنتج",
    productCreated: "تم إنشاء المنتج",
    view: "عرض المنتج",
    copy: "نسخ",
    copied: "تم إنشاء نسخة",
    saved: "تم حفظ المنتج",
    threeProducts: "3 منتجات",
    search: "بحث"
  }
} as const

test("an admin creates a catalog with a category and two products, one named in Arabic only and pictured, and opens it", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const tag = `${locale}${testInfo.retry}${Date.now().toString(36).slice(-4)}`
  const catalog = { en: `Site supplies ${tag}`, ar: `مستلزمات المواقع ${tag}` }
  const category = { en: `Safety boots ${tag}`, ar: `أحذية السلامة ${tag}` }
  const named = (text: { en: string; ar: string }) => text[locale]

  await signInAnyPassword(page, locale, admin)
  // The sidebar's Catalogs opens the catalogs a buyer browses; its pages name the catalogs admin.
  await page.getByRole("navigation").getByRole("link", { name: s.catalogs }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/catalogs$`))
  await page.getByRole("navigation").getByRole("link", { name: s.catalogsAdmin, exact: true }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/catalogs-admin$`))
  await expect(page.locator("tr[data-catalog]").first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The catalog, named in both languages.
  await page.getByRole("link", { name: s.createCatalog }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/catalogs-admin/create/info$`))
  await page.locator("#nameEn").fill(catalog.en)
  await page.locator("#nameAr").fill(catalog.ar)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.saveCatalog }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/catalogs-admin/catalogs/[0-9a-f-]{36}$`))
  await expect(page.getByRole("status")).toContainText(s.catalogCreated)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(named(catalog))
  const catalogPage = page.url()

  // Its first category, at the top of its tree.
  await page.locator("#category-en").fill(category.en)
  await page.locator("#category-ar").fill(category.ar)
  await page.locator("form[data-add-category]").getByRole("button", { name: s.addCategory }).click()
  await expect(page.getByRole("status")).toContainText(s.categoryAdded)
  await expect(page.locator("[data-category-tree] li[data-category]", { hasText: named(category) })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // A product named in English, in the category.
  await page.goto(`/${locale}/products-admin`)
  await page.getByRole("link", { name: s.createProduct }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/products-admin/create/info$`))
  await page.locator("#nameEn").fill(`Steel toe boot ${tag}`)
  await page.locator("#brand").fill("Bata")
  await page.locator("#basePrice").fill("180")
  await page.locator("#minQtyRFQ").fill("10")
  await page.locator("#specName-0").fill("Size")
  await page.locator("#specValue-0").fill("43")
  await page.locator("#specUom-0").fill("EU")
  await page
    .locator("[data-placement] label", { hasText: named(category) })
    .locator("input")
    .check()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole("button", { name: s.saveProduct }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/products-admin/[0-9a-f-]{36}$`))
  await expect(page.getByRole("status")).toContainText(s.productCreated)

  // A product named in Arabic only, with its picture uploaded for it.
  const arabicName = `حذاء سلامة مقاوم للماء ${tag}`
  await page.goto(`/${locale}/products-admin/create/info`)
  await page.locator("#nameAr").fill(arabicName)
  await page.locator("#basePrice").fill("240")
  await page
    .locator("[data-placement] label", { hasText: named(category) })
    .locator("input")
    .check()
  const pictures = page.locator("[data-product-files=media]")
  await pictures.locator(".attachments__picker").setInputFiles({ name: "boot.png", mimeType: "image/png", buffer: png })
  await expect(pictures.locator(".attachment-chip", { hasText: "boot.png" })).toBeVisible()
  await page.getByRole("button", { name: s.saveProduct }).click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/products-admin/[0-9a-f-]{36}$`))
  await expect(page.getByRole("status")).toContainText(s.productCreated)
  await expect(page.getByRole("heading", { level: 1 })).toContainText(arabicName)
  await expect(page.locator("[data-product-files=media] .attachment-chip", { hasText: "boot.png" })).toBeVisible()
  const original = page.url()

  // A copy keeps the picture, which the original goes on serving, and saves as it is.
  await page.getByRole("button", { name: s.copy, exact: true }).click()
  await expect(page.getByRole("status")).toContainText(s.copied)
  expect(page.url()).not.toBe(original)
  await page.locator("#nameAr").fill(`${arabicName} نسخة`)
  await page.getByRole("button", { name: s.saveProduct }).click()
  await expect(page.getByRole("status")).toContainText(s.saved)
  await page.getByRole("link", { name: s.view }).click()
  const copied = page.locator(".product__pictures img").first()
  await expect.poll(() => copied.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(2)
  await page.goto(original)

  // Its page, the picture served by the product.
  await page.getByRole("link", { name: s.view }).click()
  await expect(page).toHaveURL(
    new RegExp(`/${locale}/catalogs-admin/catalogs/all-products/search/products/[0-9a-f-]{36}$`)
  )
  const picture = page.locator(".product__pictures img").first()
  await expect(picture).toBeVisible()
  await expect(picture).toHaveAttribute("src", /^\/api\/media_upload\/[0-9a-f-]{36}$/)
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(2)
  expect(await seriousViolations(page)).toEqual([])

  // The catalog holds both, and the products list finds the Arabic one.
  await page.goto(catalogPage)
  await expect(page.locator("#catalog-products ~ p").first()).toHaveText(s.threeProducts)
  // Opened from its catalog, a product sits under its category there.
  await page.locator("tr[data-product]", { hasText: arabicName }).first().getByRole("link").click()
  await expect(page).toHaveURL(new RegExp(`/${locale}/catalogs/[0-9a-f-]{36}/[0-9a-f-]{36}/products/[0-9a-f-]{36}$`))
  await expect(page.getByRole("heading", { level: 1 })).toContainText(arabicName)
  expect(await seriousViolations(page)).toEqual([])
  await page.goto(`/${locale}/products-admin`)
  await page.locator("#search").fill(arabicName)
  await page.getByRole("button", { name: s.search, exact: true }).click()
  await expect(page.locator("tr[data-product]", { hasText: arabicName }).first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
