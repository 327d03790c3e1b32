import AxeBuilder from "@axe-core/playwright"
import { expect, type Page } from "@playwright/test"
import { seriousViolations, test } from "./support/journeys.ts"
import { createMenu, isModuleEnabled, type ModuleSetting } from "@tawreed/core/access"

/** What each language shows: the journey asserts the words on the screen. */
const screens = {
  en: {
    dir: "ltr",
    email: "Email",
    password: "Password",
    login: "LOGIN",
    actionBoard: "Action board",
    profile: "My Profile",
    help: "Help",
    back: "BACK",
    modules: "Modules",
    profileMenu: /^Profile menu for /,
    logout: "Logout",
    collapse: "Collapse the menu",
    expand: "Expand the menu",
    menu: "Menu",
    notFound: "Don't enter the abyss",
    network: "Network is acting up!!",
    server: "The Machines Are Throwing a Tantrum",
    auth: "You don't have access to this page",
    signIn: "Please sign in to continue.",
    module: "You do not have access to this module",
    reload: "Reload",
    goToActionboard: "Go To Actionboard",
    connected: "Connected",
    restored: "Connection to the server has been restored",
    version: /^Version \u2068\d+\.\d+\.\d+\u2069/
  },
  ar: {
    dir: "rtl",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    login: "تسجيل الدخول",
    actionBoard: "لوحة المهام",
    profile: "ملفي الشخصي",
    help: "المساعدة",
    back: "رجوع",
    modules: "الوحدات",
    profileMenu: /^قائمة الملف الشخصي لـ /,
    logout: "تسجيل الخروج",
    collapse: "طي القائمة",
    expand: "توسيع القائمة",
    menu: "القائمة",
    notFound: "لا تدخل إلى الهاوية",
    network: "الشبكة تتصرف بغرابة!!",
    server: "الخوادم في نوبة غضب",
    auth: "ليست لديك صلاحية الوصول إلى هذه الصفحة",
    signIn: "يرجى تسجيل الدخول للمتابعة.",
    module: "ليست لديك صلاحية الوصول إلى هذه الوحدة",
    reload: "إعادة التحميل",
    goToActionboard: "الذهاب إلى لوحة المهام",
    connected: "تم الاتصال",
    restored: "تمت استعادة الاتصال بالخادم",
    version: /^الإصدار \u2068\d+\.\d+\.\d+\u2069/
  }
} as const

type Locale = keyof typeof screens

const password = "Tawreed@2026"
const buyer = "buyer@buyer.tawreed.test"
const admin = "admin@buyer.tawreed.test"

/** The shell's pages, by their path after the locale and the title they show. */
const shellRoutes = [
  { path: "actionboard", title: (s: (typeof screens)[Locale]) => s.actionBoard, crumbs: false },
  { path: "user-profile", title: (s: (typeof screens)[Locale]) => s.profile, crumbs: true },
  { path: "help", title: (s: (typeof screens)[Locale]) => s.help, crumbs: true }
] as const

/** Errors the page writes to the console, apart from the ones a test expects (such as an error page's status). */
const watchConsole = (page: Page, expected: RegExp | undefined = undefined) => {
  const errors: Array<string> = []
  page.on("console", (message) => {
    if (message.type() === "error" && !(expected?.test(message.text()) ?? false)) errors.push(message.text())
  })
  page.on("pageerror", (error) => errors.push(error.message))
  return errors
}

const signIn = async (page: Page, locale: Locale, email: string) => {
  const s = screens[locale]
  await page.goto(`/${locale}/auth/login`)
  await page.getByLabel(s.email).fill(email)
  await page.getByLabel(s.password, { exact: true }).fill(password)
  await page.getByRole("button", { name: s.login }).click()
  await page.waitForURL(`**/${locale}/actionboard`)
}

/** Waits until the islands run in the browser, so that clicks reach them. */
const islandsReady = (page: Page) => expect(page.locator("astro-island[ssr]")).toHaveCount(0)

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `artifacts/screenshots/${name}.png`, fullPage: true })

