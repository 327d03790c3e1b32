import { expect } from "@playwright/test"
import { seriousViolations, test } from "./support/journeys.ts"
import webPackage from "../../web/package.json" with { type: "json" }

type Locale = "en" | "ar"

const screens = {
  en: {
    show: "Show",
    hide: "Hide",
    support: "Need help? Write to",
    version: `Version \u2068${webPackage.version}\u2069`
  },
  ar: {
    show: "إظهار",
    hide: "إخفاء",
    support: "تحتاج إلى مساعدة؟ راسلنا على",
    version: `الإصدار \u2068${webPackage.version}\u2069`
  }
} as const

test("the sign-in page toggles the password, names support and the version, and shows the promo on wide screens", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const errors: Array<string> = []
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/${locale}/auth/login`)
  const passwordField = page.locator("#password")
  await passwordField.fill("Secret12")
  const toggle = page.getByRole("button", { name: s.show })
  await toggle.click()
  await expect(passwordField).toHaveAttribute("type", "text")
  await expect(page.getByRole("button", { name: s.hide })).toHaveAttribute("aria-pressed", "true")
  await page.getByRole("button", { name: s.hide }).click()
  await expect(passwordField).toHaveAttribute("type", "password")

  await expect(page.locator(".auth__support")).toContainText(s.support)
  await expect(page.locator(".auth__support a")).toHaveAttribute("href", /^mailto:support@/)
  await expect(page.locator(".auth__footer")).toContainText(s.version)
  await expect(page.locator(".auth__footer")).toContainText(String(new Date().getFullYear()))

  const promo = page.locator(".promo")
  await expect(promo).toBeVisible()
  const dots = promo.locator(".promo__dot")
  await expect(dots).toHaveCount(2)
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true")
  await dots.nth(1).click()
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true")
  await expect(dots.nth(0)).not.toHaveAttribute("aria-current", "true")
  // It advances by itself every 4 seconds once the pointer leaves it.
  await page.mouse.move(0, 0)
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true", { timeout: 9_000 })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: `artifacts/screenshots/${locale}-login-promo-1280.png` })

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(promo).toBeHidden()
  expect(errors).toEqual([])
})

test("the theme served at the sign-in host brings its register link, logo position and colours", async ({
  page,
  request,
  baseURL
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const login = await request.post("/api/auth/login", {
    data: { email: "admin@buyer.tawreed.test", password: "Tawreed@2026", platform: "mobile" }
  })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const headers = { authorization: `Bearer ${accessToken}` }
  const current = (await (await request.get("/api/themes/ALNOOR", { headers })).json()) as {
    theme: { login: Record<string, unknown>; loginColors: Array<{ variable: string; value: string }> }
  }
  const theme = {
    ...current.theme,
    url: new URL(baseURL ?? "").host,
    appTitle: "Alnoor Market",
    loginColors: current.theme.loginColors.map((c) => ({ ...c, value: "#fafafa" })),
    login: { ...current.theme.login, registerUrl: "https://alnoor.example/register", logoPosition: "bottom" }
  }
  expect((await request.post("/api/themes", { headers, data: { theme } })).status()).toBe(200)
  try {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/${locale}/auth/login`)
    const register = page.locator(".auth__card a[target=_blank]")
    await expect(register).toHaveAttribute("href", "https://alnoor.example/register")
    await expect(register).toHaveAttribute("rel", "noopener")
    // The logo sits below the form, after the sign-in button.
    const order = await page.evaluate(() => {
      const card = document.querySelector(".auth__card")!
      const children = [...card.children]
      return (
        children.indexOf(card.querySelector(".logo")!) > children.indexOf(card.querySelector("button[type=submit]")!)
      )
    })
    expect(order).toBe(true)
    await expect(page.locator(".auth__card .logo")).toHaveText("Alnoor Market")
    // A marketplace's promo invites suppliers, buyers and guests.
    await expect(page.locator(".promo__dot")).toHaveCount(3)
    const background = await page.evaluate(() =>
      getComputedStyle(document.querySelector(".auth")!).getPropertyValue("--login-background").trim()
    )
    expect(background).toBe("#fafafa")
    expect(await seriousViolations(page)).toEqual([])
  } finally {
    await request.delete("/api/themes", { headers })
  }
})
