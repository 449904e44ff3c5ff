import { expect, test } from 'bun:test'
import {
  APPLICATION_FIELD_NAMES,
  APPLICATION_RULES,
  fieldsBreakingRules,
  normalizeApplication,
  tooLongMessage,
  withWebScheme,
} from './application-rules'
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

test('an e-mail address needs a domain with a dot: a mistyped one is refused before the reference is mailed nowhere', () => {
  expect(fieldsBreakingRules({ ...valid, email: 'applicant@gmail' })).toEqual(['email'])
  expect(validateApplication({ ...valid, email: 'applicant@gmail' })).toEqual({
    ok: false,
    error: APPLICATION_RULES.email!,
  })
  expect(fieldsBreakingRules({ ...valid, email: 'applicant@mail.studio.co.uk' })).toEqual([])
})

test('a web address without its scheme gets https://; other text is left for the rules to judge', () => {
  expect(withWebScheme(' portfolio.example.com ')).toBe('https://portfolio.example.com')
  expect(withWebScheme('github.com/ada?tab=repositories')).toBe('https://github.com/ada?tab=repositories')
  expect(withWebScheme('http://old.example.com')).toBe('http://old.example.com')
  expect(withWebScheme('ftp://code.example.com')).toBe('ftp://code.example.com')
  expect(withWebScheme('my portfolio')).toBe('my portfolio')
  expect(withWebScheme('')).toBe('')
  const sent = normalizeApplication({ ...valid, portfolioUrl: 'portfolio.example.com', githubUrl: 'not a site' })
  expect(sent.portfolioUrl).toBe('https://portfolio.example.com')
  expect(validateApplication(sent)).toEqual({ ok: false, error: APPLICATION_RULES.githubUrl! })
})
