import type { Command } from "commander"
import { Effect } from "effect"
import { text } from "../Messages.ts"
import { emit } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { signedInClient } from "../Session.ts"
import { Settings } from "../Settings.ts"

/** `tawreed roles list`: the roles users of the organisation may hold, built in and custom. */
export const register = (parent: Command, run: Runner) => {
  const roles = parent.command("roles").description("the roles of your organisation")
  roles
    .command("list")
    .description("list the built-in and custom roles with their privileges")
    .action((_options: unknown, command: Command) => run(command, list))
  return roles
}

const list = Effect.gen(function* () {
  const { locale } = yield* Settings
  const client = yield* signedInClient
  const roles = yield* client.roles.list()
  const rows = [
    [
      text("columnCode", locale),
      text("columnName", locale),
      text("columnKind", locale),
      text("columnPrivileges", locale)
    ],
    ...roles.map((r) => [
      r.code,
      r.name[locale],
      text(r.system ? "roleSystem" : "roleCustom", locale),
      String(r.privileges.length)
    ])
  ]
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)))
  yield* emit(
    () => rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join("  ")),
    () => roles
  )
})
