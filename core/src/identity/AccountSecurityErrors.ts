import { Schema } from "effect"

/** The security code is wrong (E1003). */
export class SecurityCodeInvalid extends Schema.TaggedError<SecurityCodeInvalid>()("SecurityCodeInvalid", {}) {}

/** The security code's ten minutes are over (E1005). */
export class SecurityCodeExpired extends Schema.TaggedError<SecurityCodeExpired>()("SecurityCodeExpired", {}) {}

/** Too many wrong codes: this code is burned (E1006). */
export class SecurityCodeAttemptsExceeded extends Schema.TaggedError<SecurityCodeAttemptsExceeded>()(
  "SecurityCodeAttemptsExceeded",
  {}
) {}

/** The organisation's subscription ended (E1004). */
export class OrgExpired extends Schema.TaggedError<OrgExpired>()("OrgExpired", {}) {}

/** The password is older than the organisation allows; it must be reset (E1009). */
export class PasswordExpired extends Schema.TaggedError<PasswordExpired>()("PasswordExpired", {}) {}

/** An invitation token that was never issued (E1015). */
export class InvitationInvalid extends Schema.TaggedError<InvitationInvalid>()("InvitationInvalid", {}) {}

/** An invitation token past its expiry (E1017). */
export class InvitationExpired extends Schema.TaggedError<InvitationExpired>()("InvitationExpired", {}) {}

/** An invitation token that already set a password (E1020). */
export class PasswordAlreadySet extends Schema.TaggedError<PasswordAlreadySet>()("PasswordAlreadySet", {}) {}

/** Too many failed sign-ins from one address: it must wait (E3005). */
export class TooManyAttempts extends Schema.TaggedError<TooManyAttempts>()("TooManyAttempts", {
  minutes: Schema.Number
}) {}
