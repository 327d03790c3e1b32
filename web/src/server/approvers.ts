import { Effect } from "effect"
import { systemRoles } from "@tawreed/core/access"
import { type Actor, Users } from "@tawreed/core/identity"
import type { Locale } from "@tawreed/core/shared"

/** The roles an approval level can name instead of users: the workspace roles, the approver roles, super users. */
export const approverRoleCodes = [
  "workspaces_admin",
  "workspaces_manager",
  "workspaces_viewer",
  "request_approver",
  "rfq_approver",
  "order_approver",
  "bill_approver",
  "org_super_user"
] as const

export const approverRoles = (locale: Locale) =>
  approverRoleCodes.map((code) => ({
    code,
    name: systemRoles.find((role) => role.code === code)?.name[locale] ?? code
  }))

/**
 * The people an approval level can name: for those who manage users, the organisation's active users; for
 * everyone else its active approvers of every document module, its workspace managers and its super users
 * (`users/approvers/{module}` and the workspace-manager picker), each once. Someone who may see none of these
 * lists gets none.
 */
export const approverCandidates = (actor: Actor) =>
  Effect.gen(function* () {
    const users = yield* Users
    const none = { users: [], totalCount: 0 }
    // Whoever reads the organisation's users sees every candidate in that one list when it holds them all; only
    // the others (or a larger organisation) need the approver and manager lists too.
    const everyone = yield* users.list(actor, { page: 0, limit: 500, status: "ACTIVE" }).pipe(Effect.option)
    const pages =
      everyone._tag === "Some" && everyone.value.totalCount <= everyone.value.users.length
        ? [everyone.value]
        : yield* Effect.all(
            [
              Effect.succeed(everyone._tag === "Some" ? everyone.value : none),
              users.workspaceManagers(actor, 0, 9999),
              ...["request", "rfq", "order", "bill"].map((module) => users.approvers(actor, module, 0, 9999))
            ].map((page) => page.pipe(Effect.orElseSucceed(() => none))),
            { concurrency: 1 }
          )
    const byId = new Map<string, { readonly id: string; readonly name: string }>()
    for (const page of pages) {
      for (const user of page.users) {
        const name = `${user.firstName} ${user.lastName}`.trim() || user.email
        byId.set(user.id, { id: user.id, name: `${name} (${user.email})` })
      }
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
  })
