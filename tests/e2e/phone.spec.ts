import { mkdirSync, readdirSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { expect, test, type Page } from "@playwright/test"
import { demoPassword, signInAnyPassword, type Locale } from "./support/journeys.ts"

/**
 * Every page the site draws, on the two phone sizes people hold most (390 × 844 and 360 × 740), in both languages:
 * nothing wider than the screen, nothing tappable under something else, no label cut by its box. The pages are
 * found from web/src/pages, so a page added later is walked without a change here; a page with parameters takes
 * them from links the site itself shows (the demo data's workspace, budget, budget change and user, and a request).
 */

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"
const phones = [
  { width: 390, height: 844 },
  { width: 360, height: 740 }
] as const
const pagesRoot = join(import.meta.dirname, "..", "..", "web", "src", "pages", "[locale]")
const screenshots = join(import.meta.dirname, "..", "artifacts", "screenshots")

/** A page template under web/src/pages/[locale]: its path segments after the locale, some of them parameters. */
interface Template {
  readonly route: string
  readonly segments: ReadonlyArray<string>
}

const isParameter = (segment: string) => segment.startsWith("[") && segment.endsWith("]")
const isRest = (segment: string) => segment.startsWith("[...")

const templatesUnder = (dir: string): Array<Template> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) return templatesUnder(full)
    // Endpoints (.ts) answer forms and draw nothing.
    if (!entry.name.endsWith(".astro")) return []
    const segments = relative(pagesRoot, full)
      .replace(/\.astro$/, "")
      .split(sep)
      .filter((segment, index, all) => !(segment === "index" && index === all.length - 1))
    return [{ route: segments.join("/"), segments }]
  })

const templates = templatesUnder(pagesRoot)

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const patternOf = (template: Template) =>
  new RegExp(`^${template.segments.map((s) => (isRest(s) ? ".+" : isParameter(s) ? "[^/]+" : escape(s))).join("/")}$`)

/** The template a path after the locale draws with, as the router picks it: static segments before parameters. */
const templateOf = (path: string): Template | undefined =>
  templates
    .filter((template) => patternOf(template).test(path))
    .sort(
      (a, b) =>
        a.segments.filter(isRest).length - b.segments.filter(isRest).length ||
        a.segments.filter(isParameter).length - b.segments.filter(isParameter).length
    )[0]

/**
 * One address per template, and per value of a parameter other than an id (a workspace's tabs are pages of their
 * own): the static pages as they are, the others from links found while walking the site from its static pages. A
 * catch-all template gets a path no other template answers.
 */
