import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test"
import { seriousViolations } from "./support/journeys.ts"

type Locale = "en" | "ar"

/** The words of the settings screens and of the toasts of SPEC.md §8, in each language. */
const screens = {
  en: {
    dir: "ltr",
    email: "Email",
    password: "Password",
    login: "LOGIN",
    settings: "Settings",
    users: "Users",
    createUser: "Create user",
    firstName: "First name",
    lastName: "Last name",
    phone: "Phone",
    position: "Position",
    basicUser: "Basic User",
    search: "Search users",
    searchButton: "Search",
    block: "Block",
    unblock: "Unblock",
    sendReset: "Send reset",
    delete: "Delete",
    edit: "Edit",
    save: "Save",
    active: "Active",
    blocked: "Blocked",
    roles: "Roles",
    orgInfo: "Organisation info",
    theme: "Theme",
    created: "User Created Successfully",
    statusChanged: "User status changed successfully",
    updated: "User Updated Successfully",
    deleted: "User Deleted Successfully",
    resetSent: "Reset password email sent successfully.",
    blockedMessage: "Your account has been blocked, Please contact admin!",
    setPassword: "Password",
    confirmPassword: "Confirm password",
    continue: "Continue",
    passwordSet: "Successfully Set Password.",
    code: "Code",
    nameEn: "Name in English",
    nameAr: "Name in Arabic",
    saveRole: "Save role",
    roleSaved: "Role saved",
    roleDeleted: "Role deleted",
    privilege: "Users: Read · Organisation (usr_r_o)",
    orgSaved: "Organisation settings saved",
    themeSaved: "Theme saved",
    themeReset: "The default theme is back",
    saveTheme: "Save theme",
    resetTheme: "Reset to the default theme",
    appTitle: "App title",
    authError: "You don't have access to this page"
  },
  ar: {
    dir: "rtl",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    login: "تسجيل الدخول",
    settings: "الإعدادات",
    users: "المستخدمون",
    createUser: "إنشاء مستخدم",
    firstName: "الاسم الأول",
    lastName: "اسم العائلة",
    phone: "الهاتف",
    position: "المنصب",
    basicUser: "مستخدم أساسي",
    search: "البحث عن مستخدمين",
    searchButton: "بحث",
    block: "حظر",
    unblock: "إلغاء الحظر",
    sendReset: "إرسال إعادة التعيين",
    delete: "حذف",
    edit: "تعديل",
    save: "حفظ",
    active: "نشط",
    blocked: "محظور",
    roles: "الأدوار",
    orgInfo: "معلومات المنظمة",
    theme: "المظهر",
    created: "تم إنشاء المستخدم بنجاح",
    statusChanged: "تم تغيير حالة المستخدم بنجاح",
    updated: "تم تحديث المستخدم بنجاح",
    deleted: "تم حذف المستخدم بنجاح",
    resetSent: "تم إرسال رسالة إعادة تعيين كلمة المرور بنجاح.",
    blockedMessage: "تم حظر حسابك، يرجى التواصل مع المسؤول!",
    setPassword: "كلمة المرور",
    confirmPassword: "تأكيد كلمة المرور",
    continue: "متابعة",
    passwordSet: "تم تعيين كلمة المرور بنجاح.",
    code: "الرمز",
    nameEn: "الاسم بالإنجليزية",
    nameAr: "الاسم بالعربية",
    saveRole: "حفظ الدور",
    roleSaved: "تم حفظ الدور",
    roleDeleted: "تم حذف الدور",
    privilege: "المستخدمون: قراءة · المنظمة (usr_r_o)",
    orgSaved: "تم حفظ إعدادات المنظمة",
    themeSaved: "تم حفظ المظهر",
    themeReset: "عاد المظهر الافتراضي",
    saveTheme: "حفظ المظهر",
    resetTheme: "العودة إلى المظهر الافتراضي",
    appTitle: "عنوان التطبيق",
    authError: "ليست لديك صلاحية الوصول إلى هذه الصفحة"
  }
} as const

const password = "Tawreed@2026"
const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"

