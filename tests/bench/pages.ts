// What each page template costs the browser, in English and Arabic: the JavaScript it loads as it opens and what it
// loads only when a part is first used (gzip bytes, inline and linked, following module imports), its CSS, the fonts
// it preloads and its islands; and Lighthouse's mobile scores and timings for the templates marked `scored` in both languages, run
// against the system's Chromium. It prints figures; it asserts nothing (docs/measurements/lighthouse-mobile.md).
//
//   node tests/bench/pages.ts                 (builds the site first when it has no build)
//   node tests/bench/pages.ts --lighthouse    (the Lighthouse part only)
//   node tests/bench/pages.ts --weights       (the bytes only)
//   node tests/bench/pages.ts --every         (Lighthouse for every template, not only the marked ones)
//
// Lighthouse runs with its mobile settings: a Moto G Power's screen (412 × 823), simulated slow 4G and a 4× slower
// CPU. Below each page's scores it names the accessibility and best-practice audits the page did not pass.
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import lighthouse from "lighthouse"
import { request } from "undici"

const lighthouseOnly = process.argv.includes("--lighthouse")
/** Lighthouse for every template, not only the `scored` ones. */
const everyTemplate = process.argv.includes("--every")
const weightsOnly = process.argv.includes("--weights")
/** `--only=catalog,vendor`: the templates of these names only; `--locale=ar`: one language only. */
const onlyNames = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",")
const onlyLocale = process.argv.find((a) => a.startsWith("--locale="))?.slice(9)
/** `--why`: under each Lighthouse row, the largest paint's element and its phases, and the requests before it. */
const why = process.argv.includes("--why")
const root = new URL("../..", import.meta.url).pathname
const web = join(root, "web")
const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run"
]

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
    if (child.exitCode !== null) throw new Error(`${child.spawnfile} exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer`)
}

const gzipBytes = (text: string) => gzipSync(Buffer.from(text)).length

