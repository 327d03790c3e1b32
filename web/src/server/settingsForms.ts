import { Effect, Schema } from "effect"
import { CustomRoleInput, privilegeModules } from "@tawreed/core/access"
import { NewUserInput, UserUpdateInput } from "@tawreed/core/identity"
import { OrgSettingsUpdate, Theme, type OrgSettings, type ThemeColor } from "@tawreed/core/organisations"
import { invalidFieldOf, type InvalidField } from "@tawreed/core/shared"

const text = (data: FormData, name: string): string => String(data.get(name) ?? "").trim()
const orNull = (value: string): string | null => (value === "" ? null : value)

/** Decodes what a form gave; a field too long or a code of the wrong shape reads as the catalogue's field message (E2006). */
const decode = <S extends Schema.Constraint>(schema: S, raw: unknown) =>
  Schema.decodeUnknownEffect(schema)(raw).pipe(Effect.mapError(invalidFieldOf)) as Effect.Effect<
    S["Type"],
    InvalidField
  >

/** The fields of the user form, as typed: what the form shows again when the server refuses them. */
export interface UserFormValues {
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly phone: string
  readonly position: string
  readonly roles: ReadonlyArray<string>
}

export const userValuesFromForm = (data: FormData): UserFormValues => ({
  email: text(data, "email"),
  firstName: text(data, "firstName"),
  lastName: text(data, "lastName"),
  phone: text(data, "phone"),
  position: text(data, "position"),
  roles: data
    .getAll("roles")
    .map((r) => String(r).trim())
    .filter((r) => r !== "")
})

/** `POST users` from the create form. */
export const newUserFromValues = (values: UserFormValues) =>
  decode(NewUserInput, { ...values, roles: [...values.roles], phone: orNull(values.phone) })

/** `PUT users` from the edit form: the user, the version the form was read at, and every field it shows. */
export const userUpdateFromValues = (id: string, version: number, values: UserFormValues) =>
  decode(UserUpdateInput, { id, version, ...values, roles: [...values.roles], phone: orNull(values.phone) })

/** The fields of the role form, as typed. */
export interface RoleFormValues {
  readonly code: string
  readonly nameEn: string
  readonly nameAr: string
  readonly privileges: ReadonlyArray<string>
}

export const roleValuesFromForm = (data: FormData): RoleFormValues => ({
  code: text(data, "code"),
  nameEn: text(data, "nameEn"),
  nameAr: text(data, "nameAr"),
  privileges: data
    .getAll("privileges")
    .map((p) => String(p).trim())
    .filter((p) => p !== "")
})

/** `POST roles` from the role form. */
export const customRoleFromValues = (values: RoleFormValues) =>
  decode(CustomRoleInput, {
    code: values.code,
    name: { en: values.nameEn, ar: values.nameAr },
    privileges: [...values.privileges]
  })

/** The privilege checkboxes of the role form: each module of the matrix with its actions and scopes. */
export const privilegeGrid = privilegeModules.map((module) => ({
  module,
  actions: (["c", "r", "u", "d"] as const).map((action) => ({
    action,
    scopes: (["o", "w", "u"] as const).map((scope) => ({ scope, code: `${module}_${action}_${scope}` }))
  }))
}))

/**
 * `POST org_settings` from the organisation-info form: name, logo, currency, date format, and each module's
 * names and enabled flag. Module feature flags, the other configuration and the profile stay as they are.
 */
export const orgSettingsUpdateFromForm = (data: FormData, settings: OrgSettings) =>
  decode(OrgSettingsUpdate, {
    version: Number(text(data, "version")),
    name: text(data, "name"),
    logo: orNull(text(data, "logo")),
    currency: text(data, "currency").toUpperCase(),
    adminConfig: { dateFormat: text(data, "dateFormat") },
    modules: settings.modules.map((m) => ({
      code: m.code,
      name: {
        en: text(data, `module.${m.code}.en`) || m.name.en,
        ar: text(data, `module.${m.code}.ar`) || m.name.ar
      },
      defaultName: m.defaultName,
      config: { enabled: data.get(`module.${m.code}.enabled`) === "on" },
      features: m.features,
      ...(m.upgradable === undefined ? {} : { upgradable: m.upgradable })
    }))
  })

/** The single sign-on switches the theme form offers (SPEC.md §2 login screen: icon buttons per theme flags). */
export const themeFlags = ["google", "azure", "foodics"] as const

const coloursFrom = (data: FormData, group: string, colours: ReadonlyArray<ThemeColor>) =>
  colours.map((c, index) => ({
    name: c.name,
    variable: c.variable,
    value: c.editable ? text(data, `${group}.${index}`) || c.value : c.value,
    editable: c.editable
  }))

/**
 * `POST themes` from the theme form: the editable colours, the app title, the logos and the sign-on flags over the
 * theme in force; what the form does not show (the sign-in texts, the address) stays.
 */
export const themeFromForm = (data: FormData, current: Theme) =>
  decode(Theme, {
    url: current.url,
    colors: coloursFrom(data, "colors", current.colors),
    printColors: coloursFrom(data, "printColors", current.printColors),
    loginColors: coloursFrom(data, "loginColors", current.loginColors),
    appTitle: text(data, "appTitle") || current.appTitle,
    favIcon: orNull(text(data, "favIcon")),
    appLogo: orNull(text(data, "appLogo")),
    footerLogo: current.footerLogo,
    miniLogo: orNull(text(data, "miniLogo")),
    login: { ...current.login },
    flags: {
      ...current.flags,
      ...Object.fromEntries(themeFlags.map((flag) => [flag, data.get(`flag.${flag}`) === "on"]))
    }
  })

/** A colour as the browser's colour picker takes it (#rrggbb), or undefined when it needs a text field. */
export const pickerValue = (value: string): string | undefined => {
  const hex = value.trim().toLowerCase()
  if (/^#[0-9a-f]{6}$/.test(hex)) return hex
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(hex)
  if (short) return `#${short[1]!.repeat(2)}${short[2]!.repeat(2)}${short[3]!.repeat(2)}`
  return undefined
}