/** A suffix no other run of the journeys uses, so the demo organisation can take new users each time. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`

const signIn = async (page: Page, locale: Locale, email: string, secret = password) => {
  const words = screens[locale]
  await page.goto(`/${locale}/auth/login`)
  await page.getByLabel(words.email).fill(email)
  await page.getByLabel(words.password, { exact: true }).fill(secret)
  await page.getByRole("button", { name: words.login }).click()
}

const signedIn = async (page: Page, locale: Locale, email: string, secret = password) => {
  await signIn(page, locale, email, secret)
  await page.waitForURL(`**/${locale}/actionboard`)
}

/** Errors the page writes to the console. */
const watchConsole = (page: Page) => {
  const errors: Array<string> = []
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  page.on("pageerror", (error) => errors.push(error.message))
  return errors
}

/** The toast the page shows after a form's post. */
const toast = (page: Page) => page.locator("[data-toasts] .toast__message")

/** Creates a user on the create screen, as the signed-in admin, and lands on the list with the toast. */
const createUser = async (page: Page, locale: Locale, email: string, firstName: string) => {
  const words = screens[locale]
  await page.goto(`/${locale}/settings/users`)
  await page.getByRole("link", { name: words.createUser }).click()
  await page.waitForURL(`**/${locale}/settings/users/create`)
  await page.getByLabel(words.email).fill(email)
  await page.getByLabel(words.firstName).fill(firstName)
  await page.getByLabel(words.lastName).fill("Test")
  // Phone numbers sign people in where phone login is on, so each user needs one of their own.
  await page.getByLabel(words.phone).fill(`9665${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`)
  await page.getByLabel(words.position).fill("Buyer")
  await expect(page.getByRole("checkbox", { name: words.basicUser })).toBeChecked()
  await page.getByRole("button", { name: words.createUser }).click()
  await page.waitForURL(`**/${locale}/settings/users`)
  await expect(toast(page)).toHaveText(words.created)
}

/** The set-password link of the newest invitation mailed to an address, read from the outbox page. */
const invitationFromOutbox = async (page: Page, locale: Locale, to: string) => {
  await page.goto(`/${locale}/settings/outbox`)
  const text =
    (await page.locator(".outbox__mail", { hasText: to }).first().locator(".outbox__text").textContent()) ?? ""
  const link = /\/(en|ar)\/auth\/set-password\?token=[^\s]+/.exec(text)?.[0]
  expect(link, `an invitation mailed to ${to}`).toBeDefined()
  return link!
}

/** Opens an invitation in a browser of its own, sets the password and signs in with it. */
const acceptInvitation = async (browser: Browser, baseURL: string, locale: Locale, link: string, email: string) => {
  const words = screens[locale]
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto(link)
  await expect(page.getByLabel(words.email)).toHaveValue(email)
  await page.getByLabel(words.setPassword, { exact: true }).fill("Invited@2026")
  await page.getByLabel(words.confirmPassword).fill("Invited@2026")
  await page.getByRole("button", { name: words.continue }).click()
  await page.waitForURL(`**/${locale}/auth/login?passwordSet=1`)
  await expect(page.getByRole("status").filter({ hasText: words.passwordSet })).toBeVisible()
  await signedIn(page, locale, email, "Invited@2026")
  await context.close()
}

/** The row of a user in the list, found by searching for the email. */
const userRow = async (page: Page, locale: Locale, email: string) => {
  const words = screens[locale]
  await page.goto(`/${locale}/settings/users`)
  await page.getByLabel(words.search).fill(email)
  await page.getByRole("button", { name: words.searchButton, exact: true }).click()
  await page.waitForURL(/search=/)
  return page.locator(`tr[data-user="${email}"]`)
}

/** Registers a marketplace supplier of its own, whose settings and theme a test may change freely. */
const ownOrganisation = async (request: APIRequestContext) => {
  const email = `owner-${unique()}@settings.tawreed.test`
  const registered = await request.post("/api/orgMarketplace", {
    data: { name: `Settings ${unique()}`, primaryContact: { email, firstName: "Lina", lastName: "Owner" }, password }
  })
  expect(registered.status()).toBe(201)
  return email
}

test("an admin creates a user, who sets a password from the invitation and signs in", async ({
  page,
  browser,
  baseURL
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  const email = `rana-${unique()}@buyer.tawreed.test`
  await signedIn(page, locale, admin)
  // The sidebar's Settings entry and CREATE → User lead to the built screens.
  await page.locator("[data-module=settings]").click()
  await page.waitForURL(`**/${locale}/settings`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.settings)
  await expect(page.locator('[data-create-item="user"]')).toHaveAttribute("href", `/${locale}/settings/users/create`)
  await createUser(page, locale, email, "Rana")
  const row = page.locator(`tr[data-user="${email}"]`)
  await expect(row).toContainText(words.active)
  await expect(row).toContainText(words.basicUser)
  const link = await invitationFromOutbox(page, locale, email)
  await acceptInvitation(browser, baseURL!, locale, link, email)
})

test("an admin edits, blocks, unblocks, resets and deletes a user, with the toasts of SPEC.md §8", async ({
  page,
  browser,
  baseURL
}, testInfo) => {
  test.setTimeout(120_000)
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  const email = `khalid-${unique()}@buyer.tawreed.test`
  await signedIn(page, locale, admin)
  await createUser(page, locale, email, "Khalid")
  await acceptInvitation(browser, baseURL!, locale, await invitationFromOutbox(page, locale, email), email)

  // Edit: the form carries the version it read.
  let row = await userRow(page, locale, email)
  await row.getByRole("link", { name: words.edit }).click()
  await page.getByLabel(words.position).fill("Senior buyer")
  await page.getByRole("button", { name: words.save, exact: true }).click()
  await expect(toast(page)).toHaveText(words.updated)
  await expect(page.getByText("Senior buyer")).toBeVisible()

  // Block: the user is refused at sign-in with E1010.
  row = await userRow(page, locale, email)
  await row.getByRole("button", { name: words.block, exact: true }).click()
  await expect(toast(page)).toHaveText(words.statusChanged)
  await expect(page.locator(`tr[data-user="${email}"]`)).toContainText(words.blocked)
  const other = await browser.newContext({ baseURL: baseURL! })
  const blockedPage = await other.newPage()
  await signIn(blockedPage, locale, email, "Invited@2026")
  await expect(blockedPage.getByRole("alert")).toHaveText(words.blockedMessage)
  expect(blockedPage.url()).toContain(`/${locale}/auth/login`)

  // Unblock: the user signs in again.
  await page.locator(`tr[data-user="${email}"]`).getByRole("button", { name: words.unblock }).click()
  await expect(toast(page)).toHaveText(words.statusChanged)
  await expect(page.locator(`tr[data-user="${email}"]`)).toContainText(words.active)
  await signedIn(blockedPage, locale, email, "Invited@2026")
  await other.close()

  // Send a reset, then delete after the confirmation.
  await page.locator(`tr[data-user="${email}"]`).getByRole("button", { name: words.sendReset }).click()
  await expect(toast(page)).toHaveText(words.resetSent)
  row = page.locator(`tr[data-user="${email}"]`)
  await row.getByRole("button", { name: words.delete }).click()
  await page.getByRole("dialog").getByRole("button", { name: words.delete }).click()
  await expect(toast(page)).toHaveText(words.deleted)
  await expect(page.locator(`tr[data-user="${email}"]`)).toHaveCount(0)
})

test("the users screens work without JavaScript: create, then delete after the confirmation", async ({
  browser,
  baseURL
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false })
  const page = await context.newPage()
  const email = `nojs-${unique()}@buyer.tawreed.test`
  await signedIn(page, locale, admin)
  await createUser(page, locale, email, "Noura")
  const row = await userRow(page, locale, email)
  await row.getByRole("button", { name: words.delete }).click()
  await page.getByRole("dialog").getByRole("button", { name: words.delete }).click()
  await expect(toast(page)).toHaveText(words.deleted)
  await expect(page.locator(`tr[data-user="${email}"]`)).toHaveCount(0)
  await context.close()
})

test("a user without usr_r_o meets /auth-error with 403 on the users screen", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  await signedIn(page, locale, buyer)
  await expect(page.locator("[data-module=settings]")).toHaveCount(0)
  for (const path of ["settings/users", "settings/users/create", "settings/roles", "settings/theme"]) {
    const response = await page.goto(`/${locale}/${path}`)
    expect(response?.status(), path).toBe(403)
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth-error\\?type=403`))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(screens[locale].authError)
  }
})

