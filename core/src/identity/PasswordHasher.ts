import { Context, type Effect } from "effect"

/** Hashes and checks passwords. */
export interface PasswordHasherShape {
  readonly hash: (password: string) => Effect.Effect<string>
  /**
   * Checks a password against a hash. With no hash (an unknown email) it still spends the time of a real check,
   * so the answer's timing does not tell whether an account exists.
   */
  readonly verify: (hash: string | undefined, password: string) => Effect.Effect<boolean>
}

/** Port: password hashing (argon2id in production). */
export class PasswordHasher extends Context.Service<PasswordHasher, PasswordHasherShape>()(
  "@tawreed/core/identity/PasswordHasher"
) {}
