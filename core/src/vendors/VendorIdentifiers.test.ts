import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import {
  compactIdentifier,
  formatIban,
  ibanCheckDigits,
  isSaudiCrNumber,
  isSaudiVatNumber,
  isValidIban
} from "./VendorIdentifiers.ts"

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(""))

/** A Saudi IBAN with its check digits worked out: SA, two check digits, 2-digit bank code, 18-character account. */
const saudiIban = fc
  .tuple(
    digits(2),
    fc.array(fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), { minLength: 18, maxLength: 18 })
  )
  .map(([bank, account]) => {
    const bban = bank + account.join("")
    return `SA${ibanCheckDigits("SA", bban)}${bban}`
  })

describe("IBAN", () => {
  it("accepts published examples, however they are spaced", () => {
    for (const iban of [
      "SA03 8000 0000 6080 1016 7519",
      "SA4420000001234567891234",
      "GB82 WEST 1234 5698 7654 32",
      "AE07 0331 2345 6789 0123 456",
      "DE89 3704 0044 0532 0130 00"
    ]) {
      expect(isValidIban(compactIdentifier(iban)), iban).toBe(true)
    }
  })

  it("accepts every Saudi IBAN whose check digits hold, and it has 24 characters", () => {
    fc.assert(
      fc.property(saudiIban, (iban) => {
        expect(iban).toHaveLength(24)
        expect(isValidIban(iban)).toBe(true)
        expect(isValidIban(compactIdentifier(formatIban(iban)))).toBe(true)
      })
    )
  })

  it("refuses any single mistyped digit", () => {
    fc.assert(
      fc.property(saudiIban, fc.nat(19), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const i = 4 + at
        const char = iban[i]!
        if (!/\d/.test(char)) return
        const typo = iban.slice(0, i) + String((Number(char) + shift) % 10) + iban.slice(i + 1)
        expect(isValidIban(typo)).toBe(false)
      })
    )
  })

  it("refuses any swap of two different neighbouring digits", () => {
    fc.assert(
      fc.property(saudiIban, fc.nat(18), (iban, at) => {
        const i = 4 + at
        if (iban[i] === iban[i + 1] || !/^\d\d$/.test(iban.slice(i, i + 2))) return
        const swapped = iban.slice(0, i) + iban[i + 1] + iban[i] + iban.slice(i + 2)
        expect(isValidIban(swapped)).toBe(false)
      })
    )
  })

  it("refuses a Saudi IBAN of another length, and text that is no IBAN", () => {
    expect(isValidIban("SA0380000000608010167519")).toBe(true)
    expect(isValidIban("SA038000000060801016751")).toBe(false)
    expect(isValidIban("SA03800000006080101675190")).toBe(false)
    for (const text of ["", "SA", "1234567890123456", "sa0380000000608010167519", "SA03 8000"]) {
      expect(isValidIban(text), text).toBe(false)
    }
  })
})

describe("Saudi VAT number", () => {
  it("is 15 digits that start and end with 3", () => {
    fc.assert(
      fc.property(digits(13), (middle) => {
        expect(isSaudiVatNumber(`3${middle}3`)).toBe(true)
      })
    )
  })

  it("refuses any other first or last digit, and any other length", () => {
    fc.assert(
      fc.property(
        digits(13),
        fc.integer({ min: 0, max: 9 }).filter((d) => d !== 3),
        (middle, other) => {
          expect(isSaudiVatNumber(`${other}${middle}3`)).toBe(false)
          expect(isSaudiVatNumber(`3${middle}${other}`)).toBe(false)
          expect(isSaudiVatNumber(`3${middle}33`)).toBe(false)
          expect(isSaudiVatNumber(`3${middle.slice(1)}3`)).toBe(false)
        }
      )
    )
    expect(isSaudiVatNumber("3000000000000O3")).toBe(false)
  })
})

describe("Saudi CR number", () => {
  it("is exactly 10 digits", () => {
    fc.assert(
      fc.property(digits(10), (cr) => {
        expect(isSaudiCrNumber(cr)).toBe(true)
      })
    )
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\d{10}$/.test(s)),
        (text) => {
          expect(isSaudiCrNumber(text)).toBe(false)
        }
      )
    )
  })

  it("is read without the spaces and dashes people type", () => {
    expect(compactIdentifier(" 1010-123 456 ")).toBe("1010123456")
    expect(isSaudiCrNumber(compactIdentifier("1010 123 456"))).toBe(true)
  })
})