test("an organisation composes, edits and deletes a role of its own", async ({ page, request }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  const owner = await ownOrganisation(request)
  await signedIn(page, locale, owner)
  await page.goto(`/${locale}/settings/roles`)
  await page.getByLabel(words.code).fill("user_reader")
  await page.getByLabel(words.nameEn).fill("User reader")
  await page.getByLabel(words.nameAr).fill("قارئ المستخدمين")
  await page.getByRole("checkbox", { name: words.privilege }).check()
  await page.getByRole("button", { name: words.saveRole }).click()
  await expect(toast(page)).toHaveText(words.roleSaved)
  const row = page.locator('tr[data-role="user_reader"]')
  await expect(row).toContainText(locale === "en" ? "User reader" : "قارئ المستخدمين")
  await row.getByRole("link", { name: words.edit }).click()
  await expect(page.getByLabel(words.code)).toHaveAttribute("readonly", "")
  await expect(page.getByRole("checkbox", { name: words.privilege })).toBeChecked()
  await page.getByLabel(words.nameEn).fill("User auditor")
  await page.getByRole("button", { name: words.saveRole }).click()
  await expect(toast(page)).toHaveText(words.roleSaved)
  if (locale === "en") await expect(page.locator('tr[data-role="user_reader"]')).toContainText("User auditor")
  // The new role is offered when creating a user.
  await page.goto(`/${locale}/settings/users/create`)
  await expect(page.getByRole("checkbox", { name: locale === "en" ? "User auditor" : "قارئ المستخدمين" })).toBeVisible()
  await page.goto(`/${locale}/settings/roles`)
  await page.locator('tr[data-role="user_reader"]').getByRole("button", { name: words.delete }).click()
  await page.getByRole("dialog").getByRole("button", { name: words.delete }).click()
  await expect(toast(page)).toHaveText(words.roleDeleted)
  await expect(page.locator('tr[data-role="user_reader"]')).toHaveCount(0)
})