test("every shell page renders in the page's language and direction, accessible and without console errors", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, locale, buyer)

  for (const route of shellRoutes) {
    await page.goto(`/${locale}/${route.path}`)
    await islandsReady(page)
    await expect(page.locator("html")).toHaveAttribute("lang", locale)
    await expect(page.locator("html")).toHaveAttribute("dir", s.dir)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.title(s))
    await expect(page.getByRole("main")).toBeVisible()
    await expect(page.getByRole("banner")).toBeVisible()

    // The sidebar sits at the inline start: the left in English, the right in Arabic, 250 px wide.
    const sidebar = page.getByRole("navigation", { name: s.modules })
    const box = await sidebar.boundingBox()
    expect(box?.width).toBe(250)
    if (locale === "en") expect(box?.x).toBe(0)
    else expect((box?.x ?? 0) + (box?.width ?? 0)).toBe(1280)

    // The breadcrumb bar is hidden on the action board; elsewhere BACK leads there.
    const crumbs = page.getByRole("navigation", { name: locale === "en" ? "Breadcrumb" : "مسار التنقل" })
    if (route.crumbs) {
      await expect(crumbs.getByRole("link", { name: s.back })).toHaveAttribute("href", `/${locale}/actionboard`)
    } else {
      await expect(crumbs).toHaveCount(0)
    }
    expect(await seriousViolations(page), `axe on /${locale}/${route.path}`).toEqual([])
    await shoot(page, `${locale}-${route.path}-1280`)
    await page.setViewportSize({ width: 390, height: 844 })
    await shoot(page, `${locale}-${route.path}-390`)
    expect(await seriousViolations(page), `axe on /${locale}/${route.path} at 390 px`).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // The language switch keeps the path and the query.
  await page.goto(`/${locale}/help?from=test`)
  const other = locale === "en" ? "ar" : "en"
  await page.locator(`a[hreflang="${other}"]`).click()
  await expect(page).toHaveURL(new RegExp(`/${other}/help\\?from=test$`))
  expect(errors).toEqual([])
})

test("a page fetches the faces it preloads: Latin in English; the core Arabic faces and two Latin in Arabic", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  await signIn(page, locale, buyer)
  const fetched: Array<string> = []
  page.on("response", (response) => {
    const name = /\/([\w-]+)\.[\w-]+\.woff2$/.exec(response.url())?.[1]
    if (name !== undefined) fetched.push(name)
  })
  await page.goto(`/${locale}/actionboard`)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  const preloaded = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((l) => /\/([\w-]+)\.[\w-]+\.woff2$/.exec(l.getAttribute("href") ?? "")?.[1]))
  const latin = ["ibm-plex-sans-latin-400-normal", "ibm-plex-sans-latin-600-normal"]
  const expected =
    locale === "ar"
      ? ["ibm-plex-sans-arabic-core-400", "ibm-plex-sans-arabic-core-600", ...latin]
      : [...latin, "ibm-plex-sans-latin-700-normal"]
  expect(preloaded).toEqual(expected)
  // Every file the page fetched is one it preloaded, but the core Arabic faces an English page's Arabic words need
  // (the language switch): no whole Arabic face, and no bold one on an Arabic page.
  const core = ["ibm-plex-sans-arabic-core-400", "ibm-plex-sans-arabic-core-600"]
  expect([...new Set(fetched)].filter((name) => !expected.includes(name) && !core.includes(name))).toEqual([])
  if (locale === "ar") expect([...new Set(fetched)].sort()).toEqual([...expected].sort())
  // Arabic text outside the core (Urdu, Kurdish) brings the whole face, and only then.
  await page.evaluate(() => {
    const words = document.createElement("p")
    words.textContent = "ڕێکخستن"
    document.querySelector("main")?.append(words)
  })
  await expect.poll(() => fetched).toContain("ibm-plex-sans-arabic-arabic-400-normal")
})

