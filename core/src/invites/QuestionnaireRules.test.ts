import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import { Answer, Bilingual, LinearScale, Question, QuestionnaireSection, questionnaireLimits } from "./Questionnaire.ts"
import type { QuestionType } from "./Questionnaire.ts"
import {
  answerProblem,
  checkAnswers,
  checkTemplate,
  isAnswersProblem,
  isTemplateProblem
} from "./QuestionnaireRules.ts"

const words = (en: string) => new Bilingual({ en, ar: "" })

const question = (type: QuestionType, required = true, extra: Partial<Question> = {}) =>
  new Question({
    id: "q",
    type,
    label: words("Question"),
    required,
    options: ["a", "b", "c"].map((id) => ({ id, label: words(id.toUpperCase()) })) as never,
    scale: new LinearScale({ min: 1, max: 5, minLabel: words("low"), maxLabel: words("high") }),
    ...extra
  })

const fileId = fc.uuid()

describe("answerProblem", () => {
  it("refuses an empty answer to a required question only on submission", () => {
    for (const type of [
      "SHORT_ANSWER",
      "DETAILED_ANSWER",
      "CHECKBOXES",
      "MULTIPLE_CHOICE",
      "DROPDOWN",
      "LINEAR",
      "UPLOAD"
    ] as const) {
      expect(answerProblem(question(type), [], true)).toBe("required")
      expect(answerProblem(question(type), ["  "], true)).toBe("required")
      expect(answerProblem(question(type), [], false)).toBeUndefined()
      expect(answerProblem(question(type, false), [], true)).toBeUndefined()
    }
  })

  it("holds a short answer to its length, a detailed one to its own", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6000 }), (n) => {
        const text = "x".repeat(n)
        expect(answerProblem(question("SHORT_ANSWER"), [text], true)).toBe(
          n > questionnaireLimits.shortAnswer ? "tooLong" : undefined
        )
        expect(answerProblem(question("DETAILED_ANSWER"), [text], true)).toBe(
          n > questionnaireLimits.detailedAnswer ? "tooLong" : undefined
        )
      })
    )
  })

  it("takes only the question's options, one of them for single choices, without repeats", () => {
    const option = fc.constantFrom("a", "b", "c")
    fc.assert(
      fc.property(fc.uniqueArray(option, { minLength: 1, maxLength: 3 }), (chosen) => {
        expect(answerProblem(question("CHECKBOXES"), chosen, true)).toBeUndefined()
        for (const type of ["MULTIPLE_CHOICE", "DROPDOWN"] as const) {
          expect(answerProblem(question(type), chosen, true)).toBe(chosen.length > 1 ? "tooMany" : undefined)
        }
      })
    )
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !["a", "b", "c"].includes(s.trim()) && s.trim() !== ""),
        (other) => {
          for (const type of ["CHECKBOXES", "MULTIPLE_CHOICE", "DROPDOWN"] as const) {
            expect(answerProblem(question(type), [other], true)).toBe("notOneOf")
          }
        }
      )
    )
    expect(answerProblem(question("CHECKBOXES"), ["a", "a"], true)).toBe("tooMany")
  })

  it("keeps a linear answer on its scale, whole points only", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), (point) => {
        expect(answerProblem(question("LINEAR"), [String(point)], true)).toBe(
          point < 1 || point > 5 ? "outOfRange" : undefined
        )
      })
    )
    expect(answerProblem(question("LINEAR"), ["2.5"], true)).toBe("notAnInteger")
    expect(answerProblem(question("LINEAR"), ["two"], true)).toBe("notAnInteger")
  })

  it("answers an upload with file ids, at most five, each once", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fileId, { minLength: 1, maxLength: 8 }), (ids) => {
        expect(answerProblem(question("UPLOAD"), ids, true)).toBe(
          ids.length > questionnaireLimits.uploads ? "tooMany" : undefined
        )
      })
    )
    expect(answerProblem(question("UPLOAD"), ["report.pdf"], true)).toBe("notAFile")
  })
})

