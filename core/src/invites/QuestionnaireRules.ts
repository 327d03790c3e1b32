import {
  Answer,
  Bilingual,
  choiceTypes,
  LinearScale,
  Question,
  QuestionnaireSection,
  questionnaireLimits,
  QuestionOption,
  type QuestionType,
  type TemplateInput
} from "./Questionnaire.ts"

/** What can be wrong with a template as given: the field and the problem, as `InvalidField` names them. */
export interface TemplateProblem {
  readonly field: string
  readonly problem: string
}

/** What can be wrong with one answer, as the questionnaire's errors put it. */
export type AnswerProblem = "required" | "tooLong" | "tooMany" | "notOneOf" | "outOfRange" | "notAFile" | "notAnInteger"

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const bilingual = (given: { readonly en?: string | undefined; readonly ar?: string | undefined } | undefined) =>
  new Bilingual({ en: (given?.en ?? "").trim(), ar: (given?.ar ?? "").trim() })

const blank = (text: Bilingual) => text.en === "" && text.ar === ""

/**
 * A template as stored, from its input: texts trimmed, ids given where the input left them out (`s1`, `s1q2`,
 * `s1q2o3`: stable while the template is not reordered; answers keep naming the ids they were given for), or the
 * first problem found.
 */
export const checkTemplate = (
  input: TemplateInput
): { readonly name: string; readonly sections: ReadonlyArray<QuestionnaireSection> } | TemplateProblem => {
  const name = input.name.trim()
  if (name === "") return { field: "name", problem: "required" }
  if (input.sections.length === 0) return { field: "sections", problem: "required" }
  const sectionIds = new Set<string>()
  const questionIds = new Set<string>()
  const sections: Array<QuestionnaireSection> = []
  for (const [s, section] of input.sections.entries()) {
    const sectionId = section.id?.trim() || `s${s + 1}`
    if (sectionIds.has(sectionId)) return { field: "sections", problem: "duplicate" }
    sectionIds.add(sectionId)
    const title = bilingual(section.title)
    if (blank(title)) return { field: "sectionTitle", problem: "required" }
    if (section.questions.length === 0) return { field: "questions", problem: "required" }
    const questions: Array<Question> = []
    for (const [q, question] of section.questions.entries()) {
      let questionId = question.id?.trim() || `${sectionId}q${q + 1}`
      while (questionIds.has(questionId) && question.id === undefined) questionId = `${questionId}x`
      if (questionIds.has(questionId)) return { field: "questions", problem: "duplicate" }
      questionIds.add(questionId)
      const label = bilingual(question.label)
      if (blank(label)) return { field: "questionLabel", problem: "required" }
      const isChoice = choiceTypes.includes(question.type)
      const options: Array<QuestionOption> = []
      if (isChoice) {
        const given = question.options ?? []
        if (given.length === 0) return { field: "options", problem: "required" }
        const optionIds = new Set<string>()
        for (const [o, option] of given.entries()) {
          const optionId = option.id?.trim() || `${questionId}o${o + 1}`
          if (optionIds.has(optionId)) return { field: "options", problem: "duplicate" }
          optionIds.add(optionId)
          const optionLabel = bilingual(option.label)
          if (blank(optionLabel)) return { field: "options", problem: "required" }
          if (
            optionLabel.en.length > questionnaireLimits.optionLabel ||
            optionLabel.ar.length > questionnaireLimits.optionLabel
          ) {
            return { field: "options", problem: "tooLong" }
          }
          options.push(new QuestionOption({ id: optionId, label: optionLabel }))
        }
      }
      let scale: LinearScale | null = null
      if (question.type === "LINEAR") {
        const given = question.scale
        if (given === undefined || given === null) return { field: "scale", problem: "required" }
        if (
          (given.min !== 0 && given.min !== 1) ||
          given.max < questionnaireLimits.scaleMaxLow ||
          given.max > questionnaireLimits.scaleMaxHigh
        ) {
          return { field: "scale", problem: "outOfRange" }
        }
        scale = new LinearScale({
          min: given.min,
          max: given.max,
          minLabel: bilingual(given.minLabel),
          maxLabel: bilingual(given.maxLabel)
        })
      }
      questions.push(
        new Question({
          id: questionId,
          type: question.type,
          label,
          required: question.required ?? false,
          options,
          scale
        })
      )
    }
    const reviewerIds = [...new Set((section.reviewerIds ?? []).map((id) => id.trim().toLowerCase()))]
    if (reviewerIds.some((id) => !uuid.test(id))) return { field: "reviewerIds", problem: "format" }
    sections.push(new QuestionnaireSection({ id: sectionId, title, questions, reviewerIds }))
  }
  return { name, sections }
}

