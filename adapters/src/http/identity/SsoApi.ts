import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { errors } from "../ApiErrors.ts"

const start = {
  returnUrl: Schema.optional(Schema.String),
  platform: Schema.optional(Schema.Literals(["web", "mobile"]))
}
const callback = {
  code: Schema.optional(Schema.String),
  state: Schema.optional(Schema.String),
  error: Schema.optional(Schema.String)
}
const refusals = [errors.BadRequest, errors.Unavailable]

/**
 * Single sign-on (SPEC.md §7 `google/login`, `azure/login` and their callbacks). Each answers with a redirect:
 * to the provider, then back to the site, signed in or with the sign-in screen's error.
 */
export class SsoGroup extends HttpApiGroup.make("sso")
  .add(HttpApiEndpoint.get("googleLogin", "/google/login", { query: start, error: refusals }))
  .add(HttpApiEndpoint.get("googleCallback", "/google/login/callback", { query: callback, error: refusals }))
  .add(HttpApiEndpoint.get("azureLogin", "/azure/login", { query: start, error: refusals }))
  .add(HttpApiEndpoint.get("azureCallback", "/azure/login/callback", { query: callback, error: refusals })) {}
