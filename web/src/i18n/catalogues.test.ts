import { glossaryViolations, latinOutsideIsolates, type GlossaryTexts } from "@tawreed/core/shared"
import { describe, expect, it } from "vitest"
import { builtModules } from "../shell/registry.ts"
import { format, formatCount } from "./format.ts"
import { namespaces, resources, translator } from "./index.ts"

type Tree = { readonly [key: string]: string | Tree }

const flatten = (tree: Tree, prefix = ""): Array<readonly [string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as const] : flatten(value, `${prefix}${key}.`)
  )

/** Every key of a language's catalogues as `namespace:dotted.key`. */
const entries = (locale: "en" | "ar"): Map<string, string> =>
  new Map(
    namespaces.flatMap((ns) =>
      flatten(resources[locale][ns] as unknown as Tree).map(([key, text]) => [`${ns}:${key}`, text] as const)
    )
  )

const en = entries("en")
const ar = entries("ar")
const pluralSuffix = /_(zero|one|two|few|many|other)$/

/** The keys that count something, each with the forms it has in a language. */
const pluralForms = (texts: Map<string, string>): Map<string, Set<string>> => {
  const forms = new Map<string, Set<string>>()
  for (const key of texts.keys()) {
    const match = pluralSuffix.exec(key)
    if (match === null) continue
    const base = key.slice(0, match.index)
    forms.set(base, (forms.get(base) ?? new Set()).add(match[1]!))
  }
  return forms
}

describe("the site's catalogues", () => {
  it("give every counted text all six Arabic forms and English's one and other", () => {
    const arForms = pluralForms(ar)
    const enForms = pluralForms(en)
    expect([...arForms.keys()].sort()).toEqual([...enForms.keys()].sort())
    for (const [key, forms] of arForms)
      expect([...forms].sort(), key).toEqual(["few", "many", "one", "other", "two", "zero"])
    for (const [key, forms] of enForms) expect([...forms].sort(), key).toEqual(["one", "other"])
  })

  it("have the same keys in both languages, plural forms aside", () => {
    const bare = (texts: Map<string, string>) =>
      [...new Set([...texts.keys()].map((key) => key.replace(pluralSuffix, "")))].sort()
    expect(bare(ar)).toEqual(bare(en))
  })

  it("write no Latin words in Arabic outside isolates, but codes and allowed tokens", () => {
    const latin = [...ar].flatMap(([key, text]) => latinOutsideIsolates(text).map((word) => `${key}: ${word}`))
    expect(latin).toEqual([])
  })

  it("use the glossary's terms", () => {
    const texts: GlossaryTexts = new Map([
      ...[...en].map(([key, text]) => [`web:${key}`, { en: text, ar: ar.get(key) ?? "" }] as const),
      ...builtModules.map((m) => [`web:shell:${m.code}`, m.label] as const)
    ])
    expect(glossaryViolations(texts, ["web:"])).toEqual([])
  })
})

describe("the site's messages", () => {
  it("isolate each interpolated text value and pick the Arabic plural form", () => {
    const t = translator("ar")
    expect(t("workspaces:approval.waiting", { level: 1, name: "Finance review" })).toBe(
      "بانتظار المستوى 1: \u2068Finance review\u2069"
    )
    expect([0, 1, 2, 3, 11, 100].map((count) => t("budgets:list.count", { count }))).toEqual([
      "لا توجد ميزانيات",
      "ميزانية واحدة",
      "ميزانيتان",
      "3 ميزانيات",
      "11 ميزانية",
      "100 ميزانية"
    ])
    expect(translator("en")("budgets:list.count", { count: 1 })).toBe("1 budget")
  })

  it("fill islands' texts the same way", () => {
    expect(format("{{name}} · {{count}}", { name: "أمل الحربي", count: 3 })).toBe("\u2068أمل الحربي\u2069 · 3")
    const panel = resources.ar.notifications.panel as unknown as Record<string, string>
    expect(formatCount(panel, "unreadCount", "ar", 2)).toBe("إشعاران غير مقروءين")
    expect(formatCount(panel, "unreadCount", "ar", 100, "99+")).toBe("99+ إشعار غير مقروء")
  })
})
