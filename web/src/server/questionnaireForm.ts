import type { QuestionnaireTemplate, QuestionType, TemplateInput } from "@tawreed/core/invites"

/** One question as the editor holds it: its texts as typed, its options one a line (`English | العربية`). */
export interface DraftQuestion {
  readonly id: string
  readonly type: QuestionType
  readonly en: string
  readonly ar: string
  readonly required: boolean
  readonly options: string
  readonly min: string
  readonly max: string
  readonly minEn: string
  readonly minAr: string
  readonly maxEn: string
  readonly maxAr: string
}

export interface DraftSection {
  readonly id: string
  readonly en: string
  readonly ar: string
  /** The users who review this section of a submitted questionnaire (QUESTIONNAIRE_SECTION_ASSIGNED). */
  readonly reviewerIds: ReadonlyArray<string>
  readonly questions: ReadonlyArray<DraftQuestion>
}

/** A questionnaire as the settings page's editor holds it between posts. */
export interface DraftTemplate {
  readonly name: string
  readonly isDefault: boolean
  readonly version: number
  readonly sections: ReadonlyArray<DraftSection>
}

const questionTypes: ReadonlyArray<QuestionType> = [
  "SHORT_ANSWER",
  "DETAILED_ANSWER",
  "CHECKBOXES",
  "MULTIPLE_CHOICE",
  "DROPDOWN",
  "LINEAR",
  "UPLOAD"
]

/** The most sections and questions the editor reads from a post (the core refuses more than it keeps). */
const readLimit = 60

export const blankQuestion = (type: QuestionType = "SHORT_ANSWER"): DraftQuestion => ({
  id: "",
  type,
  en: "",
  ar: "",
  required: false,
  options: "",
  min: "1",
  max: "5",
  minEn: "",
  minAr: "",
  maxEn: "",
  maxAr: ""
})

export const blankSection = (): DraftSection => ({
  id: "",
  en: "",
  ar: "",
  reviewerIds: [],
  questions: [blankQuestion()]
})

/** The most reviewers a section names (the core keeps as many). */
export const maxSectionReviewers = 20

export const blankTemplate: DraftTemplate = { name: "", isDefault: false, version: 0, sections: [blankSection()] }

/** The editor's draft of a stored template. */
export const draftOf = (template: QuestionnaireTemplate): DraftTemplate => ({
  name: template.name,
  isDefault: template.isDefault,
  version: template.version,
  sections: template.sections.map((s) => ({
    id: s.id,
    en: s.title.en,
    ar: s.title.ar,
    reviewerIds: s.reviewerIds,
    questions: s.questions.map((q) => ({
      id: q.id,
      type: q.type,
      en: q.label.en,
      ar: q.label.ar,
      required: q.required,
      options: q.options.map((o) => (o.label.ar === "" ? o.label.en : `${o.label.en} | ${o.label.ar}`)).join("\n"),
      min: String(q.scale?.min ?? 1),
      max: String(q.scale?.max ?? 5),
      minEn: q.scale?.minLabel.en ?? "",
      minAr: q.scale?.minLabel.ar ?? "",
      maxEn: q.scale?.maxLabel.en ?? "",
      maxAr: q.scale?.maxLabel.ar ?? ""
    }))
  }))
})

const text = (data: FormData, name: string, max = 5000) => {
  const value = data.get(name)
  return typeof value === "string" ? value.slice(0, max) : ""
}

