import { expect, test } from "@playwright/test"
import { seriousViolations, signInAnyPassword, type Locale } from "./support/journeys.ts"

const buyer = "buyer@buyer.tawreed.test"

/** Two public products of the demo marketplace, next to each other in the catalog and sold by different vendors. */
const skus = ["PRD-000001", "PRD-000002"] as const

const screens = {
  en: {
    addPublic: "Add to public order cart",
    inPublic: "In public order cart",
    panelTitle: "Added Product/services to cart",
    drafts: "Draft orders",
    draftOf: /^Order from /,
    increase: /^Increase the quantity of/,
    decrease: /^Decrease the quantity of/,
    quantity: /^Quantity of/,
    remove: /^Remove /
  },
  ar: {
    addPublic: "إضافة إلى سلة الطلب العامة",
    inPublic: "في سلة الطلب العامة",
    panelTitle: "المنتجات والخدمات المضافة إلى السلة",
    drafts: "مسودات أوامر الشراء",
    draftOf: /^أمر من /,
    increase: /^زيادة كمية/,
    decrease: /^إنقاص كمية/,
    quantity: /^كمية/,
    remove: /^حذف /
  }
} as const

test("a buyer puts public products of two suppliers in the public order cart: one draft order each, the first selected, a quantity changed but never below the minimum, and one taken out", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  await signInAnyPassword(page, locale, buyer)

  // Each product found by its SKU and put in the public order cart from its row, without leaving the page.
  for (const sku of skus) {
    await page.goto(`/${locale}/products?searchString=${sku}`)
    const row = page.locator(`li.product-row[data-sku="${sku}"]`)
    const form = row.locator('form[data-cart-add="public"]')
    await expect(form.getByRole("button", { name: s.addPublic })).toBeVisible()
    await form.getByRole("button", { name: s.addPublic }).click()
    await expect(form.getByRole("button", { name: s.inPublic })).toBeVisible()
  }
  expect(await seriousViolations(page)).toEqual([])
  const cartButton = page.locator('[data-cart-button="public"]')
  await expect(cartButton.locator(".cart-button__badge")).toHaveText("2")

  // The panel: the two lines, and a draft order per supplier, the first selected.
  await cartButton.click()
  const panel = page.getByRole("dialog", { name: new RegExp(s.panelTitle) })
  await expect(panel).toBeVisible()
  const lines = panel.locator("li[data-cart-line]")
  await expect(lines).toHaveCount(2)
  const drafts = panel.getByRole("group", { name: s.drafts }).getByRole("radio", { name: s.draftOf })
  await expect(drafts).toHaveCount(2)
  await expect(drafts.first()).toBeChecked()
  await expect(drafts.nth(1)).not.toBeChecked()
  const firstDraft = (await panel.locator(".cart-panel__drafts label").first().textContent()) ?? ""
  expect(await seriousViolations(page)).toEqual([])

  // A quantity raised by one, then typed below the minimum of 1: it snaps back to 1 and is saved so.
  const first = lines.first()
  const quantity = first.getByRole("textbox", { name: s.quantity })
  await expect(quantity).toHaveValue("1")
  await expect(first.getByRole("button", { name: s.decrease })).toBeDisabled()
  const raised = page.waitForResponse(
    (r) => r.url().includes("/api/carts/public/items/") && r.request().postData() === '{"quantity":"2"}'
  )
  await first.getByRole("button", { name: s.increase }).click()
  await expect(quantity).toHaveValue("2")
  expect((await raised).ok()).toBe(true)
  await expect(panel.locator(".cart-panel__drafts label").first()).not.toHaveText(firstDraft)
  await expect(first.getByRole("button", { name: s.decrease })).toBeEnabled()
  await quantity.fill("0")
  const snapped = page.waitForResponse(
    (r) => r.url().includes("/api/carts/public/items/") && r.request().postData() === '{"quantity":"1"}'
  )
  await quantity.blur()
  await expect(quantity).toHaveValue("1")
  expect((await snapped).ok()).toBe(true)
  await expect(first.getByRole("button", { name: s.decrease })).toBeDisabled()
  await expect(panel.locator(".cart-panel__drafts label").first()).toHaveText(firstDraft)

  // The second supplier's only line taken out: its draft order goes with it, the first stays selected.
  await lines.nth(1).getByRole("button", { name: s.remove }).click()
  await expect(lines).toHaveCount(1)
  await expect(drafts).toHaveCount(1)
  await expect(drafts.first()).toBeChecked()
  await expect(cartButton.locator(".cart-button__badge")).toHaveText("1")
  expect(await seriousViolations(page)).toEqual([])
})
