import { assert, describe, it } from "@effect/vitest"
import { systemRoleNames } from "../access/OrgRole.ts"
import { moduleNames } from "../organisations/OrgSettings.ts"
import { catalogue } from "./ErrorCatalogue.ts"
import { glossary, glossaryViolations, latinOutsideIsolates, type GlossaryTexts } from "./Glossary.ts"
import { notices, requestToasts } from "./Notices.ts"

/** Every text core shows a user: the error catalogue, notices and toasts, module and role names. */
const coreTexts: GlossaryTexts = new Map([
  ...catalogue.map((e) => [`core:errors:${e.code}`, e] as const),
  ...Object.entries(notices).map(([key, text]) => [`core:notices:${key}`, text] as const),
  ...Object.entries(requestToasts).flatMap(([key, toast]) =>
    Object.entries(toast).map(([outcome, text]) => [`core:toasts:${key}.${outcome}`, text] as const)
  ),
  ...Object.entries(moduleNames).map(([key, text]) => [`core:modules:${key}`, text] as const),
  ...Object.entries(systemRoleNames).map(([key, text]) => [`core:roles:${key}`, text] as const)
])

describe("the glossary", () => {
  it("fixes one English and one Arabic term per concept", () => {
    const concepts = glossary.map((t) => t.concept)
    assert.strictEqual(new Set(concepts).size, concepts.length)
    for (const term of glossary) assert.isTrue(term.en !== "" && term.ar !== "", term.concept)
  })

  it("holds for the error catalogue, the notices and the module and role names", () => {
    assert.deepStrictEqual(glossaryViolations(coreTexts, ["core:"]), [])
  })

  it("keeps the seller's orders apart from the buyer's requests", () => {
    assert.notStrictEqual(moduleNames["seller_order"]?.ar, moduleNames["requests"]?.ar)
  })

  it("finds a variant to avoid and a naming text that misses its term", () => {
    const texts: GlossaryTexts = new Map([
      ["core:modules:actionboard", { en: "Action Board", ar: "لوحة الإجراءات" }],
      ["core:roles:org_super_user", { en: "Super User", ar: "مستخدم خارق" }]
    ])
    const found = glossaryViolations(texts, ["core:"])
    assert.isTrue(found.some((f) => f.includes("لوحة الإجراءات")))
    assert.isTrue(found.some((f) => f.includes("core:roles:org_super_user") && f.includes("مستخدم رئيسي")))
  })
})

describe("Arabic texts", () => {
  it("carry no Latin words outside isolates but codes, currencies and standards", () => {
    const latin = [...coreTexts].flatMap(([key, text]) => latinOutsideIsolates(text.ar).map((w) => `${key}: ${w}`))
    assert.deepStrictEqual(latin, [])
  })

  it("tell untranslated words from isolated names and allowed codes", () => {
    assert.deepStrictEqual(latinOutsideIsolates("request for budget limit بانتظار اعتمادك"), [
      "request",
      "for",
      "budget",
      "limit"
    ])
    assert.deepStrictEqual(
      latinOutsideIsolates("لا يوجد مستخدم من \u2068Google\u2069 (E1025) بمبلغ SAR {{amount}}"),
      []
    )
  })
})
