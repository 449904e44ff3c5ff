import { answerField } from './answer-field'
import { hasControlCharacters } from './control-characters'
import { FIELD_MESSAGES } from './field-messages'

/**
 * A job's own questions to its applicants (Lever's and Ashby's custom questions): short or long text,
 * yes/no, or one choice among options, each required or not. Plain data and rules, shared by the admin's
 * job form, the application form (with and without scripts), the API and the candidate's page.
 */
export const QUESTION_KINDS = ['short', 'long', 'yes-no', 'choice'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short: 'Short answer',
  long: 'Long answer',
  'yes-no': 'Yes or no',
  choice: 'One choice',
}

export interface JobQuestion {
  /** Stable across edits, so answers stay with their question; made by the server for a new one. */
  id: string
  label: string
  kind: QuestionKind
  /** A choice's options (two or more); empty for the other kinds. */
  options: string[]
  required: boolean
}

export const QUESTION_LIMITS = {
  questions: 10,
  label: 200,
  options: 10,
  option: 100,
  id: 40,
  /** The longest answer of each text kind. */
  short: 200,
  long: 2000,
} as const

/** Letters and digits only: `apply-answer-{id}` and `apply-answer-{id}-error` can never be one another's ids. */
export const QUESTION_ID_PATTERN = /^[a-z0-9]{1,40}$/

/** An answer as the JSON API takes it: text, or true/false for a yes/no question. */
export type Answer = string | boolean
export type Answers = Record<string, Answer>

/** A yes/no answer as true/false, whether it came as JSON's boolean or as a form's `yes`/`no`. */
const yesNo = (answer: Answer): Answer => (answer === 'yes' ? true : answer === 'no' ? false : answer)

export const QUESTION_MESSAGES = {
  labelRequired: (position: number) => `Question ${position} needs its text`,
  choiceOptions: (position: number) => `Question ${position} (one choice) needs at least two different options`,
  tooMany: `A job can ask at most ${QUESTION_LIMITS.questions} questions`,
} as const

/** The answers a form without scripts posted, read as the JSON API takes them (yes/no as true/false). */
export function answersFromForm(questions: readonly JobQuestion[], read: (name: string) => string | null): Answers {
  const answers: Answers = {}
  for (const question of questions) {
    const value = read(answerField(question.id))?.trim() ?? ''
    if (!value) continue
    answers[question.id] = question.kind === 'yes-no' ? yesNo(value) : value
  }
  return answers
}

export interface AnswerProblem {
  questionId: string
  kind: 'missing' | 'tooLong' | 'rule'
  message: string
}

function answerProblem(question: JobQuestion, given: Answer | undefined): AnswerProblem | null {
  const at = (kind: AnswerProblem['kind'], message: string) => ({ questionId: question.id, kind, message })
  const answer = typeof given === 'string' ? given.trim() : given
  if (answer === undefined || answer === '')
    return question.required ? at('missing', FIELD_MESSAGES.required(question.label)) : null
  if (question.kind === 'yes-no')
    return typeof yesNo(answer) === 'boolean' ? null : at('rule', FIELD_MESSAGES.oneOf(question.label, ['yes', 'no']))
  if (typeof answer !== 'string') return at('rule', FIELD_MESSAGES.wrongType(question.label))
  // Line breaks only in a long answer.
  if (hasControlCharacters(answer, question.kind === 'long'))
    return at('rule', FIELD_MESSAGES.controlCharacters(question.label))
  if (question.kind === 'choice')
    return question.options.includes(answer) ? null : at('rule', FIELD_MESSAGES.oneOf(question.label, question.options))
  const max = question.kind === 'long' ? QUESTION_LIMITS.long : QUESTION_LIMITS.short
  return answer.length > max ? at('tooLong', FIELD_MESSAGES.tooLong(question.label, max)) : null
}

/**
 * What is wrong with the answers to a job's questions, in the questions' order; an answer to a question the
 * job does not ask is refused too (a stale form, or a client that guessed).
 */
export function answerProblems(questions: readonly JobQuestion[], answers: Answers): AnswerProblem[] {
  const problems: AnswerProblem[] = questions.flatMap((question) => answerProblem(question, answers[question.id]) ?? [])
  const unknown = Object.keys(answers).find((id) => !questions.some((question) => question.id === id))
  // A key that could not be a question's id is not echoed back.
  if (unknown !== undefined)
    problems.push({
      questionId: unknown,
      kind: 'rule',
      message: FIELD_MESSAGES.unknownField(QUESTION_ID_PATTERN.test(unknown) ? `answers.${unknown}` : 'answers'),
    })
  return problems
}

/** An answer as a recruiter reads it, in the candidate's page and the CSV. */
export const answerText = (answer: Answer) => (answer === true ? 'Yes' : answer === false ? 'No' : answer)

/** A stored answer: the question as it was asked then, so an edit of the job does not change what was answered. */
export interface StoredAnswer {
  questionId: string
  question: string
  answer: Answer
}

/** The answers given, in the job's order, each with its question's text (blank answers left out). */
export function storedAnswers(questions: readonly JobQuestion[], answers: Answers): StoredAnswer[] {
  return questions.flatMap((question) => {
    const answer = answers[question.id]
    if (answer === undefined || (typeof answer === 'string' && !answer.trim())) return []
    // A form sends its line breaks as CRLF; they are stored as the JSON API's \n.
    const value = typeof answer === 'string' ? answer.trim().replace(/\r\n?/g, '\n') : answer
    return [
      { questionId: question.id, question: question.label, answer: question.kind === 'yes-no' ? yesNo(value) : value },
    ]
  })
}
