import { copyFileSync, readFileSync, statSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { serve, shownMessage, terminal } from "./testing/TestServer.ts"

const buyer = "buyer@buyer.tawreed.test"
const password = "Tawreed@2026"

let server: Awaited<ReturnType<typeof serve>>
const term = terminal()

beforeAll(async () => {
  server = await serve()
})

afterAll(async () => {
  await server?.close()
  term.dispose()
})

/** The CLI pointed at the test server. */
const tawreed = (...argv: ReadonlyArray<string>) => term.tawreed(["--api-url", server.url, ...argv])

/** Runs a command and answers how many requests it sent. */
const requestsOf = async (...argv: ReadonlyArray<string>) => {
  const before = term.requests.length
  const outcome = await tawreed(...argv)
  return { ...outcome, requests: term.requests.length - before }
}

const credentials = () =>
  JSON.parse(readFileSync(term.credentialsFile, "utf8")) as {
    sessions: Record<string, { email: string; accessToken: string }>
  }

describe("tawreed, against a running API", () => {
  it("refuses a wrong password with the catalogue's message, in English or Arabic, and keeps nothing", async () => {
    const english = await tawreed("login", "--email", buyer, "--password", "wrong")
    expect(english).toEqual({ exitCode: 1, stdout: "", stderr: `${shownMessage("E1001", "en")}\n` })

    const arabic = await tawreed("--lang", "ar", "login", "--email", buyer, "--password", "wrong")
    expect(arabic.exitCode).toBe(1)
    expect(arabic.stderr).toBe("يرجى التحقق من اسم المستخدم وكلمة المرور والمحاولة مرة أخرى.\n")

    const json = await tawreed("--json", "login", "--email", buyer, "--password", "wrong")
    expect(JSON.parse(json.stderr)).toEqual({ error: { code: "E1001", message: shownMessage("E1001", "en") } })
    expect(() => statSync(term.credentialsFile)).toThrow()
  })

  it("signs in and keeps the token for this API address in a file only its owner can read", async () => {
    const outcome = await tawreed("login", "--email", buyer, "--password", password)
    expect(outcome).toEqual({ exitCode: 0, stdout: `Signed in as ${buyer} at ${server.url}.\n`, stderr: "" })
    expect(statSync(term.credentialsFile).mode & 0o777).toBe(0o600)
    const saved = credentials().sessions[server.url]
    expect(saved?.email).toBe(buyer)
    expect(saved?.accessToken).toMatch(/\S{20,}/)
  })

  it("prints the unread count as a bare number", async () => {
    expect(await tawreed("notifications", "count")).toEqual({ exitCode: 0, stdout: "7\n", stderr: "" })
    expect((await tawreed("--json", "notifications", "count")).stdout).toBe("7\n")
  })

  it("lists a page as a table with the label '{Module} #{id}' and the title in the chosen language", async () => {
    const english = await tawreed("notifications", "list")
    expect(english.exitCode).toBe(0)
    const lines = english.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^ID\s+Status\s+Label\s+Title$/)
    expect(lines.slice(1, 11)).toHaveLength(10)
    for (const row of lines.slice(1, 11)) expect(row).toMatch(/^\d+\s+(Unread|Read)\s+\p{L}[\p{L} ]* #\S+\s+\S/u)
    expect(lines.at(-1)).toBe("Page 1 of 2 · 12 notifications")

    const second = await tawreed("notifications", "list", "--page", "1")
    expect(second.stdout.trimEnd().split("\n").at(-1)).toBe("Page 2 of 2 · 12 notifications")
    expect(second.stdout.trimEnd().split("\n")).toHaveLength(1 + 2 + 2)

    const arabic = await tawreed("--lang", "ar", "notifications", "list", "--limit", "25")
    const arabicLines = arabic.stdout.trimEnd().split("\n")
    expect(arabicLines[0]).toMatch(/^الرقم\s+الحالة\s+المستند\s+العنوان$/)
    expect(arabicLines).toHaveLength(1 + 12 + 2)
    expect(arabic.stdout).toMatch(/غير مقروء/)
    expect(arabicLines.at(-1)).toBe("الصفحة 1 من 1 · 12 إشعارًا")
  })

  it("lists as JSON for machines, with the same labels", async () => {
    const outcome = await tawreed("--json", "notifications", "list", "--limit", "50")
    const page = JSON.parse(outcome.stdout) as {
      count: number
      notifications: Array<{ id: number; status: string; label: string; module: string; documentId: string }>
    }
    expect(page.count).toBe(12)
    expect(page.notifications).toHaveLength(12)
    expect(page.notifications.filter((n) => n.status === "UNREAD")).toHaveLength(7)
    for (const n of page.notifications) expect(n.label).toMatch(new RegExp(`^\\p{L}+ #${n.documentId}$`, "u"))
  })

  it("refuses a page size outside the core's list before calling the API", async () => {
    const outcome = await requestsOf("notifications", "list", "--limit", "7")
    expect(outcome.requests).toBe(0)
    expect(outcome.exitCode).toBe(2)
    expect(outcome.stderr).toBe(`${shownMessage("E2003", "en", { allowed: "10, 25, 50, 100, 500" })}\n`)

    const arabic = await requestsOf("--lang", "ar", "notifications", "list", "--limit", "7")
    expect(arabic.stderr).toBe(`${shownMessage("E2003", "ar", { allowed: "10, 25, 50, 100, 500" })}\n`)

    const page = await requestsOf("notifications", "list", "--page", "-1")
    expect({ exitCode: page.exitCode, requests: page.requests, stderr: page.stderr }).toEqual({
      exitCode: 2,
      requests: 0,
      stderr: `${shownMessage("E2004", "en")}\n`
    })
  })

  it("marks one notification read, and refuses an id that is not a number before calling", async () => {
    const { notifications } = JSON.parse((await tawreed("--json", "notifications", "list")).stdout) as {
      notifications: Array<{ id: number; status: string }>
    }
    const unread = notifications.find((n) => n.status === "UNREAD")!
    const outcome = await tawreed("notifications", "read", String(unread.id))
    expect(outcome).toEqual({ exitCode: 0, stdout: `Notification ${unread.id} marked as read.\n`, stderr: "" })
    expect((await tawreed("notifications", "count")).stdout).toBe("6\n")

    const notANumber = await requestsOf("notifications", "read", "abc")
    expect(notANumber.requests).toBe(0)
    expect(notANumber.exitCode).toBe(2)
    expect(notANumber.stderr).toMatch(new RegExp(`^${shownMessage("E2001", "en", { detail: "" })}`))
    expect(notANumber.stderr).toMatch(/'abc'/)

    const missing = await tawreed("--lang", "ar", "notifications", "read", "999999")
    expect({ exitCode: missing.exitCode, stderr: missing.stderr }).toEqual({
      exitCode: 1,
      stderr: `${shownMessage("E4002", "ar")}\n`
    })
  })

  it("marks all notifications read", async () => {
    const outcome = await tawreed("notifications", "read-all")
    expect(outcome).toEqual({ exitCode: 0, stdout: "All notifications marked as read.\n", stderr: "" })
    expect((await tawreed("notifications", "count")).stdout).toBe("0\n")
  })

  it("signs out on the API, forgets the token, and then asks to sign in", async () => {
    const kept = `${term.credentialsFile}.kept`
    copyFileSync(term.credentialsFile, kept)

    const outcome = await requestsOf("logout")
    expect(outcome.requests).toBe(1)
    expect({ exitCode: outcome.exitCode, stdout: outcome.stdout }).toEqual({
      exitCode: 0,
      stdout: `Signed out of ${server.url}.\n`
    })
    expect(credentials().sessions[server.url]).toBeUndefined()

    const count = await tawreed("notifications", "count")
    expect(count).toEqual({ exitCode: 1, stdout: "", stderr: `${shownMessage("E3001", "en")}\n` })

    // The old token no longer opens anything: the API ended the session, not just this machine.
    copyFileSync(kept, term.credentialsFile)
    const stale = await requestsOf("notifications", "count")
    expect({ exitCode: stale.exitCode, stderr: stale.stderr, requests: stale.requests }).toEqual({
      exitCode: 1,
      stderr: `${shownMessage("E3001", "en")}\n`,
      requests: 1
    })

    // Signing out with a token the API has already forgotten still forgets it here.
    expect((await tawreed("logout")).exitCode).toBe(0)
    expect(credentials().sessions[server.url]).toBeUndefined()
    expect((await tawreed("logout")).stdout).toBe(`You were not signed in at ${server.url}.\n`)
  })
})

describe("tawreed, when the API cannot answer", () => {
  it("exits 3 when nothing listens at the address", async () => {
    const outcome = await term.tawreed([
      "--api-url",
      "http://127.0.0.1:9",
      "login",
      "--email",
      buyer,
      "--password",
      "x"
    ])
    expect(outcome.exitCode).toBe(3)
    expect(outcome.stdout).toBe("")
    expect(outcome.stderr).toMatch(/^Cannot reach the Tawreed API at http:\/\/127\.0\.0\.1:9 /)
  })

  it("exits 3 when the API says it is unavailable", async () => {
    const unavailable: typeof globalThis.fetch = async () =>
      Response.json({ error: { code: "E9002", message: shownMessage("E9002", "en") } }, { status: 503 })
    const outcome = await term.tawreed(["login", "--email", buyer, "--password", "x"], { fetch: unavailable })
    expect(outcome).toEqual({ exitCode: 3, stdout: "", stderr: `${shownMessage("E9002", "en")}\n` })
  })
})

describe("tawreed's command line", () => {
  it("takes the API address from TAWREED_API_URL", async () => {
    const other = terminal({ TAWREED_API_URL: "http://127.0.0.1:9/" })
    try {
      const outcome = await other.tawreed(["notifications", "count"])
      // Not signed in at that address: refused before any call.
      expect(outcome).toEqual({ exitCode: 1, stdout: "", stderr: `${shownMessage("E3001", "en")}\n` })
      expect(other.requests).toEqual([])
      const login = await other.tawreed(["login", "--email", buyer, "--password", "x"])
      expect(other.requests).toEqual(["POST http://127.0.0.1:9/api/auth/login"])
      expect(login.exitCode).toBe(3)
    } finally {
      other.dispose()
    }
  })

  it("exits 2 on usage errors and 0 on help", async () => {
    const unknown = await term.tawreed(["notifications", "list", "--colour"])
    expect(unknown.exitCode).toBe(2)
    expect(unknown.stderr).toMatch(/unknown option '--colour'/)

    const missing = await term.tawreed(["login", "--email", buyer])
    expect(missing.exitCode).toBe(2)
    expect(missing.stderr).toMatch(/--password/)

    const language = await term.tawreed(["--lang", "fr", "notifications", "count"])
    expect(language).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: `${shownMessage("E2001", "en", { detail: "--lang must be en or ar, not 'fr'" })}\n`
    })

    const address = await term.tawreed(["--api-url", "localhost", "notifications", "count"])
    expect(address.exitCode).toBe(2)

    const help = await term.tawreed(["--help"])
    expect(help.exitCode).toBe(0)
    expect(help.stdout).toMatch(/Usage: tawreed/)
    expect(help.stdout).toMatch(/notifications/)
  })
})
