import { describeError, withoutIsolates } from "@tawreed/core/shared"
import { Vendor, VendorContact, VendorDocument, VendorName } from "@tawreed/core/vendors"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import {
  newVendorFromValues,
  vendorHoldFromForm,
  vendorUpdateFromValues,
  vendorValuesFromForm,
  vendorValuesOf
} from "./vendorForms.ts"

const form = (entries: ReadonlyArray<readonly [string, string]>) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

const stored = new Vendor({
  id: "0b6d3c1e-8f4a-4c2b-9a7e-1d2c3b4a5f60",
  number: "VEN-000001",
  connected: false,
  name: new VendorName({ en: "Sahara Supplies", ar: "الصحراء للتوريدات" }),
  country: "SA",
  crNumber: "1010234567",
  vatNumber: null,
  addresses: [],
  contacts: [
    new VendorContact({ name: "Khalid", email: "", phone: "", primary: true }),
    new VendorContact({ name: "Noura", email: "", phone: "", primary: false })
  ],
  bankAccounts: [],
  categories: [],
  paymentTermsDays: 30,
  currency: "SAR",
  status: "VENDOR_ACTIVE",
  documents: [new VendorDocument({ kind: "OTHER", number: "ISO-9001", expiresOn: null, fileId: null })],
  hold: null,
  remarks: "",
  createdBy: "u",
  version: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z"
})

describe("the vendor forms", () => {
  it("read a new vendor's fields, with Arabic-Indic digits and Arabic commas as typed", async () => {
    const values = vendorValuesFromForm(
      form([
        ["nameEn", " Red Sea Packaging "],
        ["nameAr", "البحر الأحمر للتغليف"],
        ["crNumber", "7010000001"],
        ["paymentTermsDays", "٤٥"],
        ["categories", "Packaging، Boxes, "],
        ["contactName", "Mona"],
        ["iban", "SA44 2000 0001 2345 6789 1234"],
        ["crExpiry", "2027-06-30"]
      ])
    )
    const input = await Effect.runPromise(newVendorFromValues(values))
    expect(input).toMatchObject({
      nameEn: "Red Sea Packaging",
      paymentTermsDays: 45,
      categories: ["Packaging", "Boxes"],
      contacts: [{ name: "Mona", primary: true }],
      bankAccounts: [{ iban: "SA44 2000 0001 2345 6789 1234" }],
      documents: [{ kind: "CR", number: "7010000001", expiresOn: "2027-06-30" }],
      vatNumber: null
    })
  })

  it("refuses payment terms that are not a number of days with the catalogue's field message", async () => {
    const values = vendorValuesFromForm(
      form([
        ["nameEn", "X"],
        ["paymentTermsDays", "soon"]
      ])
    )
    const failure = await Effect.runPromise(Effect.flip(newVendorFromValues(values)))
    expect(withoutIsolates(describeError(failure, "en").message)).toBe(
      "Please check Payment terms (days): the value is not in the expected form."
    )
  })

  it("replace the first contact on an edit and keep the others and the other documents", async () => {
    const values = { ...vendorValuesOf(stored), contactName: "Khalid Mansour" }
    const input = await Effect.runPromise(vendorUpdateFromValues(stored, 3, values))
    expect(input.contacts?.map((c) => c.name)).toEqual(["Khalid Mansour", "Noura"])
    expect(input.documents?.map((d) => d.kind)).toEqual(["OTHER"])
    expect(input.version).toBe(3)
  })

  it("read a hold with or without its last day", async () => {
    const held = await Effect.runPromise(
      vendorHoldFromForm(
        form([
          ["scope", "PAYMENTS"],
          ["reason", "Bank letter"],
          ["releaseDate", ""],
          ["version", "3"]
        ])
      )
    )
    expect(held).toMatchObject({ scope: "PAYMENTS", releaseDate: null, version: 3 })
    const refused = await Effect.runPromise(Effect.flip(vendorHoldFromForm(form([["scope", "SOMETIMES"]]))))
    expect(refused._tag).toBe("InvalidField")
  })
})