const staticImport = /\b(?:import|export)\s*(?:[^"'`();]*?\bfrom\s*)?["'`]([^"'`]+\.js)["'`]/g
const dynamicImport = /\bimport\s*\(\s*["'`]([^"'`]+\.js)["'`]/g

/**
 * Every module a script pulls in from the site's own assets, each once: `eager` what the page loads as it opens
 * (static imports), `lazy` what it loads only when a part of it is first used (dynamic `import()`, and what those
 * modules import in turn).
 */
const moduleGraph = async (
  origin: string,
  entries: ReadonlyArray<string>
): Promise<{ eager: Map<string, string>; lazy: Map<string, string> }> => {
  const eager = new Map<string, string>()
  const lazy = new Map<string, string>()
  const queue = entries.map((entry) => ({ url: new URL(entry, origin).href, lazy: false }))
  const later: Array<string> = []
  const visit = async (url: string, into: Map<string, string>, pending: Array<{ url: string; lazy: boolean }>) => {
    const text = await (await fetch(url)).text()
    into.set(url, text)
    for (const [pattern, isLazy] of [
      [staticImport, false],
      [dynamicImport, true]
    ] as const) {
      for (const match of text.matchAll(pattern)) {
        const target = new URL(match[1] ?? "", url)
        if (target.origin === origin) pending.push({ url: target.href, lazy: isLazy })
      }
    }
  }
  while (queue.length > 0) {
    const next = queue.shift()
    if (!next || eager.has(next.url)) continue
    if (next.lazy) later.push(next.url)
    else await visit(next.url, eager, queue)
  }
  const lazyQueue = later.map((url) => ({ url, lazy: true }))
  while (lazyQueue.length > 0) {
    const next = lazyQueue.shift()
    if (!next || eager.has(next.url) || lazy.has(next.url)) continue
    await visit(next.url, lazy, lazyQueue)
  }
  return { eager, lazy }
}

interface PageWeight {
  readonly name: string
  readonly status: number
  /** JavaScript the page loads as it opens, gzip bytes. */
  readonly js: number
  /** JavaScript it loads only when a part of it is first used (the notification panel, say), gzip bytes. */
  readonly lazyJs: number
  readonly css: number
  /** Fonts the page asks for before its stylesheet is read, and their bytes. */
  readonly preloads: number
  readonly preloadBytes: number
  /** The page's HTML, and as the server sends it to a browser that takes Brotli. */
  readonly html: number
  readonly htmlSent: number
  readonly scripts: number
  /** How many islands the page hydrates. */
  readonly islands: number
}

const gzipSum = (texts: Iterable<string>) =>
  [...texts].reduce((sum, text) => sum + (text.trim() ? gzipBytes(text) : 0), 0)

const weigh = async (origin: string, name: string, path: string, cookie: string): Promise<PageWeight> => {
  const response = await fetch(new URL(path, origin), { headers: { cookie }, redirect: "manual" })
  const html = await response.text()
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? "")
    .filter((s) => s.trim())
  const scriptUrls = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ""),
    ...[...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1] ?? ""),
    ...inlineScripts.flatMap((s) => [...s.matchAll(staticImport)].map((m) => m[1] ?? ""))
  ]
  const lazyUrls = inlineScripts.flatMap((s) => [...s.matchAll(dynamicImport)].map((m) => m[1] ?? ""))
  const { eager, lazy } = await moduleGraph(origin, scriptUrls)
  const later = await moduleGraph(origin, lazyUrls)
  for (const [url, text] of [...later.eager, ...later.lazy]) if (!eager.has(url)) lazy.set(url, text)
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "")
  const sheets = await Promise.all(
    [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(async (m) =>
      (await fetch(new URL(m[1] ?? "", origin))).text()
    )
  )
  const preloadHrefs = [...html.matchAll(/<link[^>]*rel="preload"[^>]*href="([^"]+)"[^>]*as="font"/g)].map(
    (m) => m[1] ?? ""
  )
  const fontBytes = await Promise.all(
    preloadHrefs.map(async (href) => (await (await fetch(new URL(href, origin))).arrayBuffer()).byteLength)
  )
  /** undici's `request` leaves the body as sent (fetch would undo the compression). */
  const sentBytes = async () => {
    const sent = await request(new URL(path, origin), { headers: { cookie, "accept-encoding": "br" } })
    return (await sent.body.arrayBuffer()).byteLength
  }
  return {
    name,
    status: response.status,
    js: gzipSum([...inlineScripts, ...eager.values()]),
    lazyJs: gzipSum(lazy.values()),
    css: gzipSum([...inlineStyles, ...sheets]),
    preloads: preloadHrefs.length,
    preloadBytes: fontBytes.reduce((sum, bytes) => sum + bytes, 0),
    html: Buffer.byteLength(html),
    htmlSent: await sentBytes(),
    scripts: inlineScripts.length + eager.size,
    islands: [...html.matchAll(/<astro-island\b/g)].length
  }
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]

/** The largest paint's element and phases, and each request that finished before it (`--why`). */
const explain = (lhr: Report) => {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as
    | {
        items?: ReadonlyArray<{
          type?: string
          items?: ReadonlyArray<Record<string, unknown>>
          node?: { snippet?: string }
        }>
      }
    | undefined
  for (const part of details?.items ?? []) {
    if (part.type === "node") console.log(`  largest paint: ${part.node?.snippet ?? ""}`)
    if (part.type === "table") {
      for (const row of part.items ?? [])
        console.log(`  ${String(row["label"] ?? row["subpart"])}: ${Math.round(Number(row["duration"]))} ms`)
    }
  }
  const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? 0
  const requests = (lhr.audits["network-requests"]?.details as { items?: ReadonlyArray<Record<string, unknown>> })
    ?.items
  for (const r of requests ?? []) {
    console.log(
      `  ${String(Math.round(Number(r["networkRequestTime"]))).padStart(6)}–${String(Math.round(Number(r["networkEndTime"]))).padEnd(6)} ${String(r["transferSize"]).padStart(7)} B  ${String(r["priority"]).padEnd(8)} ${String(r["url"]).replace(/^https?:\/\/[^/]+/, "")}`
    )
  }
  console.log(`  (largest paint at ${Math.round(lcp)} ms, simulated)`)
}

const main = async () => {
  if (!existsSync(join(web, "dist", "server", "entry.mjs"))) {
    const built = spawnSync(join(web, "node_modules", ".bin", "astro"), ["build"], { cwd: web, stdio: "inherit" })
    if (built.status !== 0) throw new Error("the site did not build")
  }
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), "tawreed-bench-pages-"))
  const server = spawn(process.execPath, ["./server.mjs"], {
    cwd: web,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO_DATA: "on",
      // Each request's database count on stderr (StatementCount.ts), for the templates' SQL column.
      TAWREED_SQL_COUNT: "on"
    },
    stdio: ["ignore", "ignore", "pipe"]
  })
  const counted: Array<string> = []
  server.stderr?.setEncoding("utf8")
  let partial = ""
  server.stderr?.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n")
    partial = lines.pop() ?? ""
    counted.push(...lines.filter((line) => line.startsWith("[sql] ")))
  })
  /** Statements and transactions of one more request of a page, once warm: `5 st / 2 tx`. */
  const sqlOf = async (path: string, cookie: string) => {
    const before = counted.length
    await (await fetch(new URL(path, origin), { headers: { cookie }, redirect: "manual" })).text()
    for (let i = 0; i < 100 && counted.length === before; i++) await new Promise((r) => setTimeout(r, 10))
    const line = counted.at(-1) ?? ""
    const figure = (what: string) =>
      /(\d+) /.exec(
        line
          .slice(line.indexOf(`: `) + 2)
          .split(", ")
          .find((p) => p.includes(what)) ?? ""
      )?.[1] ?? "?"
    return `${figure("statement")} st / ${figure("transaction")} tx`
  }
  const debugPort = await freePort()
  const profile = mkdtempSync(join(tmpdir(), "tawreed-bench-chromium-"))
  let chromium: ChildProcess | undefined
  try {
    await waitFor(`${origin}/api/health`, server)
    const signIn = async (email: string) => {
      const login = await fetch(`${origin}/en/auth/login`, {
        method: "POST",
        redirect: "manual",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: "Tawreed@2026" })
      })
      return (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? ""
    }
    const cookie = await signIn("buyer@buyer.tawreed.test")
    const adminCookie = await signIn("admin@buyer.tawreed.test")

    // A request the buyer raised, for its page (its id comes from the list the buyer sees).
    const requestList = await (await fetch(`${origin}/en/requests/requests`, { headers: { cookie } })).text()
    const requestId = /href="\/en\/requests\/([0-9a-f-]{36})"/.exec(requestList)?.[1] ?? "none"
    // A draft product request of the buyer's, for its details step (a form with an island): raised through the form.
    const form = await (await fetch(`${origin}/en/requests/create/product-request`, { headers: { cookie } })).text()
    const fields = new URLSearchParams()
    for (const input of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      fields.set(input[1] ?? "", input[2] ?? "")
    }
    const item: Record<string, string> = { nameEn: "Paper", nameAr: "ورق", quantity: "2", unit: "box", price: "10" }
    for (const [key, value] of Object.entries(item)) fields.set(`item-0-${key}`, value)
    fields.set("workspaceId", /<option value="([0-9a-f-]{36})" selected/.exec(form)?.[1] ?? "")
    fields.set("title", "Paper for the bench")
    fields.set("intent", "save")
    const created = await fetch(`${origin}/en/requests/create/product-request`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
      body: fields
    })
    const draftId = /[?&]id=([0-9a-f-]{36})/.exec(created.headers.get("location") ?? "")?.[1] ?? requestId
    const budget = "budgets/details/0b0e0000-0000-4000-8004-000000000001"
    // A product and a catalog of the demo catalog, for their pages (ids from the pages the buyer sees).
    const catalogsPage = await (await fetch(`${origin}/en/catalogs`, { headers: { cookie } })).text()
    const catalogId = /href="\/en\/catalogs\/([0-9a-f-]{36})"/.exec(catalogsPage)?.[1] ?? "none"
    const searchPage = await (await fetch(`${origin}/en/products?searchString=paper`, { headers: { cookie } })).text()
    const productPath =
      /href="\/en\/((?:catalogs\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/)?products\/[^"?#]+)"/.exec(searchPage)?.[1] ??
      "products/none"

    // The demo's order, contract and vendor, and the vendor's side of the order, for their pages.
    const vendorCookie = await signIn("vendor@vendor.tawreed.test")
    const firstId = async (list: string, pattern: RegExp, as: string) =>
      pattern.exec(await (await fetch(`${origin}/en/${list}`, { headers: { cookie: as } })).text())?.[1] ?? "none"
    const orderId = await firstId("orders/orders", /href="\/en\/orders\/([0-9a-f-]{36})"/, cookie)
    const contractId = await firstId("orders/contracts", /href="\/en\/orders\/contracts\/([0-9a-f-]{36})"/, adminCookie)
    const vendorId = await firstId("vendors", /href="\/en\/vendors\/([0-9a-f-]{36})"/, adminCookie)
    const vendorOrderId = await firstId("order-vendor", /href="\/en\/order-vendor\/([0-9a-f-]{36})"/, vendorCookie)
    const productAdminId = await firstId("products-admin", /href="\/en\/products-admin\/([0-9a-f-]{36})"/, adminCookie)

    // Each page template, measured in both languages; `scored` ones are also run through Lighthouse.
    const templates: ReadonlyArray<{ name: string; path: string; cookie: string; scored?: boolean }> = [
      { name: "sign-in", path: "auth/login", cookie: "", scored: true },
      { name: "forgot password", path: "auth/reset-password", cookie: "" },
      { name: "action board", path: "actionboard", cookie, scored: true },
      { name: "my profile", path: "user-profile", cookie },
      { name: "help", path: "help", cookie },
      { name: "workspaces", path: "workspaces", cookie, scored: true },
      { name: "requests list", path: "requests/requests", cookie, scored: true },
      { name: "request", path: `requests/${requestId}`, cookie, scored: true },
      { name: "new request", path: "requests/create/product-request", cookie },
      {
        name: "request details",
        path: `requests/create/product-request/request-info?id=${draftId}`,
        cookie,
        scored: true
      },
      { name: "budgets list", path: "budgets/list", cookie: adminCookie },
      { name: "budget", path: budget, cookie: adminCookie, scored: true },
      { name: "users", path: "settings/users", cookie: adminCookie, scored: true },
      { name: "vendors", path: "vendors", cookie: adminCookie },
      { name: "catalogs", path: "catalogs", cookie, scored: true },
      { name: "catalog", path: `catalogs/${catalogId}`, cookie },
      { name: "product search", path: "products?searchString=paper", cookie, scored: true },
      { name: "product", path: productPath, cookie },
      { name: "catalogs admin", path: "catalogs-admin", cookie: adminCookie },
      { name: "products admin", path: "products-admin", cookie: adminCookie },
      { name: "product admin", path: `products-admin/${productAdminId}`, cookie: adminCookie },
      { name: "orders list", path: "orders/orders", cookie },
      { name: "order", path: `orders/${orderId}`, cookie },
      { name: "new order", path: "orders/create/info", cookie },
      { name: "contracts", path: "orders/contracts", cookie: adminCookie },
      { name: "contract", path: `orders/contracts/${contractId}`, cookie: adminCookie },
      { name: "vendor", path: `vendors/${vendorId}`, cookie: adminCookie },
      { name: "invited vendors", path: "vendors/invited", cookie: adminCookie },
      { name: "vendor's orders", path: "order-vendor", cookie: vendorCookie },
      { name: "vendor's order", path: `order-vendor/${vendorOrderId}`, cookie: vendorCookie },
      { name: "organisation", path: "settings/org-info", cookie: adminCookie },
      { name: "roles", path: "settings/roles", cookie: adminCookie },
      { name: "outbox", path: "settings/outbox", cookie: adminCookie },
      { name: "guest catalogue", path: "guest", cookie: "", scored: true },
      { name: "page not found", path: "no-such-page", cookie },
      { name: "network error", path: "network-error", cookie: "" },
      { name: "server error", path: "server-error", cookie: "" },
      { name: "auth error", path: "auth-error", cookie: "" }
    ]
    const locales = (["en", "ar"] as const).filter((l) => onlyLocale === undefined || l === onlyLocale)
    const label = (name: string, locale: string) => (locale === "en" ? name : `${name} (${locale})`)
    if (!lighthouseOnly) {
      console.log(
        "Page template (gzip bytes)    status  HTML (sent)       JS at load  JS on first use  CSS     font preloads    script files  kind          SQL (warm)"
      )
      for (const template of templates.filter((t) => onlyNames === undefined || onlyNames.includes(t.name))) {
        for (const locale of locales) {
          const w = await weigh(origin, label(template.name, locale), `/${locale}/${template.path}`, template.cookie)
          const kind = template.cookie === "" ? "signed out" : w.islands > 0 ? `${w.islands} island(s)` : "signed in"
          const sql = await sqlOf(`/${locale}/${template.path}`, template.cookie)
          console.log(
            `${w.name.padEnd(28)} ${String(w.status).padStart(6)}  ${`${w.html} (${w.htmlSent})`.padStart(15)}  ${String(w.js).padStart(10)}  ${String(w.lazyJs).padStart(15)}  ${String(w.css).padStart(6)}  ${`${w.preloads}: ${w.preloadBytes}`.padStart(15)}  ${String(w.scripts).padStart(12)}  ${kind.padEnd(12)}  ${sql}`
          )
        }
      }
    }

    if (weightsOnly) return
    chromium = spawn(
      "/usr/bin/chromium",
      [...chromiumFlags, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, "about:blank"],
      { stdio: "ignore" }
    )
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chromium)
    console.log(
      "\nLighthouse, mobile (0-100)  performance  accessibility  best practices  SEO   FCP (s)  LCP (s)  TBT (ms)  CLS"
    )
    for (const { name, path, cookie: withCookie } of templates.filter((t) =>
      onlyNames === undefined ? everyTemplate || t.scored : onlyNames.includes(t.name)
    )) {
      for (const locale of locales) {
        const result = await lighthouse(`${origin}/${locale}/${path}`, {
          port: debugPort,
          output: "json",
          logLevel: "error",
          formFactor: "mobile",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          ...(withCookie ? { extraHeaders: { Cookie: withCookie } } : {})
        })
        const lhr = result?.lhr
        const categories = lhr?.categories ?? {}
        const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100))
        const metric = (id: string, unit: number, digits: number) =>
          ((lhr?.audits[id]?.numericValue ?? Number.NaN) / unit).toFixed(digits)
        console.log(
          `${label(name, locale).padEnd(26)}  ${score("performance").padStart(11)}  ${score("accessibility").padStart(13)}  ${score("best-practices").padStart(14)}  ${score("seo").padStart(3)}  ${metric("first-contentful-paint", 1000, 1).padStart(7)}  ${metric("largest-contentful-paint", 1000, 1).padStart(7)}  ${metric("total-blocking-time", 1, 0).padStart(8)}  ${metric("cumulative-layout-shift", 1, 3).padStart(5)}`
        )
        if (why && lhr !== undefined) explain(lhr)
        // What kept accessibility and best practices from 100, so that it can be mended.
        for (const key of ["accessibility", "best-practices"]) {
          for (const ref of categories[key]?.auditRefs ?? []) {
            const audit = lhr?.audits[ref.id]
            if (ref.weight > 0 && audit !== undefined && audit.score !== null && audit.score < 1) {
              console.log(`  ${key}: ${audit.id} (${audit.title})`)
            }
          }
        }
      }
    }
  } finally {
    chromium?.kill()
    server.kill("SIGTERM")
    await new Promise((resolve) => setTimeout(resolve, 500))
    rmSync(profile, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
