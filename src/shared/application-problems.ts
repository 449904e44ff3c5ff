import {
  APPLICATION_FIELD_NAMES,
  APPLICATION_FIELDS,
  APPLICATION_MESSAGES,
  APPLICATION_RULES,
  type ApplicationField,
  fieldsBreakingRules,
  fieldsOverLimit,
  missingRequiredFields,
  tooLongMessage,
} from './application-rules'
import { FIELD_MESSAGES } from './field-messages'
import { type Answers, answerProblems, type JobQuestion } from './job-questions'

/** A field of the application form that can be wrong: a text field, the résumé file, an answer. */
export type ApplicationProblemField = ApplicationField | 'resumeFile' | `answer-${string}`

export interface ApplicationProblem {
  field: ApplicationProblemField
  /** Left blank, longer than its limit, not what it may be (an address, an option), or the résumé file refused. */
  kind: 'missing' | 'tooLong' | 'rule' | 'file'
  message: string
}

/** The id of a field's control on the job page, which the list of problems links to. */
export const applicationFieldId = (field: ApplicationProblemField) => `apply-${field}`
/** The list of problems at the top of the form: a form posted without scripts comes back scrolled to it. */
export const APPLICATION_PROBLEMS_ID = 'apply-problems'

/**
 * Everything wrong with an application, one message per field, in the form's order (the job's questions
 * last): a missing field, then text past its limit, then an address that is not one. The form lists them all at its top and beside each
 * field, with scripts and without (the page's action), in the words the API refuses them with.
 */
export function applicationProblems(
  values: Partial<Record<ApplicationField, string>>,
  resume: { chosen: boolean; problem: string | null } = { chosen: false, problem: null },
  asked: { questions: readonly JobQuestion[]; answers: Answers } = { questions: [], answers: {} },
): ApplicationProblem[] {
  const missing = missingRequiredFields(values, resume.chosen)
  const tooLong = fieldsOverLimit(values)
  const broken = fieldsBreakingRules(values)
  const problems: ApplicationProblem[] = []
  for (const field of APPLICATION_FIELD_NAMES) {
    if (missing.includes(field))
      problems.push({
        field,
        kind: 'missing',
        message:
          field === 'resumeText'
            ? APPLICATION_MESSAGES.resumeRequired
            : FIELD_MESSAGES.required(APPLICATION_FIELDS[field].label),
      })
    else if (tooLong.includes(field)) problems.push({ field, kind: 'tooLong', message: tooLongMessage(field) })
    else if (broken.includes(field)) problems.push({ field, kind: 'rule', message: APPLICATION_RULES[field] ?? '' })
  }
  if (resume.problem) problems.push({ field: 'resumeFile', kind: 'file', message: resume.problem })
  for (const { questionId, kind, message } of answerProblems(asked.questions, asked.answers))
    problems.push({ field: `answer-${questionId}`, kind, message })
  return problems
}
