import type { Invite, InviteStatus, Question } from "@tawreed/core/invites"
import type { Locale } from "@tawreed/core/shared"
import { ibanLengths } from "@tawreed/core/vendors"

/** The site's address for links in mail: `PUBLIC_URL` when the deployment sets it, else the address asked. */
export const siteBaseUrl = (url: URL): string => process.env["PUBLIC_URL"] || url.origin

/** A text given in both languages, in the reader's, falling back to the other. */
export const inLocale = (text: { readonly en: string; readonly ar: string }, locale: Locale): string =>
  (locale === "ar" ? text.ar || text.en : text.en || text.ar) || ""

/** The vendor's name as registered (in the reader's language), or as the buyer invited it. */
export const inviteeName = (invite: Invite, locale: Locale): string =>
  invite.registration === null
    ? invite.vendorName
    : inLocale({ en: invite.registration.nameEn, ar: invite.registration.nameAr }, locale) || invite.vendorName

/** The statuses a reminder may be sent from, and an invitation cancelled from. */
export const remindable: ReadonlyArray<InviteStatus> = ["INVITED", "OPENED", "RETURNED", "EXPIRED"]

/** The answers a questionnaire form posted: one list of values per question, by the field `q.<id>`. */
export const answersFromForm = (
  questions: ReadonlyArray<Question>,
  data: FormData,
  uploaded: Readonly<Record<string, ReadonlyArray<string>>>
) =>
  questions.map((q) => ({
    questionId: q.id,
    values:
      q.type === "UPLOAD"
        ? [...data.getAll(`keep.${q.id}`).map(String), ...(uploaded[q.id] ?? [])]
        : data.getAll(`q.${q.id}`).map(String)
  }))

/** Countries a vendor registers from: those whose IBANs the product knows, and the largest trading partners. */
const registrationCountries = [...new Set([...Object.keys(ibanLengths), "CN", "IN", "US", "JP", "KR"])]

/**
 * The countries of the registration form, named in the page's language and sorted by name, the one already chosen
 * kept among them even when it is not listed.
 */
export const countryOptions = (
  locale: Locale,
  current: string
): ReadonlyArray<{ readonly code: string; readonly name: string }> => {
  const names = new Intl.DisplayNames([locale], { type: "region" })
  const codes = /^[A-Z]{2}$/.test(current) ? [...new Set([...registrationCountries, current])] : registrationCountries
  return codes
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}
