import { Context, Effect, Layer } from "effect"

/**
 * The list of passwords too common to allow (SPEC.md §5 'Password too common'). An adapter supplies a real list
 * of at least 10,000 entries; the comparison ignores case, as the published lists are lower-case.
 */
export class CommonPasswords extends Context.Service<
  CommonPasswords,
  { readonly isCommon: (password: string) => Effect.Effect<boolean> }
>()("@tawreed/core/identity/CommonPasswords") {
  /** The list from entries in memory, compared without regard to case; adapters load theirs and hand it here. */
  static readonly layerFromList = (entries: Iterable<string>): Layer.Layer<CommonPasswords> => {
    const set = new Set(Array.from(entries, (e) => e.toLowerCase()))
    return Layer.succeed(
      CommonPasswords,
      CommonPasswords.of({ isCommon: (pw) => Effect.succeed(set.has(pw.toLowerCase())) })
    )
  }

  /** A handful of well-known passwords, for tests of the rules that consult the list. */
  static readonly layerTest = (entries: ReadonlyArray<string> = testCommonPasswords): Layer.Layer<CommonPasswords> =>
    CommonPasswords.layerFromList(entries)
}

/** The entries of `CommonPasswords.layerTest`: each meets every other rule, so only the list can refuse it. */
export const testCommonPasswords: ReadonlyArray<string> = ["P@ssw0rd12", "Passw0rd!23", "Welcome@2024", "Qwerty!123"]