test("the organisation's info and theme are saved, and the theme reset", async ({ page, request }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  const owner = await ownOrganisation(request)
  await signedIn(page, locale, owner)

  await page.goto(`/${locale}/settings/org-info`)
  await page.getByLabel(`${words.nameEn}: catalogs`).fill("Price lists")
  await page.getByRole("checkbox", { name: new RegExp(`: seller_gdn$`) }).uncheck()
  await page.getByRole("button", { name: words.save, exact: true }).click()
  await expect(toast(page)).toHaveText(words.orgSaved)
  await expect(page.getByLabel(`${words.nameEn}: catalogs`)).toHaveValue("Price lists")
  await expect(page.getByRole("checkbox", { name: new RegExp(`: seller_gdn$`) })).not.toBeChecked()

  await page.goto(`/${locale}/settings/theme`)
  await page.locator('input[name="colors.1"]').fill("#1d3557")
  await page.getByLabel(words.appTitle).fill("Lina Supplies")
  await page.getByRole("button", { name: words.saveTheme }).click()
  await expect(toast(page)).toHaveText(words.themeSaved)
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary"))
  expect(primary.trim()).toBe("#1d3557")
  await expect(page.getByRole("banner").locator(".logo")).toHaveText("Lina Supplies")
  await page.getByRole("button", { name: words.resetTheme }).click()
  await page.getByRole("dialog").getByRole("button", { name: words.resetTheme }).click()
  await expect(toast(page)).toHaveText(words.themeReset)
  const reset = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary"))
  expect(reset.trim()).toBe("#000000")
})

test("every settings screen renders in the page's language, accessible and without console errors", async ({
  page
}, testInfo) => {
  test.setTimeout(180_000)
  const locale = testInfo.project.name as Locale
  const words = screens[locale]
  const errors = watchConsole(page)
  await signedIn(page, locale, admin)
  await page.goto(`/${locale}/settings/users`)
  const adminLink = page.locator(`tr[data-user="${admin}"] th a`)
  const adminPath = new URL((await adminLink.getAttribute("href")) ?? "", "http://x").pathname.slice(1)
  const pages = [
    { path: `${locale}/settings`, title: words.settings },
    { path: `${locale}/settings/users`, title: words.users },
    { path: `${locale}/settings/users/create`, title: words.createUser },
    { path: adminPath, title: /Amal/ },
    { path: `${adminPath}?mode=edit`, title: /Amal/ },
    { path: `${locale}/settings/roles`, title: words.roles },
    { path: `${locale}/settings/org-info`, title: words.orgInfo },
    { path: `${locale}/settings/theme`, title: words.theme }
  ]
  for (const { path, title } of pages) {
    const response = await page.goto(`/${path}`)
    expect(response?.status(), path).toBe(200)
    await expect(page.locator("html")).toHaveAttribute("dir", words.dir)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title)
    expect(await seriousViolations(page), `axe on /${path}`).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await seriousViolations(page), `axe on /${path} at 390 px`).toEqual([])
    await page.setViewportSize({ width: 1280, height: 720 })
  }
  for (const nobody of ["not-a-user", "00000000-0000-4000-8000-000000000000"]) {
    expect((await page.goto(`/${locale}/settings/users/${nobody}`))?.status(), nobody).toBe(404)
  }
  expect(errors.filter((e) => !/404/.test(e))).toEqual([])
})
