import { expect, test, type Browser, type Page } from "@playwright/test"

type Locale = "en" | "ar"

/** The words of the account screens, in each language. */
const screens = {
  en: {
    login: "LOGIN",
    email: "Email",
    password: "Password",
    mfaHeading: "Enter your security code",
    codeMail: "Your Tawreed security code",
    code: "Security code",
    submit: "Submit",
    invalidCode: "Invalid Security Code",
    forgot: "Forgot password?",
    send: "Send Security code",
    newPassword: "New password",
    confirmPassword: "Confirm password",
    confirm: "Confirm",
    mismatch: "The passwords do not match.",
    done: "Your password has been reset",
    backToLogin: "Back to Login",
    wrong: "Please check the username and password and try again.",
    actionBoard: "Action board"
  },
  ar: {
    login: "تسجيل الدخول",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    mfaHeading: "أدخل رمز الأمان",
    codeMail: "رمز الأمان الخاص بك في توريد",
    code: "رمز الأمان",
    submit: "إرسال",
    invalidCode: "رمز الأمان غير صحيح",
    forgot: "نسيت كلمة المرور؟",
    send: "إرسال رمز الأمان",
    newPassword: "كلمة المرور الجديدة",
    confirmPassword: "تأكيد كلمة المرور",
    confirm: "تأكيد",
    mismatch: "كلمتا المرور غير متطابقتين.",
    done: "تمت إعادة تعيين كلمة المرور الخاصة بك",
    backToLogin: "العودة إلى تسجيل الدخول",
    wrong: "يرجى التحقق من اسم المستخدم وكلمة المرور والمحاولة مرة أخرى.",
    actionBoard: "لوحة المهام"
  }
} as const

const password = "Tawreed@2026"

const signIn = async (page: Page, locale: Locale, email: string, secret = password) => {
  const words = screens[locale]
  await page.goto(`/${locale}/auth/login`)
  await page.getByLabel(words.email).fill(email)
  await page.getByLabel(words.password, { exact: true }).fill(secret)
  await page.getByRole("button", { name: words.login }).click()
}

/**
 * Reads the newest security code mailed to an address, from the outbox page, signed in as the organisation's admin.
 * The mail is told by its subject as well as its address (other journeys running at the same time mail the same
 * organisation, and a document number holds six digits too), and looked for on the outbox's next pages when those
 * journeys' mail has pushed it off the first.
 */
const codeFromOutbox = async (browser: Browser, baseURL: string, locale: Locale, to: string) => {
  const context = await browser.newContext({ baseURL })
  const admin = await context.newPage()
  await signIn(admin, locale, "admin@buyer.tawreed.test")
  await admin.waitForURL(`**/${locale}/actionboard`)
  let text = ""
  for (let page = 0; page < 5 && text === ""; page++) {
    await admin.goto(`/${locale}/settings/outbox?page=${page}`)
    const mails = admin
      .locator(".outbox__mail", { hasText: to })
      .filter({ has: admin.locator(".outbox__subject", { hasText: screens[locale].codeMail }) })
    if ((await mails.count()) > 0) text = (await mails.first().locator(".outbox__text").textContent()) ?? ""
  }
  await context.close()
  const code = /(\d{6})/.exec(text)?.[1]
  expect(code, `a six-digit code mailed to ${to}`).toMatch(/^\d{6}$/)
  return code!
}

test("a user with MFA signs in with the code from the mail", async ({ page, browser, baseURL }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  await signIn(page, locale, "security@buyer.tawreed.test")
  await expect(page.getByRole("heading", { name: words.mfaHeading })).toBeVisible()
  await expect(page.getByText("s******y@buyer.tawreed.test")).toBeVisible()
  const code = await codeFromOutbox(browser, baseURL!, locale, "security@buyer.tawreed.test")
  await page.getByRole("textbox", { name: words.code }).fill(code === "000000" ? "111111" : "000000")
  await page.getByRole("button", { name: words.submit, exact: true }).click()
  await expect(page.getByRole("alert")).toHaveText(words.invalidCode)
  await page.getByRole("textbox", { name: words.code }).fill(code)
  await page.getByRole("button", { name: words.submit, exact: true }).click()
  await page.waitForURL(`**/${locale}/actionboard`)
  await expect(page.getByRole("heading", { name: words.actionBoard, level: 1 })).toBeVisible()
})

