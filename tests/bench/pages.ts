// What each page template costs the browser: the JavaScript and CSS it loads (gzip bytes, inline and linked,
// following module imports), and Lighthouse's mobile scores and timings for the sign-in page, the action board and
// a budget in both languages, run against the system's Chromium. It prints figures; it asserts nothing.
//
//   node tests/bench/pages.ts                 (builds the site first when it has no build)
//   node tests/bench/pages.ts --lighthouse    (the Lighthouse part only)
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

const lighthouseOnly = process.argv.includes("--lighthouse")
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

/** Every module a script pulls in from the site's own assets, each once. */
const moduleGraph = async (origin: string, entries: ReadonlyArray<string>): Promise<Map<string, string>> => {
  const seen = new Map<string, string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const url = new URL(queue.shift() ?? "", origin).href
    if (seen.has(url)) continue
    const text = await (await fetch(url)).text()
    seen.set(url, text)
    for (const match of text.matchAll(/(?:import|from)\s*\(?\s*["']([^"']+\.js)["']/g)) {
      const target = new URL(match[1] ?? "", url)
      if (target.origin === origin) queue.push(target.href)
    }
  }
  return seen
}

interface PageWeight {
  readonly name: string
  readonly status: number
  readonly js: number
  readonly css: number
  readonly scripts: number
}

const weigh = async (origin: string, name: string, path: string, cookie: string): Promise<PageWeight> => {
  const response = await fetch(new URL(path, origin), { headers: { cookie }, redirect: "manual" })
  const html = await response.text()
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "")
  const scriptUrls = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ""),
    ...[...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1] ?? ""),
    ...inlineScripts.flatMap((s) => [...s.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)].map((m) => m[1] ?? ""))
  ]
  const modules = await moduleGraph(origin, scriptUrls)
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "")
  const sheets = await Promise.all(
    [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(async (m) =>
      (await fetch(new URL(m[1] ?? "", origin))).text()
    )
  )
  const js = [...inlineScripts, ...modules.values()].reduce((sum, text) => sum + (text.trim() ? gzipBytes(text) : 0), 0)
  const css = [...inlineStyles, ...sheets].reduce((sum, text) => sum + gzipBytes(text), 0)
  return {
    name,
    status: response.status,
    js,
    css,
    scripts: inlineScripts.filter((s) => s.trim()).length + modules.size
  }
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
      DEMO_DATA: "on"
    },
    stdio: "ignore"
  })
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

    const templates: ReadonlyArray<readonly [string, string, string]> = [
      ["sign-in", "/en/auth/login", ""],
      ["forgot password", "/en/auth/reset-password", ""],
      ["action board", "/en/actionboard", cookie],
      ["my profile", "/en/user-profile", cookie],
      ["help", "/en/help", cookie],
      ["workspaces", "/en/workspaces", cookie],
      ["budgets list", "/en/budgets/list", adminCookie],
      ["budget", "/en/budgets/details/0b0e0000-0000-4000-8004-000000000001", adminCookie],
      ["page not found", "/en/no-such-page", cookie],
      ["network error", "/en/network-error", ""],
      ["server error", "/en/server-error", ""],
      ["auth error", "/en/auth-error", ""]
    ]
    if (!lighthouseOnly) console.log("Page template        status  JS (gzip B)  CSS (gzip B)  script files")
    for (const [name, path, withCookie] of lighthouseOnly ? [] : templates) {
      const w = await weigh(origin, name, path, withCookie)
      console.log(
        `${w.name.padEnd(20)} ${String(w.status).padStart(6)}  ${String(w.js).padStart(11)}  ${String(w.css).padStart(12)}  ${String(w.scripts).padStart(12)}`
      )
    }

    chromium = spawn(
      "/usr/bin/chromium",
      [...chromiumFlags, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, "about:blank"],
      { stdio: "ignore" }
    )
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chromium)
    console.log(
      "\nLighthouse, mobile (0-100)  performance  accessibility  best practices  SEO   FCP (s)  LCP (s)  TBT (ms)  CLS"
    )
    const budget = "budgets/details/0b0e0000-0000-4000-8004-000000000001"
    for (const [name, path, withCookie] of [
      ["sign-in", "/en/auth/login", ""],
      ["sign-in (ar)", "/ar/auth/login", ""],
      ["action board", "/en/actionboard", cookie],
      ["action board (ar)", "/ar/actionboard", cookie],
      ["budget", `/en/${budget}`, adminCookie],
      ["budget (ar)", `/ar/${budget}`, adminCookie]
    ] as const) {
      const result = await lighthouse(`${origin}${path}`, {
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
        `${name.padEnd(26)}  ${score("performance").padStart(11)}  ${score("accessibility").padStart(13)}  ${score("best-practices").padStart(14)}  ${score("seo").padStart(3)}  ${metric("first-contentful-paint", 1000, 1).padStart(7)}  ${metric("largest-contentful-paint", 1000, 1).padStart(7)}  ${metric("total-blocking-time", 1, 0).padStart(8)}  ${metric("cumulative-layout-shift", 1, 3).padStart(5)}`
      )
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
  } finally {
    chromium?.kill()
    server.kill("SIGTERM")
    await new Promise((resolve) => setTimeout(resolve, 500))
    rmSync(profile, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
