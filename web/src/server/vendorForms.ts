import { Effect, Schema } from "effect"
import { invalidFieldOf, type InvalidField } from "@tawreed/core/shared"
import {
  formatIban,
  NewVendorInput,
  type Vendor,
  VendorHoldInput,
  VendorStatusInput,
  VendorUpdateInput
} from "@tawreed/core/vendors"
import { plainAmount } from "./budgetForms.ts"

/**
 * The vendor forms (create, edit): one contact, one address, one bank account and the expiry of the CR and the VAT
 * certificate, as plain fields that work without JavaScript. An edit replaces the first of each list and keeps the
 * rest (recorded through the API or the CLI).
 */

/** What the vendor form shows and posts, as text. */
export interface VendorFormValues {
  readonly nameEn: string
  readonly nameAr: string
  readonly country: string
  readonly crNumber: string
  readonly vatNumber: string
  readonly currency: string
  readonly paymentTermsDays: string
  readonly categories: string
  readonly contactName: string
  readonly email: string
  readonly phone: string
  readonly city: string
  readonly line1: string
  readonly bankName: string
  readonly iban: string
  readonly crExpiry: string
  readonly vatExpiry: string
  /** The id of the CR's file (an upload of the attachment chips, or the file it already has), or "". */
  readonly crFile: string
  readonly vatFile: string
  readonly remarks: string
}

const text = (data: FormData, name: string): string => String(data.get(name) ?? "").trim()

/** The values of a new vendor's form. */
export const blankVendorValues: VendorFormValues = {
  nameEn: "",
  nameAr: "",
  country: "SA",
  crNumber: "",
  vatNumber: "",
  currency: "SAR",
  paymentTermsDays: "30",
  categories: "",
  contactName: "",
  email: "",
  phone: "",
  city: "",
  line1: "",
  bankName: "",
  iban: "",
  crExpiry: "",
  vatExpiry: "",
  crFile: "",
  vatFile: "",
  remarks: ""
}

/** The file chosen for a document: the chips post one input per file, the newest last. */
const lastOf = (data: FormData, name: string): string => String(data.getAll(name).at(-1) ?? "").trim()

/** The form's values as posted. */
export const vendorValuesFromForm = (data: FormData): VendorFormValues =>
  Object.fromEntries(
    Object.keys(blankVendorValues).map((key) => [
      key,
      key === "crFile" || key === "vatFile" ? lastOf(data, key) : text(data, key)
    ])
  ) as unknown as VendorFormValues

/** The form's values for a vendor as stored. */
export const vendorValuesOf = (vendor: Vendor): VendorFormValues => {
  const contact = vendor.contacts[0]
  const address = vendor.addresses[0]
  const bank = vendor.bankAccounts[0]
  const expiry = (kind: "CR" | "VAT_CERTIFICATE") => vendor.documents.find((d) => d.kind === kind)?.expiresOn ?? ""
  const file = (kind: "CR" | "VAT_CERTIFICATE") => vendor.documents.find((d) => d.kind === kind)?.fileId ?? ""
  return {
    nameEn: vendor.name.en,
    nameAr: vendor.name.ar,
    country: vendor.country,
    crNumber: vendor.crNumber ?? "",
    vatNumber: vendor.vatNumber ?? "",
    currency: vendor.currency,
    paymentTermsDays: String(vendor.paymentTermsDays),
    categories: vendor.categories.join(", "),
    contactName: contact?.name ?? "",
    email: contact?.email ?? "",
    phone: contact?.phone ?? "",
    city: address?.city ?? "",
    line1: address?.line1 ?? "",
    bankName: bank?.bankName ?? "",
    iban: bank === undefined ? "" : formatIban(bank.iban),
    crExpiry: expiry("CR"),
    vatExpiry: expiry("VAT_CERTIFICATE"),
    crFile: file("CR"),
    vatFile: file("VAT_CERTIFICATE"),
    remarks: vendor.remarks
  }
}

/** Decodes what a form gave; a field of the wrong shape reads as the catalogue's field message (E2006). */
const decode = <S extends Schema.Constraint>(schema: S, raw: unknown) =>
  Schema.decodeUnknownEffect(schema)(raw).pipe(Effect.mapError(invalidFieldOf)) as Effect.Effect<
    S["Type"],
    InvalidField
  >

/** A whole number of days as typed (Arabic-Indic digits too), or the text itself for the schema to refuse. */
const days = (value: string): number | string => {
  const plain = plainAmount(value)
  return /^\d{1,4}$/.test(plain) ? Number(plain) : value === "" ? 0 : value
}

/** The fields both forms send, over what the vendor already holds beyond the form's first entries. */
const fieldsOf = (values: VendorFormValues, before: Vendor | undefined) => {
  const documentOf = (kind: "CR" | "VAT_CERTIFICATE", number: string, expiresOn: string, fileId: string) =>
    expiresOn === "" && fileId === ""
      ? []
      : [{ kind, number, expiresOn: expiresOn === "" ? null : expiresOn, ...(fileId === "" ? {} : { fileId }) }]
  const kept = (before?.documents ?? []).filter((d) => d.kind === "OTHER")
  return {
    nameEn: values.nameEn,
    nameAr: values.nameAr,
    country: values.country,
    crNumber: values.crNumber === "" ? null : values.crNumber,
    vatNumber: values.vatNumber === "" ? null : values.vatNumber,
    currency: values.currency,
    paymentTermsDays: days(values.paymentTermsDays),
    categories: values.categories
      .split(/[,،]/)
      .map((c) => c.trim())
      .filter((c) => c !== ""),
    contacts: [
      ...(values.contactName === ""
        ? []
        : [{ name: values.contactName, email: values.email, phone: values.phone, primary: true }]),
      ...(before?.contacts.slice(1) ?? [])
    ],
    addresses: [
      ...(values.city === "" && values.line1 === "" ? [] : [{ label: "", city: values.city, line1: values.line1 }]),
      ...(before?.addresses.slice(1) ?? [])
    ],
    bankAccounts: [
      ...(values.iban === "" ? [] : [{ bankName: values.bankName, iban: values.iban }]),
      ...(before?.bankAccounts.slice(1) ?? [])
    ],
    documents: [
      ...documentOf("CR", values.crNumber, values.crExpiry, values.crFile),
      ...documentOf("VAT_CERTIFICATE", values.vatNumber, values.vatExpiry, values.vatFile),
      ...kept
    ],
    remarks: values.remarks
  }
}

/** `POST vendors` from the create form. */
export const newVendorFromValues = (values: VendorFormValues) => decode(NewVendorInput, fieldsOf(values, undefined))

/** `PUT vendors` from the edit form, at the version it was read. */
export const vendorUpdateFromValues = (vendor: Vendor, version: number, values: VendorFormValues) =>
  decode(VendorUpdateInput, { id: vendor.id, version, ...fieldsOf(values, vendor) })

/** `PUT vendors/status/{id}` from the standing form. */
export const vendorStatusFromForm = (data: FormData) =>
  decode(VendorStatusInput, { status: text(data, "status"), version: Number(text(data, "version")) })

/** `PUT vendors/hold/{id}` from the hold form. */
export const vendorHoldFromForm = (data: FormData) =>
  decode(VendorHoldInput, {
    scope: text(data, "scope"),
    reason: text(data, "reason"),
    releaseDate: text(data, "releaseDate") === "" ? null : text(data, "releaseDate"),
    version: Number(text(data, "version"))
  })
