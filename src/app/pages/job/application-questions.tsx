import { answerField } from '../../../shared/answer-field'
import { applicationFieldId } from '../../../shared/application-problems'
import type { JobQuestion } from '../../../shared/job-questions'
import { FieldError, RequiredMark } from './field-marks'

interface QuestionProps {
  question: JobQuestion
  value: string
  error?: string
  onAnswer: (name: string, value: string) => void
}

/** A yes/no or one-choice question: radio buttons in a group named by the question; the first takes its id. */
function ChoiceQuestion({ question, value, error, onAnswer }: QuestionProps) {
  const name = answerField(question.id)
  const id = applicationFieldId(name)
  const choices =
    question.kind === 'yes-no'
      ? [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]
      : question.options.map((option) => ({ value: option, label: option }))
  return (
    <fieldset className="question field--wide" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">
        {question.label}
        <RequiredMark required={question.required} />
      </legend>
      <FieldError fieldId={id} error={error} />
      <div className={`question__choices${question.kind === 'yes-no' ? ' question__choices--inline' : ''}`}>
        {choices.map((choice, index) => (
          <label key={choice.value} className="question__choice">
            <input
              type="radio"
              id={index === 0 ? id : undefined}
              name={name}
              value={choice.value}
              checked={value === choice.value}
              required={question.required}
              aria-invalid={error ? true : undefined}
              onChange={() => onAnswer(name, choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** A question answered in words: a line for a short answer, a box for a long one. */
function TextQuestion({ question, value, error, onAnswer }: QuestionProps) {
  const name = answerField(question.id)
  const id = applicationFieldId(name)
  const common = {
    id,
    name,
    value,
    required: question.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (event: { target: { value: string } }) => onAnswer(name, event.target.value),
  }
  return (
    <div className="field field--wide">
      <label htmlFor={id} className="field__label">
        {question.label}
        <RequiredMark required={question.required} />
      </label>
      <FieldError fieldId={id} error={error} />
      {question.kind === 'long' ? <textarea rows={4} {...common} /> : <input type="text" {...common} />}
    </div>
  )
}

/** The job's own questions, after the form's fields; answered with scripts or without (`answer-{id}` fields). */
export function ApplicationQuestions({
  questions,
  answers,
  errorOf,
  onAnswer,
}: {
  questions: readonly JobQuestion[]
  answers: Record<string, string>
  errorOf: (name: string) => string | undefined
  onAnswer: (name: string, value: string) => void
}) {
  if (questions.length === 0) return null
  return (
    <fieldset className="application-form__questions">
      <legend className="application-form__legend">A few questions from the team</legend>
      {questions.map((question) => {
        const name = answerField(question.id)
        const props = { question, value: answers[name] ?? '', error: errorOf(name), onAnswer }
        return question.kind === 'short' || question.kind === 'long' ? (
          <TextQuestion key={question.id} {...props} />
        ) : (
          <ChoiceQuestion key={question.id} {...props} />
        )
      })}
    </fieldset>
  )
}
