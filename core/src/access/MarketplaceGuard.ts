import { Effect } from "effect"
import { BrowserOnlyAction, KycNotVerified } from "./AccessErrors.ts"

/** What the marketplace guard decides (SPEC.md §6). */
export type MarketplaceDecision =
  | { readonly _tag: "Allow" }
  /** No login: open the sign-in dialog and show the auth-error page with 401. */
  | { readonly _tag: "SignIn" }
  /** KYC not verified: warn with the support address and show the auth-error page with 403. */
  | { readonly _tag: "KycRequired"; readonly error: KycNotVerified }

/** Marketplace routes need a login, and a verified KYC unless the route skips that check. */
export const decideMarketplaceRoute = (user: {
  readonly loggedIn: boolean
  readonly kycVerified: boolean
  readonly routeSkipsKyc: boolean
  readonly supportEmail: string
}): MarketplaceDecision => {
  if (!user.loggedIn) return { _tag: "SignIn" }
  if (!user.kycVerified && !user.routeSkipsKyc) {
    return { _tag: "KycRequired", error: new KycNotVerified({ email: user.supportEmail }) }
  }
  return { _tag: "Allow" }
}

/** Some actions are refused on the native app, which then asks for the browser (SPEC.md §6). */
export const requireBrowser = (isNativeApp: boolean): Effect.Effect<void, BrowserOnlyAction> =>
  isNativeApp ? Effect.fail(new BrowserOnlyAction()) : Effect.void
