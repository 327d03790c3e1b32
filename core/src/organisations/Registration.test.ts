import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import { organisationCode } from "./Registration.ts"

describe("organisation codes", () => {
  it("take the name's Latin letters and digits in upper case, at most 12", () => {
    expect(organisationCode("Al Noor Trading")).toBe("ALNOORTRADIN")
    expect(organisationCode("  sahara-supplies 2 ")).toBe("SAHARASUPPLI")
    expect(organisationCode("Café Noir")).toBe("CAFENOIR")
  })

  it("fall back to ORG for a name without two Latin letters or digits", () => {
    expect(organisationCode("النور للتجارة")).toBe("ORG")
    expect(organisationCode("A")).toBe("ORG")
  })

  it("are always 2 to 12 upper-case letters and digits", () => {
    fc.assert(fc.property(fc.string(), (name) => /^[A-Z0-9]{2,12}$/.test(organisationCode(name))))
  })
})
