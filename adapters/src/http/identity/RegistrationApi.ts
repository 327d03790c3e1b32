import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { MarketplaceRegistration, OpenRegistration, Registered } from "@tawreed/core/organisations"
import { errors } from "../ApiErrors.ts"

/** Self-registration of organisations (SPEC.md §7 `POST orgs_open`, `POST orgMarketplace`), open to anyone. */
export class RegistrationGroup extends HttpApiGroup.make("registration")
  .add(
    HttpApiEndpoint.post("open", "/orgs_open", {
      payload: OpenRegistration,
      success: Registered.pipe(HttpApiSchema.status(201)),
      error: [errors.BadRequest, errors.Conflict, errors.TooManyRequests, errors.Unavailable]
    })
  )
  .add(
    HttpApiEndpoint.post("marketplace", "/orgMarketplace", {
      payload: MarketplaceRegistration,
      success: Registered.pipe(HttpApiSchema.status(201)),
      error: [errors.BadRequest, errors.Conflict, errors.Unprocessable, errors.TooManyRequests, errors.Unavailable]
    })
  ) {}
