import type { Command } from "commander"
import type { Effect } from "effect"
import type { CredentialStore } from "./Credentials.ts"
import type { CliError } from "./Failures.ts"
import type { Output } from "./Output.ts"
import type { Settings } from "./Settings.ts"

/** What a command's program may ask for. */
export type CommandServices = Settings | Output | CredentialStore

/** A command's work: an effect that prints its result or fails with a CLI error. */
export type Program = Effect.Effect<void, CliError, CommandServices>

/**
 * Runs a command's program with the global options of `command` decoded, through the one error funnel. Command
 * files call it from their commander action.
 */
export type Runner = (command: Command, program: Program) => Promise<void>
