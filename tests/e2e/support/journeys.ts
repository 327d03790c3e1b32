import AxeBuilder from "@axe-core/playwright"
import { test as base, expect, type Locator, type Page } from "@playwright/test"

/** The languages the journeys run in, one project each. */
export type Locale = "en" | "ar"

/** The demo accounts' password. */
export const demoPassword = "Tawreed@2026"

/**
 * Playwright's test, failing any journey in which the browser refused something under the page's
 * Content-Security-Policy (an inline script or style without its hash, a foreign source): such a refusal breaks a
 * page silently, so it must break the journey.
 */
export const test = base.extend<{ contentSecurityPolicy: void }>({
  contentSecurityPolicy: [
    async ({ context }, use) => {
      const refused: Array<string> = []
      context.on("console", (message) => {
        if (/Content[ -]Security[ -]Policy/i.test(message.text())) refused.push(message.text())
      })
      context.on("weberror", (error) => {
        if (/Content[ -]Security[ -]Policy/i.test(error.error().message)) refused.push(error.error().message)
      })
      await use()
      expect(refused, "refusals under the Content-Security-Policy").toEqual([])
    },
    { auto: true }
  ]
})

/** axe-core's serious and critical findings on the page as it stands, each with where it was found. */
export const seriousViolations = async (page: Page): Promise<ReadonlyArray<string>> => {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

/**
 * Signs a demo account in from a clean session, with the demo password or with the one the forgot-password
 * journey (account.spec.ts) gives the approver when it ran first against the same server.
 */
export const signInAnyPassword = async (page: Page, locale: Locale, email: string): Promise<void> => {
  await page.context().clearCookies()
  for (const secret of [demoPassword, "Renewed@2026"]) {
    await page.goto(`/${locale}/auth/login`)
    await page.locator("#email").fill(email)
    await page.locator("#password").fill(secret)
    await page.locator("button[type=submit]").click()
    await page.waitForLoadState()
    if (new URL(page.url()).pathname === `/${locale}/actionboard`) return
  }
  await expect(page).toHaveURL(new RegExp(`/${locale}/actionboard`))
}

/** Chooses the option of a user select that names this email. */
export const pickUser = async (select: Locator, email: string): Promise<void> => {
  const value = await select.locator("option", { hasText: email }).getAttribute("value")
  await select.selectOption(value ?? "")
}

/** Waits until every island on the page has hydrated (Astro drops an island's `ssr` attribute once it has). */
export const islandsReady = (page: Page) => expect(page.locator("astro-island[ssr]")).toHaveCount(0)
