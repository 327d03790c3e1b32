import { readdirSync, readFileSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { type APIRequestContext, type APIResponse, expect, request as requests, test } from "@playwright/test"
import { sessionCookie } from "@tawreed/adapters/http/Edge"
import { demoBudget, demoOrganisations, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { knownGaps, type PageAnswer, pageMatrix, type Visitor, visitors } from "../support/PageMatrix.ts"
import { demoPassword, type Locale } from "./support/journeys.ts"

/**
 * The site walk: every page of web/src/pages, found on disk so that a page added later is walked too, visited
 * signed out, as each demo role and as the other organisation's user, each answer held to tests/support/
 * PageMatrix.ts; every form posted by each visitor its page refuses, with nothing changed; and the notification
 * stream signed out. The API walk (tests/api/privileges.test.ts) sees only the routes Api.ts declares.
 */

const pagesDir = join(import.meta.dirname, "..", "..", "web", "src", "pages", "[locale]")
const files = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]
  )
const routeOf = (file: string) =>
  relative(pagesDir, file)
    .split(sep)
    .join("/")
    .replace(/\.(astro|ts)$/, "")
    .replace(/\/?index$/, "")
const pageFiles = files(pagesDir).filter((file) => /\.(astro|ts)$/.test(file) && !file.endsWith(".test.ts"))
/** Each page's route as the matrix names it; signing out ends the visitor's session, so it comes last. */
const pageRoutes = pageFiles
  .map(routeOf)
  .sort((a, b) => Number(a === "auth/logout") - Number(b === "auth/logout") || a.localeCompare(b))
