// Pictures of the site on a phone (390 × 844) in English and Arabic, for the documentation: the action board, the
// bell's panel open, a list (the budgets) and a form (a new budget). It serves the built site from a fresh embedded
// database with the demo data, as the browser journeys do, and writes docs/screenshots/<locale>-<name>.png. It is
// no test and asserts nothing beyond each page answering.
//
//   node tests/e2e-tools/screenshots.ts       (builds the site first when it has no build)
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium, type Page } from "@playwright/test"

const root = new URL("../..", import.meta.url).pathname
const web = join(root, "web")
const out = join(root, "docs", "screenshots")
const password = "Tawreed@2026"
const phone = { width: 390, height: 844 }
const locales = ["en", "ar"] as const
type Locale = (typeof locales)[number]

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })

const waitFor = async (url: string, child: ChildProcess) => {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer`)
}

const signIn = async (page: Page, locale: Locale, email: string) => {
  await page.context().clearCookies()
  await page.goto(`/${locale}/auth/login`)
  await page.locator("#email").fill(email)
  await page.locator("#password").fill(password)
  await page.locator("button[type=submit]").click()
  await page.waitForURL(`**/${locale}/actionboard`)
}

/** Opens a page and waits for its islands and fonts, so that the picture shows the page as a user sees it. */
const open = async (page: Page, path: string) => {
  const response = await page.goto(path)
  if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`)
  await settled(page)
}

const settled = async (page: Page) => {
  await page.waitForFunction(() => document.querySelectorAll("astro-island[ssr]").length === 0)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

const shoot = (page: Page, locale: Locale, name: string) =>
  page.screenshot({ path: join(out, `${locale}-${name}.png`), animations: "disabled" })

const main = async () => {
  if (!existsSync(join(web, "dist", "server", "entry.mjs"))) {
    const built = spawnSync(join(web, "node_modules", ".bin", "astro"), ["build"], { cwd: web, stdio: "inherit" })
    if (built.status !== 0) throw new Error("the site did not build")
  }
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), "tawreed-screenshots-"))
  const server = spawn(process.execPath, ["./server.mjs"], {
    cwd: web,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO_DATA: "on"
    },
    stdio: "ignore"
  })
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run"
    ]
  })
  try {
    await waitFor(`${origin}/api/health`, server)
    mkdirSync(out, { recursive: true })
    const context = await browser.newContext({ baseURL: origin, viewport: phone, deviceScaleFactor: 1 })
    const page = await context.newPage()
    for (const locale of locales) {
      // The buyer: his board and his bell have things waiting, and he reads the head office's budgets.
      await signIn(page, locale, "buyer@buyer.tawreed.test")
      await open(page, `/${locale}/actionboard`)
      await shoot(page, locale, "actionboard")
      await page.locator(".bell").click()
      const panel = page.locator("#notification-panel")
      await panel.waitFor({ state: "visible" })
      await panel.locator(".panel__content[aria-busy=false]").waitFor()
      await shoot(page, locale, "bell")
      await open(page, `/${locale}/budgets/list`)
      await shoot(page, locale, "budgets-list")
      // The admin plans budgets.
      await signIn(page, locale, "admin@buyer.tawreed.test")
      await open(page, `/${locale}/budgets/create`)
      await shoot(page, locale, "budget-create")
    }
    await context.close()
    console.log(`pictures in ${out}`)
  } finally {
    await browser.close()
    server.kill("SIGTERM")
    await new Promise((resolve) => setTimeout(resolve, 500))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
