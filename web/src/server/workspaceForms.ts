import { Effect } from "effect"
import type { Actor } from "@tawreed/core/identity"
import {
  Address,
  ContactInfo,
  LocationInput,
  WorkspaceConfig,
  Workspaces,
  emptyAddress,
  workspaceListLimit
} from "@tawreed/core/workspaces"

const text = (data: FormData, name: string): string => String(data.get(name) ?? "").trim()
const orNull = (value: string): string | null => (value === "" ? null : value)

/** The overview fields of the create form and the details tab, as the workspace inputs take them. */
export const detailsFromForm = (data: FormData) => ({
  name: text(data, "name"),
  code: orNull(text(data, "code")),
  classification: orNull(text(data, "classification")),
  startDate: orNull(text(data, "startDate")),
  endDate: orNull(text(data, "endDate")),
  remarks: text(data, "remarks"),
  description: text(data, "description"),
  ...(text(data, "currency") === "" ? {} : { currency: text(data, "currency").toUpperCase() })
})

/** The configurations tab's switches (SPEC.md §3 defaults: false, false, true). */
export const configFromForm = (data: FormData): WorkspaceConfig =>
  new WorkspaceConfig({
    autoSubmitOrder: data.get("autoSubmitOrder") === "on",
    autoRfqToVendors: data.get("autoRfqToVendors") === "on",
    directOrdersFromRfq: data.get("directOrdersFromRfq") === "on"
  })

/** A new location from the locations tab's form. */
export const locationFromForm = (data: FormData): LocationInput => {
  const type = text(data, "addressType")
  return new LocationInput({
    name: text(data, "locationName"),
    description: text(data, "locationDescription"),
    addressType: type === "Warehouse" || type === "Other" ? type : "Office",
    address: new Address({
      ...emptyAddress,
      city: text(data, "city"),
      street: text(data, "street"),
      provinceState: text(data, "provinceState"),
      country: text(data, "country"),
      postalCode: text(data, "postalCode")
    }),
    contactInfo: new ContactInfo({
      isPrimary: true,
      firstName: text(data, "contactFirstName"),
      lastName: text(data, "contactLastName"),
      phone: text(data, "contactPhone"),
      email: text(data, "contactEmail")
    })
  })
}

/** The workspaces a form or a filter offers: those the user reads, in the list's order; none when they read none. */
export const workspaceChoices = (actor: Actor) =>
  Effect.flatMap(Effect.service(Workspaces), (w) => w.list(actor, { page: 0, limit: workspaceListLimit })).pipe(
    Effect.map((page) => page.workspaces),
    Effect.orElseSucceed(() => [])
  )
