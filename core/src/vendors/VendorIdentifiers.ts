/**
 * The identifiers a vendor is known by to the state and to its bank, and how to tell a well-formed one from a
 * mistyped one before anything is stored: the commercial registration (CR) number, the VAT number, the IBAN.
 */

/** Spaces and dashes people type inside long numbers, taken out before a number is checked or stored. */
const separators = /[\s-]+/g

/** A number as it is stored: without spaces or dashes, upper-cased. */
export const compactIdentifier = (text: string): string => text.replace(separators, "").toUpperCase()

/** A Saudi commercial registration number: 10 digits. */
export const isSaudiCrNumber = (text: string): boolean => /^\d{10}$/.test(text)

/** A Saudi VAT registration number (ZATCA): 15 digits, starting and ending with 3. */
export const isSaudiVatNumber = (text: string): boolean => /^3\d{13}3$/.test(text)

/** A registration or VAT number of another country: 4 to 20 letters and digits. */
export const isForeignRegistration = (text: string): boolean => /^[A-Z0-9]{4,20}$/.test(text)

/**
 * The length of an IBAN in the countries a Gulf buyer pays most (ISO 13616 registry); an IBAN of a country not
 * listed is checked for its form and checksum only.
 */
export const ibanLengths: Readonly<Record<string, number>> = {
  SA: 24,
  AE: 23,
  BH: 22,
  KW: 30,
  OM: 23,
  QA: 29,
  JO: 30,
  EG: 29,
  LB: 28,
  TR: 26,
  GB: 22,
  DE: 22,
  FR: 27,
  NL: 18,
  IE: 22,
  IT: 27,
  ES: 24,
  CH: 21,
  PK: 24
}

/** The ISO 13616 remainder of an IBAN's digits (letters as 10–35, the first four characters moved to the end). */
export const ibanRemainder = (iban: string): number => {
  const moved = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of moved) {
    const code = char.charCodeAt(0)
    const value = code >= 65 ? code - 55 : code - 48
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97
  }
  return remainder
}

/**
 * Whether a compacted IBAN is well formed: a country code, two check digits, 11 to 30 letters and digits, the
 * country's length where it is known, and the mod-97 checksum equal to 1.
 */
export const isValidIban = (iban: string): boolean => {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const length = ibanLengths[iban.slice(0, 2)]
  if (length !== undefined && iban.length !== length) return false
  return ibanRemainder(iban) === 1
}

/** The check digits that make an IBAN's checksum hold, for a country code and an account number (BBAN). */
export const ibanCheckDigits = (country: string, bban: string): string =>
  String(98 - ibanRemainder(`${country}00${bban}`)).padStart(2, "0")

/** An IBAN in groups of four, as bank letters print it. */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, "$1 ")
