import { describe, expect, it } from "vitest"
import { singularCandidates } from "./ArabicPlurals.ts"
import { searchWords } from "./SearchText.ts"

/** The candidates of what a user types, folded as a search folds it. */
const of = (typed: string) => singularCandidates(searchWords(typed)[0]!)

describe("singularCandidates", () => {
  it("gives the singular of the common broken plural patterns", () => {
    expect(of("أقلام")).toContain("قلم")
    expect(of("أسعار")).toContain("سعر")
    expect(of("أجهزة")).toContain("جهاز")
    expect(of("مكاتب")).toContain("مكتب")
    expect(of("مصابيح")).toContain("مصباح")
    expect(of("مفاتيح")).toContain("مفتاح")
    expect(of("شوارع")).toContain("شارع")
    expect(of("رسائل")).toContain(searchWords("رسالة")[0])
    expect(of("حقائب")).toContain(searchWords("حقيبة")[0])
    expect(of("بيوت")).toContain("بيت")
    expect(of("جبال")).toContain("جبل")
    expect(of("وزراء")).toContain("وزير")
  })

  it("takes off the sound plural endings", () => {
    expect(of("طابعات")).toContain(searchWords("طابعة")[0])
    expect(of("السيارات")).toContain(searchWords("سيارة")[0])
    expect(of("مهندسون")).toContain("مهندس")
    expect(of("مهندسين")).toContain("مهندس")
  })

  it("gives nothing for words that are no Arabic plural, and never the word itself", () => {
    expect(of("stapler")).toEqual([])
    expect(of("PRD-42")).toEqual([])
    expect(of("قلم")).toEqual([])
    for (const word of ["أقلام", "مكاتب", "بيوت", "طابعات"]) expect(of(word)).not.toContain(searchWords(word)[0])
  })
})
