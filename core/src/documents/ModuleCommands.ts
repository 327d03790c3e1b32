import { Effect, Option } from "effect"
import type { InsufficientPrivileges, ModuleNotEnabled } from "../access/AccessErrors.ts"
import { isModuleEnabled } from "../access/ModuleAccess.ts"
import { requirePrivileges } from "../access/PrivilegeCheck.ts"
import type { Actor } from "../identity/Actor.ts"
import { OrgSettingsRepository, requireOrgModule } from "../organisations/OrgSettingsRepository.ts"
import { actorEvent, AuditLog, type AuditEventName, RequestOrigin } from "../shared/AuditLog.ts"
import type { TransactionConflict } from "../shared/Errors.ts"
import { Transactions } from "../shared/Transactions.ts"

/**
 * What a command of a module needs before it reads anything: the organisation module it belongs to (a document
 * kind's descriptor will do) and, where one is due whatever the document, the privileges of which the actor must
 * hold one. Privileges judged per document (a workspace's `_w`) are the command's own work.
 */
export interface CommandScope {
  readonly module: string
  readonly privileges?: ReadonlyArray<string>
}

/** The errors of what a generator body yields, as `Effect.gen` reads them. */
type BodyError<Eff> = [Eff] extends [never]
  ? never
  : [Eff] extends [Effect.Effect<infer _A, infer E, infer _R>]
    ? E
    : never

/** The services of what a generator body yields, as `Effect.gen` reads them. */
type BodyServices<Eff> = [Eff] extends [never]
  ? never
  : [Eff] extends [Effect.Effect<infer _A, infer _E, infer R>]
    ? R
    : never

/** Why a command's guard refuses. */
export type GuardRefusal = InsufficientPrivileges | ModuleNotEnabled

/** The moves every module's use cases share, bound to the organisation's settings, transactions and audit log. */
export interface ModuleCommands {
  /** The guard: one of the scope's privileges (if it names any), then the module enabled in the organisation. */
  readonly guard: (actor: Actor, scope: CommandScope) => Effect.Effect<void, GuardRefusal>
  /**
   * A command: the guard, then the work as one transaction of the actor's organisation (retried as a whole on a
   * deadlock or serialization failure, TransactionConflict when that persists).
   */
  readonly command: <A, E, R>(
    actor: Actor,
    scope: CommandScope,
    work: Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | GuardRefusal | TransactionConflict, R>
  /**
   * A use case that is one command from start to end, written as the body of its transaction:
   * `const submit = commandOf("Requests.submit", scope, function* (actor: Actor, id: string) { … })` runs the
   * guard, then the body as one transaction of the actor's organisation, in a span of that name.
   */
  readonly commandOf: <Args extends Array<unknown>, Eff extends Effect.Effect<unknown, unknown, unknown>, A>(
    name: string,
    scope: CommandScope,
    body: (actor: Actor, ...args: Args) => Generator<Eff, A, never>
  ) => (
    actor: Actor,
    ...args: Args
  ) => Effect.Effect<A, BodyError<Eff> | GuardRefusal | TransactionConflict, BodyServices<Eff>>
  /** Whether the organisation runs a module, for the answers that are empty rather than refused when it does not. */
  readonly enabled: (actor: Actor, module: string) => Effect.Effect<boolean>
  /** Writes what the actor did to the audit log, in the caller's transaction. */
  readonly audit: (
    actor: Actor,
    event: AuditEventName,
    origin: RequestOrigin,
    detail: Readonly<Record<string, string>>
  ) => Effect.Effect<void>
}

/** Where a use case was called from when its caller gave no address. */
export const noOrigin = new RequestOrigin({ address: null })

/**
 * The module commands over the services a use-case layer already holds: a layer takes them once
 * (`const { command, guard, audit } = yield* moduleCommands`) and its use cases read
 * `command(actor, { module, privileges }, work)`.
 */
export const moduleCommands: Effect.Effect<ModuleCommands, never, OrgSettingsRepository | Transactions | AuditLog> =
  Effect.gen(function* () {
    const settings = yield* OrgSettingsRepository
    const transactions = yield* Transactions
    const log = yield* AuditLog

    const guard: ModuleCommands["guard"] = (actor, scope) =>
      Effect.gen(function* () {
        if (scope.privileges !== undefined) yield* requirePrivileges(actor, scope.privileges)
        yield* requireOrgModule(settings, actor.orgId, scope.module)
      })

    const command: ModuleCommands["command"] = (actor, scope, work) =>
      Effect.andThen(guard(actor, scope), transactions.inOrg(actor.orgId, work))

    return {
      guard,
      command,
      commandOf:
        <Args extends Array<unknown>, Eff extends Effect.Effect<unknown, unknown, unknown>, A>(
          name: string,
          scope: CommandScope,
          body: (actor: Actor, ...args: Args) => Generator<Eff, A, never>
        ) =>
        (actor: Actor, ...args: Args) =>
          command(
            actor,
            scope,
            Effect.gen(() => body(actor, ...args))
          ).pipe(Effect.withSpan(name)),
      enabled: (actor, module) =>
        Effect.map(settings.find(actor.orgId), (found) =>
          isModuleEnabled(Option.match(found, { onNone: () => [], onSome: (s) => s.modules }), module)
        ),
      audit: (actor, event, origin, detail) => log.record(actorEvent(actor, event, origin, detail))
    }
  })
