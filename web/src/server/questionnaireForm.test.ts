import { describe, expect, it } from "vitest"
import { countryOptions } from "./invites.ts"
import { blankTemplate, draftFromForm, maxSectionReviewers, templateInputOf } from "./questionnaireForm.ts"

const form = (entries: ReadonlyArray<readonly [string, string]>) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe("the questionnaire editor's form", () => {
  it("keeps each section's reviewers, once each and at most as many as the core keeps", () => {
    const many = Array.from({ length: maxSectionReviewers + 5 }, (_, i) => [`s1.reviewers`, `user-${i}`] as const)
    const draft = draftFromForm(
      form([
        ["name", "Onboarding"],
        ["sections", "2"],
        ["s0.en", "Company"],
        ["s0.questions", "0"],
        ["s0.reviewers", "user-a"],
        ["s0.reviewers", "user-b"],
        ["s0.reviewers", "user-a"],
        ["s0.reviewers", ""],
        ["s1.en", "Bank"],
        ["s1.questions", "0"],
        ...many
      ])
    )
    expect(draft.sections.map((s) => s.reviewerIds.length)).toEqual([2, maxSectionReviewers])
    expect(templateInputOf(draft).sections[0]?.reviewerIds).toEqual(["user-a", "user-b"])
    expect(blankTemplate.sections[0]?.reviewerIds).toEqual([])
  })
})

describe("the registration form's countries", () => {
  it("names the countries in the page's language, sorted, keeping one chosen outside the list", () => {
    const en = countryOptions("en", "SA")
    expect(en.find((c) => c.code === "SA")?.name).toBe("Saudi Arabia")
    expect(en.map((c) => c.name)).toEqual(en.map((c) => c.name).sort((a, b) => a.localeCompare(b, "en")))
    expect(countryOptions("ar", "SA").find((c) => c.code === "SA")?.name).toBe("المملكة العربية السعودية")
    expect(countryOptions("en", "BR").some((c) => c.code === "BR")).toBe(true)
    expect(countryOptions("en", "not a code").some((c) => c.code === "not a code")).toBe(false)
  })
})
