import { readdirSync, statSync } from "node:fs"
import { type IncomingHttpHeaders, request as httpRequest } from "node:http"
import { join, relative } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { expect, test } from "@playwright/test"
import { demoBudget, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { demoPassword, type Locale } from "./support/journeys.ts"

/**
 * Every page of the site, as nobody and as each demo account, with junk appended, and every link those pages show:
 * none may answer a server error or leave its answer unfinished (a body cut short, or shorter than its
 * content-length). The pages are read from web/src/pages, so pages added later are crawled too.
 */

const pagesDir = join(import.meta.dirname, "..", "..", "web", "src", "pages")

/** The page templates under `[locale]`, each as its path segments (`["workspaces", "[id]", "[tab]"]`). */
const templates = (): ReadonlyArray<ReadonlyArray<string>> => {
  const found: Array<ReadonlyArray<string>> = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(astro|ts)$/.test(name) && !name.includes(".test.")) {
        const segments = relative(pagesDir, path)
          .replace(/\.(astro|ts)$/, "")
          .split("/")
        if (segments[0] !== "[locale]") continue
        found.push(segments.slice(1).filter((segment, i, all) => !(segment === "index" && i === all.length - 1)))
      }
    }
  }
  walk(pagesDir)
  return found
}

const unknownId = "0b0e0000-0000-4000-8fff-00000000dead"
const workspaceTabs = ["details", "locations", "users", "limits", "approval-flow", "configurations"]

/** The values a template's parameter is filled with: the demo documents it names, one that does not exist, junk. */
const valuesOf = (segments: ReadonlyArray<string>, index: number): ReadonlyArray<string> => {
  const segment = segments[index]!
  const before = segments[index - 1]
  if (segment === "[tab]") return [...workspaceTabs, "x"]
  if (segment.startsWith("[...")) return ["nothing", "nothing/deeper/still"]
  const ids =
    before === "workspaces"
      ? demoWorkspaces.map((w) => w.id)
      : before === "users"
        ? demoUsers.map((u) => u.id)
        : before === "details"
          ? [demoBudget.id]
          : [demoBudget.id, demoWorkspaces[0].id]
  return [...ids, unknownId, "x"]
}

/** Each template filled in every way its parameters allow (the first value of the others for each value). */
const pathsOf = (locale: Locale, segments: ReadonlyArray<string>): ReadonlyArray<string> => {
  const params = segments.flatMap((s, i) => (s.startsWith("[") ? [i] : []))
  const first = segments.map((s, i) => (s.startsWith("[") ? valuesOf(segments, i)[0]! : s))
  const paths = new Set([`/${locale}/${first.join("/")}`.replace(/\/$/, "")])
  for (const i of params) {
    for (const value of valuesOf(segments, i)) {
      paths.add(`/${locale}/${first.map((s, j) => (j === i ? value : s)).join("/")}`.replace(/\/$/, ""))
    }
  }
  return [...paths]
}

/** What a careless or hostile visitor appends to a path. */
const junk = (path: string): ReadonlyArray<string> => [
  `${path}/x`,
  `${path}%00`,
  `${path}/..%2f..%2fetc%2fpasswd`,
  `${path}/${"a".repeat(3000)}`,
  `${path}?returnUrl=%2F%2Fevil.example&page=-1&limit=1e309`,
  `${path}?filter=%7B&sort=%00&page=abc`,
  `${path}?%zz=%E0%A4%A&a[]=1&a[]=2`,
  `${path}?id=${unknownId}&workspaceId=x&status=%00`
]

/** Where each of the site's answers went wrong, if it did. */
interface Visit {
  readonly problem: string | undefined
  readonly links: ReadonlyArray<string>
}

const visit = async (base: string, path: string, cookie: string | undefined): Promise<Visit> => {
  let response: Response
  try {
    response = await fetch(`${base}${path}`, {
      redirect: "manual",
      headers: cookie === undefined ? {} : { cookie }
    })
  } catch (error) {
    return { problem: `no answer (${String(error)})`, links: [] }
  }
  let body: ArrayBuffer
  try {
    body = await response.arrayBuffer()
  } catch (error) {
    return { problem: `${response.status}, body cut short (${String(error)})`, links: [] }
  }
  const declared = response.headers.get("content-length")
  if (declared !== null && Number(declared) !== body.byteLength) {
    return { problem: `${response.status}, ${body.byteLength} bytes of ${declared}`, links: [] }
  }
  if (response.status >= 500) return { problem: `${response.status} ${response.statusText}`, links: [] }
  const html = (response.headers.get("content-type") ?? "").includes("text/html")
  const links = html
    ? [...new TextDecoder().decode(body).matchAll(/<a\b[^>]*\shref="([^"]+)"/g)].map((m) =>
        m[1]!.replace(/&amp;/g, "&")
      )
    : []
  return { problem: undefined, links }
}

/** The site's own page links among hrefs, without fragments. */
const sameSiteLinks = (locale: Locale, base: string, hrefs: ReadonlyArray<string>): ReadonlyArray<string> =>
  hrefs.flatMap((href) => {
    const url = new URL(href, `${base}/${locale}/`)
    if (url.origin !== base || !/^\/(en|ar)\//.test(url.pathname)) return []
    return [`${url.pathname}${url.search}`]
  })

const signIn = async (base: string, email: string): Promise<string> => {
  // The forgot-password journey may have given the approver a new password on this same server.
  for (const password of [demoPassword, "Renewed@2026"]) {
    const response = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, platform: "web" })
    })
    if (response.status === 200) {
      const { accessToken } = (await response.json()) as { accessToken: string }
      return `tawreed_session=${accessToken}`
    }
  }
  throw new Error(`${email} could not sign in`)
}

