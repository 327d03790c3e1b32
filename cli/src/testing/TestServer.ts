import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import * as App from "@tawreed/adapters/App"
import { Outbox } from "@tawreed/core/mail"
import type { OrgId } from "@tawreed/core/organisations"
import { describeError, messageFor, PageRequest, withoutIsolates } from "@tawreed/core/shared"
import { listen } from "@tawreed/adapters/http/NodeListener"
import * as DemoData from "@tawreed/adapters/storage/DemoData"
import * as TestDatabase from "@tawreed/adapters/testing/TestDatabase"
import { run, type Io } from "../Cli.ts"

/** The app on a copy of the migrated PGlite snapshot, with the demo data, served on 127.0.0.1. */
export const serve = async () => {
  const snapshot = TestDatabase.snapshot()
  const app = App.start(snapshot ? { engine: "pglite", snapshot } : { engine: "pglite" })
  await app.runtime.runPromise(DemoData.load)
  const { server, url } = await listen(app.handleApi)
  return {
    url,
    /** The newest six-digit code the buyer organisation's outbox holds for an address. */
    codeMailedTo: async (to: string) => {
      const page = await app.runtime.runPromise(
        Effect.flatMap(Effect.service(Outbox), (outbox) =>
          outbox.list(DemoData.demoOrganisations.buyer.id as OrgId, new PageRequest({ page: 0, limit: 50 }))
        )
      )
      return /(\d{6})/.exec(page.mails.find((mail) => mail.to === to)?.text ?? "")?.[1] ?? "none"
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await app.dispose()
    }
  }
}

export interface Outcome {
  readonly exitCode: number
  /** What a reader sees on stdout: the text without the invisible isolates around user data. */
  readonly stdout: string
  /** What a reader sees on stderr. */
  readonly stderr: string
}

/**
 * A terminal for the CLI in a test: a private config folder (XDG_CONFIG_HOME), captured output, and a count of the
 * requests it sent.
 */
export const terminal = (env: Readonly<Record<string, string>> = {}) => {
  const home = mkdtempSync(join(tmpdir(), "tawreed-cli-"))
  const requests: Array<string> = []
  let lastRaw = { stdout: "", stderr: "" }
  const countingFetch: typeof globalThis.fetch = (input, init) => {
    requests.push(`${init?.method ?? "GET"} ${String(input)}`)
    return globalThis.fetch(input, init)
  }
  const tawreed = async (
    argv: ReadonlyArray<string>,
    options: {
      readonly fetch?: typeof globalThis.fetch
      readonly prompt?: (question: string) => Promise<string>
      readonly stderrIsTerminal?: boolean
    } = {}
  ): Promise<Outcome> => {
    let stdout = ""
    let stderr = ""
    const io: Io = {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      env: { HOME: home, XDG_CONFIG_HOME: join(home, "config"), ...env },
      fetch: options.fetch ?? countingFetch,
      prompt: options.prompt,
      stderrIsTerminal: options.stderrIsTerminal
    }
    const exitCode = await run(argv, io)
    lastRaw = { stdout, stderr }
    return { exitCode, stdout: withoutIsolates(stdout), stderr: withoutIsolates(stderr) }
  }
  return {
    tawreed,
    requests,
    /** The bytes the last command wrote, with the isolates around user data that the outcome leaves out. */
    lastRaw: () => lastRaw,
    credentialsFile: join(home, "config", "tawreed", "credentials.json"),
    dispose: () => rmSync(home, { recursive: true, force: true })
  }
}

/**
 * The demo app served, with a terminal per demo account signed in to it (demo password): `start` in `beforeAll`,
 * `stop` in `afterAll`, and `as(email)` runs the CLI as that account against the server.
 */
export const signedInTerminals = <const Email extends string>(emails: ReadonlyArray<Email>) => {
  let served: Awaited<ReturnType<typeof serve>> | undefined
  const terms = Object.fromEntries(emails.map((email) => [email, terminal()])) as Record<
    Email,
    ReturnType<typeof terminal>
  >
  const url = () => {
    if (served === undefined) throw new Error("signedInTerminals: start() has not run")
    return served.url
  }
  return {
    terms,
    start: async () => {
      served = await serve()
      for (const email of emails) {
        const login = await terms[email].tawreed([
          "--api-url",
          url(),
          "login",
          "--email",
          email,
          "--password",
          DemoData.demoPassword
        ])
        if (login.exitCode !== 0) throw new Error(`${email} could not sign in: ${login.stderr}`)
      }
    },
    stop: async () => {
      await served?.close()
      for (const email of emails) terms[email].dispose()
    },
    as:
      (email: Email) =>
      (argv: ReadonlyArray<string>, options?: Parameters<ReturnType<typeof terminal>["tawreed"]>[1]) =>
        terms[email].tawreed(["--api-url", url(), ...argv], options)
  }
}

/** A catalogue message as the terminal shows it to a reader (without the isolates around its values). */
export const shownMessage = (...args: Parameters<typeof messageFor>): string => withoutIsolates(messageFor(...args))

/** A domain error's message as the terminal shows it, field and problem in words of the language. */
export const shownError = (...args: Parameters<typeof describeError>): string =>
  withoutIsolates(describeError(...args).message)
