import { Duration } from "effect"

/**
 * The account-protection rules. Where SPEC.md gives no numbers these follow OWASP's authentication guidance and
 * what Odoo and Coupa do: a few wrong passwords lock the account for a while that doubles with each further
 * failure (so an attacker cannot lock a victim out for good), and an admin or a password reset lifts it.
 */
export const accountPolicy = {
  /** Wrong passwords in a row before the account locks. */
  lockoutThreshold: 5,
  /** The first lock; each further failure doubles it. */
  firstLock: Duration.minutes(15),
  /** The longest lock. */
  longestLock: Duration.hours(24),
  /** How long a security code (MFA or password reset) stays valid (issue 4: 10 minutes). */
  securityCodeLifetime: Duration.minutes(10),
  /** Wrong codes before a security code is burned (issue 4: 5). */
  securityCodeAttempts: 5,
  /** How often one MFA sign-in may ask for its code to be sent again. */
  securityCodeSends: 5,
  /** Between two codes sent to one email, the second request answers that one was sent already. */
  resendAfter: Duration.minutes(1),
  /** How long an invitation to set a password stays valid. */
  invitationLifetime: Duration.days(7),
  /** Failed sign-ins from one address within `addressWindow` before that address must wait. */
  addressFailures: 30,
  addressWindow: Duration.minutes(15),
  /** Days before a password's expiry from which sign-in warns (E1008). */
  passwordWarningDays: 14
} as const

/** How long the account stays locked after this many wrong passwords in a row; zero below the threshold. */
export const lockDuration = (failedLogins: number): Duration.Duration => {
  if (failedLogins < accountPolicy.lockoutThreshold) return Duration.zero
  const doublings = Math.min(failedLogins - accountPolicy.lockoutThreshold, 16)
  const millis = Duration.toMillis(accountPolicy.firstLock) * 2 ** doublings
  return Duration.millis(Math.min(millis, Duration.toMillis(accountPolicy.longestLock)))
}

/** Where a password stands against its organisation's maximum age (none: passwords never expire). */
export const passwordAge = (
  changedAt: Date,
  now: Date,
  maxAgeDays: number | null,
  warningDays: number = accountPolicy.passwordWarningDays
): "current" | "nearingExpiry" | "expired" => {
  if (maxAgeDays === null || maxAgeDays <= 0) return "current"
  const expiresAt = changedAt.getTime() + maxAgeDays * 86_400_000
  if (now.getTime() >= expiresAt) return "expired"
  return now.getTime() >= expiresAt - warningDays * 86_400_000 ? "nearingExpiry" : "current"
}
