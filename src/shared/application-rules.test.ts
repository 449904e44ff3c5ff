import { expect, test } from 'bun:test'
import { APPLICATION_FIELD_NAMES, APPLICATION_RULES, fieldsBreakingRules, tooLongMessage } from './application-rules'
import { validateApplication } from './application-schema'

const valid = {
  ...Object.fromEntries(APPLICATION_FIELD_NAMES.map((field) => [field, ''])),
  jobId: 1,
  jobTitle: 'Level Designer',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  coverLetter: 'Engines',
  resumeText: 'Engines',
}

test('the public form finds the addresses the API refuses, without a validator, and says what the API says', () => {
  const values = { ...valid, email: 'ada.example.com', githubUrl: 'ftp://code.example.com', portfolioUrl: ' ' }
  expect(fieldsBreakingRules(values)).toEqual(['email', 'githubUrl'])
  expect(fieldsBreakingRules(valid)).toEqual([])
  expect(validateApplication(values)).toEqual({ ok: false, error: APPLICATION_RULES.email! })
  expect(validateApplication({ ...valid, githubUrl: 'ftp://x' })).toEqual({
    ok: false,
    error: APPLICATION_RULES.githubUrl!,
  })
  expect(validateApplication({ ...valid, fullName: 'x'.repeat(51) })).toEqual({
    ok: false,
    error: tooLongMessage('fullName'),
  })
})
