import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Mail: the module's errors in the shared catalogue. */
export const mailCatalogue = {
  errors: [
    entry(
      "E9003",
      "MAIL_UNAVAILABLE",
      "Unavailable",
      "We could not send the email right now. Please try again in a few minutes.",
      "تعذّر إرسال البريد الإلكتروني الآن. يرجى المحاولة مرة أخرى بعد بضع دقائق."
    )
  ],
  codes: {
    MailUnavailable: "E9003"
  }
} as const satisfies ModuleCatalogue
