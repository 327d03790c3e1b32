import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { serve, shownMessage, terminal } from "../testing/TestServer.ts"

const security = "security@buyer.tawreed.test"
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

describe("tawreed login with MFA", () => {
  it("asks for the emailed code at the terminal and signs in with it", async () => {
    const questions: Array<string> = []
    const outcome = await term.tawreed(
      ["--api-url", server.url, "login", "--email", security, "--password", password],
      {
        prompt: async (question) => {
          questions.push(question)
          return server.codeMailedTo(security)
        }
      }
    )
    expect(questions).toEqual(["Security code: "])
    expect(outcome.exitCode).toBe(0)
    expect(outcome.stderr).toBe(`${shownMessage("E1018", "en")} (s******y@buyer.tawreed.test)\n`)
    expect(outcome.stdout).toBe(`Signed in as ${security} at ${server.url}.\n`)
    const count = await term.tawreed(["--api-url", server.url, "notifications", "count"])
    expect(count).toEqual({ exitCode: 0, stdout: "0\n", stderr: "" })
  })

  it("without a terminal, says how to finish, and --code finishes it", async () => {
    const first = await term.tawreed(["--api-url", server.url, "login", "--email", security, "--password", password])
    expect(first.exitCode).toBe(0)
    expect(first.stdout).toBe(`Finish signing in with: tawreed login --email ${security} --code <security code>\n`)
    const wrong = await term.tawreed([
      "--api-url",
      server.url,
      "--lang",
      "ar",
      "login",
      "--email",
      security,
      "--code",
      "1"
    ])
    expect(wrong).toEqual({ exitCode: 1, stdout: "", stderr: `${shownMessage("E1003", "ar")}\n` })
    const code = await server.codeMailedTo(security)
    const done = await term.tawreed(["--api-url", server.url, "login", "--email", security, "--code", code])
    expect(done).toEqual({ exitCode: 0, stdout: `Signed in as ${security} at ${server.url}.\n`, stderr: "" })
  })

  it("needs a password when no code is given", async () => {
    const outcome = await term.tawreed(["--api-url", server.url, "login", "--email", security])
    expect(outcome.exitCode).toBe(2)
  })
})

describe("tawreed whoami", () => {
  it("shows the signed-in user with roles and privileges, and asks for a sign-in without one", async () => {
    const fresh = terminal()
    const before = await fresh.tawreed(["--api-url", server.url, "whoami"])
    expect(before).toEqual({ exitCode: 1, stdout: "", stderr: `${shownMessage("E3001", "en")}\n` })
    await fresh.tawreed([
      "--api-url",
      server.url,
      "login",
      "--email",
      "admin@buyer.tawreed.test",
      "--password",
      password
    ])
    const outcome = await fresh.tawreed(["--api-url", server.url, "whoami"])
    expect(outcome.exitCode).toBe(0)
    expect(outcome.stdout.split("\n")[0]).toBe(`Amal Al-Harbi <admin@buyer.tawreed.test> at ${server.url}`)
    expect(outcome.stdout.split("\n")[1]).toMatch(/^Roles: Super User \(\d+ privileges\)$/)
    const json = JSON.parse((await fresh.tawreed(["--api-url", server.url, "--json", "whoami"])).stdout)
    expect(json.profile.roles).toEqual([{ code: "org_super_user", roleName: "Super User" }])
    expect(json.policies).toContain("usr_c_o")
    fresh.dispose()
  })
})