const addressesOf = async (page: Page, locale: Locale): Promise<ReadonlyArray<string>> => {
  const found = new Map<string, string>()
  const keyOf = (template: Template, path: string) => {
    const values = path.split("/")
    return [
      template.route,
      ...template.segments.flatMap((s, i) => (isParameter(s) && s !== "[id]" ? [values[i] ?? ""] : []))
    ].join(" ")
  }
  const queue: Array<string> = []
  for (const template of templates) {
    if (template.segments.some(isRest)) {
      found.set(template.route, `${template.segments.filter((s) => !isRest(s)).join("/")}/phone-walk/no-such-page`)
    } else if (!template.segments.some(isParameter)) {
      found.set(template.route, template.route)
      queue.push(template.route)
    }
  }
  const visited = new Set<string>()
  while (queue.length > 0) {
    const path = queue.shift() ?? ""
    if (visited.has(path)) continue
    visited.add(path)
    await page.goto(`/${locale}/${path}`)
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))
    for (const href of hrefs) {
      const after = href.match(new RegExp(`^/${locale}/(.+?)/?$`))?.[1]
      if (after === undefined) continue
      const template = templateOf(after)
      if (template === undefined || template.segments.some(isRest) || !template.segments.some(isParameter)) continue
      const key = keyOf(template, after)
      if (found.has(key)) continue
      found.set(key, after)
      queue.push(after)
    }
  }
  // A page only a mailed link leads to: a vendor's invitation, by the newest invitation link the outbox holds.
  await page.goto(`/${locale}/settings/outbox`)
  const mailed = await page.locator(".outbox__text", { hasText: "/invites-open/" }).allTextContents()
  const token = mailed.map((text) => /\/invites-open\/([A-Za-z0-9_-]+)/.exec(text)?.[1]).find((t) => t !== undefined)
  if (token !== undefined) found.set(`invites-open/[token] ${token}`, `invites-open/${token}`)
  // A questionnaire's public link is handed out by the buyer, never linked: its page as a link that names none shows.
  found.set("invites-open/apply/[token] phone-walk", "invites-open/apply/phone-walk-link")
  // A catalog invitation's link is mailed to the invited organisation: its page as a link that names none shows.
  found.set("catalogs/accept/[token] phone-walk", "catalogs/accept/phone-walk-link")
  // A vendor change is reached from its reviewers' notice, and the demo holds none waiting: its page as an id that
  // names none shows.
  found.set("vendors/changes/[id] phone-walk", "vendors/changes/00000000-0000-4000-8000-000000000000")
  // A contract's form is linked from a draft only, and the demo's one contract is active: as an id that names none.
  found.set("orders/contracts/[id]/edit phone-walk", "orders/contracts/00000000-0000-4000-8000-000000000000/edit")
  // An order sent to a vendor is opened on the seller's side by the vendor's own users, never linked for a buyer: its
  // page as an id that names none shows.
  found.set("order-vendor/[id] phone-walk", "order-vendor/00000000-0000-4000-8000-000000000000")
  const missing = templates.filter((t) => ![...found.keys()].some((key) => key.split(" ")[0] === t.route))
  expect(
    missing.map((t) => t.route),
    "templates no link of the site leads to"
  ).toEqual([])
  return [...found.values()]
}

