import { Schema } from "effect"

/** An account with that email exists already, in this or another organisation. */
export class EmailTaken extends Schema.TaggedError<EmailTaken>()("EmailTaken", {}) {}

/** A registration is missing a name, a valid email or a contact's name; `field` names it. */
export class RegistrationIncomplete extends Schema.TaggedError<RegistrationIncomplete>()("RegistrationIncomplete", {
  field: Schema.String
}) {}

/** No organisation by that id, as far as the signed-in user may see. */
export class OrganisationNotFound extends Schema.TaggedError<OrganisationNotFound>()("OrganisationNotFound", {
  id: Schema.String
}) {}

/** No theme by that organisation code or address. */
export class ThemeNotFound extends Schema.TaggedError<ThemeNotFound>()("ThemeNotFound", { key: Schema.String }) {}

/** Another organisation's theme is served at that address already. */
export class ThemeUrlTaken extends Schema.TaggedError<ThemeUrlTaken>()("ThemeUrlTaken", { url: Schema.String }) {}

/**
 * The organisation's plan does not include that module (SPEC.md §3 plan limits), so it cannot be switched on. The
 * message names the module in the reader's language, never by its code.
 */
export class ModuleNotInPlan extends Schema.TaggedError<ModuleNotInPlan>()("ModuleNotInPlan", {
  module: Schema.String,
  moduleEn: Schema.String,
  moduleAr: Schema.String
}) {}

/** A plan limit (SPEC.md §3) is the platform's to set: the organisation cannot change it through its settings. */
export class PlanLimitLocked extends Schema.TaggedError<PlanLimitLocked>()("PlanLimitLocked", {
  limit: Schema.String
}) {}
