import { Context, Effect, type Option } from "effect"
import { Settings } from "./Settings.ts"

/** Where the CLI writes: stdout carries data, stderr diagnostics. */
export interface OutputShape {
  readonly stdout: (text: string) => Effect.Effect<void>
  readonly stderr: (text: string) => Effect.Effect<void>
  /** Asks the person at the terminal; none when nobody can answer (no terminal on stdin). */
  readonly ask: (question: string) => Effect.Effect<Option.Option<string>>
  /** Shows how far long work has come, on stderr, only when stderr is a terminal (one line, rewritten). */
  readonly progress: (text: string) => Effect.Effect<void>
}

/** The two output streams of the running command. */
export class Output extends Context.Service<Output, OutputShape>()("@tawreed/cli/Output") {}

/** Prints a command's result: the human lines, or with `--json` the machine value, on stdout. */
export const emit = (human: () => ReadonlyArray<string>, machine: () => unknown) =>
  Effect.gen(function* () {
    const { json } = yield* Settings
    const output = yield* Output
    const lines = json ? [JSON.stringify(machine())] : human()
    for (const line of lines) yield* output.stdout(`${line}\n`)
  })