/** What is wrong with the page as it stands at the viewport's size, each problem in a line. */
const problemsOf = (page: Page): Promise<ReadonlyArray<string>> =>
  page.evaluate(() => {
    const problems: Array<string> = []
    const width = window.innerWidth
    const height = window.innerHeight
    const name = (element: Element) => {
      const label = element.getAttribute("aria-label") ?? element.textContent ?? ""
      const id = element.id === "" ? "" : `#${element.id}`
      const classes = [...element.classList].map((c) => `.${c}`).join("")
      return `<${element.localName}${id}${classes}> "${label.replace(/\s+/g, " ").trim().slice(0, 40)}"`
    }
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      element.getBoundingClientRect().width > 1 &&
      element.getBoundingClientRect().height > 1
    /** The nearest ancestor that clips or scrolls its content along the inline axis. */
    const clipperOf = (element: Element) => {
      for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) return null
        if (getComputedStyle(parent).overflowX !== "visible") return parent
      }
      return null
    }
    const everything = [...document.body.querySelectorAll("*")].filter(shown)

    // Wider than the screen: scrollable sideways, or sticking out past an edge (in Arabic, past the right edge
    // does not even scroll).
    window.scrollTo(0, 0)
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`)
    }
    const outside = everything.filter((element) => {
      if (clipperOf(element) !== null || getComputedStyle(element).position === "fixed") return false
      const box = element.getBoundingClientRect()
      return box.left < -1 || box.right > width + 1
    })
    // The outermost of each: what is inside it sticks out with it.
    for (const element of outside) {
      if (element.parentElement !== null && outside.includes(element.parentElement)) continue
      const box = element.getBoundingClientRect()
      problems.push(`${name(element)} reaches ${Math.round(box.left)}…${Math.round(box.right)} of ${width} px`)
    }

    // Labels cut by a box that hides what does not fit, without an ellipsis to say so.
    const textual = everything.filter((e) =>
      e.matches("h1, h2, h3, h4, h5, h6, button, .button, label, legend, summary, th, [role=button], .logo")
    )
    for (const element of textual) {
      const style = getComputedStyle(element)
      if (style.clipPath !== "none") continue
      const hides = (overflow: string) => overflow === "hidden" || overflow === "clip"
      if (
        style.textOverflow !== "ellipsis" &&
        ((hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
          (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 2))
      ) {
        problems.push(`${name(element)} is cut by its own box`)
        continue
      }
      const clipper = clipperOf(element)
      if (clipper === null || !hides(getComputedStyle(clipper).overflowX)) continue
      const box = element.getBoundingClientRect()
      const frame = clipper.getBoundingClientRect()
      if (box.left < frame.left - 1 || box.right > frame.right + 1) {
        problems.push(`${name(element)} is cut by ${name(clipper)}`)
      }
    }

    // Links and buttons a finger cannot reach: something else is drawn over their centre. While a modal dialog or
    // a menu is open, what it holds is what a finger can reach.
    const layer =
      document.querySelector("dialog:modal") ?? [...document.querySelectorAll(":popover-open")].at(-1) ?? document.body
    const tappable = everything.filter(
      (e) =>
        layer.contains(e) &&
        e.matches("a[href], button, [role=button], input[type=submit], input[type=button], summary")
    )
    for (const element of tappable) {
      element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" })
      // A link that wraps is drawn in pieces: aim at the first.
      const box = element.getClientRects()[0] ?? element.getBoundingClientRect()
      const x = box.left + box.width / 2
      const y = box.top + box.height / 2
      // Out of reach on purpose (the skip link waits above the page until focused); one off the side is a
      // problem already counted above.
      if (x < 0 || y < 0 || x >= width || y >= height) continue
      const hit = document.elementFromPoint(x, y)
      if (hit === null || !(hit === element || element.contains(hit))) {
        problems.push(`${name(element)} is covered by ${hit === null ? "nothing it owns" : name(hit)}`)
      }
    }
    window.scrollTo(0, 0)
    return problems
  })

/** Waits until the page is drawn as a person would see it: islands running, fonts in. */
const settled = async (page: Page) => {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** Walks the addresses at each phone size, returning every problem found with where. */
const walk = async (page: Page, locale: Locale, addresses: ReadonlyArray<string>) => {
  const found: Array<string> = []
  for (const size of phones) {
    await page.setViewportSize(size)
    for (const address of addresses) {
      const response = await page.goto(`/${locale}/${address}`)
      const status = response?.status() ?? 0
      if (status >= 500) found.push(`${size.width} px /${locale}/${address}: status ${status}`)
      await settled(page)
      const where = `${size.width} px ${new URL(page.url()).pathname}`
      for (const problem of await problemsOf(page)) found.push(`${where}: ${problem}`)
    }
  }
  return found
}

/** Leaves a picture of the screen for a person to judge; the artifacts folder is not committed. */
const shoot = async (page: Page, name: string, fullPage = true) => {
  mkdirSync(screenshots, { recursive: true })
  await page.screenshot({ path: join(screenshots, `phone-${name}.png`), fullPage })
}

/**
 * The demo data has no budget change, and its page is one of the templates: the walk asks for one on a budget the
 * admin sees, renaming it to the name it has, which changes nothing whether or not an approver must agree.
 */
const askForABudgetChange = async (page: Page) => {
  const login = await page.request.post("/api/auth/login", {
    data: { email: admin, password: demoPassword, platform: "mobile" }
  })
  const { accessToken } = (await login.json()) as { accessToken: string }
  const headers = { authorization: `Bearer ${accessToken}` }
  const budgets = (await (await page.request.get("/api/budgets", { headers })).json()) as Array<{
    id: string
    name: string
    status: string
  }>
  const budget = budgets.find((b) => b.status === "ACTIVE")
  expect(budget, "an active budget in the demo data").toBeDefined()
  const changes = (await (
    await page.request.get(`/api/budgets/${budget?.id}/changes`, { headers })
  ).json()) as Array<unknown>
  if (changes.length > 0) return
  const asked = await page.request.post(`/api/budgets/${budget?.id}/changes`, {
    headers,
    data: { action: "update_budget", lines: [], name: budget?.name }
  })
  expect(asked.status(), await asked.text()).toBe(200)
}

/**
 * The demo data has no request either, and a request's page is one of the templates: the walk raises a draft as the
 * signed-in admin through the site's own form, once.
 */
const raiseADraftRequest = async (page: Page, locale: Locale) => {
  await page.goto(`/${locale}/requests/requests`)
  if ((await page.locator("[data-request-list] tbody tr").count()) > 0) return
  await page.goto(`/${locale}/requests/create/product-request`)
  await page.locator("#title").fill("Phone walk")
  await page.locator("#item-0-nameEn").fill("Printer paper")
  await page.locator("#item-0-price").fill("25")
  await page.locator("form[data-request-form=items] .form__actions button[value=save]").click()
  await expect(page).toHaveURL(/\/requests\/create\/product-request\/request-info\?id=/)
}

test("every page fits a phone for the signed-in admin: no sideways scroll, nothing covered, no label cut", async ({
  page
}, testInfo) => {
  test.setTimeout(600_000)
  const locale = testInfo.project.name as Locale
  await askForABudgetChange(page)
  await signInAnyPassword(page, locale, admin)
  await raiseADraftRequest(page, locale)
  const addresses = await addressesOf(page, locale)
  expect(await walk(page, locale, addresses)).toEqual([])
})

test("every page a signed-out visitor reaches fits a phone", async ({ page }, testInfo) => {
  test.setTimeout(300_000)
  const locale = testInfo.project.name as Locale
  // Each test starts signed out. Most pages then lead to the sign-in page: each place is walked once.
  const reached = new Set<string>()
  for (const template of templates.filter((t) => !t.segments.some(isParameter))) {
    await page.goto(`/${locale}/${template.route}`)
    reached.add(new URL(page.url()).pathname.replace(`/${locale}/`, ""))
  }
  expect(await walk(page, locale, [...reached])).toEqual([])
})

test("on a phone the bell's panel and the CREATE menu fit the screen and can be closed", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  // The buyer, whose board and bell have things waiting, and the admin, who may create more.
  for (const account of [
    { email: buyer, create: false },
    { email: admin, create: true }
  ]) {
    await signInAnyPassword(page, locale, account.email)
    for (const size of phones) {
      await menusFit(page, locale, size, { create: account.create, pictures: size.width === 390 })
    }
  }

  // On a desktop too the admin's CREATE menu is as wide as its groups, not a fixed sheet with empty columns.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/${locale}/actionboard`)
  await settled(page)
  await page.locator(".create-button").click()
  await expect(page.locator("#create-menu")).toBeVisible()
  await shoot(page, `${locale}-create-desktop`, false)
  expect(await slackOf(page), "room the CREATE menu leaves empty at 1280 px").toBeLessThanOrEqual(1)
})

