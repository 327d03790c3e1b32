import { describe, expect, it } from "vitest"
import { VendorAddress, VendorBankAccount, VendorName } from "./Vendor.ts"
import { changedKeyFields, keyDetailsOf, maskIban, reviewedFields, vendorChangeStatusMachine } from "./VendorChange.ts"

describe("a vendor change's status machine", () => {
  it("allows exactly these moves", () => {
    expect(vendorChangeStatusMachine.transitions).toEqual({
      PENDING: ["APPROVED", "REJECTED", "WITHDRAWN"],
      APPROVED: [],
      REJECTED: [],
      WITHDRAWN: []
    })
    expect(vendorChangeStatusMachine.initial).toBe("PENDING")
    expect(vendorChangeStatusMachine.terminal).toEqual(["APPROVED", "REJECTED", "WITHDRAWN"])
  })
})

describe("the key details a change reviews", () => {
  const details = keyDetailsOf({
    name: new VendorName({ en: "Sahara", ar: "الصحراء" }),
    crNumber: "1010123456",
    vatNumber: null,
    addresses: [
      new VendorAddress({
        label: "",
        line1: "King Fahd Rd",
        line2: "",
        city: "Riyadh",
        region: "",
        postalCode: "",
        country: "SA"
      })
    ],
    bankAccounts: [
      new VendorBankAccount({ bankName: "", accountName: "", iban: "SA0380000000608010167519", swift: "" })
    ]
  })

  it("names the fields that differ, bank accounts always reviewed, the others by the rule", () => {
    const after = keyDetailsOf({
      ...details,
      crNumber: "1010654321",
      bankAccounts: [
        new VendorBankAccount({ bankName: "", accountName: "", iban: "GB82WEST12345698765432", swift: "" })
      ]
    })
    expect(changedKeyFields(details, details)).toEqual([])
    expect(changedKeyFields(details, after)).toEqual(["crNumber", "bankAccounts"])
    expect(reviewedFields(["crNumber", "bankAccounts"], true)).toEqual(["crNumber", "bankAccounts"])
    expect(reviewedFields(["crNumber", "bankAccounts"], false)).toEqual(["bankAccounts"])
    expect(reviewedFields(["name"], false)).toEqual([])
  })

  it("masks an IBAN but its last four characters", () => {
    expect(maskIban("SA0380000000608010167519")).toBe("•••• 7519")
    expect(maskIban("7519")).toBe("7519")
  })
})