test("the sidebar folds, remembers it, folds itself on narrow screens and becomes a slide-in menu on phones", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const errors = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, locale, buyer)
  const sidebar = page.getByRole("navigation", { name: s.modules })
  const links = page.locator("#sidebar-links")

  await page.getByRole("button", { name: s.collapse }).click()
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(20)
  await expect(links).toBeHidden()
  // The toggle has turned into "expand" once the fold is remembered: reload only then.
  await expect(page.getByRole("button", { name: s.expand })).toBeVisible()
  await page.reload()
  await expect(page.getByRole("button", { name: s.expand })).toBeVisible()
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(20)
  await page.getByRole("button", { name: s.expand }).click()
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(250)
  await expect(links.locator("[data-module=actionboard]")).toHaveAttribute("aria-current", "page")

  // Below 992 px it folds by itself, and the toggle opens it over the page.
  await page.setViewportSize({ width: 900, height: 800 })
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(20)
  await page.getByRole("button", { name: s.expand }).click()
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(250)
  await page.keyboard.press("Escape")
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(20)

  // On a phone the header's menu button slides the menu in, with Logout and the version.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(sidebar).toBeHidden()
  await page.getByRole("button", { name: s.menu, exact: true }).click()
  const mobile = page.getByRole("region", { name: s.modules })
  await expect(mobile).toBeVisible()
  await expect(mobile.locator(`a[href="/${locale}/actionboard"]`)).toBeVisible()
  await expect(mobile.getByText(s.version)).toBeVisible()
  const menuBox = await mobile.boundingBox()
  if (locale === "en") expect(menuBox?.x).toBe(0)
  else expect(Math.round((menuBox?.x ?? 0) + (menuBox?.width ?? 0))).toBe(390)
  expect(await seriousViolations(page)).toEqual([])
  await shoot(page, `${locale}-mobile-menu-390`)
  await mobile.getByRole("button", { name: s.logout }).click()
  await page.waitForURL(`**/${locale}/auth/login**`)
  expect(errors).toEqual([])
})

test("the profile menu works from the keyboard", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const errors = watchConsole(page)
  await signIn(page, locale, buyer)
  await islandsReady(page)
  const button = page.getByRole("button", { name: "Omar Haddad" })
  await button.focus()
  await page.keyboard.press("Enter")
  const menu = page.getByRole("region", { name: s.profileMenu })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole("link", { name: s.profile })).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(menu.getByRole("button", { name: s.logout })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(menu).toBeHidden()
  await button.focus()
  await page.keyboard.press("Enter")
  await expect(menu.getByRole("link", { name: s.profile })).toBeFocused()
  await page.keyboard.press("Enter")
  await page.waitForURL(`**/${locale}/user-profile`)
  await expect(page.locator("[data-field=name]")).toHaveText("Omar Haddad")
  await expect(page.locator("[data-field=email]")).toHaveText(buyer)
  await page.getByRole("link", { name: s.back }).click()
  await page.waitForURL(`**/${locale}/actionboard`)
  expect(errors).toEqual([])
})

test("the CREATE menu and the sidebar offer only what the user may open, and only pages that exist", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const errors = watchConsole(page)
  for (const email of [buyer, admin]) {
    await page.context().clearCookies()
    await signIn(page, locale, email)
    const response = await page.request.get("/api/auth/package")
    const pkg = (await response.json()) as {
      userPackage: { userPolicies: Array<string>; userProfileDetail: { roles: Array<{ code: string }> } }
      orgSettings: { orgType: string; modules: Array<ModuleSetting> }
    }
    const allowed = createMenu({
      privileges: pkg.userPackage.userPolicies,
      roles: pkg.userPackage.userProfileDetail.roles,
      modules: pkg.orgSettings.modules,
      isVendor: pkg.orgSettings.orgType === "vendor",
      scaCommunity: false,
      marketplaceSupplier: false,
      enableRfp: true,
      reimbursementAllowed: true,
      expensesAllowed: true,
      canCreateWorkspace: true
    }).flatMap((group) => group.items.map((item) => `/${locale}${item.route}`))

    const shown = await page
      .locator("[data-create-item]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))
    for (const href of shown) {
      expect(allowed, `${email} may create through ${href}`).toContain(href)
      expect((await page.request.get(href)).status(), `${href} is built`).toBe(200)
    }
    if (shown.length === 0) await expect(page.getByRole("button", { name: /^(CREATE|إنشاء)$/ })).toHaveCount(0)

    const modules = await page
      .locator("#sidebar-links a")
      .evaluateAll((links) =>
        links.map((link) => ({ href: link.getAttribute("href") ?? "", code: link.getAttribute("data-module") ?? "" }))
      )
    expect(modules.length).toBeGreaterThan(0)
    // The buyer reads the head office's budgets as its manager, so the budgets list opens to him and is linked.
    expect(modules.map((m) => m.code)).toContain("budgets")
    for (const module of modules) {
      if (module.code !== "actionboard") expect(isModuleEnabled(pkg.orgSettings.modules, module.code)).toBe(true)
      expect((await page.request.get(module.href)).status(), `${module.href} is built`).toBe(200)
    }
  }
  expect(errors).toEqual([])
})

