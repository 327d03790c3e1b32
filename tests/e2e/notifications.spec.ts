import { expect, test, type APIRequestContext } from "@playwright/test"
import { islandsReady } from "./support/journeys.ts"

/** What the buyer sees, in each language: the journey asserts the words on the screen. */
const screens = {
  en: {
    dir: "ltr",
    other: { locale: "ar", dir: "rtl" },
    login: "LOGIN",
    email: "Email",
    password: "Password",
    wrongCredentials: "Please check the username and password and try again.",
    emailRequired: "Email is required",
    bell: /^Notifications/,
    panelTitle: "Notifications",
    close: "Close",
    markAllRead: "Mark all as read",
    pageSize: "Items per page",
    page2: "Page 2",
    // The approval engine's words; the request's title inside them is user data, isolated.
    firstTitle: /^Request \u2068?Laptops for the finance team\u2069? was approved$/,
    firstLabel: "Request #REQ-000010",
    budgetLabel: "Budget #BDG-000001",
    actionBoard: "Action board"
  },
  ar: {
    dir: "rtl",
    other: { locale: "en", dir: "ltr" },
    login: "تسجيل الدخول",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    wrongCredentials: "يرجى التحقق من اسم المستخدم وكلمة المرور والمحاولة مرة أخرى.",
    emailRequired: "البريد الإلكتروني مطلوب",
    bell: /^الإشعارات/,
    panelTitle: "الإشعارات",
    close: "إغلاق",
    markAllRead: "تعليم الكل كمقروء",
    pageSize: "عدد العناصر في الصفحة",
    page2: "الصفحة 2",
    firstTitle: /^تم اعتماد طلب الشراء \u2068?Laptops for the finance team\u2069?$/,
    firstLabel: "طلب #REQ-000010",
    budgetLabel: "ميزانية #BDG-000001",
    actionBoard: "لوحة المهام"
  }
} as const

type Locale = keyof typeof screens

const buyer = { email: "buyer@buyer.tawreed.test", password: "Tawreed@2026" }

/** Marks a notification read from elsewhere (as the CLI would, with a bearer token), by its document id. */
const markReadElsewhere = async (request: APIRequestContext, documentId: string) => {
  const login = await request.post("/api/auth/login", { data: { ...buyer, platform: "mobile" } })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const headers = { authorization: `Bearer ${accessToken}` }
  const page = await request.get("/api/notification?page=0&limit=25", { headers })
  const { notifications } = (await page.json()) as { notifications: Array<{ id: number; documentId: string }> }
  const target = notifications.find((n) => n.documentId === documentId)
  expect(target, `a notification about document ${documentId}`).toBeDefined()
  const read = await request.put(`/api/notification/read/${target?.id}`, { headers })
  expect(read.status()).toBe(204)
}

/** Waits until the bell's island runs in the browser, so that clicks reach React. */

test("the buyer reads notifications and switches language", async ({ page, request }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const html = page.locator("html")
  const badge = page.getByTestId("unread-badge")
  const panel = page.getByRole("dialog", { name: s.panelTitle })

  // Signed out, a page of the shell leads to the sign-in page, in the page's language and direction.
  await page.goto(`/${locale}/actionboard`)
  await expect(page).toHaveURL(new RegExp(`/${locale}/auth/login\\?returnUrl=`))
  await expect(html).toHaveAttribute("lang", locale)
  await expect(html).toHaveAttribute("dir", s.dir)

  await page.getByRole("button", { name: s.login }).click()
  await expect(page.getByText(s.emailRequired)).toBeVisible()

  await page.getByLabel(s.email).fill(buyer.email)
  await page.getByLabel(s.password).fill("not-the-password")
  await page.getByRole("button", { name: s.login }).click()
  await expect(page.getByRole("alert")).toHaveText(s.wrongCredentials)

  await page.getByLabel(s.password).fill(buyer.password)
  await page.getByRole("button", { name: s.login }).click()
  await expect(page).toHaveURL(`/${locale}/actionboard`)
  await expect(page.getByRole("heading", { level: 1, name: s.actionBoard })).toBeVisible()
  await expect(badge).toHaveText("7")
  await islandsReady(page)

  // The panel opens with focus inside, titled with the unread count, on a first page of ten.
  await page.getByRole("button", { name: s.bell }).click()
  await expect(panel).toBeVisible()
  await expect(panel.getByRole("heading", { name: s.panelTitle })).toContainText("7")
  await expect(panel.getByRole("heading", { name: s.panelTitle })).toBeFocused()
  const items = panel.getByRole("listitem")
  await expect(items).toHaveCount(10)
  await expect(panel.getByRole("button", { name: s.markAllRead })).toBeVisible()
  await expect(panel.getByText(s.budgetLabel)).toBeVisible()

  // The paginator: a second page holds the last two; a larger page size shows all twelve.
  await panel.getByRole("button", { name: s.page2 }).click()
  await expect(items).toHaveCount(2)
  await panel.getByLabel(s.pageSize).selectOption("25")
  await expect(items).toHaveCount(12)

  // Escape closes the panel and gives focus back to the bell.
  await page.keyboard.press("Escape")
  await expect(panel).toBeHidden()
  await expect(page.getByRole("button", { name: s.bell })).toBeFocused()

  // Opening an unread notification marks it read, closes the panel and goes to its document.
  await page.getByRole("button", { name: s.bell }).click()
  const first = panel.getByRole("link").filter({ has: page.locator("bdi", { hasText: s.firstTitle }) })
  await expect(first).toHaveAttribute("data-status", "UNREAD")
  await expect(first).toContainText(s.firstLabel)
  await first.click()
  // The request's own page, at its id (the label shows its number).
  await expect(page).toHaveURL(new RegExp(`/${locale}/requests/[0-9a-f-]{36}$`))
  const requestPath = new URL(page.url()).pathname.slice(`/${locale}`.length)
  await expect(badge).toHaveText("6")
  await islandsReady(page)

  // The count is live: a notification read elsewhere drops it without a reload.
  await markReadElsewhere(request, "BDG-000001")
  await expect(badge).toHaveText("5")

  await page.getByRole("button", { name: s.bell }).click()
  await expect(first).toHaveAttribute("data-status", "READ")
  await expect(panel.getByRole("heading", { name: s.panelTitle })).toContainText("5")

  // Mark all as read: no unread count is left anywhere.
  await panel.getByRole("button", { name: s.markAllRead }).click()
  await expect(badge).toBeHidden()
  await expect(panel.locator('[data-status="UNREAD"]')).toHaveCount(0)
  await expect(panel.getByRole("heading", { name: s.panelTitle })).toHaveText(s.panelTitle)
  await panel.getByRole("button", { name: s.close }).click()
  await expect(panel).toBeHidden()

  // The language switch keeps the page and turns its direction.
  await page.getByRole("link", { name: /العربية|English|Arabic|الإنجليزية/ }).click()
  await expect(page).toHaveURL(`/${s.other.locale}${requestPath}`)
  await expect(html).toHaveAttribute("lang", s.other.locale)
  await expect(html).toHaveAttribute("dir", s.other.dir)
  await expect(badge).toBeHidden()
})
