import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { serve, shownMessage, terminal } from "../testing/TestServer.ts"

const admin = "admin@buyer.tawreed.test"
const buyer = "buyer@buyer.tawreed.test"
const password = "Tawreed@2026"

let server: Awaited<ReturnType<typeof serve>>
const adminTerm = terminal()
const buyerTerm = terminal()

beforeAll(async () => {
  server = await serve()
  expect(
    (await adminTerm.tawreed(["--api-url", server.url, "login", "--email", admin, "--password", password])).exitCode
  ).toBe(0)
  expect(
    (await buyerTerm.tawreed(["--api-url", server.url, "login", "--email", buyer, "--password", password])).exitCode
  ).toBe(0)
})

afterAll(async () => {
  await server?.close()
  adminTerm.dispose()
  buyerTerm.dispose()
})

const asAdmin = (argv: ReadonlyArray<string>, options: { stderrIsTerminal?: boolean } = {}) =>
  adminTerm.tawreed(["--api-url", server.url, ...argv], options)

const csvFile = (name: string, text: string) => {
  const path = join(adminTerm.credentialsFile, "..", "..", "..", name)
  writeFileSync(path, text)
  return path
}

describe("tawreed users and roles", () => {
  it("lists the organisation's users as a table, and as JSON", async () => {
    const listed = await asAdmin(["users", "list", "--search", "buyer.tawreed.test"])
    expect(listed.exitCode).toBe(0)
    const lines = listed.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^Name\s+Email\s+Status\s+Roles$/)
    expect(lines).toContainEqual(
      expect.stringMatching(/^Omar Haddad\s+buyer@buyer\.tawreed\.test\s+Active\s+Basic User$/)
    )
    expect(lines.at(-1)).toMatch(/^\d+ users$/)
    const json = JSON.parse((await asAdmin(["--json", "users", "list"])).stdout)
    expect(json.users.map((u: { email: string }) => u.email)).toContain(admin)
    const arabic = await asAdmin(["--lang", "ar", "users", "list", "--search", "omar"])
    expect(arabic.stdout).toMatch(/^الاسم\s+البريد الإلكتروني\s+الحالة\s+الأدوار/)
  })

  it("refuses a basic user with the catalogue's message", async () => {
    const refused = await buyerTerm.tawreed(["--api-url", server.url, "users", "list"])
    expect(refused).toEqual({ exitCode: 1, stdout: "", stderr: `${shownMessage("E3002", "en")}\n` })
  })

  it("lists built-in and custom roles", async () => {
    const listed = await asAdmin(["roles", "list"])
    expect(listed.stdout).toMatch(/^org_super_user\s+Super User\s+built in\s+\d+$/m)
    expect(listed.stdout).toMatch(/^finance_auditor\s+Finance Auditor\s+custom\s+7$/m)
    const arabic = await asAdmin(["--lang", "ar", "roles", "list"])
    expect(arabic.stdout).toMatch(/^finance_auditor\s+مدقق مالي\s+مخصص\s+7$/m)
  })

  it("creates a user after checking the fields locally", async () => {
    const before = adminTerm.requests.length
    const bad = await asAdmin([
      "users",
      "create",
      "--email",
      "nope",
      "--first-name",
      "Rana",
      "--roles",
      "org_basic_user"
    ])
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toBe("Please check Email: the value is not an email address.\n")
    expect(adminTerm.requests.length).toBe(before)
    const made = await asAdmin([
      "users",
      "create",
      "--email",
      "rana@buyer.tawreed.test",
      "--first-name",
      "Rana",
      "--roles",
      "org_basic_user,request_approver"
    ])
    expect(made.exitCode).toBe(0)
    expect(made.stdout).toMatch(/^User Created Successfully: rana@buyer\.tawreed\.test \(\S+\)\n$/)
  })

  it("imports a CSV file, reporting each bad row with its line and creating the good ones", async () => {
    const file = csvFile(
      "users.csv",
      [
        "email,firstName,lastName,roles,phone",
        "nadia@buyer.tawreed.test,Nadia,Karim,org_basic_user,",
        "not-an-email,Bad,Row,org_basic_user,",
        "fahad@buyer.tawreed.test,Fahad,Ali,chief_of_everything,",
        '"huda.k@buyer.tawreed.test","Huda, K.",Khan,org_basic_user;request_approver,966500000123',
        "vendor@vendor.tawreed.test,Taken,Elsewhere,org_basic_user,",
        "nadia@buyer.tawreed.test,Nadia,Again,org_basic_user,"
      ].join("\n")
    )
    const quiet = await asAdmin(["users", "import", file])
    expect(quiet.exitCode).toBe(1)
    expect(quiet.stdout).toBe("2 users created, 4 rows refused.\n")
    expect(quiet.stderr.split("\n")).toEqual([
      "line 3: Please check Email: the value is not an email address.",
      `line 4: ${shownMessage("E2010", "en", { code: "chief_of_everything" })}`,
      "line 7: Please check Email: the same value appears twice.",
      `line 6: ${shownMessage("E5002", "en")}`,
      `4 rows of ${file} were not imported; see the lines above.`,
      ""
    ])
    const listed = JSON.parse((await asAdmin(["--json", "users", "list", "--search", "huda.k"])).stdout)
    expect(listed.users.map((u: { firstName: string; roles: Array<string> }) => [u.firstName, u.roles])).toEqual([
      ["Huda, K.", ["org_basic_user", "request_approver"]]
    ])

    const again = csvFile("more.csv", "email,firstName,roles\nsalem@buyer.tawreed.test,Salem,org_basic_user\n")
    const shown = await asAdmin(["users", "import", again], { stderrIsTerminal: true })
    expect(shown.exitCode).toBe(0)
    expect(shown.stderr).toContain("Imported 1 of 1 user")
    const hidden = await asAdmin(["users", "import", csvFile("none.csv", "email,firstName,roles\n")])
    expect([hidden.exitCode, hidden.stderr, hidden.stdout]).toEqual([0, "", "0 users created, 0 rows refused.\n"])
    const headless = await asAdmin(["users", "import", csvFile("bad.csv", "name,mail\nx,y\n")])
    expect(headless.exitCode).toBe(2)

    // In Arabic, each refused row reads in Arabic, its field and problem included.
    const arabic = await asAdmin([
      "--lang",
      "ar",
      "users",
      "import",
      csvFile(
        "ar.csv",
        "email,firstName,roles,phone\nnot-an-email,Bad,org_basic_user,\nx@buyer.tawreed.test,X,org_basic_user,05x\n"
      )
    ])
    expect(arabic.stderr.split("\n").slice(0, 2)).toEqual([
      "السطر 2: يرجى مراجعة البريد الإلكتروني: القيمة ليست عنوان بريد إلكتروني.",
      "السطر 3: يرجى مراجعة الهاتف: يتكوّن رقم الهاتف من 6 إلى 20 رقمًا."
    ])
  })

  it("blocks and unblocks a user by email, and sends a password reset", async () => {
    const blocked = await asAdmin(["users", "block", "rana@buyer.tawreed.test"])
    expect(blocked.stdout).toBe("User status changed successfully: rana@buyer.tawreed.test (Blocked)\n")
    const listed = await asAdmin(["users", "list", "--status", "BLOCKED"])
    expect(listed.stdout).toContain("rana@buyer.tawreed.test")
    const unblocked = await asAdmin(["users", "unblock", "rana@buyer.tawreed.test"])
    expect(unblocked.stdout).toBe("User status changed successfully: rana@buyer.tawreed.test (Active)\n")
    const reset = await asAdmin(["--lang", "ar", "users", "reset", "rana@buyer.tawreed.test"])
    expect(reset.stdout).toBe("تم إرسال رسالة إعادة تعيين كلمة المرور بنجاح.\n")
    const unknown = await asAdmin(["users", "block", "nobody@buyer.tawreed.test"])
    expect([unknown.exitCode, unknown.stderr]).toEqual([1, `${shownMessage("E1002", "en")}\n`])
  })
})