test("a user who forgot the password resets it in three steps and signs in", async ({
  page,
  browser,
  baseURL
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  const email = "approver@buyer.tawreed.test"
  await page.goto(`/${locale}/auth/login`)
  await page.getByRole("link", { name: words.forgot }).click()
  await page.getByLabel(words.email).fill(email)
  await page.getByRole("button", { name: words.send }).click()
  await expect(page.getByText("a******r@buyer.tawreed.test")).toBeVisible()
  const code = await codeFromOutbox(browser, baseURL!, locale, email)
  await page.getByRole("textbox", { name: words.code }).fill(code)
  await page.getByRole("button", { name: words.submit, exact: true }).click()
  await page.getByLabel(words.newPassword).fill("Renewed@2026")
  await page.getByLabel(words.confirmPassword).fill("Renewed@2027")
  await page.getByRole("button", { name: words.confirm }).click()
  await expect(page.getByRole("alert")).toContainText(words.mismatch)
  await page.getByLabel(words.newPassword).fill("Renewed@2026")
  await page.getByLabel(words.confirmPassword).fill("Renewed@2026")
  await page.getByRole("button", { name: words.confirm }).click()
  await expect(page.getByRole("heading", { name: words.done })).toBeVisible()
  await page.getByRole("link", { name: words.backToLogin }).click()
  await expect(page.getByRole("status")).toHaveText(words.done)
  await signIn(page, locale, email, "Renewed@2026")
  await page.waitForURL(`**/${locale}/actionboard`)
})

test("five wrong passwords lock the account: even the right one is then refused as wrong", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  // The MFA account, which no later journey signs in with: a locked account stays locked for the rest of the run.
  const email = "security@buyer.tawreed.test"
  for (let i = 0; i < 5; i++) await signIn(page, locale, email, `Wrong@${i}2026`)
  await signIn(page, locale, email)
  await expect(page.getByRole("alert")).toHaveText(words.wrong)
  expect(page.url()).toContain(`/${locale}/auth/login`)
})

test("signing out in one tab sends the other tabs to sign-in", async ({ context }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const first = await context.newPage()
  await signIn(first, locale, "admin@buyer.tawreed.test")
  await first.waitForURL(`**/${locale}/actionboard`)
  const second = await context.newPage()
  await second.goto(`/${locale}/actionboard`)
  await expect(second).toHaveURL(new RegExp(`/${locale}/actionboard$`))
  // The other tab listens once its islands have hydrated.
  await second.waitForFunction(() => document.querySelector("astro-island[ssr]") === null)
  // Logout sits in the header's profile menu.
  await first.locator("[popovertarget=profile-menu]").click()
  await first.getByRole("button", { name: locale === "en" ? "Logout" : "تسجيل الخروج" }).click()
  await second.waitForURL(new RegExp(`/${locale}/auth/login\\?returnUrl=`))
})

test("a user without the privilege meets the auth-error page with 403", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  await signIn(page, locale, "buyer@buyer.tawreed.test")
  await page.waitForURL(`**/${locale}/actionboard`)
  const response = await page.goto(`/${locale}/settings/outbox`)
  expect(response?.status()).toBe(403)
  await expect(page).toHaveURL(new RegExp(`/${locale}/auth-error\\?type=403`))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    locale === "en" ? "You don't have access to this page" : "ليست لديك صلاحية الوصول إلى هذه الصفحة"
  )
  await expect(page.getByRole("alert")).toHaveText(
    locale === "en"
      ? "You do not have sufficient privileges to access this section"
      : "ليست لديك الصلاحيات الكافية للوصول إلى هذا القسم"
  )
  await expect(page.locator(".outbox__mail")).toHaveCount(0)
  await page.getByRole("link", { name: locale === "en" ? "Go To Actionboard" : "الذهاب إلى لوحة المهام" }).click()
  await page.waitForURL(`**/${locale}/actionboard`)
})