const identities = [
  { name: "nobody", email: undefined },
  { name: "admin", email: "admin@buyer.tawreed.test" },
  { name: "buyer", email: "buyer@buyer.tawreed.test" },
  { name: "approver", email: "approver@buyer.tawreed.test" },
  { name: "vendor", email: "vendor@vendor.tawreed.test" }
] as const

/** How many links found in pages each crawl follows beyond the templates. */
const linkBudget = 200

for (const identity of identities) {
  test(`every page answers without a server error or a cut-short body, as ${identity.name}`, async ({
    baseURL
  }, testInfo) => {
    test.setTimeout(180_000)
    const locale = testInfo.project.name as Locale
    const base = baseURL!
    const cookie = identity.email === undefined ? undefined : await signIn(base, identity.email)
    const pages = templates().flatMap((segments) => pathsOf(locale, segments))
    expect(pages.length).toBeGreaterThan(20)
    const queued = new Set<string>()
    const queue: Array<string> = []
    const enqueue = (path: string) => {
      if (queued.has(path)) return
      queued.add(path)
      queue.push(path)
    }
    const starts = ["/", `/${locale}`, `/${locale === "en" ? "ar" : "en"}/actionboard`, "/fr/actionboard"]
    for (const path of [...starts, `/${locale}/auth`, ...pages, ...pages.flatMap(junk)]) enqueue(path)
    const problems: Array<string> = []
    let budget = linkBudget
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const { problem, links } = await visit(base, path, cookie)
      if (problem !== undefined) problems.push(`${path}: ${problem}`)
      for (const link of sameSiteLinks(locale, base, links)) {
        if (budget === 0 || queued.has(link)) continue
        budget -= 1
        enqueue(link)
      }
    }
    testInfo.annotations.push({ type: "visited", description: String(queued.size) })
    expect(problems).toEqual([])
  })
}

/**
 * Sends a request as it is, with node:http: fetch refuses TRACE, caps what headers it sends and undoes compression.
 * With `firstChunk`, answers as soon as the body's first bytes arrive (an event stream does not end).
 */
const rawRequest = (base: string, method: string, path: string, headers: Record<string, string>, firstChunk = false) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer; body: string }>((resolve, reject) => {
    const url = new URL(path, base)
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path: `${url.pathname}${url.search}`, headers },
      (res) => {
        const chunks: Array<Buffer> = []
        const done = () => {
          const bytes = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, body: bytes.toString("utf8") })
        }
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk)
          if (firstChunk) {
            done()
            req.destroy()
          }
        })
        res.on("end", done)
      }
    )
    req.on("error", reject)
    req.end()
  })

test("pages and JSON lists reach the browser compressed as it accepts, and the event stream as each event is written", async ({
  baseURL
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  const cookie = await signIn(baseURL!, "buyer@buyer.tawreed.test")
  const plain = await rawRequest(baseURL!, "GET", `/${locale}/actionboard`, { cookie })
  expect([plain.status, plain.headers["content-encoding"]]).toEqual([200, undefined])
  for (const [accepted, decode] of [
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync]
  ] as const) {
    const page = await rawRequest(baseURL!, "GET", `/${locale}/actionboard`, { cookie, "accept-encoding": accepted })
    expect([page.status, page.headers["content-encoding"], page.headers.vary]).toEqual([
      200,
      accepted,
      "Accept-Encoding"
    ])
    expect(page.bytes.length).toBeLessThan(plain.bytes.length / 3)
    expect(decode(page.bytes).toString("utf8")).toContain(`<html lang="${locale}"`)
    const list = await rawRequest(baseURL!, "GET", "/api/notification?page=0&pageSize=25", {
      cookie,
      "accept-encoding": accepted
    })
    expect([list.status, list.headers["content-encoding"]]).toEqual([200, accepted])
    expect(JSON.parse(decode(list.bytes).toString("utf8"))).toBeTruthy()
  }
  const stream = await rawRequest(
    baseURL!,
    "GET",
    "/api/notification/stream",
    { cookie, "accept-encoding": "br, gzip" },
    true
  )
  expect([stream.status, stream.headers["content-encoding"]]).toEqual([200, undefined])
  expect(stream.body).toContain("event: unread")
})

test("the site's server answers what never reaches a page, a TRACE or headers past the limit, with the catalogue's body", async ({
  baseURL
}, testInfo) => {
  const language = testInfo.project.name
  for (const path of ["/api/budgets", `/${language}/actionboard`]) {
    const trace = await rawRequest(baseURL!, "TRACE", path, { language })
    expect([trace.status, JSON.parse(trace.body).error.code]).toEqual([405, "E2013"])
  }
  const big = await rawRequest(baseURL!, "GET", "/api/auth/iam", { language, "x-big": "x".repeat(70_000) })
  expect([big.status, JSON.parse(big.body).error.code]).toEqual([431, "E2014"])
})
