import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import {
  checkPlan,
  defaultModules,
  defaultTheme,
  OrgSettings,
  defaultAdminConfig,
  defaultGeneralConfig
} from "@tawreed/core/organisations"
import type { OrgId } from "@tawreed/core/organisations"
import {
  customRoleFromValues,
  newUserFromValues,
  orgSettingsUpdateFromForm,
  pickerValue,
  privilegeGrid,
  roleValuesFromForm,
  themeFromForm,
  userUpdateFromValues,
  userValuesFromForm
} from "./settingsForms.ts"
import { parseToast } from "./toast.ts"

const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runSync(Effect.result(effect))

describe("the user form", () => {
  const data = form([
    ["email", " rana@buyer.tawreed.test "],
    ["firstName", "Rana"],
    ["lastName", ""],
    ["phone", ""],
    ["position", " Buyer "],
    ["roles", "org_basic_user"],
    ["roles", "request_approver"]
  ])

  it("reads every field, trimmed, with every role ticked", () => {
    expect(userValuesFromForm(data)).toEqual({
      email: "rana@buyer.tawreed.test",
      firstName: "Rana",
      lastName: "",
      phone: "",
      position: "Buyer",
      roles: ["org_basic_user", "request_approver"]
    })
  })

  it("makes a new user with no phone, and an update naming the version read", () => {
    const created = run(newUserFromValues(userValuesFromForm(data)))
    expect(Result.isSuccess(created) && [created.success.phone, created.success.roles]).toEqual([
      null,
      ["org_basic_user", "request_approver"]
    ])
    const update = run(userUpdateFromValues("u-1", 4, userValuesFromForm(data)))
    expect(Result.isSuccess(update) && [update.success.id, update.success.version]).toEqual(["u-1", 4])
  })

  it("refuses a field longer than the API takes with the field's message", () => {
    const long = run(newUserFromValues({ ...userValuesFromForm(data), firstName: "x".repeat(101) }))
    expect(Result.isFailure(long) && [long.failure._tag, long.failure.field]).toEqual(["InvalidField", "firstName"])
  })
})

describe("the role form", () => {
  it("composes a role from its code, both names and the privileges ticked", () => {
    const values = roleValuesFromForm(
      form([
        ["code", "site_buyer"],
        ["nameEn", "Site buyer"],
        ["nameAr", "مشتري الموقع"],
        ["privileges", "req_c_u"],
        ["privileges", "usr_r_o"]
      ])
    )
    const role = run(customRoleFromValues(values))
    expect(Result.isSuccess(role) && [role.success.code, role.success.name, role.success.privileges]).toEqual([
      "site_buyer",
      { en: "Site buyer", ar: "مشتري الموقع" },
      ["req_c_u", "usr_r_o"]
    ])
  })

  it("refuses a code that is not lower-case words joined by underscores", () => {
    const role = run(customRoleFromValues({ code: "Site Buyer", nameEn: "a", nameAr: "b", privileges: [] }))
    expect(Result.isFailure(role) && [role.failure._tag, role.failure.field]).toEqual(["InvalidField", "code"])
  })

  it("offers every privilege of the matrix once", () => {
    const codes = privilegeGrid.flatMap((g) => g.actions.flatMap((a) => a.scopes.map((s) => s.code)))
    expect(new Set(codes).size).toBe(codes.length)
    expect(codes).toContain("usr_r_o")
    expect(codes).toContain("bil_ex_c_o")
  })
})