/** Whether `checkTemplate` answered a problem rather than a template. */
export const isTemplateProblem = (checked: ReturnType<typeof checkTemplate>): checked is TemplateProblem =>
  "problem" in checked

const isInteger = (text: string) => /^-?\d{1,3}$/.test(text)

/**
 * What is wrong with the values given to a question, or undefined when they answer it. An empty answer is wrong
 * only for a required question, and only when the questionnaire is submitted (`final`); a draft keeps what it has.
 * Texts are trimmed before they are measured; an upload answers with the ids of files of the files module.
 */
export const answerProblem = (
  question: Question,
  values: ReadonlyArray<string>,
  final: boolean
): AnswerProblem | undefined => {
  const given = values.map((v) => v.trim()).filter((v) => v !== "")
  if (given.length === 0) return final && question.required ? "required" : undefined
  const type: QuestionType = question.type
  switch (type) {
    case "SHORT_ANSWER":
    case "DETAILED_ANSWER": {
      if (given.length > 1) return "tooMany"
      const limit = type === "SHORT_ANSWER" ? questionnaireLimits.shortAnswer : questionnaireLimits.detailedAnswer
      return given[0]!.length > limit ? "tooLong" : undefined
    }
    case "CHECKBOXES":
    case "MULTIPLE_CHOICE":
    case "DROPDOWN": {
      if (type !== "CHECKBOXES" && given.length > 1) return "tooMany"
      if (new Set(given).size !== given.length) return "tooMany"
      const ids = new Set(question.options.map((o) => o.id))
      return given.every((v) => ids.has(v)) ? undefined : "notOneOf"
    }
    case "LINEAR": {
      if (given.length > 1) return "tooMany"
      if (!isInteger(given[0]!)) return "notAnInteger"
      const point = Number(given[0])
      const scale = question.scale
      return scale === null || point < scale.min || point > scale.max ? "outOfRange" : undefined
    }
    case "UPLOAD": {
      if (given.length > questionnaireLimits.uploads) return "tooMany"
      if (new Set(given.map((v) => v.toLowerCase())).size !== given.length) return "tooMany"
      return given.every((v) => uuid.test(v)) ? undefined : "notAFile"
    }
  }
}

/** The first problem of a set of answers: the question (by id) and what is wrong, or undefined. */
export interface AnswersProblem {
  readonly question: Question
  readonly problem: AnswerProblem | "unknownQuestion"
}

/**
 * The answers kept for a questionnaire, in its order: the latest answer to each question, its values trimmed and
 * blanks left out; or the first problem. A draft (`final` false) may leave questions unanswered; a submission
 * must answer every required one.
 */
export const checkAnswers = (
  sections: ReadonlyArray<QuestionnaireSection>,
  answers: ReadonlyArray<Answer>,
  final: boolean
): { readonly answers: ReadonlyArray<Answer> } | AnswersProblem => {
  const questions = sections.flatMap((s) => s.questions)
  const byId = new Map(questions.map((q) => [q.id, q]))
  const latest = new Map<string, ReadonlyArray<string>>()
  for (const answer of answers) {
    const question = byId.get(answer.questionId)
    if (question === undefined) {
      return {
        question: new Question({
          id: answer.questionId.slice(0, 40),
          type: "SHORT_ANSWER",
          label: new Bilingual({ en: "", ar: "" }),
          required: false,
          options: [],
          scale: null
        }),
        problem: "unknownQuestion"
      }
    }
    latest.set(question.id, answer.values)
  }
  const kept: Array<Answer> = []
  for (const question of questions) {
    const values = latest.get(question.id) ?? []
    const problem = answerProblem(question, values, final)
    if (problem !== undefined) return { question, problem }
    const given = values.map((v) => v.trim()).filter((v) => v !== "")
    if (given.length > 0) {
      kept.push(
        new Answer({
          questionId: question.id,
          values: question.type === "UPLOAD" ? given.map((v) => v.toLowerCase()) : given
        })
      )
    }
  }
  return { answers: kept }
}

/** Whether `checkAnswers` answered a problem. */
export const isAnswersProblem = (checked: ReturnType<typeof checkAnswers>): checked is AnswersProblem =>
  "problem" in checked

/** The file ids the upload answers name, for the files module to attach. */
export const uploadedFileIds = (
  sections: ReadonlyArray<QuestionnaireSection>,
  answers: ReadonlyArray<Answer>
): ReadonlyArray<string> => {
  const uploads = new Set(sections.flatMap((s) => s.questions.filter((q) => q.type === "UPLOAD").map((q) => q.id)))
  return [...new Set(answers.filter((a) => uploads.has(a.questionId)).flatMap((a) => a.values))]
}