/** The pages that take a form: those whose code answers a POST, by hand or through the page-run helper's `form`. */
const formRoutes = pageFiles
  .filter((file) => /request\.method === "POST"|runPage\(Astro, \{\s*form:/.test(readFileSync(file, "utf8")))
  .map(routeOf)
  .sort()

/** The buyer's records the id pages are walked with, and what of them must never reach another organisation. */
const buyerRecords: Readonly<Record<string, { readonly id: string; readonly shows: string }>> = {
  "settings/users/[id]": { id: demoUsers[1].id, shows: demoUsers[1].email },
  "workspaces/[id]/[tab]": { id: demoWorkspaces[0].id, shows: demoWorkspaces[0].name },
  "budgets/details/[id]": { id: demoBudget.id, shows: demoBudget.name }
}
const unknownId = crypto.randomUUID()
const pathOf = (locale: Locale, route: string) =>
  `/${locale}/${route}`
    .replace("[id]", buyerRecords[route]?.id ?? unknownId)
    .replace("[tab]", "details")
    .replace("[mail]", unknownId)
    .replace("[file]", "0")
    .replace("[...path]", "walked/nowhere")
    .replace(/\/$/, "")

const emails: Readonly<Record<Exclude<Visitor, "signedOut">, string>> = {
  admin: "admin@buyer.tawreed.test",
  buyer: "buyer@buyer.tawreed.test",
  approver: "approver@buyer.tawreed.test",
  vendor: "vendor@vendor.tawreed.test"
}

/** The session token of a demo account, with the demo password or the one the forgot-password journey sets. */
const tokenOf = async (baseURL: string, email: string): Promise<string> => {
  const anonymous = await requests.newContext({ baseURL })
  try {
    for (const password of [demoPassword, "Renewed@2026"]) {
      const answer = await anonymous.post("/api/auth/login", { data: { email, password, platform: "web" } })
      if (answer.status() === 200) return ((await answer.json()) as { accessToken: string }).accessToken
    }
    throw new Error(`${email} does not sign in`)
  } finally {
    await anonymous.dispose()
  }
}

/** A client of the site as the visitor, from the site's own origin, that never follows redirects. */
const clientOf = async (baseURL: string, visitor: Visitor): Promise<APIRequestContext> => {
  const headers: Record<string, string> = { origin: baseURL }
  if (visitor !== "signedOut") headers["cookie"] = `${sessionCookie}=${await tokenOf(baseURL, emails[visitor])}`
  return requests.newContext({ baseURL, extraHTTPHeaders: headers, maxRedirects: 0 })
}

/** An answer as the matrix writes it. */
const described = (locale: Locale, answer: APIResponse): PageAnswer => {
  const status = answer.status()
  if (status >= 300 && status < 400) {
    const to = new URL(answer.headers()["location"] ?? "", "http://site")
    if (to.pathname === `/${locale}/auth/login`) return "sign-in"
    if (to.pathname === `/${locale}/auth-error` && to.searchParams.get("type") === "403") return "403"
    if (to.pathname === `/${locale}/actionboard`) return "action board"
    const path = to.pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "[id]")
    return `redirect ${path.replace(`/${locale}/`, "/{locale}/")}`
  }
  return `${status}`
}

/**
 * What the matrix expects, or the known gap's answer where the site does not keep it yet; of answers written
 * `a | b`, the one given when it is one of them.
 */
const expected = (visitor: Visitor, route: string, given: PageAnswer): PageAnswer => {
  const answer = knownGaps[`${visitor} ${route}`] ?? pageMatrix[route]![visitor]
  return answer.split(" | ").includes(given) ? given : answer
}

test("every page answers each visitor as the page matrix says, and shows no one's data to whoever it refuses", async ({
  baseURL
}, testInfo) => {
  const locale = testInfo.project.name as Locale
  expect(pageRoutes.length).toBeGreaterThan(20)
  expect(
    pageRoutes.filter((route) => pageMatrix[route] === undefined),
    "pages without a line in tests/support/PageMatrix.ts"
  ).toEqual([])
  expect(
    Object.keys(pageMatrix).filter((route) => !pageRoutes.includes(route)),
    "lines of the page matrix for pages that no longer exist"
  ).toEqual([])
  const secrets = [...Object.values(emails), ...Object.values(buyerRecords).map((r) => r.shows)]
  const got: Array<string> = []
  const wanted: Array<string> = []
  for (const visitor of visitors) {
    const client = await clientOf(baseURL!, visitor)
    for (const route of pageRoutes) {
      const answer = await client.get(pathOf(locale, route))
      const given = described(locale, answer)
      got.push(`${visitor} ${route}: ${given}`)
      wanted.push(`${visitor} ${route}: ${expected(visitor, route, given)}`)
      const body = await answer.text()
      // Signed out, a page shows nobody's data; the vendor's user never sees the buyer's records.
      if (visitor === "signedOut") for (const secret of secrets) expect(body, route).not.toContain(secret)
      if (visitor === "vendor" && buyerRecords[route] !== undefined) {
        expect(body, route).not.toContain(buyerRecords[route]!.shows)
      }
    }
    await client.dispose()
  }
  expect(got).toEqual(wanted)
  // Both sides occur: pages refused and pages shown, for the walk to be worth something.
  expect(got.filter((g) => g.endsWith(": 403")).length).toBeGreaterThan(20)
  expect(got.filter((g) => g.endsWith(": 200")).length).toBeGreaterThan(30)
  for (const gap of Object.keys(knownGaps))
    expect(got, "a known gap that has closed").toContain(`${gap}: ${knownGaps[gap]}`)
})

test("refuses every form to whoever its page refuses, and nothing changes", async ({ baseURL }, testInfo) => {
  const locale = testInfo.project.name as Locale
  expect(formRoutes.length).toBeGreaterThan(10)
  const admin = await requests.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { authorization: `Bearer ${await tokenOf(baseURL!, emails.admin)}` }
  })
  const buyerOrg = demoOrganisations.buyer.id
  /** What the forms could change, as the buyer's admin reads it over the API. */
  const state = async () =>
    Promise.all(
      [
        "/api/users",
        "/api/roles",
        `/api/org_settings/${buyerOrg}`,
        "/api/workspaces?page=0&limit=9999",
        ...demoWorkspaces.map((w) => `/api/workspaces/${w.id}`),
        `/api/budgets/${demoBudget.id}`,
        `/api/budgets/${demoBudget.id}/changes`
      ].map(async (path) => {
        const answer = await admin.get(path)
        return `${path} ${answer.status()} ${await answer.text()}`
      })
    )
  const before = await state()
  // A form that decodes for most pages: an action that deletes, and the fields of a new record.
  const form = {
    action: "delete",
    name: "Walked",
    email: `walked.${Date.now()}@buyer.tawreed.test`,
    firstName: "Walid",
    lastName: "Walker",
    roles: "org_super_user",
    code: "walked",
    status: "INACTIVE",
    startDate: "2031-01-01",
    endDate: "2031-12-31"
  }
  const posted: Array<string> = []
  for (const visitor of visitors) {
    const client = await clientOf(baseURL!, visitor)
    for (const route of formRoutes) {
      const page = pageMatrix[route]![visitor]
      // Only the visitors the page refuses; the sign-in pages' forms are for everyone.
      if (["200", "action board"].includes(page) || route.startsWith("auth/")) continue
      const answer = await client.post(pathOf(locale, route), { form })
      const got = described(locale, answer)
      // Where the page shows though it should not (a known gap), its form must still be refused, by the API.
      const refused =
        knownGaps[`${visitor} ${route}`] === undefined
          ? expected(visitor, route, got)
          : answer.status() >= 400
            ? got
            : "refused"
      posted.push(`${visitor} POST ${route}: ${got}`)
      expect(`${visitor} POST ${route}: ${got}`).toBe(`${visitor} POST ${route}: ${refused}`)
    }
    await client.dispose()
  }
  expect(posted.length).toBeGreaterThan(30)
  expect(await state()).toEqual(before)
  await admin.dispose()
})

test("the notification stream refuses a visitor without a session with 401 and the catalogue's error", async ({
  baseURL
}) => {
  const client = await clientOf(baseURL!, "signedOut")
  const answer = await client.get("/api/notification/stream")
  expect(answer.status()).toBe(401)
  const body = (await answer.json()) as { error?: { code?: string; message?: string } }
  expect(body.error?.code).toBe("E3001")
  expect(body.error?.message?.length).toBeGreaterThan(0)
  await client.dispose()
})