/** Opens the bell's panel and the CREATE menu on the action board, checking each fits; leaves pictures if asked. */
const menusFit = async (
  page: Page,
  locale: Locale,
  size: { width: number; height: number },
  { create, pictures }: { create: boolean; pictures: boolean }
) => {
  await test.step(`${size.width} px`, async () => {
    await page.setViewportSize(size)
    await page.goto(`/${locale}/actionboard`)
    await settled(page)
    if (pictures && !create) await shoot(page, `${locale}-actionboard-${size.width}`)

    const inScreen = async (selector: string) => {
      const box = await page.locator(selector).boundingBox()
      expect(box, `${selector} is drawn`).not.toBeNull()
      expect(box?.x ?? -1, `${selector} starts on the screen`).toBeGreaterThanOrEqual(0)
      expect((box?.x ?? 0) + (box?.width ?? Infinity), `${selector} ends on the screen`).toBeLessThanOrEqual(size.width)
    }

    // The bell's panel takes the whole width, and its Close button answers a tap.
    const loaded = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/notification")
    await page.locator(".bell").click()
    await loaded
    const panel = page.locator("#notification-panel")
    await expect(panel).toBeVisible()
    await expect(panel.locator(".panel__content")).toHaveAttribute("aria-busy", "false")
    await inScreen("#notification-panel")
    expect((await panel.boundingBox())?.width).toBe(size.width)
    if (pictures && !create) await shoot(page, `${locale}-bell-${size.width}`, false)
    expect(await problemsOf(page), `${size.width} px with the bell's panel open`).toEqual([])
    await panel.locator(".panel__header button").last().click()
    await expect(panel).toBeHidden()

    // The menu behind ☰ holds what the header has no room for (help, the language switch), and the avatar's menu
    // the profile: both lie on the screen with every item reachable.
    for (const [opener, menu] of [
      [".shell-header__menu", "#mobile-menu"],
      [".profile-button", "#profile-menu"]
    ] as const) {
      await page.locator(opener).click()
      await expect(page.locator(menu)).toBeVisible()
      await inScreen(menu)
      expect(await problemsOf(page), `${size.width} px with ${menu} open`).toEqual([])
      if (pictures && menu === "#mobile-menu" && !create) await shoot(page, `${locale}-menu-${size.width}`, false)
      await page.keyboard.press("Escape")
      await expect(page.locator(menu)).toBeHidden()
    }
    if (!create) return

    // The CREATE menu lies on the screen, every item reachable, and no wider than what it holds needs.
    await page.locator(".create-button").click()
    const menu = page.locator("#create-menu")
    await expect(menu).toBeVisible()
    await inScreen("#create-menu")
    if (pictures) await shoot(page, `${locale}-create-${size.width}`, false)
    expect(await problemsOf(page), `${size.width} px with the CREATE menu open`).toEqual([])
    expect(await slackOf(page), "room the CREATE menu leaves empty").toBeLessThanOrEqual(1)
    await page.keyboard.press("Escape")
    await expect(menu).toBeHidden()
  })
}