test("the error pages show their titles, Reload and Go To Actionboard, and a second visit returns", async ({
  page
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const errors = watchConsole(page, /status of (401|403|404)/)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, locale, buyer)

  const pages = [
    { path: "no-such-page", status: 404, title: s.notFound, name: "page-not-found" },
    { path: "network-error", status: 200, title: s.network, name: "network-error" },
    { path: "server-error", status: 200, title: s.server, name: "server-error" },
    { path: "auth-error", status: 401, title: s.auth, name: "auth-error" }
  ]
  for (const error of pages) {
    // Each starts from an ordinary page, which is what Reload returns to.
    await page.goto(`/${locale}/help`)
    const response = await page.goto(`/${locale}/${error.path}`)
    expect(response?.status()).toBe(error.status)
    await expect(page.locator("html")).toHaveAttribute("dir", s.dir)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(error.title)
    await expect(page.getByRole("link", { name: s.goToActionboard })).toHaveAttribute("href", `/${locale}/actionboard`)
    expect(await seriousViolations(page), `axe on ${error.path}`).toEqual([])
    await shoot(page, `${locale}-${error.name}-1280`)
    await page.getByRole("link", { name: s.reload }).click()
    await page.waitForURL(`**/${locale}/help`)
  }

  // The auth-error page says why: no sign-in (401, the default), or a module that is not enabled (403).
  await page.goto(`/${locale}/help`)
  await page.goto(`/${locale}/auth-error`)
  await expect(page.getByRole("alert")).toHaveText(s.signIn)
  await page.goto(`/${locale}/help`)
  const refused = await page.goto(`/${locale}/inventory`)
  expect(refused?.status()).toBe(403)
  await expect(page).toHaveURL(new RegExp(`/${locale}/auth-error\\?type=403&reason=module`))
  await expect(page.getByRole("alert")).toHaveText(s.module)

  // A second visit to an error page with a last page stored goes straight back to it.
  await page.goto(`/${locale}/user-profile`)
  await page.goto(`/${locale}/server-error`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.server)
  await page.goto(`/${locale}/server-error`)
  await page.waitForURL(`**/${locale}/user-profile`)

  await page.goto(`/${locale}/server-error`)
  await page.getByRole("link", { name: s.goToActionboard }).click()
  await page.waitForURL(`**/${locale}/actionboard`)
  expect(errors).toEqual([])
})

test("offline the shell shows the network-error page, and online again it returns to the action board", async ({
  page,
  context
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  const errors = watchConsole(page, /ERR_INTERNET_DISCONNECTED|net::ERR/)
  await signIn(page, locale, buyer)
  await page.goto(`/${locale}/user-profile`)
  await islandsReady(page)

  await context.setOffline(true)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.network)
  await expect(page).toHaveURL(new RegExp(`/${locale}/network-error$`))
  await expect(page.locator("html")).toHaveAttribute("dir", s.dir)
  expect(await seriousViolations(page)).toEqual([])

  await context.setOffline(false)
  await page.waitForURL(`**/${locale}/actionboard`)
  const toast = page.locator(".toast--success")
  await expect(toast).toContainText(s.connected)
  await expect(toast).toContainText(s.restored)
  await expect(toast).toHaveCount(1)
  // A toast stays 5 seconds.
  await expect(toast).toBeHidden({ timeout: 7_000 })
  expect(errors).toEqual([])
})