describe("the organisation-info form", () => {
  const settings = new OrgSettings({
    id: "org-1" as OrgId,
    orgCode: "ALNOOR",
    orgName: "Al Noor",
    orgType: "buyer",
    orgLogo: null,
    currency: "SAR",
    modules: defaultModules("buyer"),
    orgConfig: { adminConfig: defaultAdminConfig, generalConfig: defaultGeneralConfig },
    profile: {},
    version: 3
  })

  it("renames and switches modules, and keeps those it leaves alone as they were", () => {
    const update = run(
      orgSettingsUpdateFromForm(
        form([
          ["version", "3"],
          ["name", "Al Noor Trading"],
          ["logo", ""],
          ["currency", "usd"],
          ["dateFormat", "european"],
          ["module.catalogs.en", "Price lists"],
          ["module.catalogs.enabled", "on"]
        ]),
        settings
      )
    )
    if (!Result.isSuccess(update)) throw new Error("the form should decode")
    const { version, name, logo, currency, adminConfig, modules } = update.success
    expect([version, name, logo, currency, adminConfig]).toEqual([
      3,
      "Al Noor Trading",
      null,
      "USD",
      { dateFormat: "european" }
    ])
    const catalogs = modules?.find((m) => m.code === "catalogs")
    expect([catalogs?.name.en, catalogs?.name.ar, catalogs?.config.enabled]).toEqual([
      "Price lists",
      "الكتالوجات",
      true
    ])
    expect(modules?.find((m) => m.code === "requests")?.config.enabled).toBe(false)
  })

  it("cannot switch on a module the plan leaves out: the page shows the catalogue's refusal", () => {
    const noBudgets = new OrgSettings({
      ...settings,
      modules: settings.modules.map((m) => (m.code === "budgets" ? { ...m, config: { enabled: false } } : m)),
      orgConfig: { ...settings.orgConfig, adminConfig: { ...defaultAdminConfig, workspaceBudgetAllowed: false } }
    })
    const ticked = settings.modules.map((m): [string, string] => [`module.${m.code}.enabled`, "on"])
    const posted = (entries: Array<[string, string]>) =>
      run(
        Effect.flatMap(
          orgSettingsUpdateFromForm(
            form([["version", "3"], ["name", "Al Noor"], ["currency", "SAR"], ["dateFormat", "iso"], ...entries]),
            noBudgets
          ),
          (update) => checkPlan(noBudgets, update)
        )
      )
    const refused = posted(ticked)
    if (!Result.isFailure(refused)) throw new Error("switching budgets on should be refused")
    expect(refused.failure).toMatchObject({ _tag: "ModuleNotInPlan", module: "budgets" })
    expect(Result.isSuccess(posted(ticked.filter(([name]) => name !== "module.budgets.enabled")))).toBe(true)
  })
})

describe("the theme form", () => {
  it("takes the editable colours, title, logos and sign-on switches over the theme in force", () => {
    const theme = run(
      themeFromForm(
        form([
          ["colors.1", "#1d3557"],
          ["appTitle", "Al Noor"],
          ["appLogo", "/logo.svg"],
          ["flag.google", "on"]
        ]),
        defaultTheme
      )
    )
    if (!Result.isSuccess(theme)) throw new Error("the form should decode")
    expect(theme.success.colors[1]?.value).toBe("#1d3557")
    expect(theme.success.colors[0]?.value).toBe("#ffffff")
    expect([theme.success.appTitle, theme.success.appLogo, theme.success.miniLogo]).toEqual([
      "Al Noor",
      "/logo.svg",
      null
    ])
    expect(theme.success.flags).toEqual({ google: true, azure: false, foodics: false })
  })

  it("refuses a colour the stylesheet could not take", () => {
    const theme = run(themeFromForm(form([["colors.1", "red;}body{display:none"]]), defaultTheme))
    expect(Result.isFailure(theme) && theme.failure._tag).toBe("InvalidField")
  })

  it("gives the colour picker six-digit colours only", () => {
    expect([pickerValue("#ABC"), pickerValue("#1d3557"), pickerValue("rgb(0, 0, 0)")]).toEqual([
      "#aabbcc",
      "#1d3557",
      undefined
    ])
  })
})

describe("the toast a post leaves", () => {
  it("is read back only when it is a toast", () => {
    expect(parseToast('{"kind":"success","message":"User Created Successfully"}')).toEqual({
      kind: "success",
      message: "User Created Successfully"
    })
    expect(parseToast('{"kind":"shout","message":"x"}')).toBeUndefined()
    expect(parseToast("not json")).toBeUndefined()
    expect(parseToast(undefined)).toBeUndefined()
  })
})