describe("checkAnswers", () => {
  const sections = [
    new QuestionnaireSection({
      id: "s1",
      title: words("Company"),
      reviewerIds: [],
      questions: [question("SHORT_ANSWER", true, { id: "name" }), question("LINEAR", false, { id: "size" })]
    })
  ]

  it("keeps the latest answer to each question, in the questionnaire's order", () => {
    const checked = checkAnswers(
      sections,
      [
        new Answer({ questionId: "size", values: ["3"] }),
        new Answer({ questionId: "name", values: ["Old"] }),
        new Answer({ questionId: "name", values: ["  New  "] })
      ],
      true
    )
    expect(isAnswersProblem(checked)).toBe(false)
    if (!isAnswersProblem(checked)) {
      expect(checked.answers.map((a) => [a.questionId, a.values])).toEqual([
        ["name", ["New"]],
        ["size", ["3"]]
      ])
    }
  })

  it("names the first required question left out, and refuses a question the questionnaire does not ask", () => {
    const missing = checkAnswers(sections, [new Answer({ questionId: "size", values: ["3"] })], true)
    expect(isAnswersProblem(missing) && missing.question.id === "name" && missing.problem).toBe("required")
    const draft = checkAnswers(sections, [new Answer({ questionId: "size", values: ["3"] })], false)
    expect(isAnswersProblem(draft)).toBe(false)
    const unknown = checkAnswers(sections, [new Answer({ questionId: "nope", values: ["x"] })], false)
    expect(isAnswersProblem(unknown) && unknown.problem).toBe("unknownQuestion")
  })
})

describe("checkTemplate", () => {
  const base = {
    name: "Onboarding",
    sections: [
      {
        title: { en: "Company" },
        questions: [
          { type: "SHORT_ANSWER" as const, label: { en: "Trade name" }, required: true },
          {
            type: "DROPDOWN" as const,
            label: { en: "Size" },
            options: [{ label: { en: "Small" } }, { label: { ar: "كبير" } }]
          },
          { type: "LINEAR" as const, label: { en: "Quality" }, scale: { min: 1, max: 5 } },
          { type: "UPLOAD" as const, label: { en: "CR copy" }, required: true }
        ]
      }
    ]
  }

  it("gives ids to sections, questions and options left without", () => {
    const checked = checkTemplate(base)
    expect(isTemplateProblem(checked)).toBe(false)
    if (!isTemplateProblem(checked)) {
      const [section] = checked.sections
      expect(section?.id).toBe("s1")
      expect(section?.questions.map((q) => q.id)).toEqual(["s1q1", "s1q2", "s1q3", "s1q4"])
      expect(section?.questions[1]?.options.map((o) => o.id)).toEqual(["s1q2o1", "s1q2o2"])
      expect(section?.questions[0]?.required).toBe(true)
    }
  })

  it("refuses a choice without options, a scale off its bounds, a nameless question and a blank name", () => {
    const withQuestion = (q: object) => ({ ...base, sections: [{ title: { en: "S" }, questions: [q] }] }) as never
    expect(checkTemplate(withQuestion({ type: "CHECKBOXES", label: { en: "Q" } }))).toEqual({
      field: "options",
      problem: "required"
    })
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 15 }), (min, max) => {
        const checked = checkTemplate(
          withQuestion({ type: "LINEAR", label: { en: "Q" }, scale: { min, max } }) as never
        )
        const fits = (min === 0 || min === 1) && max >= 2 && max <= 10
        expect(isTemplateProblem(checked)).toBe(!fits)
      })
    )
    expect(checkTemplate(withQuestion({ type: "SHORT_ANSWER", label: { en: " " } }) as never)).toEqual({
      field: "questionLabel",
      problem: "required"
    })
    expect(checkTemplate({ ...base, name: "  " })).toEqual({ field: "name", problem: "required" })
    expect(checkTemplate({ ...base, sections: [] })).toEqual({ field: "sections", problem: "required" })
  })
})
