import { describe, expect, it } from "vitest"
import { Actor, type UserId } from "@tawreed/core/identity"
import { defaultTheme, type OrgId } from "@tawreed/core/organisations"
import { createMenuSections, sidebarEntries } from "../shell/registry.ts"
import { createMenuSettingsOf, shellAccess, shellMenus, themeStyle, themeStyleOf } from "./organisation.ts"

const actorWith = (privileges: ReadonlyArray<string>) =>
  new Actor({
    sessionId: "s-1",
    userId: "5a1e0000-0000-4000-8000-000000000001" as UserId,
    orgId: "0b0b0000-0000-4000-8000-000000000001" as OrgId,
    email: "buyer@buyer.tawreed.test",
    displayName: "Omar",
    roles: ["org_basic_user"],
    privileges
  })

describe("the shell's menus", () => {
  it("are what the registry decides, made once per privileges and language and made again when they differ", () => {
    const reader = actorWith(["wkp_r_o"])
    const first = shellMenus(reader, undefined, ["wkp_r_o", "bdg_r_w"], "en")
    const access = shellAccess(reader, undefined, ["wkp_r_o", "bdg_r_w"])
    expect(first).toEqual({
      sidebar: sidebarEntries(access, "en"),
      createSections: createMenuSections(access, createMenuSettingsOf(undefined))
    })
    expect(shellMenus(actorWith(["wkp_r_o"]), undefined, ["wkp_r_o", "bdg_r_w"], "en")).toBe(first)
    expect(shellMenus(reader, undefined, ["wkp_r_o", "bdg_r_w"], "ar")).toEqual({
      sidebar: sidebarEntries(access, "ar"),
      createSections: createMenuSections(access, createMenuSettingsOf(undefined))
    })
    const other = shellAccess(actorWith([]), undefined, [])
    expect(shellMenus(actorWith([]), undefined, [], "en").sidebar).toEqual(sidebarEntries(other, "en"))
  })

  it("write a theme's style once, the same as themeStyle", () => {
    expect(themeStyleOf(defaultTheme)).toBe(themeStyle(defaultTheme))
    expect(themeStyleOf(defaultTheme)).toBe(themeStyleOf(defaultTheme))
  })
})
