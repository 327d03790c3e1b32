import { Command, CommanderError } from "commander"
import { Cause, Effect, Exit, Layer, Option, Result } from "effect"
import { CredentialStore, credentialsPath } from "./Credentials.ts"
import { ExitCode, report } from "./Failures.ts"
import { Output } from "./Output.ts"
import type { Program, Runner } from "./Runner.ts"
import { decodeSettings, defaultApiUrl, Settings, type RawGlobals } from "./Settings.ts"
import * as Check from "./commands/check.ts"
import * as Login from "./commands/login.ts"
import * as Logout from "./commands/logout.ts"
import * as Notifications from "./commands/notifications.ts"
import * as Whoami from "./commands/whoami.ts"
import * as Users from "./commands/users.ts"
import * as Roles from "./commands/roles.ts"
import * as Workspaces from "./commands/workspaces.ts"
import * as Budgets from "./commands/budgets.ts"
import * as Workflows from "./commands/workflows.ts"
import * as Requests from "./commands/requests.ts"
import * as Orders from "./commands/orders.ts"
import * as Vendors from "./commands/vendors.ts"
import * as Contracts from "./commands/contracts.ts"
import * as Catalog from "./commands/catalog.ts"
import * as Marketplace from "./commands/marketplace.ts"
import * as Cart from "./commands/cart.ts"

/** What the CLI touches of its process: its output streams, its environment and the fetch to call the API with. */
export interface Io {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  readonly env: Readonly<Record<string, string | undefined>>
  readonly fetch?: typeof globalThis.fetch | undefined
  /** Asks a question at the terminal; absent when stdin is not a terminal. */
  readonly prompt?: ((question: string) => Promise<string>) | undefined
  /** Whether stderr is a terminal, where long work shows its progress. */
  readonly stderrIsTerminal?: boolean | undefined
}

/** The commander program, writing through `io`, throwing instead of exiting, handing each action to `run`. */
export const program = (io: Io, run: Runner): Command => {
  const root = new Command("tawreed")
    .description("Tawreed from the terminal: sign in and work through your notifications")
    .option("--api-url <url>", `the Tawreed site to talk to (default: $TAWREED_API_URL, else ${defaultApiUrl})`)
    .option("--lang <lang>", "the language of messages and output: en or ar", "en")
    .option("--json", "print machine-readable JSON on stdout")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      outputError: (text, write) => write(text)
    })
  Login.register(root, run)
  Logout.register(root, run)
  Whoami.register(root, run)
  Notifications.register(root, run)
  Users.register(root, run)
  Roles.register(root, run)
  Workspaces.register(root, run)
  Budgets.register(root, run)
  Workflows.register(root, run)
  Requests.register(root, run)
  Orders.register(root, run)
  Vendors.register(root, run)
  Contracts.register(root, run)
  Catalog.register(root, run)
  Marketplace.register(root, run)
  Cart.register(root, run)
  Check.register(root, run)
  return root
}

/** Runs one command line to its exit code, without touching `process`: what `main.ts` and the tests call. */
export const run = async (argv: ReadonlyArray<string>, io: Io): Promise<ExitCode> => {
  let exitCode: ExitCode = ExitCode.ok
  const runner: Runner = async (command, work) => {
    exitCode = await execute(command, work, io)
  }
  try {
    await program(io, runner).parseAsync([...argv], { from: "user" })
  } catch (error) {
    // Help and version end with 0; every other complaint of commander's is a usage error it has already printed.
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage
    throw error
  }
  return exitCode
}

/** The one error funnel: decodes the global options, runs the command, prints any failure on stderr. */
const execute = async (command: Command, work: Program, io: Io): Promise<ExitCode> => {
  const raw = command.optsWithGlobals<RawGlobals>()
  const json = raw.json === true
  const fail = (failure: {
    readonly exitCode: ExitCode
    readonly code: string | undefined
    readonly message: string
  }) => {
    io.stderr(
      json
        ? `${JSON.stringify({ error: { code: failure.code ?? null, message: failure.message } })}\n`
        : `${failure.message}\n`
    )
    return failure.exitCode
  }
  const decoded = decodeSettings(raw, io.env, io.fetch)
  if (Result.isFailure(decoded)) return fail(report(Cause.fail(decoded.failure), "en"))
  const settings = decoded.success
  const services = Layer.mergeAll(
    Layer.succeed(Settings, settings),
    Layer.succeed(Output, {
      stdout: (text) => Effect.sync(() => io.stdout(text)),
      stderr: (text) => Effect.sync(() => io.stderr(text)),
      progress: (text) => Effect.sync(() => void (io.stderrIsTerminal === true && io.stderr(`\r\u001b[2K${text}`))),
      ask: (question) => {
        const prompt = io.prompt
        return prompt === undefined
          ? Effect.succeedNone
          : Effect.map(
              Effect.promise(() => prompt(question)),
              (answer) => Option.some(answer.trim())
            )
      }
    }),
    CredentialStore.layerFile(credentialsPath(io.env))
  )
  const exit = await Effect.runPromiseExit(work.pipe(Effect.provide(services)))
  return Exit.isSuccess(exit) ? ExitCode.ok : fail(report(exit.cause, settings.locale))
}
