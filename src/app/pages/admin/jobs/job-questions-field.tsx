import { useLayoutEffect, useRef, useState } from 'react'
import {
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  QUESTION_LIMITS,
  type QuestionKind,
} from '../../../../shared/job-questions'
import { type QuestionItem, questionItem } from './job-form-values'

/** One question: its text, its kind, a choice's options, whether it must be answered, and removing it. */
function QuestionEditor({
  id,
  position,
  question,
  onChange,
  onRemove,
}: {
  id: string
  position: number
  question: QuestionItem
  onChange: (question: QuestionItem) => void
  onRemove: () => void
}) {
  const set = <K extends keyof QuestionItem>(key: K, value: QuestionItem[K]) => onChange({ ...question, [key]: value })
  const name = `Question ${position}`
  return (
    <li className="job-question field">
      <label className="field__label" htmlFor={`${id}-label`}>
        {name}
      </label>
      <input
        id={`${id}-label`}
        value={question.label}
        maxLength={QUESTION_LIMITS.label}
        onChange={(event) => set('label', event.target.value)}
      />
      <div className="job-question__row">
        <label className="field__label" htmlFor={`${id}-kind`}>
          Answer
        </label>
        <select
          id={`${id}-kind`}
          value={question.kind}
          onChange={(event) => set('kind', event.target.value as QuestionKind)}
        >
          {QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {QUESTION_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        <label className="job-question__required">
          <input
            type="checkbox"
            checked={question.required}
            onChange={(event) => set('required', event.target.checked)}
          />
          Required
        </label>
        <button type="button" className="button button--small button--ghost" onClick={onRemove}>
          Remove<span className="visually-hidden"> {name.toLowerCase()}</span>
        </button>
      </div>
      {question.kind === 'choice' && (
        <>
          <label className="field__label" htmlFor={`${id}-options`}>
            {`Options of ${name.toLowerCase()}, one per line`}
          </label>
          <textarea
            id={`${id}-options`}
            rows={3}
            value={question.options}
            onChange={(event) => set('options', event.target.value)}
          />
        </>
      )}
    </li>
  )
}

/**
 * The job's own questions to its applicants (at most QUESTION_LIMITS.questions): added, edited and removed
 * by keyboard, focus kept on the question that changed, each change announced.
 */
export function JobQuestionsField({
  id,
  questions,
  error,
  onChange,
}: {
  id: string
  questions: QuestionItem[]
  error?: string
  onChange: (questions: QuestionItem[]) => void
}) {
  const [announcement, setAnnouncement] = useState('')
  const focusNext = useRef<string | null>(null)
  useLayoutEffect(() => {
    const next = focusNext.current
    focusNext.current = null
    if (next) document.getElementById(next)?.focus()
  })
  const add = () => {
    const question = questionItem()
    focusNext.current = `${id}-${question.key}-label`
    setAnnouncement(`Question ${questions.length + 1} added`)
    onChange([...questions, question])
  }
  const remove = (index: number) => {
    const next = questions.filter((_, i) => i !== index)
    const neighbour = next[index] ?? next[index - 1]
    focusNext.current = neighbour ? `${id}-${neighbour.key}-label` : `${id}-add`
    setAnnouncement(`Question ${index + 1} removed; ${next.length} left`)
    onChange(next)
  }
  return (
    <fieldset className="job-questions" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="field__label">Questions for applicants</legend>
      <p id={`${id}-hint`} className="field__hint">
        {`Asked on the application form after the usual fields; up to ${QUESTION_LIMITS.questions}.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <ol className="job-questions__list">
        {questions.map((question, index) => (
          <QuestionEditor
            key={question.key}
            id={`${id}-${question.key}`}
            position={index + 1}
            question={question}
            onChange={(changed) => onChange(questions.map((q) => (q === question ? changed : q)))}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      <button
        type="button"
        id={`${id}-add`}
        className="button button--small button--ghost"
        disabled={questions.length >= QUESTION_LIMITS.questions}
        onClick={add}
      >
        Add a question
      </button>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  )
}
