import { Effect, Result, Schema } from "effect"
import { InsufficientPrivileges, InvalidPrivilegeCode } from "./AccessErrors.ts"

/** What a privilege allows: create, read, update, delete (SPEC.md §6). */
export const PrivilegeAction = Schema.Literals(["c", "r", "u", "d"])
export type PrivilegeAction = typeof PrivilegeAction.Type

/** Where a privilege applies: the organisation, a workspace, or the user's own documents (SPEC.md §6). */
export const PrivilegeScope = Schema.Literals(["o", "w", "u"])
export type PrivilegeScope = typeof PrivilegeScope.Type

/** A privilege code read into its parts: `bil_ex_c_o` is module `bil_ex`, action `c`, scope `o`. */
export interface Privilege {
  readonly code: string
  readonly module: string
  readonly action: PrivilegeAction
  readonly scope: PrivilegeScope
}

const privilegePattern = /^([a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)*)_([crud])_([owu])$/

/** Reads a privilege code `<module>_<c|r|u|d>_<o|w|u>`, or says it is not one. */
export const parsePrivilege = (code: string): Result.Result<Privilege, InvalidPrivilegeCode> => {
  const match = privilegePattern.exec(code.trim())
  const [, module, action, scope] = match ?? []
  return module !== undefined && Schema.is(PrivilegeAction)(action) && Schema.is(PrivilegeScope)(scope)
    ? Result.succeed({ code: code.trim(), module, action, scope })
    : Result.fail(new InvalidPrivilegeCode({ code }))
}

/** Whether a text is a privilege code. */
export const isPrivilegeCode = (code: string): boolean => Result.isSuccess(parsePrivilege(code))

/** A privilege code as a schema, for payloads that carry them. */
export const PrivilegeCode = Schema.String.check(Schema.makeFilter((s: string) => isPrivilegeCode(s))).pipe(
  Schema.brand("PrivilegeCode")
)
export type PrivilegeCode = typeof PrivilegeCode.Type

/** The required privileges of a check: a list, or one comma-separated string; blanks are dropped. */
export const requiredPrivileges = (required: string | ReadonlyArray<string>): ReadonlyArray<string> =>
  (typeof required === "string" ? required.split(",") : required.flatMap((r) => r.split(",")))
    .map((r) => r.trim())
    .filter((r) => r !== "")

/**
 * A check passes when the user holds any one of the required privileges (SPEC.md §6); a check that requires
 * nothing passes for anyone signed in.
 */
export const hasAnyPrivilege = (held: Iterable<string>, required: string | ReadonlyArray<string>): boolean => {
  const wanted = requiredPrivileges(required)
  if (wanted.length === 0) return true
  const have = new Set([...held].map((h) => h.trim()))
  return wanted.some((r) => have.has(r))
}

/** `hasAnyPrivilege` as a guard: the user's privileges pass, or `InsufficientPrivileges` names what was needed. */
export const requireAnyPrivilege = (
  held: Iterable<string>,
  required: string | ReadonlyArray<string>
): Effect.Effect<void, InsufficientPrivileges> =>
  hasAnyPrivilege(held, required)
    ? Effect.void
    : Effect.fail(new InsufficientPrivileges({ required: requiredPrivileges(required) }))