/**
 * How much wider the open CREATE menu is than its content needs, in pixels: the room beside its widest column's
 * widest item, unless the menu is as wide as the screen lets it be.
 */
const slackOf = (page: Page) =>
  page.locator("#create-menu").evaluate((menu) => {
    const style = getComputedStyle(menu)
    const inner = menu.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd)
    const max = parseFloat(style.maxInlineSize)
    if (!Number.isNaN(max) && menu.getBoundingClientRect().width >= max - 1) return 0
    const groups = [...menu.querySelectorAll<HTMLElement>(".create-menu__group")]
    const needed = (group: HTMLElement) =>
      Math.max(
        ...[...group.querySelectorAll<HTMLElement>("h3, a")].map((item) => {
          const range = document.createRange()
          range.selectNodeContents(item)
          const own = getComputedStyle(item)
          return (
            range.getBoundingClientRect().width + parseFloat(own.paddingInlineStart) + parseFloat(own.paddingInlineEnd)
          )
        })
      )
    const rows = new Map<number, Array<HTMLElement>>()
    for (const group of groups) {
      const top = Math.round(group.getBoundingClientRect().top)
      rows.set(top, [...(rows.get(top) ?? []), group])
    }
    const gap = parseFloat(getComputedStyle(groups[0]?.parentElement ?? menu).columnGap) || 0
    const widest = Math.max(
      ...[...rows.values()].map((row) => row.reduce((sum, group) => sum + needed(group), 0) + gap * (row.length - 1))
    )
    return Math.round(inner - widest)
  })

test("a list and a form on a phone, for a person to judge", async ({ page }, testInfo) => {
  const locale = testInfo.project.name as Locale
  await signInAnyPassword(page, locale, admin)
  await page.setViewportSize(phones[0])
  for (const [path, name] of [
    ["workspaces", "workspaces"],
    ["budgets/create", "budget-create"]
  ] as const) {
    await page.goto(`/${locale}/${path}`)
    await settled(page)
    await shoot(page, `${locale}-${name}-390`)
  }
})
