import { withoutIsolates } from "@tawreed/core/shared"
import { describe, expect, it } from "vitest"
import { run, type Io } from "../Cli.ts"
import { shownMessage } from "../testing/TestServer.ts"

/** Runs the CLI with no server at all: every check must work offline. */
const tawreed = async (...argv: ReadonlyArray<string>) => {
  let stdout = ""
  let stderr = ""
  const io: Io = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: { HOME: "/nonexistent", XDG_CONFIG_HOME: "/nonexistent/config" },
    fetch: () => Promise.reject(new Error("the check commands must not call the API"))
  }
  const exitCode = await run(argv, io)
  // What a reader sees: the isolates around values are invisible.
  return { exitCode, stdout: withoutIsolates(stdout), stderr: withoutIsolates(stderr) }
}

describe("tawreed check password", () => {
  it("prints every broken rule in the spec's words and exits 1", async () => {
    expect(await tawreed("check", "password", "abc def")).toEqual({
      exitCode: 1,
      stdout:
        "Must have minimum 8 characters\nMust have uppercase letters\nMust have at least 2 digits\n" +
        "Must contain one special character\nShould not have spaces\n",
      stderr: `${shownMessage("E6002", "en")}\n`
    })
  })

  it("speaks Arabic with --lang ar", async () => {
    const outcome = await tawreed("--lang", "ar", "check", "password", "short")
    expect(outcome.exitCode).toBe(1)
    expect(outcome.stdout.split("\n")[0]).toBe("يجب أن تتكون من 8 أحرف على الأقل")
    expect(outcome.stderr).toBe(`${shownMessage("E6002", "ar")}\n`)
  })

  it("exits 0 for a password that keeps every rule", async () => {
    expect(await tawreed("check", "password", "Tawreed#2026")).toEqual({
      exitCode: 0,
      stdout: "The password meets every rule.\n",
      stderr: ""
    })
  })

  it("refuses a password on the published common list even when it keeps every other rule", async () => {
    expect(await tawreed("check", "password", "Nick1234-rem936")).toEqual({
      exitCode: 1,
      stdout: "Password too common\n",
      stderr: `${shownMessage("E6002", "en")}\n`
    })
  })

  it("answers in JSON for scripts", async () => {
    const outcome = await tawreed("--json", "check", "password", "Tawreed2026")
    expect(JSON.parse(outcome.stdout)).toEqual({
      ok: false,
      failures: [{ rule: "specialCharacter", message: "Must contain one special character" }]
    })
    expect(JSON.parse(outcome.stderr)).toEqual({ error: { code: "E6002", message: shownMessage("E6002", "en") } })
  })
})

describe("tawreed check quantity", () => {
  it("prints an acceptable quantity and exits 0", async () => {
    expect(await tawreed("check", "quantity", "2.5")).toEqual({ exitCode: 0, stdout: "2.5\n", stderr: "" })
  })

  it("prints what the field would become and exits 1 when the typed value is not acceptable", async () => {
    const outcome = await tawreed("check", "quantity", "2.345", "--minimum", "3")
    expect(outcome.exitCode).toBe(1)
    expect(outcome.stdout).toBe("3\n")
    expect(outcome.stderr).toBe("The quantity 2.345 is not valid. Enter at least 3, with no more than 2 decimals.\n")
    expect((await tawreed("check", "quantity", "abc")).stdout).toBe("1\n")
    expect((await tawreed("check", "quantity", "0.5", "--cart", "rfq")).exitCode).toBe(1)
  })
})

describe("tawreed check convert", () => {
  it("converts with the embedded table, rounded to the target's decimals", async () => {
    expect(await tawreed("check", "convert", "100", "USD", "SAR")).toEqual({
      exitCode: 0,
      stdout: "375.00 SAR\n",
      stderr: ""
    })
    expect((await tawreed("check", "convert", "1000", "jpy", "kwd")).stdout).toBe("2.082 KWD\n")
  })

  it("refuses an unknown currency or a malformed amount as a usage error", async () => {
    expect(await tawreed("check", "convert", "100", "USD", "XYZ")).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: "There is no exchange rate for the currency XYZ.\n"
    })
    expect((await tawreed("check", "convert", "1e3", "USD", "SAR")).exitCode).toBe(2)
  })
})

describe("tawreed check date-format", () => {
  it("shows the organisation's pattern, or a date in it", async () => {
    expect((await tawreed("check", "date-format", "american")).stdout).toBe("mm/dd/yy\n")
    expect((await tawreed("check", "date-format", "european", "2024-01-28")).stdout).toBe("28-01-2024\n")
    expect((await tawreed("check", "date-format", "iso", "2024-01-28")).stdout).toBe("2024-01-28\n")
    expect(JSON.parse((await tawreed("--json", "check", "date-format", "american", "2024-01-28")).stdout)).toEqual({
      setting: "american",
      pattern: "mm/dd/yy",
      formatted: "01/28/2024"
    })
  })

  it("refuses a date that does not exist", async () => {
    expect(await tawreed("check", "date-format", "iso", "2024-02-30")).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: "2024-02-30 is not a date. Enter it as YYYY-MM-DD.\n"
    })
  })
})
