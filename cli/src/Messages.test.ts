import { glossaryViolations, latinOutsideIsolates, type GlossaryTexts } from "@tawreed/core/shared"
import { describe, expect, it } from "vitest"
import { counted, countText, messages, text } from "./Messages.ts"

/** Every text of the CLI by `cli:key`, counted ones by `cli:key_form`, the English form standing in where it has fewer. */
const cliTexts: GlossaryTexts = new Map([
  ...Object.entries(messages).map(([key, t]) => [`cli:${key}`, t] as const),
  ...Object.entries(counted).flatMap(([key, t]) =>
    Object.entries(t.ar).map(
      ([form, ar]) => [`cli:${key}_${form}`, { en: form === "one" ? t.en.one : t.en.other, ar }] as const
    )
  )
])

describe("the CLI's messages", () => {
  it("count by CLDR's rules: six forms in Arabic, one and other in English", () => {
    for (const [key, t] of Object.entries(counted)) {
      expect(Object.keys(t.ar).sort(), key).toEqual(["few", "many", "one", "other", "two", "zero"])
      expect(Object.keys(t.en).sort(), key).toEqual(["one", "other"])
    }
    expect([0, 1, 2, 3, 11, 100].map((n) => countText("workspacesFooter", "ar", n))).toEqual([
      "لا توجد مساحات عمل",
      "مساحة عمل واحدة",
      "مساحتا عمل",
      "3 مساحات عمل",
      "11 مساحة عمل",
      "100 مساحة عمل"
    ])
    expect([1, 6].map((n) => countText("budgetsFooter", "en", n))).toEqual(["1 budget", "6 budgets"])
  })

  it("isolate the user data they carry", () => {
    expect(text("budgetNow", "en", { name: "ميزانية الرياض", status: "Active" })).toBe(
      "Budget \u2068ميزانية الرياض\u2069: \u2068Active\u2069."
    )
  })

  it("write no Latin words in Arabic outside isolates", () => {
    const latin = [...cliTexts].flatMap(([key, t]) => latinOutsideIsolates(t.ar).map((word) => `${key}: ${word}`))
    expect(latin).toEqual([])
  })

  it("use the glossary's terms", () => {
    expect(glossaryViolations(cliTexts, ["cli:"])).toEqual([])
  })
})