test("a page without islands ships no JavaScript", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const scripts: Array<string> = []
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url())
  })
  await page.goto(`/${locale}/auth/reset-password`)
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  expect(scripts).toEqual([])
  await expect(page.locator("script")).toHaveCount(0)
})

test("the organisation's theme colours and logo replace the defaults on the server", async ({
  page,
  request
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const login = await request.post("/api/auth/login", { data: { email: admin, password, platform: "mobile" } })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const headers = { authorization: `Bearer ${accessToken}` }
  const current = (await (await request.get("/api/themes/ALNOOR", { headers })).json()) as {
    theme: { colors: Array<{ variable: string; value: string }>; appLogo: string | null }
  }
  const theme = {
    ...current.theme,
    appLogo: "/favicon.svg",
    colors: current.theme.colors.map((c) => (c.variable === "--primary" ? { ...c, value: "#1d3557" } : c))
  }
  expect((await request.post("/api/themes", { headers, data: { theme } })).status()).toBe(200)
  try {
    const errors = watchConsole(page)
    await signIn(page, locale, buyer)
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary"))
    expect(primary.trim()).toBe("#1d3557")
    await expect(page.locator(".logo img")).toHaveAttribute("src", "/favicon.svg")
    await expect(page.locator("[data-module=actionboard]")).toHaveCSS("background-color", "rgb(29, 53, 87)")
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
  } finally {
    await request.delete("/api/themes", { headers })
  }
})

test("quiet text keeps its contrast when the theme's primary is a light colour", async ({
  page,
  request
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const login = await request.post("/api/auth/login", { data: { email: admin, password, platform: "mobile" } })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const headers = { authorization: `Bearer ${accessToken}` }
  const current = (await (await request.get("/api/themes/ALNOOR", { headers })).json()) as {
    theme: { colors: Array<{ variable: string; value: string }> }
  }
  const theme = {
    ...current.theme,
    colors: current.theme.colors.map((c) => (c.variable === "--primary" ? { ...c, value: "#ffd200" } : c))
  }
  // Other journeys on this server may have left the admin notifications (a workspace's outcome, say).
  expect((await request.put("/api/notification/readall", { headers })).ok()).toBe(true)
  expect((await request.post("/api/themes", { headers, data: { theme } })).status()).toBe(200)
  // The demo's vendor invitation waits on the admin: returned to its vendor, nothing waits on the board.
  const waiting = (await (await request.get("/api/invites?status=UNDER_REVIEW", { headers })).json()) as {
    invites: Array<{ id: string }>
  }
  for (const invite of waiting.invites) {
    const returned = await request.put(`/api/invites/status/${invite.id}`, {
      headers,
      data: { payload: { action: "return", vendorMessage: "Please attach your CR copy" } }
    })
    expect(returned.status()).toBe(200)
  }
  try {
    await signIn(page, locale, admin)
    await expect(page.locator(".board__empty")).toBeVisible()
    const results = await new AxeBuilder({ page }).include(".board__empty").withRules(["color-contrast"]).analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
  } finally {
    await request.delete("/api/themes", { headers })
  }
})

test("full-screen mode shows the page without the shell's chrome", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const s = screens[locale]
  await signIn(page, locale, buyer)
  await page.goto(`/${locale}/help?fullscreen=1`)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.help)
  await expect(page.getByRole("banner")).toHaveCount(0)
  await expect(page.getByRole("navigation")).toHaveCount(0)
  const box = await page.getByRole("main").boundingBox()
  expect(box?.x).toBe(0)
})

test("the sign-in pages are accessible and quiet in the console", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  const errors = watchConsole(page)
  for (const path of ["auth/login", "auth/reset-password", "auth/validate-mfa?email=buyer%40buyer.tawreed.test"]) {
    await page.goto(`/${locale}/${path}`)
    await expect(page.locator("html")).toHaveAttribute("dir", screens[locale].dir)
    expect(await seriousViolations(page), `axe on /${locale}/${path}`).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await seriousViolations(page), `axe on /${locale}/${path} at 390 px`).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
  }
  await shoot(page, `${locale}-validate-mfa-1280`)
  await page.goto(`/${locale}/auth/login`)
  await shoot(page, `${locale}-login-1280`)
  expect(errors).toEqual([])
})
