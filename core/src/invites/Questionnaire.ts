import { Schema } from "effect"
import { cappedArray } from "../shared/Limits.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/**
 * The question types of SPEC.md §3 (short answer, detailed answer, checkboxes, multiple choice, dropdown, linear,
 * upload), named as Google Forms and Coupa's supplier information forms name them.
 */
export const QuestionType = Schema.Literals([
  "SHORT_ANSWER",
  "DETAILED_ANSWER",
  "CHECKBOXES",
  "MULTIPLE_CHOICE",
  "DROPDOWN",
  "LINEAR",
  "UPLOAD"
])
export type QuestionType = typeof QuestionType.Type

/** The types whose answer is one or more of the question's options. */
export const choiceTypes: ReadonlyArray<QuestionType> = ["CHECKBOXES", "MULTIPLE_CHOICE", "DROPDOWN"]

/** The limits of a questionnaire: lengths of answers and the sizes of a template. */
export const questionnaireLimits = {
  shortAnswer: 300,
  detailedAnswer: 5000,
  label: 500,
  optionLabel: 200,
  sections: 20,
  questionsPerSection: 50,
  options: 50,
  /** Files one upload question takes. */
  uploads: 5,
  /** A linear scale starts at 0 or 1 and ends between 2 and 10 (as Google Forms' linear scale). */
  scaleMaxLow: 2,
  scaleMaxHigh: 10
} as const

/** A text in both languages; a template gives at least one. */
export class Bilingual extends Schema.Class<Bilingual>("Bilingual")({
  en: Text(questionnaireLimits.label),
  ar: Text(questionnaireLimits.label)
}) {}

/** One option of a choice question; `id` is what an answer names. */
export class QuestionOption extends Schema.Class<QuestionOption>("QuestionOption")({
  id: Text(40),
  label: Bilingual
}) {}

/** The scale of a linear question: its ends and the words beside them. */
export class LinearScale extends Schema.Class<LinearScale>("LinearScale")({
  min: Schema.Int,
  max: Schema.Int,
  minLabel: Bilingual,
  maxLabel: Bilingual
}) {}

/** One question of a section. */
export class Question extends Schema.Class<Question>("Question")({
  id: Text(40),
  type: QuestionType,
  label: Bilingual,
  required: Schema.Boolean,
  options: Schema.Array(QuestionOption),
  scale: Schema.NullOr(LinearScale)
}) {}

/** A section of a questionnaire, with the users of the buyer organisation who review it (none: the approvers). */
export class QuestionnaireSection extends Schema.Class<QuestionnaireSection>("QuestionnaireSection")({
  id: Text(40),
  title: Bilingual,
  questions: Schema.Array(Question),
  reviewerIds: Schema.Array(Schema.String)
}) {}

/** A buyer organisation's onboarding questionnaire (vendors/settings, SPEC.md §7 `GET questionnaires`). */
export class QuestionnaireTemplate extends Schema.Class<QuestionnaireTemplate>("QuestionnaireTemplate")({
  id: Schema.String,
  name: Text(200),
  sections: Schema.Array(QuestionnaireSection),
  isDefault: Schema.Boolean,
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/** `GET questionnaires`: the organisation's templates, the default first. */
export class QuestionnaireList extends Schema.Class<QuestionnaireList>("QuestionnaireList")({
  questionnaires: Schema.Array(QuestionnaireTemplate)
}) {}

// ---------------------------------------------------------------------------------------------------------------
// Input.

const BilingualInput = Schema.Struct({
  en: Schema.optionalKey(Text(questionnaireLimits.label)),
  ar: Schema.optionalKey(Text(questionnaireLimits.label))
})

const QuestionInput = Schema.Struct({
  id: Schema.optionalKey(Text(40)),
  type: QuestionType,
  label: BilingualInput,
  required: Schema.optionalKey(Schema.Boolean),
  options: Schema.optionalKey(
    cappedArray(Schema.Struct({ id: Schema.optionalKey(Text(40)), label: BilingualInput }), questionnaireLimits.options)
  ),
  scale: Schema.optionalKey(
    Schema.NullOr(
      Schema.Struct({
        min: Schema.Int,
        max: Schema.Int,
        minLabel: Schema.optionalKey(BilingualInput),
        maxLabel: Schema.optionalKey(BilingualInput)
      })
    )
  )
})

const SectionInput = Schema.Struct({
  id: Schema.optionalKey(Text(40)),
  title: BilingualInput,
  questions: cappedArray(QuestionInput, questionnaireLimits.questionsPerSection),
  reviewerIds: Schema.optionalKey(cappedArray(Text(100), 20))
})

/** The fields of a template as forms, the API and the CLI send them; sections and questions in their order. */
export const templateFields = {
  name: Text(200),
  sections: cappedArray(SectionInput, questionnaireLimits.sections),
  isDefault: Schema.optionalKey(Schema.Boolean)
}

/** `POST questionnaires`. */
export class NewQuestionnaireInput extends Schema.Class<NewQuestionnaireInput>("NewQuestionnaireInput")({
  ...templateFields
}) {}

/** `PUT questionnaires/{id}`: the whole template at the version read. */
export class QuestionnaireUpdateInput extends Schema.Class<QuestionnaireUpdateInput>("QuestionnaireUpdateInput")({
  version: Schema.Int,
  ...templateFields
}) {}

export type TemplateInput = typeof NewQuestionnaireInput.Type

/**
 * One answer: the question it answers and its values. Every type answers as a list of strings: the text of a
 * short or detailed answer, the option ids chosen, the point of the scale, or the file ids uploaded.
 */
export class Answer extends Schema.Class<Answer>("Answer")({
  questionId: Text(40),
  values: cappedArray(Text(questionnaireLimits.detailedAnswer), questionnaireLimits.options)
}) {}

/** The answers of a questionnaire as given; the latest answer to a question counts. */
export const AnswersInput = cappedArray(Answer, questionnaireLimits.sections * questionnaireLimits.questionsPerSection)
