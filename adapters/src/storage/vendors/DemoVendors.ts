import { Effect } from "effect"
import type { OrgId } from "@tawreed/core/organisations"
import {
  NewVendorInput,
  type Vendor,
  VendorHoldInput,
  VendorRepository,
  Vendors,
  VendorStatusInput
} from "@tawreed/core/vendors"
import { type DemoPerson, demoActorOf } from "../requests/DemoRequests.ts"

/**
 * The demo buyer's vendors: Sahara Supplies, connected to the demo vendor organisation; a furniture maker whose
 * payments are on hold; an IT house whose commercial registration has lapsed (so it reads expired); and a London
 * stationer the buyer no longer uses.
 */
export const demoVendors = [
  {
    nameEn: "Sahara Supplies",
    nameAr: "الصحراء للتوريدات",
    connected: true,
    crNumber: "1010234567",
    vatNumber: "310123456700003",
    iban: "SA7380000000608010167520",
    bankName: "Al Rajhi Bank",
    categories: ["Office supplies", "Cleaning supplies"],
    paymentTermsDays: 30,
    country: "SA",
    currency: "SAR",
    city: "Riyadh",
    contact: { name: "Khalid Mansour", email: "sales@sahara.example", phone: "+966 11 400 1000" },
    documents: [
      { kind: "CR", number: "1010234567", expiresOn: "2027-06-30" },
      { kind: "VAT_CERTIFICATE", number: "310123456700003", expiresOn: "2027-12-31" }
    ],
    standing: "active"
  },
  {
    nameEn: "Gulf Office Furniture",
    nameAr: "الخليج للأثاث المكتبي",
    connected: false,
    crNumber: "4030112233",
    vatNumber: "300987654300003",
    iban: "SA1810000001234567891234",
    bankName: "Saudi National Bank",
    categories: ["Furniture"],
    paymentTermsDays: 45,
    country: "SA",
    currency: "SAR",
    city: "Jeddah",
    contact: { name: "Fahad Al-Zahrani", email: "sales@gulf-furniture.example", phone: "+966 12 600 2000" },
    documents: [{ kind: "CR", number: "4030112233", expiresOn: "2028-03-31" }],
    standing: "heldForPayments"
  },
  {
    nameEn: "Najd IT Services",
    nameAr: "نجد لخدمات التقنية",
    connected: false,
    crNumber: "1010556677",
    vatNumber: "311223344500003",
    iban: "SA2545000000098765432100",
    bankName: "SABB",
    categories: ["IT equipment", "IT services"],
    paymentTermsDays: 60,
    country: "SA",
    currency: "SAR",
    city: "Riyadh",
    contact: { name: "Reem Al-Shehri", email: "accounts@najd-it.example", phone: "+966 11 200 3000" },
    documents: [{ kind: "CR", number: "1010556677", expiresOn: "2025-12-31" }],
    standing: "active"
  },
  {
    nameEn: "London Paper Ltd",
    nameAr: "لندن للورق",
    connected: false,
    crNumber: "08123456",
    vatNumber: "GB123456789",
    iban: "GB29NWBK60161331926819",
    bankName: "NatWest",
    categories: ["Office supplies"],
    paymentTermsDays: 30,
    country: "GB",
    currency: "GBP",
    city: "London",
    contact: { name: "Olivia Clarke", email: "orders@londonpaper.example", phone: "+44 20 7946 0000" },
    documents: [],
    standing: "inactive"
  }
] as const

/** Records the demo vendors through the vendors use cases, as the buyer's admin. */
export const loadVendors = (orgId: OrgId, vendorOrgId: string, admin: DemoPerson) =>
  Effect.gen(function* () {
    const vendors = yield* Vendors
    const repository = yield* VendorRepository
    const actor = demoActorOf(orgId, admin)
    const made: Array<Vendor> = []
    for (const demo of demoVendors) {
      const vendor = yield* vendors.create(
        actor,
        new NewVendorInput({
          nameEn: demo.nameEn,
          nameAr: demo.nameAr,
          country: demo.country,
          crNumber: demo.crNumber,
          vatNumber: demo.vatNumber,
          addresses: [{ label: "Head office", city: demo.city, country: demo.country }],
          contacts: [{ ...demo.contact, primary: true }],
          bankAccounts: [{ bankName: demo.bankName, accountName: demo.nameEn, iban: demo.iban }],
          categories: [...demo.categories],
          paymentTermsDays: demo.paymentTermsDays,
          currency: demo.currency,
          documents: demo.documents.map((d) => ({ ...d }))
        })
      )
      if (demo.connected) yield* repository.connect(orgId, vendor.id, vendorOrgId)
      switch (demo.standing) {
        case "heldForPayments":
          made.push(
            yield* vendors.hold(
              actor,
              vendor.id,
              new VendorHoldInput({ scope: "PAYMENTS", reason: "Bank letter under review" })
            )
          )
          break
        case "inactive":
          made.push(yield* vendors.setStatus(actor, vendor.id, new VendorStatusInput({ status: "VENDOR_INACTIVE" })))
          break
        default:
          made.push(vendor)
      }
    }
    return made
  })