/** The draft a post of the editor holds: `s<i>.<field>` and `s<i>.q<j>.<field>`, with their counts. */
export const draftFromForm = (data: FormData): DraftTemplate => {
  const sectionCount = Math.min(readLimit, Math.max(0, Number(text(data, "sections", 4)) || 0))
  const sections: Array<DraftSection> = []
  for (let s = 0; s < sectionCount; s++) {
    const questionCount = Math.min(readLimit, Math.max(0, Number(text(data, `s${s}.questions`, 4)) || 0))
    const questions: Array<DraftQuestion> = []
    for (let q = 0; q < questionCount; q++) {
      const at = `s${s}.q${q}.`
      const type = text(data, `${at}type`, 40) as QuestionType
      questions.push({
        id: text(data, `${at}id`, 40),
        type: questionTypes.includes(type) ? type : "SHORT_ANSWER",
        en: text(data, `${at}en`, 500),
        ar: text(data, `${at}ar`, 500),
        required: data.get(`${at}required`) === "on",
        options: text(data, `${at}options`, 20000),
        min: text(data, `${at}min`, 4),
        max: text(data, `${at}max`, 4),
        minEn: text(data, `${at}minEn`, 500),
        minAr: text(data, `${at}minAr`, 500),
        maxEn: text(data, `${at}maxEn`, 500),
        maxAr: text(data, `${at}maxAr`, 500)
      })
    }
    sections.push({
      id: text(data, `s${s}.id`, 40),
      en: text(data, `s${s}.en`, 500),
      ar: text(data, `s${s}.ar`, 500),
      reviewerIds: [
        ...new Set(
          data
            .getAll(`s${s}.reviewers`)
            .filter((id): id is string => typeof id === "string" && id !== "")
            .map((id) => id.slice(0, 100))
        )
      ].slice(0, maxSectionReviewers),
      questions
    })
  }
  return {
    name: text(data, "name", 200),
    isDefault: data.get("isDefault") === "on",
    version: Number(text(data, "version", 12)) || 0,
    sections
  }
}

const move = <A>(items: ReadonlyArray<A>, from: number, by: number): ReadonlyArray<A> => {
  const to = from + by
  if (from < 0 || to < 0 || from >= items.length || to >= items.length) return items
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/**
 * The draft after one of the editor's own changes (`addSection`, `removeSection:<s>`, `addQuestion:<s>`,
 * `removeQuestion:<s>:<q>`, `up:<s>:<q>`, `down:<s>:<q>`, `sectionUp:<s>`, `sectionDown:<s>`); undefined for a
 * save or anything else.
 */
export const applyEdit = (draft: DraftTemplate, edit: string): DraftTemplate | undefined => {
  const [name, a = "", b = ""] = edit.split(":")
  const s = Number(a)
  const q = Number(b)
  const withSection = (index: number, change: (section: DraftSection) => DraftSection) => ({
    ...draft,
    sections: draft.sections.map((section, i) => (i === index ? change(section) : section))
  })
  switch (name) {
    case "addSection":
      return { ...draft, sections: [...draft.sections, blankSection()] }
    case "removeSection":
      return { ...draft, sections: draft.sections.filter((_, i) => i !== s) }
    case "sectionUp":
      return { ...draft, sections: move(draft.sections, s, -1) }
    case "sectionDown":
      return { ...draft, sections: move(draft.sections, s, 1) }
    case "addQuestion":
      return withSection(s, (section) => ({ ...section, questions: [...section.questions, blankQuestion()] }))
    case "removeQuestion":
      return withSection(s, (section) => ({ ...section, questions: section.questions.filter((_, i) => i !== q) }))
    case "up":
      return withSection(s, (section) => ({ ...section, questions: move(section.questions, q, -1) }))
    case "down":
      return withSection(s, (section) => ({ ...section, questions: move(section.questions, q, 1) }))
    default:
      return undefined
  }
}

const choices: ReadonlyArray<QuestionType> = ["CHECKBOXES", "MULTIPLE_CHOICE", "DROPDOWN"]

/** The template's input from the draft, for the core to check and keep. */
export const templateInputOf = (draft: DraftTemplate): TemplateInput => ({
  name: draft.name,
  isDefault: draft.isDefault,
  sections: draft.sections.map((s) => ({
    ...(s.id === "" ? {} : { id: s.id }),
    title: { en: s.en, ar: s.ar },
    reviewerIds: s.reviewerIds,
    questions: s.questions.map((q) => ({
      ...(q.id === "" ? {} : { id: q.id }),
      type: q.type,
      label: { en: q.en, ar: q.ar },
      required: q.required,
      ...(choices.includes(q.type)
        ? {
            options: q.options
              .split("\n")
              .map((line) => line.trim())
              .filter((line) => line !== "")
              .slice(0, 50)
              .map((line) => {
                const [en = "", ar = ""] = line.split("|").map((part) => part.trim())
                return { label: { en, ar } }
              })
          }
        : {}),
      ...(q.type === "LINEAR"
        ? {
            scale: {
              min: Number.parseInt(q.min, 10) || 0,
              max: Number.parseInt(q.max, 10) || 0,
              minLabel: { en: q.minEn, ar: q.minAr },
              maxLabel: { en: q.maxEn, ar: q.maxAr }
            }
          }
        : {})
    }))
  }))
})
